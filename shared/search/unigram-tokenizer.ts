/**
 * SentencePiece's unigram segmentation, as the Universal Sentence Encoder (lite) was
 * trained with it: the text (NFKC, each space made "▁", one "▁" in front) is cut into
 * the vocabulary's pieces so that the sum of their log-probabilities is the highest
 * (Viterbi over character positions). A character no piece starts with is the unknown
 * piece (id 0), and a run of unknowns is one id, as TensorFlow.js's tokenizer for the
 * model does. Tested against a naive twin that tries every segmentation.
 */

/** "▁", SentencePiece's mark for a word start. */
export const WORD_START = '\u2581';

/** A vocabulary entry: the piece and its log-probability. */
export type VocabularyEntry = readonly [piece: string, score: number];

const UNKNOWN_ID = 0;

interface TrieNode {
  children: Map<string, TrieNode>;
  /** The vocabulary id of the piece ending here, or -1. */
  id: number;
}

export class UnigramTokenizer {
  private readonly root: TrieNode = { children: new Map(), id: -1 };

  /** The first `reserved` entries (unknown, <s>, </s>, control ids) are never matched. */
  constructor(private readonly vocabulary: readonly VocabularyEntry[], reserved = 6) {
    for (let id = reserved; id < vocabulary.length; id++) {
      let node = this.root;
      for (const char of vocabulary[id]![0]) {
        let next = node.children.get(char);
        if (!next) node.children.set(char, (next = { children: new Map(), id: -1 }));
        node = next;
      }
      node.id = id;
    }
  }

  /** The text as SentencePiece sees it: one array element per code point. */
  static symbolsOf(text: string): string[] {
    const normalized = text.normalize('NFKC');
    return normalized ? [...(WORD_START + normalized.replace(/ /g, WORD_START))] : [];
  }

  /** The ids of the best segmentation. */
  encode(text: string): number[] {
    const symbols = UnigramTokenizer.symbolsOf(text);
    const n = symbols.length;
    const best = new Float64Array(n + 1).fill(-Infinity);
    const lastId = new Int32Array(n + 1).fill(-1);
    const lastStart = new Int32Array(n + 1).fill(-1);
    best[0] = 0;
    for (let start = 0; start < n; start++) {
      if (best[start] === -Infinity) continue;
      let node: TrieNode | undefined = this.root;
      let matched = false;
      for (let end = start; end < n && node; end++) {
        node = node.children.get(symbols[end]!);
        if (!node || node.id < 0) continue;
        matched = true;
        this.relax(best, lastId, lastStart, start, end + 1, node.id, this.vocabulary[node.id]![1]);
      }
      // No piece starts with this character: it is the unknown piece, at no cost (as the model's own tokenizer scores it).
      if (!matched) this.relax(best, lastId, lastStart, start, start + 1, UNKNOWN_ID, 0);
    }
    const ids: number[] = [];
    for (let end = n; end > 0; end = lastStart[end]!) ids.push(lastId[end]!);
    ids.reverse();
    return ids.filter((id, i) => !(id === UNKNOWN_ID && ids[i - 1] === UNKNOWN_ID));
  }

  /** Ties go to the later start, i.e. the shorter last piece, as in the model's own tokenizer. */
  private relax(best: Float64Array, lastId: Int32Array, lastStart: Int32Array, start: number, end: number, id: number, score: number): void {
    const candidate = best[start]! + score;
    if (candidate >= best[end]!) {
      best[end] = candidate;
      lastId[end] = id;
      lastStart[end] = start;
    }
  }
}
