/** Stage: title (the largest type on page 1's upper half) and authors (the short lines right under it). */
import { headingOf } from '../blocks';
import { joinLines } from '../join-lines';
import type { PlacedLine } from '../layout';
import type { DocumentStyle } from '../style';

export interface FrontMatter {
  title: string;
  authors: string[];
  consumed: Set<PlacedLine>;
}

export const AFFILIATION = /universit|institut|department|school of|laborator|college|@|\bcorp\b|inc\.|research|centre|center|google|microsoft|\bdated\b|\d{5}/i;

export function readFrontMatter(lines: PlacedLine[], style: DocumentStyle): FrontMatter {
  const bodySize = style.bodySize;
  const page1 = lines.filter((l) => l.page === 1);
  const upper = page1.filter((l) => l.y > l.pageHeight * 0.45);
  const maxSize = Math.max(...upper.map((l) => l.size), 0);
  const consumed = new Set<PlacedLine>();
  if (maxSize < bodySize * 1.15) return { title: '', authors: [], consumed };
  const titleLines = upper.filter((l) => Math.abs(l.size - maxSize) < 0.5 && l.text.length > 2);
  titleLines.forEach((l) => consumed.add(l));
  const lastTitle = titleLines[titleLines.length - 1]!;
  const authors: string[] = [];
  for (const line of page1.filter((l) => l.y < lastTitle.y).slice(0, 6)) {
    // Author and affiliation lines are short and centred; the abstract is not.
    // Prose (many lower-case words) is the abstract beginning, not an author line.
    const lowerWords = (line.text.match(/(?:^|\s)\p{Ll}{3,}/gu) ?? []).length;
    if (/^abstract\b/i.test(line.text) || lowerWords >= 5 || line.text.length > 100 || line.x1 - line.x0 > line.pageWidth * 0.55 || headingOf(line, style)) break;
    consumed.add(line);
    if (AFFILIATION.test(line.text)) continue;
    for (const part of line.text.replace(/[\d*†‡§¶∗,]+(?=\s|$)/gu, ',').split(/,|\band\b|&/)) {
      const name = part.replace(/[\d*†‡§¶∗]/gu, '').trim();
      if (/^\p{Lu}[\p{L}.'’-]*(\s+\p{Lu}[\p{L}.'’-]*){1,3}$/u.test(name)) authors.push(name);
    }
  }
  // A footnote mark on the title ("…Learning∗") is not part of it.
  return { title: joinLines(titleLines.map((l) => l.text)).replace(/[\s∗*†‡§¶]+$/u, ''), authors, consumed };
}
