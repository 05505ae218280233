/**
 * The Word task pane end to end, without Word: the built pane is served over https, its
 * office.js replaced by the stateful fake Word model (tests/support/fake-word), in Chromium
 * with the built extension loaded.
 *  - At https://localhost (an allowed pane origin) it reads the extension's library over
 *    externally_connectable: three clicks from the open pane to a cited quote, search, a
 *    sentence picked as the quote, an answer inserted, a citation alone, a style switch.
 *  - At https://127.0.0.1 (an origin the extension does not admit) it falls back to its own
 *    library, filled from the bundle the side panel's "Export library" downloads: three clicks again.
 *  - Outside Office (office.js with no Word host) it says inserting needs Word.
 */
import { join } from 'node:path';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, SAMPLE_PAPER, fixturePath } from '../../tools/fixture-papers';
import { selfSignedCertificate } from '../../tools/self-signed';
import { startStaticServer, type StaticServer } from '../../tools/static-server';
import { clickSave, screenshot, startExtensionHarness, type ExtensionHarness } from '../support/browser';
import { readFakeWord, serveFakeWord } from '../support/fake-word-page';
import { emulateView, screenshotView } from '../support/panel';

const PANE_ROOT = join(PROJECT_ROOT, '.output', 'addin');
const TITLE = 'Qubit Routing using Graph Neural Network aided Monte Carlo Tree Search';

/** Counts the user's clicks, so "three clicks" is measured, not assumed. */
function clickCounter() {
  let clicks = 0;
  return {
    click: async (target: Locator) => {
      clicks++;
      await target.click();
    },
    get count() {
      return clicks;
    },
  };
}

async function openPane(harness: ExtensionHarness, url: string): Promise<Page> {
  const page = await harness.browser.context.newPage();
  await serveFakeWord(page);
  await page.goto(url);
  return page;
}

