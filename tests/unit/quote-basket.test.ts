import { describe, expect, it } from 'vitest';
import { spanToCollect, withQuote, withoutQuote, type CollectedQuote } from '../../ui/quote-basket';

const TEXT = '  We route qubits with a tree search.  ';
const quote = (start: number, end: number): CollectedQuote => ({ paperId: 'p', paragraphId: 'x', paperTitle: 'T', start, end, text: TEXT.slice(start, end) });

describe('spanToCollect', () => {
  it('prefers the selection, trimmed of spaces', () => {
    expect(spanToCollect(TEXT, { start: 5, end: 10 }, { start: 1, end: 12 })).toEqual({ start: 2, end: 12 });
  });
  it('takes the highlight when nothing is selected, and the whole paragraph (trimmed) when neither is there', () => {
    expect(spanToCollect(TEXT, { start: 5, end: 10 }, null)).toEqual({ start: 5, end: 10 });
    expect(spanToCollect(TEXT, { start: 0, end: 0 }, { start: 4, end: 4 })).toEqual({ start: 2, end: TEXT.length - 2 });
  });
  it('clamps offsets outside the text and never returns an empty span', () => {
    expect(spanToCollect(TEXT, { start: 0, end: 0 }, { start: 30, end: 500 })).toEqual({ start: 30, end: TEXT.length - 2 });
    const blank = spanToCollect(TEXT, { start: 0, end: 0 }, { start: 0, end: 2 });
    expect(blank.end).toBeGreaterThan(blank.start);
  });
});

describe('the collected quotes', () => {
  it('keeps one copy of a span, in the order collected, and removes by position', () => {
    let quotes = withQuote([], quote(2, 12));
    quotes = withQuote(quotes, quote(14, 20));
    quotes = withQuote(quotes, quote(2, 12));
    expect(quotes.map((q) => q.start)).toEqual([2, 14]);
    expect(withoutQuote(quotes, 0).map((q) => q.start)).toEqual([14]);
  });
});
