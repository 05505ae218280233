/** What every library backend offers: the Dexie store in browsers, the folder library in the CLI. */
import type { LibraryPaper, Paper } from '../model/paper';

export interface PaperSummary {
  id: string;
  arxivId: string | null;
  version: string | null;
  source: Paper['source'];
  title: string;
  authors: string[];
  url?: string;
  savedAt: string;
  paragraphCount: number;
  referenceCount: number;
  citationCount: number;
}

export type SaveStatus = 'saved' | 'updated' | 'unchanged';

export interface SaveResult {
  status: SaveStatus;
  paper: PaperSummary;
  /** The version that was replaced, when status is "updated". */
  previousVersion?: string | null;
}

export interface LibraryStore {
  savePaper(paper: Paper): Promise<SaveResult>;
  listPapers(): Promise<PaperSummary[]>;
  getPaper(id: string): Promise<LibraryPaper | undefined>;
  getAllPapers(): Promise<LibraryPaper[]>;
  deletePaper(id: string): Promise<void>;
  /** Changes whenever the library changes, so callers can cache what they build from it. */
  revision(): Promise<number>;
}

export function summarize(paper: LibraryPaper): PaperSummary {
  return {
    id: paper.id,
    arxivId: paper.arxivId,
    version: paper.version,
    source: paper.source,
    title: paper.title,
    authors: paper.authors,
    ...(paper.url ? { url: paper.url } : {}),
    savedAt: paper.savedAt,
    paragraphCount: paper.paragraphs.length,
    referenceCount: paper.references.length,
    citationCount: paper.paragraphs.reduce((n, p) => n + p.citations.length, 0),
  };
}

/** Version order for arXiv: "v10" is newer than "v9"; a missing version is oldest. */
export function compareVersions(a: string | null, b: string | null): number {
  const n = (v: string | null) => (v ? Number(v.replace(/^v/, '')) : 0);
  return n(a) - n(b);
}