describe('Word pane', () => {
  let harness: ExtensionHarness;
  let server: StaticServer;
  let port: string;

  beforeAll(async () => {
    const tls = selfSignedCertificate('localhost');
    if (!tls) throw new Error('openssl is needed to serve the pane over https');
    server = await startStaticServer(PANE_ROOT, { tls });
    port = new URL(server.url).port;
    harness = await startExtensionHarness();
    const arxiv = await harness.browser.context.newPage();
    await arxiv.goto(`https://arxiv.org/abs/${SAMPLE_PAPER.arxivId}`);
    await clickSave(arxiv);
    await arxiv.close();
  });
  afterAll(async () => {
    await harness?.close();
    await server?.close();
  });

  describe("with the extension's library (Word on the web)", () => {
    let page: Page;
    beforeAll(async () => {
      page = await openPane(harness, `https://localhost:${port}/taskpane.html`);
      await page.locator('[data-testid=pane-library][data-kind=extension]').waitFor();
    });

    it('says which library it uses and how to connect the other', async () => {
      expect(await page.getByTestId('pane-library').textContent()).toMatch(/Verbatim extension.*· 1 paper/);
      expect(await page.getByTestId('connect-hint').textContent()).toMatch(/Word on Windows or Mac, import a library bundle/);
      expect(await page.getByTestId('office-unavailable').count()).toBe(0);
    });

    it('goes from the open pane to a cited quote in three clicks: paper, paragraph, insert', async () => {
      const user = clickCounter();
      await user.click(page.getByTestId('pane-paper-item').first());
      const paragraph = page.getByTestId('outline-paragraph').first();
      await user.click(paragraph);
      const quoted = (await page.getByTestId('pane-passage').locator('p.sentences-pick').textContent())!.trim();
      await user.click(page.getByTestId('insert-quote'));
      await page.getByTestId('status').filter({ hasText: /^Inserted 1 passage/ }).waitFor();
      expect(user.count).toBe(3);

      const word = await readFakeWord(page);
      expect(word.paragraphs[0]).toContain(`My draft on qubit routing. “${quoted}” [1, `);
      expect(word.paragraphs.join('\n')).toMatch(new RegExp(`\\[1\\][^\\n]*${TITLE}`, 'i'));
      expect(word.controls.filter((c) => c.tag.startsWith('vb1:c:'))).toHaveLength(1);
      await screenshot(page, 'word-pane-extension-quote');
    });

    it('searches the library and quotes one picked sentence, numbered after the first', async () => {
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await page.getByTestId('pane-query').fill('Monte Carlo tree search');
      await page.getByTestId('pane-search').click();
      await page.getByTestId('pane-hit').first().click();
      const sentence = page.getByTestId('pane-sentence').last();
      const text = (await sentence.textContent())!;
      await sentence.click();
      expect(await page.getByTestId('insert-quote').textContent()).toBe('Insert sentence as quote');
      await page.getByTestId('insert-quote').click();
      await page.getByTestId('status').filter({ hasText: /^Inserted 1 passage\. 2 citations/ }).waitFor();
      expect((await readFakeWord(page)).paragraphs[0]).toContain(`“${text.trim()}” [1, `);
    });

    it('asks, shows each quote before inserting, and inserts only the supported sentences', async () => {
      await page.getByTestId('question').fill('What does the graph neural network evaluate?');
      await page.getByTestId('ask').click();
      await page.getByTestId('insert-preview').waitFor();
      const quotes = await page.getByTestId('preview-quote').allTextContents();
      expect(quotes.length).toBeGreaterThan(0);
      const supported = await page.locator('li.sentence.verified .sentence-text, li.sentence.snapped .sentence-text').allTextContents();
      await page.getByTestId('insert-answer').click();
      await page.getByTestId('status').filter({ hasText: /^Inserted \d+ passages?/ }).waitFor();
      const text = (await readFakeWord(page)).paragraphs.join('\n');
      for (const sentence of supported) expect(text).toContain(sentence);
    });

    it("fits 320 and 480 px in both themes, at the panel's 15 px type scale (screenshots in test-output)", async () => {
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const width of [320, 480]) {
          await emulateView(page, { width, zoom: 1, colorScheme });
          const fit = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: innerWidth, body: parseFloat(getComputedStyle(document.body).fontSize) }));
          expect(fit.scroll).toBeLessThanOrEqual(fit.width);
          expect(fit.body).toBeGreaterThanOrEqual(14);
          await screenshotView(page, `word-pane-${colorScheme}-${width}`);
        }
      }
      await emulateView(page, { width: 1280, zoom: 1, colorScheme: 'light' });
    });

    it('cites a paper alone, then switches every citation and the bibliography to APA', async () => {
      await page.getByRole('button', { name: 'Back', exact: true }).click().catch(() => undefined);
      await page.getByTestId('pane-paper-item').first().click();
      await page.getByTestId('cite-paper').click();
      await page.getByTestId('status').filter({ hasText: /^Inserted the citation/ }).waitFor();
      await page.getByTestId('style').selectOption('apa');
      await page.getByTestId('refresh').click();
      await page.getByTestId('status').filter({ hasText: /^Refreshed: .*\(apa\)/ }).waitFor();
      const word = await readFakeWord(page);
      const citations = word.controls.filter((c) => c.tag.startsWith('vb1:c:'));
      expect(citations.length).toBeGreaterThanOrEqual(4);
      for (const c of citations) expect(c.text).toMatch(/^\(Sinha et al\., 2021/);
      expect(word.paragraphs.join('\n')).toContain('Sinha, A., Azad, U., & Singh, H. (2021)');
      await screenshot(page, 'word-pane-extension-apa');
    });

    it('finds the passage behind a sentence selected in the document, and cites it right after the sentence', async () => {
      // Nothing selected (a caret): the pane says what to do.
      await page.getByTestId('pane-find-selection').click();
      await page.getByTestId('status').filter({ hasText: /^Select the sentence to find in the document first/ }).waitFor();
      // The writer's own sentence, typed and selected in the document.
      const claim = 'We guide Monte Carlo tree search with a graph neural network.';
      await page.evaluate((text) => {
        const word = (globalThis as unknown as { __fakeWord: { typeParagraph(t: string): void; selectText(t: string): void } }).__fakeWord;
        word.typeParagraph(`${text} More of my draft.`);
        word.selectText(text);
      }, claim);
      await emulateView(page, { width: 320, zoom: 1, colorScheme: 'light' });
      await page.getByTestId('pane-find-selection').click();
      expect(await page.getByTestId('pane-query').inputValue()).toBe(claim);
      await page.getByTestId('pane-hit').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
      await screenshotView(page, 'word-pane-find-selection-320');
      await emulateView(page, { width: 1280, zoom: 1, colorScheme: 'light' });
      await page.getByTestId('pane-hit').first().click();
      await page.getByTestId('insert-citation').click();
      await page.getByTestId('status').filter({ hasText: /^Inserted the citation/ }).waitFor();
      const paragraphs = (await readFakeWord(page)).paragraphs;
      expect(paragraphs.find((p) => p.startsWith(claim))).toMatch(/^We guide Monte Carlo tree search with a graph neural network\.\(Sinha et al\., 2021[^)]*\) More of my draft\.$/);
    });
  });

  describe("with its own library, from the side panel's bundle (Word on Windows or Mac)", () => {
    let page: Page;
    let bundlePath: string;
    beforeAll(async () => {
      const panel = await harness.openSidePanel();
      const [download] = await Promise.all([panel.waitForEvent('download'), panel.getByTestId('export-library').click()]);
      expect(download.suggestedFilename()).toMatch(/^verbatim-library-\d{4}-\d{2}-\d{2}\.json$/);
      bundlePath = join(mkdtempSync(join(tmpdir(), 'verbatim-bundle-')), download.suggestedFilename());
      await download.saveAs(bundlePath);
      await panel.close();
      // 127.0.0.1 is not a pane origin the extension admits: Chrome gives the page no way to reach it.
      page = await openPane(harness, `https://127.0.0.1:${port}/taskpane.html`);
      await page.locator('[data-testid=pane-library][data-kind=local]').waitFor();
    });

    it('says it uses its own library, and how to reach the extension', async () => {
      expect(await page.getByTestId('pane-library').textContent()).toMatch(/This pane's own library · 0 papers/);
      expect(await page.getByTestId('connect-hint').textContent()).toMatch(/Export library/);
    });

    it('imports the exported bundle whole, then goes to a cited quote in three clicks', async () => {
      expect(JSON.parse(readFileSync(bundlePath, 'utf8')).papers).toHaveLength(1);
      await page.getByTestId('import').setInputFiles(bundlePath);
      await page.getByTestId('status').filter({ hasText: 'library bundle, 1 paper imported' }).waitFor();
      await page.getByTestId('pane-library').filter({ hasText: '· 1 paper' }).waitFor();

      const user = clickCounter();
      await user.click(page.getByTestId('pane-paper-item').first());
      await user.click(page.getByTestId('outline-paragraph').first());
      await user.click(page.getByTestId('insert-quote'));
      await page.getByTestId('status').filter({ hasText: /^Inserted 1 passage/ }).waitFor();
      expect(user.count).toBe(3);
      const word = await readFakeWord(page);
      expect(word.paragraphs[0]).toMatch(/^My draft on qubit routing\. “.+” \[1, [^\]]+\]$/);
      expect(word.paragraphs.join('\n')).toMatch(new RegExp(TITLE, 'i'));
      await screenshot(page, 'word-pane-local-quote');
    });

    it('refuses a file it cannot read, by name, and keeps what it has', async () => {
      await page.getByTestId('import').setInputFiles(fixturePath('alce-paper', 'LICENSE'));
      await page.getByTestId('status').filter({ hasText: 'This file type is not supported' }).waitFor();
      expect(await page.getByTestId('status').getAttribute('role')).toBe('alert');
      expect(await page.getByTestId('pane-library').textContent()).toMatch(/· 1 paper/);
    });
  });

  describe('outside Office', () => {
    it('renders, and says inserting needs Word', async () => {
      const page = await harness.browser.context.newPage();
      await page.route('**/office.js', (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.Office = { HostType: { Word: "Word" }, onReady: async () => ({ host: null }) };' }));
      await page.goto(`https://127.0.0.1:${port}/taskpane.html`);
      await page.getByTestId('office-unavailable').waitFor();
      expect(await page.getByTestId('insert-quote').count()).toBe(0);
      expect(await page.getByTestId('refresh').isDisabled()).toBe(true);
    });
  });
});
