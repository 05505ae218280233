/**
 * When a model's quote fails verification, the user still deserves the real passage:
 * the failing quote is snapped to the most similar real sentence among the retrieved
 * paragraphs, if one is similar enough. The shown quote is then always stored text.
 */
import { token_set_ratio } from 'fuzzball';
import { splitSentences } from '../text/sentences';
import { normalizeForMatching } from './quote-locator';

export const SNAP_MIN_SCORE = 80;

export interface SnapCandidate {
  paperId: string;
  paragraphId: string;
  text: string;
}

export interface Snapped {
  paperId: string;
  paragraphId: string;
  start: number;
  end: number;
  quote: string;
  score: number;
}

export function snapQuote(quote: string, candidates: readonly SnapCandidate[]): Snapped | null {
  const q = normalizeForMatching(quote).text;
  if (q.split(' ').length < 3) return null;
  let best: Snapped | null = null;
  for (const candidate of candidates) {
    for (const sentence of splitSentences(candidate.text)) {
      const score = token_set_ratio(q, normalizeForMatching(sentence.text).text, { full_process: false });
      if (score >= SNAP_MIN_SCORE && (!best || score > best.score)) {
        best = { paperId: candidate.paperId, paragraphId: candidate.paragraphId, start: sentence.start, end: sentence.end, quote: sentence.text, score };
      }
    }
  }
  return best;
}
