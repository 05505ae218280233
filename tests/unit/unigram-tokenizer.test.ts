/**
 * The unigram (SentencePiece) segmentation against a naive twin that scores every way
 * of cutting the text, on random vocabularies and texts; and its conventions (word-start
 * marks, unknown characters, NFKC).
 */
import { describe, expect, it } from 'vitest';
import { UnigramTokenizer, WORD_START, type VocabularyEntry } from '../../shared/search/unigram-tokenizer';
import { mulberry32 } from '../../tools/seeded-random';

const RESERVED: VocabularyEntry[] = [['<unk>', 0], ['<s>', 0], ['</s>', 0], ['c1', 0], ['c2', 0], ['c3', 0]];

/** Every segmentation of the symbols, the best by score (ties: the one whose last cut is latest, recursively). */
function naiveBest(symbols: readonly string[], vocabulary: readonly VocabularyEntry[]): { score: number; ids: number[] } {
  const idOf = new Map<string, number>();
  vocabulary.forEach(([piece], id) => {
    if (id >= RESERVED.length) idOf.set(piece, id);
  });
  const memo = new Map<number, { score: number; ids: number[] }>();
  // Best segmentation of symbols[0, end).
  const best = (end: number): { score: number; ids: number[] } => {
    if (end === 0) return { score: 0, ids: [] };
    const known = memo.get(end);
    if (known) return known;
    let winner: { score: number; ids: number[] } = { score: -Infinity, ids: [] };
    for (let start = 0; start < end; start++) {
      const piece = symbols.slice(start, end).join('');
      const id = idOf.get(piece);
      const startsNothing = ![...idOf.keys()].some((p) => symbols.slice(start).join('').startsWith(p));
      const step = id !== undefined ? { id, score: vocabulary[id]![1] } : end === start + 1 && startsNothing ? { id: 0, score: 0 } : null;
      if (!step) continue;
      const before = best(start);
      if (before.score + step.score >= winner.score) winner = { score: before.score + step.score, ids: [...before.ids, step.id] };
    }
    memo.set(end, winner);
    return winner;
  };
  return best(symbols.length);
}

function mergeUnknowns(ids: number[]): number[] {
  return ids.filter((id, i) => !(id === 0 && ids[i - 1] === 0));
}

describe('unigram tokenizer', () => {
  it('finds the best segmentation on random vocabularies and texts (naive twin)', () => {
    const random = mulberry32(2026);
    const alphabet = ['a', 'b', 'c', 'd', WORD_START];
    for (let trial = 0; trial < 300; trial++) {
      const pieces = new Set<string>();
      // Every piece is scored; "e" is never in the vocabulary, so it is always unknown.
      while (pieces.size < 12) pieces.add(Array.from({ length: 1 + Math.floor(random() * 3) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''));
      const vocabulary: VocabularyEntry[] = [...RESERVED, ...[...pieces].map((p): VocabularyEntry => [p, -Math.round(random() * 80) / 10 - 0.1])];
      const text = Array.from({ length: 1 + Math.floor(random() * 9) }, () => ['a', 'b', 'c', 'd', ' ', 'e'][Math.floor(random() * 6)]).join('');
      const tokenizer = new UnigramTokenizer(vocabulary);
      const expected = naiveBest(UnigramTokenizer.symbolsOf(text), vocabulary);
      expect(tokenizer.encode(text), `${JSON.stringify(text)} with ${JSON.stringify([...pieces])}`).toEqual(mergeUnknowns(expected.ids));
    }
  });

  it('marks word starts, prefers the likelier cut, and folds a run of unknown characters into one id', () => {
    const vocabulary: VocabularyEntry[] = [...RESERVED, [`${WORD_START}the`, -2], [`${WORD_START}t`, -3], ['he', -3], ['h', -4], ['e', -4], [`${WORD_START}`, -5], ['cat', -2], [`${WORD_START}cat`, -2.5]];
    const tokenizer = new UnigramTokenizer(vocabulary);
    expect(tokenizer.encode('the cat')).toEqual([6, 13]);
    expect(tokenizer.encode('the')).toEqual([6]);
    // "東京" starts no piece: one unknown id for both characters.
    expect(tokenizer.encode('the 東京')).toEqual([6, 11, 0]);
    expect(tokenizer.encode('')).toEqual([]);
  });

  it('normalises with NFKC first, as the model was trained (a ligature is its letters)', () => {
    const vocabulary: VocabularyEntry[] = [...RESERVED, [`${WORD_START}fi`, -1], ['f', -5], ['i', -5], [WORD_START, -5]];
    expect(new UnigramTokenizer(vocabulary).encode('\uFB01')).toEqual([6]);
  });
});
