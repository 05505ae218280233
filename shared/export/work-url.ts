/** Where a citation links: the work's own http(s) URL (the arXiv abs page for arXiv papers), else its DOI. */
import { parseDoi, parseWebUrl } from '../model/identifiers';
import type { WorkRecord } from '../cite';

export function workUrl(record: WorkRecord | undefined): string | undefined {
  if (!record) return undefined;
  const url = typeof record.URL === 'string' ? parseWebUrl(record.URL) : null;
  if (url) return url;
  const doi = typeof record.DOI === 'string' ? parseDoi(record.DOI) : null;
  return doi ? `https://doi.org/${encodeURI(doi)}` : undefined;
}
