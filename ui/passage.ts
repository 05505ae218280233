/** A cited paragraph ready to show: where it is and what to highlight. */
import type { LibraryPaper, PageBox, Section } from '../shared/model/paper';

export interface Passage {
  paperId: string;
  paragraphId: string;
  paperTitle: string;
  sectionTitle: string;
  text: string;
  highlightStart: number;
  highlightEnd: number;
  /** PDF papers: the page the paragraph starts on. */
  page?: number;
  /** PDF papers: the paragraph's areas on its pages, drawn by the PDF viewer. */
  boxes?: PageBox[];
  /** Where the paper can be read (arXiv HTML or PDF), for "open in paper". */
  url?: string;
  /** Where its full text was read (arxiv.org/html, ar5iv, the PDF). */
  fullTextUrl?: string;
  arxivId?: string | null;
  version?: string | null;
  source?: LibraryPaper['source'];
}

export function sectionLabel(section: Pick<Section, 'number' | 'title'>): string {
  return [section.number, section.title].filter(Boolean).join(' ');
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
    sectionTitle: section ? sectionLabel(section) : '',
    text: paragraph.text,
    highlightStart: start,
    highlightEnd: end,
    ...(paragraph.page !== undefined ? { page: paragraph.page } : {}),
    ...(paragraph.boxes?.length ? { boxes: paragraph.boxes } : {}),
    ...(paper.url ? { url: paper.url } : {}),
    ...(paper.fullTextUrl ? { fullTextUrl: paper.fullTextUrl } : {}),
    arxivId: paper.arxivId,
    version: paper.version,
    source: paper.source,
  };
}
