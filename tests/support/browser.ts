/** E2E helpers: the arxiv.org stand-in plus Chromium with the built extension, and screenshots. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startArxivStandIn, type StandIn, type StandInOptions } from '../../tools/arxiv-standin';
import { launchWithExtension, type ExtensionBrowser } from '../../tools/chromium';
import { PROJECT_ROOT, SAMPLE_PAPER } from '../../tools/fixture-papers';
import { saveButton } from '../../tools/save-button-driver';
import type { MessageType, Reply, RequestOf, ResponseOf } from '../../shared/protocol';

export const TEST_OUTPUT = join(PROJECT_ROOT, 'test-output');

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(TEST_OUTPUT, { recursive: true });
  await page.screenshot({ path: join(TEST_OUTPUT, `${name}.png`), fullPage: true });
}

export interface ExtensionHarness {
  standIn: StandIn;
  browser: ExtensionBrowser;
  /** A new tab on the stand-in's abs page of a paper (the sample paper by default). */
  openAbsPage(arxivId?: string): Promise<Page>;
  openSidePanel(): Promise<Page>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  standIn?: StandInOptions;
  /** More --host-resolver-rules entries ("MAP host:port 127.0.0.1:port"), e.g. for a model endpoint under a real-looking name. */
  extraHostRules?: string[];
}

export async function startExtensionHarness(options: HarnessOptions = {}): Promise<ExtensionHarness> {
  const standIn = await startArxivStandIn(options.standIn);
  const browser = await launchWithExtension({ headless: true, hostResolverRules: [standIn.hostResolverRules, ...(options.extraHostRules ?? [])].join(', ') });
  return {
    standIn,
    browser,
    async openAbsPage(arxivId = SAMPLE_PAPER.arxivId) {
      const page = await browser.context.newPage();
      await page.goto(`https://arxiv.org/abs/${arxivId}`);
      return page;
    },
    async openSidePanel() {
      const panel = await browser.context.newPage();
      await panel.goto(`chrome-extension://${browser.extensionId}/sidepanel.html`);
      return panel;
    },
    async close() {
      await browser.close();
      await standIn.close();
    },
  };
}

/** Sends a protocol request from an extension page, as the side panel does. */
export async function requestFromPage<K extends MessageType>(page: Page, type: K, payload: RequestOf<K>): Promise<ResponseOf<K>> {
  const reply = (await page.evaluate(
    ([t, p]) => (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime.sendMessage({ channel: 'verbatim', type: t, payload: p }),
    [type, payload] as const,
  )) as Reply<ResponseOf<K>>;
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.detail ?? ''}`);
  return reply.value;
}

export async function clickSave(page: Page): Promise<string> {
  const button = await saveButton(page);
  try {
    await button.click();
    // The button is disabled while the save runs (progress messages come and go); done when it is enabled again.
    return await button.settled();
  } finally {
    await button.detach();
  }
}
