import { describe, expect, it } from 'vitest';
import { quoteRectsOnPage, textSkeleton, type PageTextItem } from '../../ui/pdf-quote-boxes';

/** A line of text as pdf.js gives it: 5 pt per character, baseline at y. */
const line = (str: string, x: number, y: number): PageTextItem => ({ str, transform: [10, 0, 0, 10, x, y], width: str.length * 5, height: 10 });

describe('quoteRectsOnPage', () => {
  it('covers exactly the quoted characters of one line', () => {
    const found = quoteRectsOnPage([line('We route qubits with a tree search.', 72, 700)], 'qubits with');
    expect(found!.rects).toEqual([{ x: 72 + 9 * 5, y: 700 - 2.5, width: 11 * 5, height: 12 }]);
    expect(found!.matchedText).toBe('qubits with');
  });

  it('follows a quote across a line break and a hyphen the extractor joined, one rectangle per line', () => {
    const items = [line('the transformed circuit is avail-', 72, 700), line('able to every user of the device.', 72, 688)];
    const found = quoteRectsOnPage(items, 'circuit is available to every user');
    expect(found!.rects).toHaveLength(2);
    expect(found!.rects[0]!.x).toBe(72 + 16 * 5);
    expect(found!.rects[1]).toMatchObject({ x: 72, y: 688 - 2.5 });
    expect(textSkeleton(found!.matchedText)).toBe(textSkeleton('circuit is available to every user'));
  });

  it('matches ligatures and accents whichever side has them decomposed', () => {
    expect(quoteRectsOnPage([line('an efﬁcient Möbius map', 0, 0)], 'efficient Mo\u0308bius')).not.toBeNull();
  });

  it('prefers the occurrence inside the paragraph boxes', () => {
    const items = [line('tree search', 72, 700), line('tree search', 72, 300)];
    const found = quoteRectsOnPage(items, 'tree search', [{ page: 1, x: 60, y: 280, width: 400, height: 40 }]);
    expect(found!.rects[0]!.y).toBe(300 - 2.5);
  });

  it('says so when the quote is not on the page, or has no letters', () => {
    expect(quoteRectsOnPage([line('something else', 0, 0)], 'tree search')).toBeNull();
    expect(quoteRectsOnPage([line('something else', 0, 0)], '— , .')).toBeNull();
  });
});
