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
import { distance as levenshtein } from 'fastest-levenshtein';
import { normalizeWithOffsets, type NormalizedText } from '../text/normalize';

export interface QuoteLocation {
  /** 0-100: fuzzball ratio of the quote against the best-matching span. */
  score: number;
  /** Offsets in the original paragraph text (end exclusive). */
  start: number;
  end: number;
}

const MAX_WINDOWS = 6;

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
  const refined = trimWindow(q.text, p.text, start, Math.min(p.text.length, start + q.text.length), score);
  return toOriginal(p, refined.start, refined.end, score);
}

/**
 * The best window of `long` of `short`'s length, by ratio; candidates come from shared words.
 * As in fuzzball's partial_ratio, a window may run past the end of `long` and is then cut short:
 * that is what lets a quote with an inserted word still match the end of a paragraph.
 */
export function bestWindowScore(short: string, long: string): { start: number; score: number } {
  const m = short.length;
  const maxStart = long.length - 1;
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
  // Starts a few characters apart test nearly the same window: keep the best-voted start of each cluster.
  const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1]);
  const candidates: number[] = [];
  for (const [start] of ranked) {
    if (candidates.length >= MAX_WINDOWS) break;
    if (candidates.some((c) => Math.abs(c - start) <= 2)) continue;
    candidates.push(start);
  }
  if (candidates.length === 0) candidates.push(0, Math.max(0, Math.floor((long.length - m) / 2)), Math.max(0, long.length - m));
  let best = { start: 0, score: -1 };
  const tried = new Map<number, number>();
  const scoreAt = (start: number): number => {
    if (start < 0 || start > maxStart) return -1;
    let score = tried.get(start);
    if (score === undefined) {
      const span = long.slice(start, start + m);
      // Levenshtein distance (substitutions cost 1) is at most the indel distance behind fuzzball's ratio,
      // so this bound is never below the real score: a span that cannot beat the best is skipped, exactly.
      const bound = 100 * (1 - levenshtein(short, span) / (short.length + span.length));
      score = bound < best.score ? -1 : ratio(short, span, { full_process: false });
      tried.set(start, score);
      if (score > best.score || (score === best.score && start < best.start)) best = { start, score };
    }
    return score;
  };
  for (const start of candidates) {
    scoreAt(start);
    if (best.score === 100) return best;
  }
  // Hill-climb from the best window: dropped or inserted words shift it by a few characters.
  for (let improved = true; improved; ) {
    improved = false;
    const here = best.score;
    for (const step of [-1, 1, -2, 2, -4, 4, -8, 8]) {
      if (scoreAt(best.start + step) > here) {
        improved = true;
        break;
      }
    }
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
