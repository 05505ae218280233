/**
 * Meaning guards: a fuzzy score of 95 can hide "increased" -> "did not increase",
 * "12%" -> "21%" or "BERT" -> "GPT". These checks fail a quote whose numbers,
 * negations or names differ from the matched source span, whatever its score.
 */
import { tokenize } from '../text/normalize';

export type GuardFailure = 'number' | 'negation' | 'polarity' | 'name';

const NEGATIONS = new Set(['not', 'no', 'never', 'neither', 'nor', 'none', 'cannot', 'without', 'nothing', 'nobody', 'nowhere', 'hardly', 'unlikely', 'fails', 'fail', 'failed']);

export function negationCount(tokens: string[]): number {
  let count = 0;
  for (const t of tokens) if (NEGATIONS.has(t) || t.endsWith("n't")) count++;
  return count;
}

/** Words whose swap for an antonym flips a claim ("more" -> "less"); they must match one for one. */
export const POLARITY: ReadonlySet<string> = new Set([
  'more', 'less', 'fewer', 'higher', 'lower', 'larger', 'smaller', 'greater', 'better', 'worse', 'best', 'worst',
  'increase', 'increases', 'increased', 'increasing', 'decrease', 'decreases', 'decreased', 'decreasing',
  'improve', 'improves', 'improved', 'degrade', 'degrades', 'degraded', 'above', 'below', 'maximum', 'minimum',
  'outperform', 'outperforms', 'outperformed', 'underperform', 'underperforms', 'positive', 'negative',
  'faster', 'slower', 'strong', 'weak', 'stronger', 'weaker', 'before', 'after', 'most', 'least', 'all', 'some',
  'longer', 'shorter', 'earlier', 'later', 'rise', 'rises', 'rose', 'fall', 'falls', 'fell', 'underperformed', 'upward', 'downward',
]);

function polarityWords(tokens: string[]): string {
  return tokens.filter((t) => POLARITY.has(t)).sort().join(' ');
}

function numbers(text: string): string[] {
  return (text.match(/\d+(?:[.,]\d+)*/g) ?? []).map((n) => n.replace(/,/g, ''));
}

/** Capitalised words past the first, acronyms and mixed-case names (BERT, GPT-4, McNemar). */
function names(original: string): string[] {
  const words = original.match(/[\p{L}][\p{L}\p{N}-]*/gu) ?? [];
  return words.slice(1).filter((w) => /^\p{Lu}/u.test(w) && w.length > 1).map((w) => w.toLowerCase());
}

/** True when `part` occurs in `whole` as a run of consecutive items. */
function isContiguousRun(part: string[], whole: string[]): boolean {
  if (!part.length) return true;
  for (let i = 0; i + part.length <= whole.length; i++) if (part.every((p, j) => whole[i + j] === p)) return true;
  return false;
}

export function checkGuards(quote: string, matchedSource: string): GuardFailure | null {
  // The quote's numbers, in order, must be the source span's: "from 2011 to 2012" is not "from 2004 to 2012"
  // just because 2011 appears a few words later.
  if (!isContiguousRun(numbers(quote), numbers(matchedSource))) return 'number';
  if (negationCount(tokenize(quote)) !== negationCount(tokenize(matchedSource))) return 'negation';
  // The source span may run a few words past the quote, so only demand that each polarity word the quote uses is there.
  const sourcePolarity = new Set(polarityWords(tokenize(matchedSource)).split(' '));
  if (polarityWords(tokenize(quote)).split(' ').some((w) => w && !sourcePolarity.has(w))) return 'polarity';
  const sourceWords = new Set(tokenize(matchedSource));
  const sourceText = matchedSource.toLowerCase();
  for (const name of names(quote)) {
    if (!sourceWords.has(name) && !sourceText.includes(name)) return 'name';
  }
  return null;
}
