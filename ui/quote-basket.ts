/**
 * Quotes the user collects from passages to export together (a .docx, rich text, LaTeX…):
 * each a span of a stored paragraph, so what is exported is always the stored text itself.
 */
import type { QuoteSelection } from '../shared/export/build-export-document';

export interface CollectedQuote extends QuoteSelection {
  paperTitle: string;
  text: string;
}

/** Adds a quote unless the same span is already there; order is the order of collecting. */
export function withQuote(quotes: readonly CollectedQuote[], quote: CollectedQuote): CollectedQuote[] {
  const same = (q: QuoteSelection) => q.paperId === quote.paperId && q.paragraphId === quote.paragraphId && q.start === quote.start && q.end === quote.end;
  return quotes.some(same) ? [...quotes] : [...quotes, quote];
}

export function withoutQuote(quotes: readonly CollectedQuote[], index: number): CollectedQuote[] {
  return quotes.filter((_, i) => i !== index);
}

/**
 * The span to collect from a shown paragraph: the user's selection inside it when there is one,
 * else the highlighted quote, else the whole paragraph. Offsets are clamped to the text and
 * trimmed of surrounding spaces, so a sloppy drag still gives a clean quote.
 */
export function spanToCollect(text: string, highlight: { start: number; end: number }, selection: { start: number; end: number } | null): { start: number; end: number } {
  const pick = selection && selection.end > selection.start ? selection : highlight.end > highlight.start ? highlight : { start: 0, end: text.length };
  let start = Math.max(0, Math.min(pick.start, text.length));
  let end = Math.max(start, Math.min(pick.end, text.length));
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end > start ? { start, end } : { start: 0, end: text.length };
}
