/**
 * Stage 1, per page: items that are not text (invisible glyphs, line numbers) out, then items to lines.
 */
import { buildLines, type PdfLine } from '../lines';
import type { PdfPageText } from '../pdf-text';
import { invisibleGlyph, lineNumberItems } from '../rules/item-rules';

export interface PageLines {
  lines: PdfLine[];
  width: number;
  /** How many items each item rule removed, for the debug summary. */
  dropped: Record<string, number>;
}

export function pageLines(page: PdfPageText): PageLines {
  const visible = page.items.filter((i) => !invisibleGlyph.test(i));
  const numbers = lineNumberItems(visible);
  const items = visible.filter((i) => !numbers.has(i));
  const lines = buildLines({ ...page, items });
  return { lines, width: page.width, dropped: { 'invisible-glyph': page.items.length - visible.length, 'line-number': numbers.size } };
}
