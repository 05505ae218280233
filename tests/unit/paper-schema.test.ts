import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DexieLibraryStore } from '../../shared/library/dexie-store';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { LibraryService } from '../../shared/library/library-service';
import { parsePaper, parsePaperJson } from '../../shared/schema/paper-schema';
import { fixturePaper } from '../support/fixtures';

const valid = () => ({ ...fixturePaper('qroute-gnn-mcts-revtex'), arxivId: '2104.01180', version: 'v2' });
const json = (value: unknown) => JSON.stringify(value);

function service() {
  return new LibraryService({ store: new DexieLibraryStore({ indexedDB: new IDBFactory(), IDBKeyRange }), parseHtml: parseHtmlWithLinkedom });
}

describe('Paper JSON schema', () => {
  it('accepts what the extractor writes, unchanged', () => {
    const paper = valid();
    expect(parsePaperJson(json(paper))).toEqual(paper);
    // Every reference carries its CSL record, and a PDF from disk its own DOI: both survive the boundary.
    expect(paper.references.every((r) => r.csl?.type)).toBe(true);
    const withDoi = { ...paper, doi: '10.1145/3290605.3300233' };
    expect(parsePaperJson(json(withDoi))).toEqual(withDoi);
  });

  it('refuses wrong types, bad identifiers and broken links between parts with BAD_PAPER_FILE and the path', () => {
    const cases: [string, (p: ReturnType<typeof valid>) => unknown, RegExp][] = [
      ['a NaN version', (p) => ({ ...p, version: 'vX' }), /version/],
      ['a numeric title', (p) => ({ ...p, title: 42 }), /title/],
      ['paragraph text that is not a string', (p) => { (p.paragraphs[3] as unknown as { text: unknown }).text = { toString: 1 }; return p; }, /paragraphs\.3\.text/],
      ['a DOI with braces', (p) => { p.references[0]!.doi = '10.9999/x},title={Owned'; return p; }, /references\.0\.doi/],
      ['a javascript: URL', (p) => ({ ...p, url: 'javascript:alert(1)' }), /url/],
      ['a citation to a missing reference', (p) => { p.paragraphs.find((x) => x.citations.length)!.citations[0]!.referenceIds = ['bib.nope']; return p; }, /no reference "bib\.nope"/],
      ['offsets outside the text', (p) => { const c = p.paragraphs.find((x) => x.citations.length)!.citations[0]!; c.end = 1e6; return p; }, /outside the text/],
      ['a duplicate paragraph id', (p) => { p.paragraphs[1]!.id = p.paragraphs[0]!.id; return p; }, /appears twice/],
      ['a paragraph in a missing section', (p) => { p.paragraphs[0]!.sectionId = 'S99'; return p; }, /no section "S99"/],
      ['a negative level', (p) => { p.sections[0]!.level = -1; return p; }, /sections\.0\.level/],
    ];
    for (const [name, mutate, detail] of cases) {
      expect(() => parsePaperJson(json(mutate(valid()))), name).toThrow(expect.objectContaining({ code: 'BAD_PAPER_FILE', detail: expect.stringMatching(detail) }));
    }
    expect(() => parsePaperJson('{"title": ')).toThrow(expect.objectContaining({ code: 'BAD_PAPER_FILE' }));
    expect(() => parsePaper(null)).toThrow(expect.objectContaining({ code: 'BAD_PAPER_FILE' }));
  });

  it('drops prototype keys instead of letting them reach objects', () => {
    const text = json(valid()).replace(/^\{/, '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},');
    const paper = parsePaperJson(text);
    expect(Object.getPrototypeOf(paper)).toBe(Object.prototype);
    expect(Object.hasOwn(paper, '__proto__')).toBe(false);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('a file with a malformed version cannot overwrite a saved paper', async () => {
    const library = service();
    await library.importFile('paper.json', json(valid()));
    await expect(library.importFile('hostile.json', json({ ...valid(), version: 'vX', title: 'Overwritten' }))).rejects.toMatchObject({ code: 'BAD_PAPER_FILE' });
    expect((await library.getPaper('arxiv:2104.01180')).title).not.toBe('Overwritten');
    // Straight to the store, a malformed version is refused too, never compared as NaN.
    const store = new DexieLibraryStore({ indexedDB: new IDBFactory(), IDBKeyRange });
    await store.savePaper(valid());
    await expect(store.savePaper({ ...valid(), version: 'vX' })).rejects.toMatchObject({ code: 'BAD_IDENTIFIER' });
  });

  it('a malformed file is refused at import, so later questions do not fail with INTERNAL', async () => {
    const library = service();
    await library.importFile('paper.json', json(valid()));
    const broken = valid() as unknown as { paragraphs: { text: unknown }[] };
    broken.paragraphs[2]!.text = null;
    await expect(library.importFile('broken.json', json({ ...broken, arxivId: '2104.09999' }))).rejects.toMatchObject({ code: 'BAD_PAPER_FILE' });
    await expect(library.importPaper({ ...(broken as unknown as ReturnType<typeof valid>), arxivId: '2104.09999' })).rejects.toMatchObject({ code: 'BAD_PAPER_FILE' });
    const answer = await library.ask('What does the graph neural network evaluate?');
    expect(answer.abstained).toBe(false);
  });
});
