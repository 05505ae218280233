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
  // Guards look at the span widened to whole words, so a number cut off at the window edge is
  // still seen, but never at the next word: "have" must not pick up the "no" that follows it.
  const source = paragraphText.slice(wordStart(paragraphText, location.start), wordEnd(paragraphText, location.end));
  const guard = checkGuards(quote, source);
  if (guard) return { ...verdict, guard };
  return { ...verdict, verified: true };
}

const WORD_CHAR = /[\p{L}\p{N}.,%]/u;

function wordStart(text: string, start: number): number {
  let i = start;
  while (i > 0 && WORD_CHAR.test(text[i - 1]!) && WORD_CHAR.test(text[i]!)) i--;
  return i;
}

function wordEnd(text: string, end: number): number {
  let i = end;
  while (i < text.length && WORD_CHAR.test(text[i]!) && WORD_CHAR.test(text[i - 1]!)) i++;
  return i;
}
