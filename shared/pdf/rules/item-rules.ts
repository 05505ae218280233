/** Rules on raw text items, before lines exist: what is not text at all. */
import type { PdfTextItem } from '../pdf-text';
import { defineRule } from '../rule';

export const invisibleGlyph = defineRule({
  name: 'invisible-glyph',
  why: 'Figures made with LaTeXiT carry their source as sub-pixel text (~5e-7 pt); it outweighs the body and is not paper text.',
  constants: { minSize: 1.5 },
  test: (item: PdfTextItem) => item.size < 1.5,
});

const BARE_NUMBER = /^\s*\d{1,4}\s*$/;

/**
 * Line numbers of review drafts (lineno, journal review modes): a stack of bare numbers
 * at one x (aligned left or right) counting up down the page, in the margin or the gutter.
 */
export const lineNumberColumn = defineRule({
  name: 'line-number',
  why: 'Margin and gutter line numbers glued into text lines break column detection and pollute the text.',
  constants: { minStack: 8, alignTolerance: 2, increasingShare: 0.8 },
  test: (stack: PdfTextItem[]) => {
    if (stack.length < 8) return false;
    const ordered = [...stack].sort((a, b) => b.y - a.y);
    let increasing = 0;
    for (let i = 1; i < ordered.length; i++) if (Number(ordered[i]!.text) > Number(ordered[i - 1]!.text)) increasing++;
    return increasing >= (ordered.length - 1) * 0.8;
  },
});

/** A number that touches text on its line is a label (a superscript entry number), not a margin line number. */
function isolated(number: PdfTextItem, items: PdfTextItem[]): boolean {
  const reach = Math.max(number.size, 3);
  return !items.some((o) => o !== number && o.text.trim() && Math.abs(o.y - number.y) < reach * 1.2 &&
    ((o.x >= number.x + number.width - 0.5 && o.x - (number.x + number.width) < reach) || (o.x + o.width <= number.x + 0.5 && number.x - (o.x + o.width) < 1)));
}

/** The items of a page that are line numbers: isolated bare numbers grouped by a shared left or right edge. */
export function lineNumberItems(items: PdfTextItem[]): Set<PdfTextItem> {
  const numbers = items.filter((i) => BARE_NUMBER.test(i.text) && !i.rotated && isolated(i, items));
  const found = new Set<PdfTextItem>();
  const tolerance = lineNumberColumn.constants.alignTolerance;
  for (const edge of [(i: PdfTextItem) => i.x, (i: PdfTextItem) => i.x + i.width]) {
    const groups = new Map<number, PdfTextItem[]>();
    for (const item of numbers) {
      const key = Math.round(edge(item) / tolerance);
      groups.set(key, [...(groups.get(key) ?? []), item]);
    }
    for (const group of groups.values()) if (lineNumberColumn.test(group)) group.forEach((i) => found.add(i));
  }
  return found;
}
