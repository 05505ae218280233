/**
 * Search by meaning in the side panel, end to end in headless Chromium: the built
 * extension's worker runs transformers.js with the packaged ONNX Runtime WebAssembly,
 * downloads a tiny model from a loopback stand-in for huggingface.co, embeds the saved
 * paper into IndexedDB, and the panel's search shows paragraphs that share no word with
 * the query. The tiny model knows an invented word as a synonym of "swap": what a
 * dense model finds and BM25 cannot. Nothing here measures a real model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PAPER } from '../../tools/fixture-papers';
import { selfSignedCertificate } from '../../tools/self-signed';
import { DEFAULT_EMBEDDING_MODEL } from '../../shared/search/embedding-model';
import { clickSave, requestFromPage, screenshot, startExtensionHarness, type ExtensionHarness } from '../support/browser';
import { startLoopbackHub, type LoopbackHub } from '../support/loopback-hub';
import { makeTinyModel } from '../support/tiny-embedding-model';

const INVENTED = 'zorblat';

describe('Search by meaning in the side panel', () => {
  let harness: ExtensionHarness;
  let hub: LoopbackHub;
  beforeAll(async () => {
    const tiny = makeTinyModel(['swap', 'qubit', 'circuit'], 64, { [INVENTED]: 'swap' });
    hub = await startLoopbackHub(new Map([[DEFAULT_EMBEDDING_MODEL.id, tiny.files]]), selfSignedCertificate('huggingface.co')!);
    harness = await startExtensionHarness({ extraHostRules: [`MAP huggingface.co:443 127.0.0.1:${hub.port}`] });
  });
  afterAll(async () => {
    await harness?.close();
    await hub?.close();
  });

  it('is off until opted in; then downloads the model once, embeds the library, and finds what no word of the query matches', async () => {
    const page = await harness.openAbsPage();
    await clickSave(page);
    const panel = await harness.openSidePanel();
    await panel.getByTestId('library-paper').first().waitFor();

    // Off: nothing is downloaded, and the invented word matches nothing.
    expect(await panel.getByTestId('dense-status').textContent()).toBe('off');
    await panel.getByTestId('search-query').fill(INVENTED);
    await panel.getByTestId('search').click();
    await panel.getByTestId('search-empty').waitFor();
    expect(hub.requests).toEqual([]);

    // Opt in: the model comes from the hub, the paper is embedded, and the state says so.
    await panel.getByTestId('dense-settings').locator('summary').click();
    await panel.getByTestId('dense-model').selectOption(DEFAULT_EMBEDDING_MODEL.id);
    expect(await panel.getByTestId('dense-model-note').textContent()).toContain('downloaded once from huggingface.co');
    await panel.getByTestId('dense-toggle').check();
    await expect.poll(() => panel.getByTestId('dense-status').textContent(), { timeout: 60_000 }).toMatch(/^on \(\d[\d,]* paragraphs\)$/);
    const paragraphs = (await requestFromPage(panel, 'library/get', { paperId: `arxiv:${SAMPLE_PAPER.arxivId}` })).paragraphs.filter((p) => p.kind !== 'equation').length;
    expect(await panel.getByTestId('dense-status').textContent()).toBe(`on (${paragraphs.toLocaleString('en')} paragraphs)`);
    const modelDownloads = hub.requests.filter((r) => r.endsWith('.onnx')).length;
    expect(modelDownloads).toBeGreaterThan(0);

    // The same search now lists paragraphs about swaps, ranked by the model, with no word marked.
    await panel.getByTestId('search').click();
    const hits = panel.getByTestId('search-hit');
    await hits.first().waitFor();
    expect(await hits.first().textContent()).toMatch(/swap/i);
    expect(await hits.first().locator('mark').count()).toBe(0);
    expect(await hits.first().getByTestId('found-by-meaning').textContent()).toBe(' · found by meaning');
    await screenshot(panel, 'dense-search');

    // A question in those words cannot be quoted (no sentence uses them), but the abstention lists what the model found.
    await panel.getByTestId('question').fill(`What is a ${INVENTED}?`);
    await panel.getByTestId('ask').click();
    await panel.getByTestId('abstained').waitFor();
    const closest = panel.getByTestId('answer-passages');
    await closest.locator('summary').click();
    const first = closest.getByTestId('passage-link').first();
    const stored = await requestFromPage(panel, 'library/get', { paperId: `arxiv:${SAMPLE_PAPER.arxivId}` });
    const firstId = await first.getAttribute('data-paragraph-id');
    const opened = stored.paragraphs.find((p) => p.id === firstId)!;
    expect(opened.text).toMatch(/swap/i);
    expect(await closest.textContent()).toContain("no sentence uses the question's words");

    // A new panel turns it back on from the stored opt-in, the model from the browser's cache and the vectors from IndexedDB.
    await panel.close();
    const reopened = await harness.openSidePanel();
    await expect.poll(() => reopened.getByTestId('dense-status').textContent(), { timeout: 60_000 }).toMatch(/^on \(/);
    expect(hub.requests.filter((r) => r.endsWith('.onnx'))).toHaveLength(modelDownloads);

    // Off again: the search is lexical only.
    await reopened.getByTestId('dense-settings').locator('summary').click();
    await reopened.getByTestId('dense-toggle').uncheck();
    expect(await reopened.getByTestId('dense-status').textContent()).toBe('off');
    await reopened.getByTestId('search-query').fill(INVENTED);
    await reopened.getByTestId('search').click();
    await reopened.getByTestId('search-empty').waitFor();

    // Delete: the model's files leave the browser's cache and the vectors leave IndexedDB; a new opt-in (of the model last used) downloads again.
    expect(await reopened.evaluate(() => caches.keys())).toContain('transformers-cache');
    await reopened.getByTestId('dense-forget').click();
    await expect.poll(() => reopened.evaluate(() => caches.keys())).not.toContain('transformers-cache');
    await reopened.getByTestId('dense-toggle').check();
    await expect.poll(() => reopened.getByTestId('dense-status').textContent(), { timeout: 60_000 }).toMatch(/^on \(/);
    expect(hub.requests.filter((r) => r.endsWith('.onnx')).length).toBeGreaterThan(modelDownloads);
  });
});
