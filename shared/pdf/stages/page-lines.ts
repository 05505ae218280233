/**
 * Stage 1: items that are not text (invisible glyphs, overprinted copies, line numbers) out, then items to lines, less code listings.
 */
import { buildLines, type PdfLine } from '../lines';
import type { PdfPageText } from '../pdf-text';
import { fixedPitchFonts, invisibleGlyph, lineNumberItems, restoreMathLetters, truncatedMathFonts, withoutOverprintedCopies } from '../rules/item-rules';
import { codeListingLines } from '../rules/line-rules';

export interface PageLines {
  lines: PdfLine[];
  width: number;
  /** How many items each item rule removed, for the debug summary. */
  dropped: Record<string, number>;
}

/** Line numbers are found over the whole document (a draft numbered every fifth line has few a page), so this takes every page. */
export function documentPageLines(pages: PdfPageText[]): PageLines[] {
  const drawn = pages.map((page) => page.items.filter((i) => !invisibleGlyph.test(i)));
  // Maths letters pdf.js cut to 16 bits (truncated-math-letter) are put back before anything reads the text.
  const mathFonts = truncatedMathFonts(drawn.flat());
  const restored = mathFonts.size ? drawn.map((items) => items.map((i) => (mathFonts.has(i.font) ? { ...i, text: restoreMathLetters(i.text) } : i))) : drawn;
  const shown = restored.map(withoutOverprintedCopies);
  const fixed = fixedPitchFonts(shown.flat());
  const visible = fixed.size ? shown.map((items) => items.map((i) => (fixed.has(i.font) ? { ...i, monospace: true } : i))) : shown;
  const numbers = lineNumberItems(visible);
  return pages.map((page, p) => {
    const items = visible[p]!.filter((i) => !numbers.has(i));
    const built = buildLines({ ...page, items });
    const code = codeListingLines(built);
    const lines = code.size ? built.filter((l) => !code.has(l)) : built;
    return { lines, width: page.width, dropped: { 'invisible-glyph': page.items.length - drawn[p]!.length, 'overprinted-copy': drawn[p]!.length - visible[p]!.length, 'line-number': visible[p]!.length - items.length, 'code-listing': code.size } };
  });
}
