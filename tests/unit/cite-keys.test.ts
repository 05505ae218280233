import { describe, expect, it } from 'vitest';
import { assignCitationKeys, baseCitationKey, isValidCitationKey } from '../../shared/cite/citation-keys';
import type { WorkRecord } from '../../shared/cite/work-record';
import { CITE_LIBRARY, PREPRINT, SAME_YEAR_A } from '../support/cite-library';

/** A small seeded generator (mulberry32), so the property runs are the same on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FAMILIES = ['Smith', 'Müller', 'van Beethoven', "O'Neil", '李', 'Ünal', 'Smith-Jones'];
const TITLES = ['Deep learning', 'The deep learning', 'A study of graphs', 'Graphs', 'On {graphs} & trees', '', '深度学习'];
function randomRecord(next: () => number, id: string): WorkRecord {
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
  return {
    id, type: 'article-journal', title: pick(TITLES),
    ...(next() < 0.9 ? { author: [{ family: pick(FAMILIES), given: 'A.' }] } : {}),
    ...(next() < 0.8 ? { issued: { 'date-parts': [[2018 + Math.floor(next() * 3)]] } } : {}),
  };
}

describe('citation keys', () => {
  it('are author, year and first significant title word, folded to ASCII', () => {
    expect(baseCitationKey(PREPRINT)).toBe('sinha2021qubit');
    expect(baseCitationKey({ id: 'x', type: 'book', title: 'The Über-graph: towards things', author: [{ family: 'Müller-Lüdenscheidt', given: 'G.' }], issued: { 'date-parts': [[1999]] } })).toBe('mullerludenscheidt1999uber');
    expect(baseCitationKey({ id: 'y', type: 'article', title: '' })).toBe('anon');
  });

  it('tell colliding works apart with a, b, c in order of record id', () => {
    const twin = { ...SAME_YEAR_A, id: 'title:zz', title: 'Zeta functions again' };
    const keys = assignCitationKeys([twin, SAME_YEAR_A, ...CITE_LIBRARY]);
    expect(keys.get(SAME_YEAR_A.id)).toBe('smith2020zetaa');
    expect(keys.get('title:zz')).toBe('smith2020zetab');
    expect(keys.get(PREPRINT.id)).toBe('sinha2021qubit');
    expect(new Set(keys.values()).size).toBe(keys.size);
  });

  it('keep the keys a document already uses, and only ever add letters for newcomers', () => {
    const first = assignCitationKeys([SAME_YEAR_A]);
    expect(first.get(SAME_YEAR_A.id)).toBe('smith2020zeta');
    const twin = { ...SAME_YEAR_A, id: 'title:aa', title: 'Zeta functions again' };
    const later = assignCitationKeys([twin, SAME_YEAR_A], first);
    expect(later.get(SAME_YEAR_A.id)).toBe('smith2020zeta');
    expect(later.get('title:aa')).toBe('smith2020zetaa');
  });

  it('ignore a previous key that is not a safe BibTeX key, or is used twice', () => {
    const keys = assignCitationKeys([PREPRINT, SAME_YEAR_A], new Map([[PREPRINT.id, 'x},title={y'], [SAME_YEAR_A.id, 'x']]));
    expect(keys.get(PREPRINT.id)).toBe('sinha2021qubit');
    expect(keys.get(SAME_YEAR_A.id)).toBe('x');
    const clash = assignCitationKeys([PREPRINT, SAME_YEAR_A], new Map([[PREPRINT.id, 'same'], [SAME_YEAR_A.id, 'same']]));
    expect(new Set(clash.values()).size).toBe(2);
  });

  it('property: adding works never changes existing keys given the previous ones; every key is valid and unique', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const next = random(seed);
      const library = Array.from({ length: 1 + Math.floor(next() * 12) }, (_, i) => randomRecord(next, `w${seed}-${i}`));
      const before = assignCitationKeys(library);
      const added = Array.from({ length: 1 + Math.floor(next() * 12) }, (_, i) => randomRecord(next, `n${seed}-${i}-${Math.floor(next() * 1000)}`));
      const shuffled = [...library, ...added].sort(() => next() - 0.5);
      const after = assignCitationKeys(shuffled, before);
      for (const [id, key] of before) expect(after.get(id)).toBe(key);
      expect(new Set(after.values()).size).toBe(after.size);
      for (const key of after.values()) expect(isValidCitationKey(key), key).toBe(true);
      // Order of the input does not matter.
      expect(assignCitationKeys([...shuffled].reverse(), before)).toEqual(after);
    }
  });

  it('property: without previous keys, works that collide with nothing keep their key when unrelated works join', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const next = random(seed * 7919);
      const library = Array.from({ length: 2 + Math.floor(next() * 8) }, (_, i) => randomRecord(next, `w${i}`));
      const unrelated: WorkRecord = { id: `u${seed}`, type: 'book', title: 'Unrelated monograph', author: [{ family: 'Zzyzx', given: 'Q.' }], issued: { 'date-parts': [[1901]] } };
      const before = assignCitationKeys(library);
      const after = assignCitationKeys([unrelated, ...library]);
      for (const [id, key] of before) expect(after.get(id)).toBe(key);
    }
  });
});
