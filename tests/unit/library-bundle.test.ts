import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DexieLibraryStore } from '../../shared/library/dexie-store';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { exportLibraryBundle, readLibraryBundle } from '../../shared/library/library-bundle';
import { LibraryService } from '../../shared/library/library-service';
import { asLibraryPaper, fixturePaper } from '../support/fixtures';

function service() {
  return new LibraryService({ store: new DexieLibraryStore({ indexedDB: new IDBFactory(), IDBKeyRange }), parseHtml: parseHtmlWithLinkedom });
}

const papers = () => [
  asLibraryPaper({ ...fixturePaper('qroute-gnn-mcts-revtex'), arxivId: '2104.01180', version: 'v1' }),
  asLibraryPaper(fixturePaper('author-disambiguation-natbib')),
];

describe('LibraryBundle v1', () => {
  it('round-trips papers, paragraphs, references and citation links', () => {
    const original = papers();
    const bundle = exportLibraryBundle(original, '2026-01-01T00:00:00.000Z');
    expect(bundle).toMatchObject({ format: 'verbatim-library-bundle', version: 1 });
    expect(bundle.citations.length).toBe(original.reduce((n, p) => n + p.paragraphs.reduce((m, q) => m + q.citations.length, 0), 0));
    expect(readLibraryBundle(JSON.stringify(bundle))).toEqual(original);
  });

  it('moves a library from one store to another through the service', async () => {
    const from = service();
    await from.importPaper(papers()[0]!);
    const to = service();
    const results = await to.importBundle(await from.exportBundle('2026-01-01T00:00:00.000Z'));
    expect(results.map((r) => r.status)).toEqual(['saved']);
    const { savedAt: _a, ...moved } = await to.getPaper('arxiv:2104.01180');
    const { savedAt: _b, ...kept } = await from.getPaper('arxiv:2104.01180');
    expect(moved).toEqual(kept);
  });

  it('refuses a malformed bundle whole, with BAD_BUNDLE, before writing anything', async () => {
    const good = exportLibraryBundle(papers(), 'now');
    const hostile: [string, (b: typeof good) => unknown, RegExp][] = [
      ['a future version', (b) => ({ ...b, version: 2 }), /version 2 is not supported/],
      ['another format', (b) => ({ ...b, format: 'zotero' }), /format/],
      ['a row of no paper', (b) => { b.paragraphs[5]!.paperId = 'arxiv:9999.99999'; return b; }, /paragraphs\.5\.paperId/],
      ['a citation of no paragraph', (b) => { b.citations[0]!.paragraphId = 'p99999'; return b; }, /citations\.0\.paragraphId/],
      ['an id that does not match the content', (b) => { const paper = b.papers[1]!; const old = paper.id; paper.id = 'arxiv:2104.01180x'; for (const t of [b.paragraphs, b.references, b.citations]) for (const row of t) if (row.paperId === old) row.paperId = paper.id; return b; }, /id|expected/],
      ['a NaN version', (b) => { b.papers[0]!.version = 'vX'; return b; }, /papers\.0\.version/],
      ['a DOI with braces', (b) => { b.references[0]!.doi = '10.1/x}'; return b; }, /references\.0\.doi/],
    ];
    for (const [name, mutate, detail] of hostile) {
      expect(() => readLibraryBundle(JSON.stringify(mutate(structuredClone(good)))), name).toThrow(expect.objectContaining({ code: 'BAD_BUNDLE', detail: expect.stringMatching(detail) }));
    }
    const library = service();
    const broken = structuredClone(good);
    broken.citations[broken.citations.length - 1]!.referenceIds = ['bib.missing'];
    await expect(library.importBundle(JSON.stringify(broken))).rejects.toMatchObject({ code: 'BAD_BUNDLE' });
    expect(await library.listPapers()).toEqual([]);
    await expect(library.importBundle('not json')).rejects.toMatchObject({ code: 'BAD_BUNDLE' });
  });
});
