/**
 * A restart of the MV3 service worker, for real: Chromium stops idle extension workers
 * after about 30 s, and the next message starts a fresh one with nothing in memory. The
 * search index must then come from IndexedDB (not from re-indexing every paper), and the
 * answer must be the one given before the restart. Headless Chromium, the built extension,
 * real IndexedDB; the worker is stopped through the DevTools protocol.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { clickSave, requestFromPage, startExtensionHarness, type ExtensionHarness } from '../support/browser';

const QUESTION = 'How is the tree search guided?';

describe('Service-worker restart', () => {
  let harness: ExtensionHarness;
  beforeAll(async () => {
    harness = await startExtensionHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  /**
   * Stops the extension's service worker through the DevTools protocol (ServiceWorker.stopWorker,
   * as chrome://serviceworker-internals does), and waits until Chromium reports it stopped.
   */
  async function stopServiceWorker(page: Page): Promise<void> {
    const scope = `chrome-extension://${harness.browser.extensionId}/`;
    const devtools = await harness.browser.context.newCDPSession(page);
    type Version = { versionId: string; scriptURL: string; runningStatus: string };
    const latest = new Map<string, Version>();
    let onUpdate = () => {};
    devtools.on('ServiceWorker.workerVersionUpdated', ({ versions }: { versions: Version[] }) => {
      for (const version of versions) if (version.scriptURL.startsWith(scope)) latest.set(version.versionId, version);
      onUpdate();
    });
    const until = (test: () => boolean) => new Promise<void>((resolve) => {
      onUpdate = () => test() && resolve();
      onUpdate();
    });
    await devtools.send('ServiceWorker.enable');
    await until(() => [...latest.values()].some((v) => v.runningStatus === 'running'));
    const running = [...latest.values()].filter((v) => v.runningStatus === 'running');
    expect(running).toHaveLength(1);
    await devtools.send('ServiceWorker.stopWorker', { versionId: running[0]!.versionId });
    await until(() => latest.get(running[0]!.versionId)?.runningStatus === 'stopped');
    await devtools.detach();
  }

  it('loads the persisted index after a restart and answers as before', async () => {
    const page = await harness.openAbsPage();
    await clickSave(page);
    const panel = await harness.openSidePanel();
    const before = await requestFromPage(panel, 'answer/ask', { question: QUESTION });
    expect(before.abstained).toBe(false);

    // The index is written out once changes have been quiet for a moment (live-index.ts).
    await expect.poll(async () => (await requestFromPage(panel, 'library/index-status', {})).persisted, { timeout: 20_000, interval: 250 }).toBe(true);
    const indexed = await requestFromPage(panel, 'library/index-status', {});
    expect(indexed.papers).toBe(1);
    expect(indexed.origin).not.toBe('disk');

    await stopServiceWorker(panel);

    // The next message starts a fresh worker; its index comes from disk, with the same content.
    const after = await requestFromPage(panel, 'answer/ask', { question: QUESTION });
    const restarted = await requestFromPage(panel, 'library/index-status', {});
    expect(restarted).toEqual({ ...indexed, origin: 'disk' });
    expect(after.sentences).toEqual(before.sentences);
    expect(after.references).toEqual(before.references);
  });
});
