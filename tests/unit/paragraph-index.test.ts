import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../tools/seeded-random';
import { ParagraphIndex, termSpans, termsOf } from '../../shared/search/paragraph-index';
import { VerbatimError } from '../../shared/errors';
import type { LibraryPaper } from '../../shared/model/paper';
import { HTML_FIXTURES, asLibraryPaper, fixturePaper } from '../support/fixtures';

const base = HTML_FIXTURES.map((f) => asLibraryPaper(fixturePaper(f)));
const QUERIES = ['graph neural network evaluate', 'paper length CSCW', 'linkage function features', 'Monte Carlo tree search', 'clustering signatures', 'boiling point of ethanol'];

/** A seeded generator, so a failing sequence can be replayed. */
const random = mulberry32;

/** A variant of a fixture paper: its own id and savedAt, and a random subset of its paragraphs. */
function variant(next: () => number, id: string, version: number): LibraryPaper {
  const source = base[Math.floor(next() * base.length)]!;
  const keep = 0.1 + next() * 0.4; // small papers: the property is about the bookkeeping, not the size
  return { ...source, id, savedAt: `2026-01-01T00:00:${String(version).padStart(2, '0')}Z`, paragraphs: source.paragraphs.filter(() => next() < keep) };
}

/** What a query returns, in a form two indexes built in different orders can be compared by. */
function results(index: ParagraphIndex, query: string, paperIds?: ReadonlySet<string>) {
  return index.query(query, { limit: 1000, ...(paperIds ? { paperIds } : {}) })
    .map((h) => ({ key: h.key, score: Math.round(h.score * 1e6) / 1e6, terms: [...h.terms].sort() }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

function expectSameIndex(actual: ParagraphIndex, expected: ParagraphIndex) {
  expect(actual.size).toBe(expected.size);
  expect([...actual.indexedPapers()].sort()).toEqual([...expected.indexedPapers()].sort());
  for (const query of QUERIES) {
    expect(results(actual, query)).toEqual(results(expected, query));
    for (const term of termsOf(query)) expect(actual.idf(term)).toBeCloseTo(expected.idf(term), 9);
  }
}

describe('ParagraphIndex', () => {
  it('gives the same results after any sequence of adds, replacements and deletes as a rebuild from scratch', () => {
    for (const seed of [1, 2]) {
      const next = random(seed);
      const incremental = ParagraphIndex.empty();
      const library = new Map<string, LibraryPaper>();
      for (let step = 0; step < 12; step++) {
        const id = `paper-${Math.floor(next() * 5)}`;
        const existing = library.get(id);
        const action = next();
        if (existing && action < 0.35) {
          incremental.removePaper(existing);
          library.delete(id);
        } else {
          if (existing) incremental.removePaper(existing);
          const paper = variant(next, id, step);
          incremental.addPaper(paper);
          library.set(id, paper);
        }
        expectSameIndex(incremental, ParagraphIndex.fromPapers([...library.values()]));
      }
    }
  }, 60_000);

  it('reads back from its saved form (through structured clone, as IndexedDB stores it) with the same results, scores and idf as a fresh build', () => {
    const fresh = ParagraphIndex.fromPapers(base);
    const loaded = ParagraphIndex.fromSnapshot(structuredClone(fresh.toSnapshot()));
    expectSameIndex(loaded, fresh);
    const scope = new Set([base[1]!.id]);
    expect(results(loaded, 'paper length', scope)).toEqual(results(fresh, 'paper length', scope));
  });

  it('resolves paragraphs only for attached papers, and names the ones it was missing', () => {
    const loaded = ParagraphIndex.fromSnapshot(structuredClone(ParagraphIndex.fromPapers(base).toSnapshot()));
    const [hit] = loaded.query('graph neural network');
    expect(loaded.lookup(hit!.key)).toBeUndefined();
    expect(loaded.missingPapers()).toEqual([hit!.paperId]);
    loaded.attachPaper(base.find((p) => p.id === hit!.paperId)!);
    expect(loaded.lookup(hit!.key)!.paragraph.id).toBe(hit!.paragraphId);
    expect(loaded.missingPapers()).toEqual([]);
  });

  it('keeps a loaded index updatable: removing and adding after a load matches a rebuild', () => {
    const loaded = ParagraphIndex.fromSnapshot(structuredClone(ParagraphIndex.fromPapers(base).toSnapshot()));
    loaded.removePaper(base[0]!);
    const replacement = { ...base[0]!, savedAt: 'later', paragraphs: base[0]!.paragraphs.slice(0, 10) };
    loaded.addPaper(replacement);
    expectSameIndex(loaded, ParagraphIndex.fromPapers([base[1]!, base[2]!, replacement]));
  });

  it('refuses to remove text that is not what was indexed, rather than corrupt its counts', () => {
    const index = ParagraphIndex.fromPapers(base);
    expect(() => index.removePaper({ ...base[0]!, savedAt: 'another version' })).toThrow(VerbatimError);
    expect(() => index.addPaper(base[0]!)).toThrow(/already indexed/);
  });

  it('calls a malformed, old-format or inconsistent persisted index SEARCH_INDEX_CORRUPT', () => {
    const saved = ParagraphIndex.fromPapers(base).toSnapshot();
    const corrupt = (snapshot: unknown) => {
      try {
        ParagraphIndex.fromSnapshot(snapshot as typeof saved);
      } catch (error) {
        return error instanceof VerbatimError ? error.code : 'other';
      }
      return 'accepted';
    };
    expect(corrupt(undefined)).toBe('SEARCH_INDEX_CORRUPT');
    expect(corrupt('{"format":1}')).toBe('SEARCH_INDEX_CORRUPT');
    expect(corrupt({ ...saved, format: 1 })).toBe('SEARCH_INDEX_CORRUPT');
    // Built when terms were processed otherwise (another stemmer, stop list or field boosts): rebuilt, not misread.
    expect(corrupt({ ...saved, termProcessing: saved.termProcessing.replace('rout', 'route') })).toBe('SEARCH_INDEX_CORRUPT');
    expect(corrupt({ ...saved, paragraphCount: 3 })).toBe('SEARCH_INDEX_CORRUPT');
    expect(corrupt({ ...saved, frequencies: saved.frequencies.subarray(1) })).toBe('SEARCH_INDEX_CORRUPT');
    expect(corrupt({ ...saved, papers: saved.papers.slice(1) })).toBe('SEARCH_INDEX_CORRUPT');
    expect(corrupt({ ...saved, lexical: { ...saved.lexical, postingDocs: saved.lexical.postingDocs.subarray(2) } })).toBe('SEARCH_INDEX_CORRUPT');
    expect(corrupt(structuredClone(saved))).toBe('accepted');
  });

  it('finds the words to highlight by their stems', () => {
    expect(termSpans('Routing routes; the router routed.', new Set(termsOf('route')))).toEqual([
      { start: 0, end: 7 }, { start: 8, end: 14 }, { start: 27, end: 33 },
    ]);
  });
});
