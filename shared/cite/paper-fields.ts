/**
 * The citation fields of a saved paper, read once into its PrimaryReference: recordForPaper is
 * the record of that reference, so a paper and the primary reference made from it give the same record.
 */
import type { PrimaryReference } from '../answer/answer';
import { isArxivId, isVersion, parseDoi, parseWebUrl } from '../model/identifiers';
import { libraryIdFor, type LibraryPaper, type Paper } from '../model/paper';

/** A saved paper as an answer cites it: the one place its citation fields are read. */
export function primaryReferenceFor(paper: Paper | LibraryPaper): PrimaryReference {
  const year = paperYear(paper);
  const url = paperCitationUrl(paper);
  const doi = paperCitationDoi(paper);
  const journalRef = publishedJournalRef(paper);
  const arxivCategory = paperArxivCategory(paper);
  return {
    paperId: 'id' in paper ? paper.id : libraryIdFor(paper),
    title: paper.title,
    authors: paper.authors,
    arxivId: paper.arxivId,
    version: paper.version,
    ...(year ? { year } : {}),
    ...(url ? { url } : {}),
    ...(doi ? { doi } : {}),
    ...(journalRef ? { journalRef } : {}),
    ...(arxivCategory ? { arxivCategory } : {}),
  };
}

export function arxivDoi(arxivId: string): string {
  return `10.48550/arXiv.${arxivId}`;
}

/** Year of first publication on arXiv (abs page), else of the first submission, else from a new-style id. */
export function paperYear(paper: Paper): number | undefined {
  const iso = paper.metadata?.published ?? paper.metadata?.submissions[0]?.date;
  const fromDate = iso ? /^(\d{4})-\d{2}-\d{2}/.exec(iso) : null;
  if (fromDate) return Number(fromDate[1]);
  // Only a valid id says when it was submitted.
  return paper.arxivId && isArxivId(paper.arxivId) ? yearFromArxivId(paper.arxivId) : undefined;
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

/** arXiv's primary category ("quant-ph", "cs.AI") when the abs page gave a plausible one. */
export function paperArxivCategory(paper: Paper): string | undefined {
  const category = paper.metadata?.primaryCategory;
  return category && /^[a-z][a-z-]*(?:\.[A-Za-z-]{1,12})?$/.test(category) ? category : undefined;
}

/** New-style ids start with YYMM of first submission: 2104.01180 -> 2021. */
export function yearFromArxivId(arxivId: string | null): number | undefined {
  const m = /^(\d{2})(\d{2})\.\d{4,5}/.exec(arxivId ?? '') ?? /\/(\d{2})(\d{2})\d{3}/.exec(arxivId ?? '');
  if (!m) return undefined;
  const yy = Number(m[1]);
  return yy >= 91 ? 1900 + yy : 2000 + yy;
}
