/**
 * The lexical index against its naive twin, MiniSearch with the same options: on random
 * libraries built by random adds and removes, saved and reloaded at random points, every query
 * gives the same documents in the same order, the same scores and the same matched terms.
 */
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { LexicalIndex, type LexicalOptions } from '../../shared/search/lexical-index';
import { processTerm } from '../../shared/search/paragraph-index';
import { mulberry32 } from '../../tools/seeded-random';

const FIELDS = ['text', 'sectionTitle', 'paperTitle'] as const;
const BOOSTS = { text: 1, sectionTitle: 1.5, paperTitle: 0.5 };
const OPTIONS: LexicalOptions = { fields: FIELDS, boosts: FIELDS.map((f) => BOOSTS[f]), processTerm };
const VOCABULARY = 'graph graphs neural network networks route routing routed qubit qubits search tree trees Monte Carlo 2021 2019 07 x+y the of and is evaluate evaluates value function depth circuit circuits SWAP café Möbius'.split(' ');
const SEPARATORS = [' ', ' ', ' ', ', ', '. ', ' (', ') ', '-', '\n', ' — '];

interface Doc {
  key: string;
  text: string;
  sectionTitle: string;
  paperTitle: string;
}

function randomText(random: () => number, words: number): string {
  let text = '';
  for (let i = 0; i < words; i++) text += VOCABULARY[Math.floor(random() * VOCABULARY.length)]! + SEPARATORS[Math.floor(random() * SEPARATORS.length)]!;
  return text;
}

function randomDoc(random: () => number, key: string): Doc {
  return { key, text: randomText(random, 1 + Math.floor(random() * 40)), sectionTitle: random() < 0.3 ? '' : randomText(random, 1 + Math.floor(random() * 3)), paperTitle: randomText(random, 2 + Math.floor(random() * 5)) };
}

function twin(): MiniSearch<Doc> {
  return new MiniSearch<Doc>({ idField: 'key', fields: [...FIELDS], storeFields: ['key'], processTerm, searchOptions: { boost: BOOSTS, combineWith: 'OR', processTerm } });
}

describe('LexicalIndex against MiniSearch', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('gives the same results on random library %i', (seed) => {
    const random = mulberry32(seed);
    const reference = twin();
    let index = new LexicalIndex(OPTIONS);
    const live = new Map<string, { doc: Doc; docId: number }>();
    let next = 0;
    for (let step = 0; step < 120; step++) {
      const roll = random();
      if (roll < 0.65 || live.size === 0) {
        const doc = randomDoc(random, `d${next++}`);
        reference.add(doc);
        live.set(doc.key, { doc, docId: index.add({ fields: [doc.text, doc.sectionTitle, doc.paperTitle] }) });
      } else if (roll < 0.9) {
        const keys = [...live.keys()];
        const key = keys[Math.floor(random() * keys.length)]!;
        const { doc, docId } = live.get(key)!;
        reference.remove(doc);
        index.remove(docId, { fields: [doc.text, doc.sectionTitle, doc.paperTitle] });
        live.delete(key);
      } else {
        // Saved and read back, as across a service-worker restart (structured clone, as IndexedDB does).
        index = LexicalIndex.fromSnapshot(OPTIONS, structuredClone(index.toSnapshot()));
      }
      if (step % 10 !== 9) continue;
      const keyOf = new Map([...live.values()].map(({ doc, docId }) => [docId, doc.key]));
      for (let q = 0; q < 6; q++) {
        const query = randomText(random, 1 + Math.floor(random() * 5));
        for (const combineWith of ['OR', 'AND'] as const) {
          const expected = reference.search(query, { combineWith }).map((r) => ({ key: r.id as string, score: r.score, terms: r.terms }));
          const actual = index.search(query, { combineWith }).map((r) => ({ key: keyOf.get(r.docId)!, score: r.score, terms: r.terms }));
          expect(actual, `${combineWith} "${query}" after step ${step}`).toEqual(expected);
        }
      }
    }
    expect(index.size).toBe(reference.documentCount);
  });

  it('refuses a snapshot that does not add up, by name', () => {
    const index = new LexicalIndex(OPTIONS);
    index.add({ fields: ['graph neural network', '', 'routing'] });
    const snapshot = index.toSnapshot();
    expect(() => LexicalIndex.fromSnapshot(OPTIONS, { ...snapshot, postingDocs: snapshot.postingDocs.subarray(1) })).toThrow(expect.objectContaining({ code: 'SEARCH_INDEX_CORRUPT' }));
    expect(() => LexicalIndex.fromSnapshot(OPTIONS, { ...snapshot, documentCount: 2 })).toThrow(expect.objectContaining({ code: 'SEARCH_INDEX_CORRUPT' }));
    expect(() => LexicalIndex.fromSnapshot(OPTIONS, { ...snapshot, terms: 42 } as never)).toThrow(expect.objectContaining({ code: 'SEARCH_INDEX_CORRUPT' }));
  });
});
