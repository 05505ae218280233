/** Whether the arXiv page's paper is already in the library, and which version: what the Save button says before a click. */
import { parseArxivUrl } from '../extract/arxiv-id';
import { compareVersions } from '../model/identifiers';
import type { PaperSummary } from './library-store';

export interface SavedStatus {
  saved: boolean;
  /** The saved version ("v2"), when the library has the paper. */
  version?: string;
  /** The page shows a newer version than the saved one: saving updates it. */
  newerOnPage?: boolean;
  paperId?: string;
}

export function savedStatusFor(url: string, papers: readonly PaperSummary[]): SavedStatus {
  const page = parseArxivUrl(url);
  if (!page) return { saved: false };
  const paper = papers.find((p) => p.arxivId === page.id);
  if (!paper) return { saved: false };
  const newerOnPage = page.version !== null && paper.version !== null && compareVersions(page.version, paper.version) > 0;
  return { saved: true, paperId: paper.id, ...(paper.version ? { version: paper.version } : {}), ...(newerOnPage ? { newerOnPage } : {}) };
}
