/** The verdict on one quote against one paragraph: located, scored, guarded. */
import { checkGuards, type GuardFailure } from './guards';
import { locateQuote } from './quote-locator';

export const VERIFIED_SCORE = 90;

export interface QuoteVerdict {
  verified: boolean;
  score: number;
  start: number;
  end: number;
  /** Why a quote with a passing score still failed. */
  guard?: GuardFailure;
}

export function verifyQuote(quote: string, paragraphText: string): QuoteVerdict {
  const location = locateQuote(quote, paragraphText);
  const verdict: QuoteVerdict = { verified: false, score: location.score, start: location.start, end: location.end };
  if (location.score < VERIFIED_SCORE) return verdict;
  // Guards look at a slightly wider span, so a number cut off at the window edge is still seen.
  const source = paragraphText.slice(Math.max(0, location.start - 3), Math.min(paragraphText.length, location.end + 3));
  const guard = checkGuards(quote, source);
  if (guard) return { ...verdict, guard };
  return { ...verdict, verified: true };
}
