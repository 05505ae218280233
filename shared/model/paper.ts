/**
 * The Paper JSON contract (`verbatim extract --json`). Other tools read this exact
 * shape: keys may be added, never renamed or removed.
 */
import type { CslReference } from '../references/csl-reference';

export type PaperSource = 'arxiv-html' | 'pdf' | 'abs';

export type ParagraphKind = 'text' | 'caption' | 'footnote' | 'list' | 'equation' | 'theorem';

export interface Section {
  id: string;
  title: string;
  level: number;
  parentId: string | null;
  /** Numbering as printed ("2.1", "III.1", "A"), when the paper numbers its sections. */
  number?: string;
}

export interface InTextCitation {
  /** The marker as printed, e.g. "[3, 9]" or "(Smith and Jones, 2020a)". */
  marker: string;
  referenceIds: string[];
  /** Character offsets of the marker in the paragraph text. */
  start?: number;
  end?: number;
}

/** Where text sits on a PDF page, in points from the bottom-left corner. */
export interface PageBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Paragraph {
  id: string;
  sectionId: string | null;
  kind: ParagraphKind;
  text: string;
  page?: number;
  /** PDF only: the paragraph's area on each page it covers, for highlighting. */
  boxes?: PageBox[];
  citations: InTextCitation[];
}

export interface Reference {
  id: string;
  raw: string;
  title?: string;
  authors?: string[];
  year?: number;
  venue?: string;
  doi?: string;
  arxivId?: string;
  url?: string;
  /** The label as printed in the bibliography, e.g. "[12]" or "Breiman (2001)". */
  label?: string;
  /** The CSL-JSON-shaped record of the cited work (LaTeXML's marked fields, else the parsed string). */
  csl?: CslReference;
}

export interface SubmissionVersion {
  version: string;
  /** ISO date of the submission, or the date as printed when it cannot be parsed. */
  date: string;
  size?: string;
}

/** What arXiv's abs page says about the paper beyond the contract's core fields. */
export interface ArxivMetadata {
  submissions: SubmissionVersion[];
  primaryCategory?: string;
  subjects: string[];
  comments?: string;
  journalRef?: string;
  /** The published version's DOI, when the authors gave one. */
  doi?: string;
  /** arXiv's own DOI, 10.48550/arXiv.<id>. */
  arxivDoi?: string;
  /** License URL (Creative Commons or arXiv's non-exclusive licence). */
  license?: string;
  /** First publication date on arXiv, YYYY-MM-DD. */
  published?: string;
}

export interface Paper {
  arxivId: string | null;
  version: string | null;
  source: PaperSource;
  title: string;
  authors: string[];
  abstract: string;
  sections: Section[];
  paragraphs: Paragraph[];
  references: Reference[];
  /** Where the paper was read from. */
  url?: string;
  /** Where its full text itself was read (arxiv.org/html, ar5iv or the PDF), when that differs from `url` (an abs page). */
  fullTextUrl?: string;
  /** The paper's DOI when the source states it (a PDF's metadata or its printed first page). */
  doi?: string;
  /** From the abs page, when the paper was saved from arXiv. */
  metadata?: ArxivMetadata;
}

/** A paper as kept in the library: the contract plus the library's own bookkeeping. */
export interface LibraryPaper extends Paper {
  /** Library key: `arxiv:<id>` for arXiv papers, else a content hash. */
  id: string;
  savedAt: string;
}

export function libraryIdFor(paper: Pick<Paper, 'arxivId' | 'title' | 'paragraphs'>): string {
  if (paper.arxivId) return `arxiv:${paper.arxivId}`;
  return `doc:${hashText(paper.title + '\n' + paper.paragraphs.map((p) => p.text).join('\n'))}`;
}

/** FNV-1a, 32 bits, as hex: a stable id for documents without an arXiv id. */
export function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
