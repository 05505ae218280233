/**
 * The citation fields of a saved paper, shared by recordForPaper and collect-references'
 * primaryReference, so that a paper and the primary reference made from it give the same record.
 */
import { isArxivId, isVersion, parseDoi, parseWebUrl } from '../model/identifiers';
import type { Paper } from '../model/paper';

export function arxivDoi(arxivId: string): string {
  return `10.48550/arXiv.${arxivId}`;
}

/** Year of first publication on arXiv (abs page), else of the first submission, else from a new-style id. */
export function paperYear(paper: Paper): number | undefined {
  const iso = paper.metadata?.published ?? paper.metadata?.submissions[0]?.date;
  const fromDate = iso ? /^(\d{4})-\d{2}-\d{2}/.exec(iso) : null;
  if (fromDate) return Number(fromDate[1]);
  return yearFromArxivId(paper.arxivId);
}

/** The DOI to cite: the published one when it passes the strict check, else arXiv's own; a DOI that fails is left out, never copied. */
export function paperCitationDoi(paper: Paper): string | undefined {
  const published = paper.metadata?.doi ? parseDoi(paper.metadata.doi) : paper.doi ? parseDoi(paper.doi) : null;
  const arxivId = paper.arxivId && isArxivId(paper.arxivId) ? paper.arxivId : null;
  return published ?? (arxivId ? arxivDoi(arxivId) : undefined);
}

/** The abs-page URL (with its version when that is valid), else the paper's own web URL. */
export function paperCitationUrl(paper: Paper): string | undefined {
  if (paper.arxivId && isArxivId(paper.arxivId)) return `https://arxiv.org/abs/${paper.arxivId}${paper.version && isVersion(paper.version) ? paper.version : ''}`;
  return paper.url ? parseWebUrl(paper.url) ?? undefined : undefined;
}

/** The journal reference, only when the abs page also gives the published DOI (then the paper is cited as the journal article). */
export function publishedJournalRef(paper: Paper): string | undefined {
  return paper.metadata?.doi && parseDoi(paper.metadata.doi) && paper.metadata.journalRef ? paper.metadata.journalRef : undefined;
}

/** New-style ids start with YYMM of first submission: 2104.01180 -> 2021. */
export function yearFromArxivId(arxivId: string | null): number | undefined {
  const m = /^(\d{2})(\d{2})\.\d{4,5}/.exec(arxivId ?? '') ?? /\/(\d{2})(\d{2})\d{3}/.exec(arxivId ?? '');
  if (!m) return undefined;
  const yy = Number(m[1]);
  return yy >= 91 ? 1900 + yy : 2000 + yy;
}
