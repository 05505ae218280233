/**
 * Finds where a quote sits in a paragraph: a partial-ratio alignment (the best
 * window of the paragraph, scored with fuzzball's Levenshtein ratio) that returns
 * score and character offsets in the original paragraph text.
 *
 * fuzzball's own partial_ratio gives only a score and costs ~7 ms on long strings
 * (with autojunk off, which it needs for correctness). Here candidate windows come
 * from shared word anchors, so only a handful of ratios are computed; the property
 * tests compare the verdicts with fuzzball's partial_ratio.
 */
import { ratio } from 'fuzzball';
import { normalizeWithOffsets, type NormalizedText } from '../text/normalize';

export interface QuoteLocation {
  /** 0-100, fuzzball ratio of the quote against the best window. */
  score: number;
  /** Offsets in the original paragraph text (end exclusive). */
  start: number;
  end: number;
}

const MAX_WINDOWS = 48;

export function normalizeForMatching(text: string): NormalizedText {
  return normalizeWithOffsets(text, { dropPunctuation: true });
}

/** Locates `quote` in `paragraph`. Both are normalised (case, punctuation, Unicode forms) before alignment. */
export function locateQuote(quote: string, paragraph: string): QuoteLocation {
  const q = normalizeForMatching(stripQuoteMarks(quote));
  const p = normalizeForMatching(paragraph);
  return locateNormalized(q, p);
}

export function locateNormalized(q: NormalizedText, p: NormalizedText): QuoteLocation {
  const none: QuoteLocation = { score: 0, start: 0, end: 0 };
  if (!q.text || !p.text) return none;
  const exact = p.text.indexOf(q.text);
  if (exact >= 0) return toOriginal(p, exact, exact + q.text.length, 100);
  if (q.text.length >= p.text.length) {
    // The quote is longer than the paragraph: partial ratio compares the paragraph with the quote's windows.
    return toOriginal(p, 0, p.text.length, bestWindowScore(p.text, q.text).score);
  }
  const { start, score } = bestWindowScore(q.text, p.text);
  const refined = trimWindow(q.text, p.text, start, start + q.text.length, score);
  return toOriginal(p, refined.start, refined.end, score);
}

/** The best window of `long` of `short`'s length, by ratio; candidates come from shared words. */
export function bestWindowScore(short: string, long: string): { start: number; score: number } {
  const m = short.length;
  const maxStart = long.length - m;
  const votes = new Map<number, number>();
  const longWords = wordPositions(long);
  for (const [word, shortPositions] of wordPositions(short)) {
    const longPositions = longWords.get(word);
    if (!longPositions) continue;
    const weight = word.length;
    for (const i of shortPositions) {
      for (const j of longPositions) {
        const start = Math.min(maxStart, Math.max(0, j - i));
        votes.set(start, (votes.get(start) ?? 0) + weight);
      }
    }
  }
  const candidates = [...votes.entries()].sort((a, b) => b[1] - a[1]).slice(0, MAX_WINDOWS).map(([s]) => s);
  if (candidates.length === 0) candidates.push(0, Math.max(0, Math.floor(maxStart / 2)), maxStart);
  let best = { start: 0, score: -1 };
  const tried = new Set<number>();
  const tryStart = (start: number) => {
    if (start < 0 || start > maxStart || tried.has(start)) return;
    tried.add(start);
    const score = ratio(short, long.slice(start, start + m), { full_process: false });
    if (score > best.score) best = { start, score };
  };
  for (const start of candidates) tryStart(start);
  // Local search: dropped or inserted words shift the best window by a few characters.
  for (let step = 1; step <= 12; step++) {
    const around = best.start;
    tryStart(around - step);
    tryStart(around + step);
  }
  return best;
}

/** Shrinks a window to the span that actually matches (for highlighting), keeping the score. */
function trimWindow(quote: string, text: string, start: number, end: number, score: number): { start: number; end: number } {
  const firstWord = quote.split(' ')[0] ?? '';
  const lastWord = quote.split(' ').pop() ?? '';
  let s = start;
  let e = end;
  const head = text.indexOf(firstWord, Math.max(0, start - 12));
  if (firstWord && head >= 0 && head <= start + 12) s = head;
  const tailSearchFrom = Math.max(s, end - lastWord.length - 12);
  const tail = text.indexOf(lastWord, tailSearchFrom);
  if (lastWord && tail >= 0 && tail + lastWord.length <= end + 12) e = tail + lastWord.length;
  if (score < 50) return { start, end };
  return { start: s, end: Math.max(e, s + 1) };
}

function wordPositions(text: string): Map<string, number[]> {
  const positions = new Map<string, number[]>();
  const re = /\S+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].length < 2) continue;
    const list = positions.get(m[0]);
    if (list) list.push(m.index);
    else positions.set(m[0], [m.index]);
  }
  return positions;
}

function toOriginal(p: NormalizedText, start: number, end: number, score: number): QuoteLocation {
  const originalStart = p.offsets[start] ?? 0;
  const lastChar = p.offsets[Math.max(start, end - 1)] ?? originalStart;
  return { score, start: originalStart, end: lastChar + 1 };
}

export function stripQuoteMarks(quote: string): string {
  return quote.trim().replace(/^(?:\.\.\.|…|["'“”‘’])+/u, '').replace(/(?:\.\.\.|…|["'“”‘’])+$/u, '').trim();
}
