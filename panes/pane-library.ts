/**
 * Contract B: the library a writing pane (Word, Google Docs) reads from, whichever
 * library that is: the extension's (over `externally_connectable`) or the pane's own
 * (filled from a library bundle, files, or arXiv ids). Platform-free types only; the
 * adapters live beside this file.
 */
import type { Answer } from '../shared/answer/answer';
import type { PaperSummary } from '../shared/library/library-store';
import type { LibrarySearchHit } from '../shared/library/library-search';
import type { LibraryPaper } from '../shared/model/paper';
import type { WorkRecord } from '../shared/cite';

export type { Answer, LibraryPaper, LibrarySearchHit, PaperSummary, WorkRecord };

export type PaneLibraryKind = 'extension' | 'local';

export interface PaneLibraryDescription {
  kind: PaneLibraryKind;
  /** What the pane shows as "which library": e.g. "Verbatim extension 0.1.0" or "This pane's library". */
  label: string;
  papers: number;
}

export interface PaneLibrary {
  readonly kind: PaneLibraryKind;
  describe(): Promise<PaneLibraryDescription>;
  listPapers(): Promise<PaperSummary[]>;
  search(query: string, options?: { paperIds?: string[]; limit?: number }): Promise<LibrarySearchHit[]>;
  getPaper(paperId: string): Promise<LibraryPaper>;
  ask(question: string, options?: { paperIds?: string[]; signal?: AbortSignal }): Promise<Answer>;
}

/** Where a passage sits in its paper, as a citation locator shows it ("§2.1 ¶3, p. 4"). */
export interface PassageLocator {
  section?: string;
  paragraph?: number;
  page?: number;
}

/** The passage a pane inserts, built by panes/quote-to-insert.ts from a paper + paragraph + [start, end). */
export interface QuoteToInsert {
  paperId: string;
  paragraphId: string;
  /** Offsets into the stored paragraph text; `text` is exactly that slice. */
  start: number;
  end: number;
  text: string;
  locator: PassageLocator;
  /** The primary record: the paper quoted. */
  work: WorkRecord;
  /** Secondary: the works this passage itself cites. */
  citedWorks: WorkRecord[];
}
