/** Side panel helpers for the panel-*.e2e tests: save papers, ask, emulate Chrome's zoom and widths. */
import type { CDPSession, Page } from 'playwright-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { clickSave, startExtensionHarness, TEST_OUTPUT, type ExtensionHarness } from './browser';

export const QROUTE = '2104.01180';
export const DISAMBIGUATION = '1508.07744';
/** Across these two papers the extractive answer cites both (one sentence per paper). */
export const TWO_PAPER_QUESTION = 'Which algorithm is proposed and how is it evaluated?';

export async function saveFromAbsPage(harness: ExtensionHarness, arxivId: string): Promise<string> {
  const page = await harness.browser.context.newPage();
  try {
    await page.goto(`https://arxiv.org/abs/${arxivId}`);
    return await clickSave(page);
  } finally {
    await page.close();
  }
}

/** Asks in the panel and waits until the new answer (or abstention) is shown. */
export async function askInPanel(panel: Page, question: string): Promise<void> {
  await panel.getByTestId('question').fill(question);
  await panel.getByTestId('ask').click();
  await panel.locator('[data-testid=answer], [data-testid=abstained]').first().waitFor();
}

/**
 * Chrome shows extension pages at 75% on the set-ups the issue was found on: on a 1x display
 * that is a device pixel ratio of 0.75 at the page's width. Emulated here through the DevTools protocol.
 */
const sessions = new WeakMap<Page, CDPSession>();

export async function emulateView(panel: Page, view: { width: number; zoom: number; colorScheme: 'light' | 'dark' }): Promise<void> {
  // The override lasts as long as its session: one session per page, kept open.
  let cdp = sessions.get(panel);
  if (!cdp) {
    cdp = await panel.context().newCDPSession(panel);
    sessions.set(panel, cdp);
  }
  await cdp.send('Emulation.setDeviceMetricsOverride', { width: view.width, height: 900, deviceScaleFactor: view.zoom, mobile: false });
  await panel.emulateMedia({ colorScheme: view.colorScheme });
}

/**
 * A screenshot of the whole panel as emulated (Playwright's own screenshot re-applies its
 * viewport and would undo the zoom): through the same DevTools session, to test-output/<name>.png.
 */
export async function screenshotView(panel: Page, name: string): Promise<void> {
  const cdp = sessions.get(panel);
  if (!cdp) throw new Error('emulateView first');
  const size = await panel.evaluate(() => ({ width: innerWidth, height: document.documentElement.scrollHeight }));
  mkdirSync(TEST_OUTPUT, { recursive: true });
  // The whole page, and its first screenful (what the reader sees first, legible at full size).
  for (const [suffix, height] of [['', size.height], ['-top', Math.min(size.height, 900)]] as const) {
    const { data } = (await cdp.send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true, clip: { x: 0, y: 0, width: size.width, height, scale: 1 } })) as { data: string };
    writeFileSync(join(TEST_OUTPUT, `${name}${suffix}.png`), Buffer.from(data, 'base64'));
  }
}

/** A rendered size in device-independent pixels, as the reader sees it: CSS px × device pixel ratio. */
export async function renderedFontPx(panel: Page, selector: string): Promise<number> {
  return panel.locator(selector).first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize) * devicePixelRatio);
}

/**
 * Inside a describe: one browser with the built extension and these papers saved from their abs
 * pages, closed after the suite. `.current` is the harness once the suite has started.
 */
export function withSavedPapers(arxivIds: readonly string[]): { readonly current: ExtensionHarness } {
  let harness: ExtensionHarness | undefined;
  beforeAll(async () => {
    harness = await startExtensionHarness();
    for (const arxivId of arxivIds) await saveFromAbsPage(harness, arxivId);
  });
  afterAll(async () => {
    await harness?.close();
  });
  return {
    get current(): ExtensionHarness {
      if (!harness) throw new Error('the extension harness has not started: use .current inside a test');
      return harness;
    },
  };
}
