/**
 * The pane's own library, for where no extension runs (Word on Windows or Mac): a
 * LibraryService over IndexedDB in the pane's origin, filled from a library bundle the
 * side panel exports, from PDF / LaTeXML / paper JSON files, and from arXiv ids through
 * the same capture engine when the network (and the page's CORS rules) allow.
 */
import { parseArxivId, parseArxivUrl, withVersion } from '../shared/extract/arxiv-id';
import { VerbatimError } from '../shared/errors';
import type { LibraryService } from '../shared/library/library-service';
import type { SaveResult } from '../shared/library/library-store';
import type { Answer, LibraryPaper, LibrarySearchHit, PaneLibrary, PaneLibraryDescription, PaperSummary } from './pane-library';

export const LOCAL_LIBRARY_LABEL = "This pane's own library";

export class LocalPaneLibrary implements PaneLibrary {
  readonly kind = 'local' as const;

  constructor(private readonly library: LibraryService) {}

  async describe(): Promise<PaneLibraryDescription> {
    return { kind: this.kind, label: LOCAL_LIBRARY_LABEL, papers: (await this.library.listPapers()).length };
  }

  listPapers(): Promise<PaperSummary[]> {
    return this.library.listPapers();
  }

  search(query: string, options: { paperIds?: string[]; limit?: number } = {}): Promise<LibrarySearchHit[]> {
    return this.library.search(query, options);
  }

  getPaper(paperId: string): Promise<LibraryPaper> {
    return this.library.getPaper(paperId);
  }

  ask(question: string, options: { paperIds?: string[]; signal?: AbortSignal } = {}): Promise<Answer> {
    return this.library.ask(question, options.paperIds, options.signal ? { signal: options.signal } : {});
  }

  /** A LibraryBundle file (the side panel's "Export library"): checked whole before anything is written. */
  importBundle(text: string): Promise<SaveResult[]> {
    return this.library.importBundle(text);
  }

  /** A PDF, LaTeXML HTML or paper JSON file. */
  importFile(fileName: string, bytes: Uint8Array): Promise<SaveResult> {
    return this.library.importBytes(fileName, bytes);
  }

  /** An arXiv id or URL, captured like the extension does (HTML, else ar5iv, else PDF). */
  saveArxivPaper(idOrUrl: string): Promise<SaveResult> {
    const id = parseArxivId(idOrUrl) ?? parseArxivUrl(idOrUrl.trim());
    if (!id) return Promise.reject(new VerbatimError('BAD_IDENTIFIER', idOrUrl.slice(0, 100)));
    return this.library.saveFromUrl(`https://arxiv.org/abs/${withVersion(id.id, id.version)}`);
  }
}
