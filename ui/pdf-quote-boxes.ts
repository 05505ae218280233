/**
 * Where a quote sits on a rendered PDF page, from pdf.js text items: the rectangles (PDF points,
 * origin bottom-left) covering exactly the quoted characters, one per text item they touch.
 *
 * The stored paragraph text and the page's items differ in everything the extractor normalised
 * (line-end hyphens joined, ligatures split, accents combined, spaces collapsed), so both sides
 * are compared as their letters and digits only ("skeletons"), each skeleton character mapped back
 * to its item and offset. A short quote can occur twice on a page: the occurrence that starts
 * inside the paragraph's own boxes wins.
 */
import type { PageBox } from '../shared/model/paper';

export interface PageTextItem {
  str: string;
  /** pdf.js transform [a, b, c, d, e, f]: (e, f) is the baseline origin, a and d the scale. */
  transform: number[];
  /** Advance width of the whole string, in PDF points. */
  width: number;
  height: number;
}

export interface QuoteRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface QuoteOnPage {
  rects: QuoteRect[];
  /** The page's own characters that were matched, for checking and for screen readers. */
  matchedText: string;
}

/** Letters and digits, lower-cased, accents and ligatures decomposed: what survives any extraction. */
function skeletonChars(text: string): { chars: string; at: number[] } {
  let chars = '';
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const plain = text[i]!.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    for (const ch of plain) {
      if (/[\p{L}\p{N}]/u.test(ch)) {
        chars += ch;
        at.push(i);
      }
    }
  }
  return { chars, at };
}

function insideBoxes(item: PageTextItem, boxes: readonly QuoteRect[]): boolean {
  const [, , , , x, y] = item.transform as [number, number, number, number, number, number];
  return boxes.some((b) => x >= b.x - 2 && x <= b.x + b.width + 2 && y >= b.y - 2 && y <= b.y + b.height + 2);
}

export function quoteRectsOnPage(items: readonly PageTextItem[], quote: string, paragraphBoxes: readonly PageBox[] | QuoteRect[] = []): QuoteOnPage | null {
  const needle = skeletonChars(quote).chars;
  if (needle.length === 0) return null;
  // The page as one skeleton, each character remembering its item and offset in the item.
  let page = '';
  const owner: { item: number; offset: number }[] = [];
  items.forEach((item, index) => {
    const { chars, at } = skeletonChars(item.str);
    page += chars;
    for (const offset of at) owner.push({ item: index, offset });
  });
  const starts: number[] = [];
  for (let from = page.indexOf(needle); from !== -1; from = page.indexOf(needle, from + 1)) starts.push(from);
  if (!starts.length) return null;
  const start = starts.find((s) => insideBoxes(items[owner[s]!.item]!, paragraphBoxes)) ?? starts[0]!;
  const end = start + needle.length - 1;

  // Per item touched: the first and last quoted character offsets.
  const spans = new Map<number, { from: number; to: number }>();
  for (let k = start; k <= end; k++) {
    const { item, offset } = owner[k]!;
    const span = spans.get(item);
    if (span) span.to = offset;
    else spans.set(item, { from: offset, to: offset });
  }
  const rects: QuoteRect[] = [];
  let matchedText = '';
  for (const [index, { from, to }] of [...spans].sort((a, b) => a[0] - b[0])) {
    const item = items[index]!;
    const [, , , d, x, y] = item.transform as [number, number, number, number, number, number];
    const length = Math.max(1, item.str.length);
    const fontHeight = item.height || Math.abs(d) || 10;
    // Glyph widths are not in the text content: characters share the item's width evenly.
    rects.push({ x: x + (item.width * from) / length, y: y - fontHeight * 0.25, width: (item.width * (to + 1 - from)) / length, height: fontHeight * 1.2 });
    matchedText += (matchedText ? ' ' : '') + item.str.slice(from, to + 1);
  }
  return { rects, matchedText };
}

/** The skeleton of a text, exported so tests and callers can compare what was matched with what was asked. */
export function textSkeleton(text: string): string {
  return skeletonChars(text).chars;
}
