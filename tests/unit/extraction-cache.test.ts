import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXTRACTION_SOURCES, ExtractionCache, defaultCacheDir, extractorFingerprint } from '../../cli/extraction-cache';
import { readFolderLibrary } from '../../cli/node-adapters';
import { fixturePath } from '../../tools/fixture-papers';
import { fixturePaper } from '../support/fixtures';

const paper = fixturePaper('qroute-gnn-mcts-revtex');
const bytes = new TextEncoder().encode('the bytes of a paper');

describe('ExtractionCache', () => {
  it('extracts a file once: the second read of the same bytes comes from the cache, equal to the first', async () => {
    const cache = new ExtractionCache(mkdtempSync(join(tmpdir(), 'verbatim-cache-')));
    let extractions = 0;
    const extract = async () => (extractions++, paper);
    const first = await cache.paperFor(bytes, extract);
    const second = await cache.paperFor(bytes, extract);
    expect(extractions).toBe(1);
    expect(second).toEqual(first);
    expect([cache.hits, cache.misses]).toEqual([1, 1]);
    await cache.paperFor(new TextEncoder().encode('other bytes'), extract);
    expect(extractions).toBe(2);
  });

  it('extracts again when an entry is corrupt or not a paper', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verbatim-cache-'));
    const cache = new ExtractionCache(dir);
    let extractions = 0;
    const extract = async () => (extractions++, paper);
    for (const content of ['{"title":', JSON.stringify({ title: 'no paragraphs' })]) {
      writeFileSync(join(dir, `${cache.keyFor(bytes)}.json`), content);
      expect(await cache.paperFor(bytes, extract)).toEqual(paper);
    }
    expect(extractions).toBe(2);
  });

  it('serves a folder library from the cache on the second read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verbatim-cache-'));
    const folder = fixturePath('qroute-gnn-mcts-revtex', 'paper.latexml.html').replace(/\/paper\.latexml\.html$/, '');
    const cold = new ExtractionCache(dir);
    const first = await readFolderLibrary(folder, cold);
    const warm = new ExtractionCache(dir);
    const second = await readFolderLibrary(folder, warm);
    expect(second.papers).toEqual(first.papers);
    expect(warm.misses).toBe(0);
    expect(warm.hits).toBe(cold.misses);
    expect(readdirSync(dir).every((f) => f.endsWith('.json'))).toBe(true);
  });

  it('does not serve an entry made by other extraction code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verbatim-cache-'));
    let extractions = 0;
    const extract = async () => (extractions++, paper);
    await new ExtractionCache(dir, 'extractor-a').paperFor(bytes, extract);
    await new ExtractionCache(dir, 'extractor-a').paperFor(bytes, extract);
    expect(extractions).toBe(1);
    await new ExtractionCache(dir, 'extractor-b').paperFor(bytes, extract);
    expect(extractions).toBe(2);
  });

  it('fingerprints the extraction code: any change to a source file, or a new file, changes it', () => {
    const root = mkdtempSync(join(tmpdir(), 'verbatim-src-'));
    mkdirSync(join(root, 'shared', 'pdf'), { recursive: true });
    writeFileSync(join(root, 'shared', 'pdf', 'rules.ts'), 'export const gap = 1.5;');
    const sources = ['shared/pdf'];
    const before = extractorFingerprint(root, sources);
    expect(extractorFingerprint(root, sources)).toBe(before);
    writeFileSync(join(root, 'shared', 'pdf', 'rules.ts'), 'export const gap = 2;');
    const changed = extractorFingerprint(root, sources);
    expect(changed).not.toBe(before);
    writeFileSync(join(root, 'shared', 'pdf', 'more.ts'), '');
    expect(extractorFingerprint(root, sources)).not.toBe(changed);
    // The real sources exist where the CLI runs from.
    expect(extractorFingerprint()).not.toBe(extractorFingerprint(root, EXTRACTION_SOURCES));
  });

  it('lives in the OS cache directory unless told otherwise', () => {
    expect(defaultCacheDir({ VERBATIM_CACHE_DIR: '/x' })).toBe('/x');
    expect(defaultCacheDir({ XDG_CACHE_HOME: '/c' })).toBe('/c/verbatim');
  });
});
