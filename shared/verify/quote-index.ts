/**
 * Finds which paragraph of a whole library a quote comes from, fast. A word-trigram
 * index proposes a few candidate paragraphs; only those get the (costly) partial-ratio
 * alignment. A naive scan aligns every paragraph: ~0.6-7 ms each, so seconds to
 * minutes on a large library. The bench compares both, verdict for verdict.
 */
import type { NormalizedText } from '../text/normalize';
import { locateNormalized, normalizeForMatching } from './quote-locator';
import { VERIFIED_SCORE } from './verify-quote';

export interface QuoteHit {
  key: string;
  score: number;
  start: number;
  end: number;
}

const shingles = (words: string[]) => {
  const out: string[] = [];
  for (let i = 0; i + 2 < words.length; i++) out.push(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  return out;
};

export class QuoteIndex {
  private readonly postings = new Map<string, string[]>();
  /** Normalised once at indexing time, so a lookup never re-normalises a paragraph. */
  private readonly texts = new Map<string, NormalizedText>();

  add(key: string, text: string): void {
    const normalized = normalizeForMatching(text);
    this.texts.set(key, normalized);
    for (const shingle of new Set(shingles(normalized.text.split(' ')))) {
      const list = this.postings.get(shingle);
      if (list) list.push(key);
      else this.postings.set(shingle, [key]);
    }
  }

  get size(): number {
    return this.texts.size;
  }

  /** Paragraphs sharing the most word trigrams with the quote, with the share of the quote's trigrams each holds. */
  candidates(quote: string, limit = 3): { key: string; share: number }[] {
    const votes = new Map<string, number>();
    const grams = new Set(shingles(normalizeForMatching(quote).text.split(' ').filter(Boolean)));
    for (const shingle of grams) {
      const keys = this.postings.get(shingle);
      // Trigrams found everywhere ("in order to") carry no signal and cost the most.
      if (!keys || keys.length > 2_000) continue;
      for (const key of keys) votes.set(key, (votes.get(key) ?? 0) + 1);
    }
    return [...votes.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([key, n]) => ({ key, share: n / Math.max(1, grams.size) }));
  }

  /**
   * The best location of the quote in the library: prefilter, then align the candidates.
   * With `minShare`, candidates holding fewer of the quote's trigrams are not aligned: a quote
   * that matches at 90 or more keeps most of its trigrams (a dropped word costs three).
   */
  locate(quote: string, options: { limit?: number; minShare?: number; stopAt?: number } = {}): QuoteHit | null {
    const { limit = 3, minShare = 0, stopAt = 100 } = options;
    const q = normalizeForMatching(quote.replace(/^["'“”‘’]+|["'“”‘’]+$/gu, ''));
    let best: QuoteHit | null = null;
    for (const { key, share } of this.candidates(quote, limit)) {
      if (share < minShare) break;
      const location = locateNormalized(q, this.texts.get(key)!);
      if (!best || location.score > best.score) best = { key, ...location };
      if (best.score >= stopAt) break;
    }
    return best;
  }

  /** The verdict only: stops at the first candidate that verifies, skips hopeless ones. */
  isVerified(quote: string): boolean {
    return (this.locate(quote, { limit: 2, minShare: 0.25, stopAt: VERIFIED_SCORE })?.score ?? 0) >= VERIFIED_SCORE;
  }
}
