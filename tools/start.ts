/**
 * `npm start`: the main job on the embedded default (no key, no network).
 * Builds the extension, serves a fixture paper as arxiv.org, and opens Chromium with
 * the extension loaded on its abs page. Without a display it says so, prints how to
 * load the extension by hand, and runs the same save-and-ask flow headless instead.
 */
import { execFileSync } from 'node:child_process';
import { startArxivStandIn } from './arxiv-standin';
import { EXTENSION_DIR, findChromium, HOW_TO_GET_CHROMIUM, launchWithExtension } from './chromium';
import { saveButton } from './save-button-driver';
import { fixturesAvailable, PAPERS_ROOT, SAMPLE_PAPER } from './fixture-papers';
import { PROJECT_ROOT } from './fixture-papers';

const SAMPLE_QUESTION = 'What does the graph neural network evaluate?';

function hasDisplay(): boolean {
  if (process.platform !== 'linux') return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

function printManualLoad(): void {
  console.log(`
To use Verbatim in your own Chrome or Chromium:
  1. Open chrome://extensions and switch on "Developer mode".
  2. Click "Load unpacked" and choose ${EXTENSION_DIR}
  3. Open any paper on https://arxiv.org/abs/… and click "Save to Verbatim".
  4. Click the Verbatim toolbar button (or press Alt+Shift+V) to open the side panel and ask a question.
  5. Anywhere (Overleaf, a paper, a review), select a sentence and right-click: "Find … in my Verbatim library"
     shows where it comes from; "Ask my Verbatim library" asks it.`);
}

async function main(): Promise<void> {
  console.log('Building the extension…');
  execFileSync(process.execPath, [`${PROJECT_ROOT}/node_modules/wxt/bin/wxt.mjs`, 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (!fixturesAvailable()) {
    console.log(`\nThe sample papers are not here (${PAPERS_ROOT}); set VERBATIM_FIXTURES to the fixtures folder to try the demo.`);
    printManualLoad();
    return;
  }
  if (!findChromium()) {
    console.log(`\n${HOW_TO_GET_CHROMIUM}`);
    printManualLoad();
    process.exitCode = 1;
    return;
  }
  const standIn = await startArxivStandIn();
  const absUrl = `https://arxiv.org/abs/${SAMPLE_PAPER.arxivId}`;
  const interactive = hasDisplay();
  if (!interactive) {
    console.log('\nNo display found (DISPLAY and WAYLAND_DISPLAY are unset), so no browser window can open.');
    printManualLoad();
    console.log('\nRunning the same flow headless instead: save the sample paper, ask it a question.\n');
  }
  const browser = await launchWithExtension({ headless: !interactive, hostResolverRules: standIn.hostResolverRules });
  const page = await browser.context.newPage();
  await page.goto(absUrl);
  if (interactive) {
    const panel = await browser.context.newPage();
    await panel.goto(`chrome-extension://${browser.extensionId}/sidepanel.html`);
    await page.bringToFront();
    console.log(`
Chromium is open on ${absUrl}, served locally as arxiv.org (no network).
  1. Click "Save to Verbatim" at the top right of the page.
  2. Open the side panel (the Verbatim toolbar button; it is also open in the second tab).
  3. Ask, for example: "${SAMPLE_QUESTION}"
Close the browser window to stop.`);
    await new Promise<void>((resolve) => browser.context.on('close', () => resolve()));
    await standIn.close();
    return;
  }
  try {
    const button = await saveButton(page);
    await button.click();
    const status = await button.settled(30_000);
    await button.detach();
    if (!/^(Saved|Already|Updated)/.test(status)) throw new Error(`The save failed: ${status}`);
    console.log(`Saved: ${status}`);
    const panel = await browser.context.newPage();
    await panel.goto(`chrome-extension://${browser.extensionId}/sidepanel.html`);
    await panel.getByTestId('question').fill(SAMPLE_QUESTION);
    await panel.getByTestId('ask').click();
    await panel.locator('[data-testid=answer], [data-testid=abstained], [data-testid=error]').first().waitFor({ timeout: 30_000 });
    console.log(`\nQ: ${SAMPLE_QUESTION}`);
    const sentences = await panel.locator('.sentence').all();
    for (const [i, sentence] of sentences.entries()) {
      const text = await sentence.locator('.sentence-text').textContent();
      const chip = sentence.getByTestId('citation-chip').first();
      const where = (await chip.count()) ? ` [verified quote, ${await chip.getAttribute('data-paragraph-id')}]` : ' [unsupported]';
      console.log(`${i + 1}. ${text}${where}`);
    }
    console.log(`\n${await panel.getByTestId('answer-stats').textContent()}`);
  } finally {
    await browser.close();
    await standIn.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
