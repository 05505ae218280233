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
  primaryCategory?: string;
  /** The user's own labels (kept across new versions of the paper). */
  tags?: string[];
}

export type SaveStatus = 'saved' | 'updated' | 'unchanged';

export interface SaveResult {
  status: SaveStatus;
  paper: PaperSummary;
  /** The version that was replaced, when status is "updated". */
  previousVersion?: string | null;
  /** What was saved but may surprise the user (e.g. no bibliography, so no citation links). */
  warnings?: string[];
}

/** Things worth telling the user about a paper that saved fine. */
export function saveWarnings(paper: Paper): string[] {
  const warnings: string[] = [];
  if (paper.references.length === 0) warnings.push('No bibliography was found, so in-text citations are not linked to references.');
  return warnings;
}

export interface LibraryStore {
  savePaper(paper: Paper): Promise<SaveResult>;
  listPapers(): Promise<PaperSummary[]>;
  getPaper(id: string): Promise<LibraryPaper | undefined>;
  getAllPapers(): Promise<LibraryPaper[]>;
  deletePaper(id: string): Promise<void>;
  /** Changes whenever the library changes, so callers can cache what they build from it. */
  revision(): Promise<number>;
  /** A store that can keep the search index between sessions (the Dexie store); others re-index on start. */
  loadSearchIndex?(): Promise<PersistedSearchIndex | undefined>;
  /** False when the library has moved past `entry.revision` (nothing is written then). */
  saveSearchIndex?(entry: PersistedSearchIndex): Promise<boolean>;
}

export interface PersistedSearchIndex {
  /** The library revision the index was written at: any other revision means it may be stale. */
  revision: number;
  /** The index's own saved form (ParagraphIndexSnapshot), stored as is; checked when read back. */
  snapshot: unknown;
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
    ...(paper.metadata?.primaryCategory ? { primaryCategory: paper.metadata.primaryCategory } : {}),
  };
}

/** Version order lives with the other identifiers; re-exported for the stores. */
export { compareVersions } from '../model/identifiers';
