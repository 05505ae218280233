/** The document's body style: the most common size and font (by characters) and its line spacing. */
import type { PlacedLine } from './layout';
import { mostCommon } from './most-common';

export interface DocumentStyle {
  bodySize: number;
  bodyFont: string;
  /** Typical baseline-to-baseline distance of body text. */
  lineSpacing: number;
}

/** Two lines in one face: the same font at the same size (within the rounding pdf.js leaves). */
export function sameFace(a: { font: string; size: number }, b: { font: string; size: number }): boolean {
  return a.font === b.font && Math.abs(a.size - b.size) < 0.3;
}

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
      if (gap > bodySize * 0.8 && gap < bodySize * 2) spacings.push(gap);
    }
  }
  spacings.sort((a, b) => a - b);
  return { bodySize, bodyFont, lineSpacing: spacings[Math.floor(spacings.length / 2)] ?? bodySize * 1.2 };
}
