/** A cited paragraph ready to show: where it is and what to highlight. */
import type { LibraryPaper } from '../shared/model/paper';

export interface Passage {
  paperId: string;
  paragraphId: string;
  paperTitle: string;
  sectionTitle: string;
  text: string;
  highlightStart: number;
  highlightEnd: number;
}

export type PassageLoader = (paperId: string, paragraphId: string) => Promise<LibraryPaper>;

export function passageFrom(paper: LibraryPaper, paragraphId: string, start: number, end: number): Passage | null {
  const paragraph = paper.paragraphs.find((p) => p.id === paragraphId);
  if (!paragraph) return null;
  const section = paper.sections.find((s) => s.id === paragraph.sectionId);
  return {
    paperId: paper.id,
    paragraphId,
    paperTitle: paper.title,
    sectionTitle: section ? [section.number, section.title].filter(Boolean).join(' ') : '',
    text: paragraph.text,
    highlightStart: start,
    highlightEnd: end,
  };
}
