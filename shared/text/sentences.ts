/** Sentence splitting tuned for scientific prose: abbreviations, "et al.", decimals, initials. */

const ABBREVIATIONS = new Set([
  'al', 'e.g', 'i.e', 'etc', 'fig', 'figs', 'eq', 'eqs', 'sec', 'secs', 'tab', 'ref', 'refs', 'cf', 'vs', 'resp',
  'approx', 'no', 'vol', 'pp', 'ch', 'dr', 'mr', 'ms', 'prof', 'st', 'thm', 'lem', 'def', 'prop', 'cor', 'alg',
  'appx', 'app', 'viz', 'ca', 'est', 'incl', 'max', 'min', 'avg', 'std', 'var',
]);

export interface SentenceSpan {
  text: string;
  start: number;
  end: number;
}

/** Splits text into sentences, returning each with its character offsets in `text`. */
export function splitSentences(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  const boundary = /[.!?]["')\]]*\s+(?=[\p{Lu}\p{N}"'([])/gu;
  let start = 0;
  for (let match = boundary.exec(text); match; match = boundary.exec(text)) {
    const punctuationAt = match.index;
    const before = text.slice(start, punctuationAt + 1);
    const lastWord = /([\p{L}.]+)\.$/u.exec(before)?.[1]?.toLowerCase() ?? '';
    // "et al." "e.g." "Fig." and single initials ("J. Smith") do not end a sentence.
    if (ABBREVIATIONS.has(lastWord) || /^\p{L}$/u.test(lastWord)) continue;
    const end = match.index + match[0].trimEnd().length;
    pushSpan(spans, text, start, end);
    start = match.index + match[0].length;
  }
  pushSpan(spans, text, start, text.length);
  return spans;
}

function pushSpan(spans: SentenceSpan[], text: string, start: number, end: number): void {
  const raw = text.slice(start, end);
  const leading = raw.length - raw.trimStart().length;
  const trimmed = raw.trim();
  if (trimmed) spans.push({ text: trimmed, start: start + leading, end: start + leading + trimmed.length });
}
