/** The document's body style: the most common size and font (by characters) and its line spacing. */
import type { PlacedLine } from './layout';
import { mostCommon } from './most-common';

export interface DocumentStyle {
  bodySize: number;
  bodyFont: string;
  /** Typical baseline-to-baseline distance of body text. */
  lineSpacing: number;
}

/**
 * What the line spacing adds to single spacing (0 for a paper set solid or single-spaced; about a size for a
 * manuscript double-spaced in a word processor). Gaps that mark titles and entries are read net of it.
 */
export function extraLeading(style: Pick<DocumentStyle, 'bodySize' | 'lineSpacing'>): number {
  return Math.max(0, style.lineSpacing - style.bodySize * SINGLE_SPACING_SIZES);
}

/**
 * A word processor's indents (first line, hanging) are half an inch whatever the type size: 36 points, with slack.
 * TeX's are one or two ems; a rule that bounds an indent in sizes takes this as its floor.
 */
export const HALF_INCH_INDENT_POINTS = 40;

/** Single spacing, in body sizes: TeX's 1.2 and a word processor's 1.15-1.2, with a little slack. */
export const SINGLE_SPACING_SIZES = 1.25;

/** Two lines in one face: the same font at the same size (within the rounding pdf.js leaves). */
export function sameFace(a: { font: string; size: number }, b: { font: string; size: number }): boolean {
  return a.font === b.font && Math.abs(a.size - b.size) < 0.3;
}

/** The fonts of a line's pieces that hold letters, in order (a space or a stop may come in another font). */
export function letterFontsOf(line: { text: string; font: string; pieces: readonly { start: number; end: number; font?: string }[] }): string[] {
  return line.pieces.filter((p) => /\p{L}/u.test(line.text.slice(p.start, p.end))).map((p) => p.font ?? line.font);
}

/** The widest baseline distance read as line spacing, in body sizes (wider gaps are paragraph or block breaks). */
export const MAX_LINE_SPACING_SIZES = 3;

export function documentStyle(lines: PlacedLine[]): DocumentStyle {
  const sizeChars = new Map<number, number>();
  const fontChars = new Map<string, number>();
  for (const l of lines) {
    const size = Math.round(l.size * 2) / 2;
    sizeChars.set(size, (sizeChars.get(size) ?? 0) + l.text.length);
    fontChars.set(l.font, (fontChars.get(l.font) ?? 0) + l.text.length);
  }
  const bodySize = mostCommon(sizeChars) ?? 10;
  const bodyFont = mostCommon(fontChars) ?? '';
  const spacings: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1]!;
    const b = lines[i]!;
    if (a.page === b.page && a.column === b.column && Math.abs(a.size - bodySize) < 0.6 && Math.abs(b.size - bodySize) < 0.6) {
      const gap = a.y - b.y;
      // Up to three sizes: a manuscript double-spaced in a word processor sets its baselines 2.3-2.4 sizes apart.
      if (gap > bodySize * 0.8 && gap < bodySize * MAX_LINE_SPACING_SIZES) spacings.push(gap);
    }
  }
  spacings.sort((a, b) => a - b);
  return { bodySize, bodyFont, lineSpacing: spacings[Math.floor(spacings.length / 2)] ?? bodySize * 1.2 };
}
