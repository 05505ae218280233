/**
 * arXiv abs pages: the `citation_*` meta tags plus the page's own markup for what the
 * tags leave out (version, HTML full-text link, withdrawal notice).
 */
import { collapseWhitespace } from '../text/normalize';
import { parseArxivId } from './arxiv-id';

export interface AbsMetadata {
  arxivId: string | null;
  version: string | null;
  title: string;
  authors: string[];
  abstract: string;
  date?: string;
  pdfUrl?: string;
  /** Link to the HTML full text, when arXiv offers one. */
  htmlUrl?: string;
  withdrawn: boolean;
}

function meta(dom: Document, name: string): string[] {
  return Array.from(dom.querySelectorAll(`meta[name="${name}"]`))
    .map((m) => collapseWhitespace(m.getAttribute('content') ?? ''))
    .filter(Boolean);
}

/** "Smith, John" (citation_author's form) -> "John Smith". */
function displayName(author: string): string {
  const m = /^([^,]+),\s*(.+)$/.exec(author);
  return m ? `${m[2]} ${m[1]}` : author;
}

export function readAbsPage(dom: Document, pageUrl: string): AbsMetadata {
  const idFromMeta = meta(dom, 'citation_arxiv_id')[0];
  const parsed = idFromMeta ? parseArxivId(idFromMeta) : null;
  const versionFromPage = /\[(v\d+)\]/.exec(dom.querySelector('.submission-history, #abs .dateline')?.textContent ?? '')?.[1];
  const versionFromUrl = /v(\d+)$/.exec(new URL(pageUrl).pathname)?.[0] ?? null;
  const versions = Array.from((dom.querySelector('.submission-history')?.textContent ?? '').matchAll(/\[(v\d+)\]/g)).map((m) => m[1]!);
  const latestVersion = versions.length ? versions[versions.length - 1]! : null;
  const htmlLink = dom.querySelector('a#latexml-download-link, a[href*="/html/"]')?.getAttribute('href') ?? undefined;
  const abstract = meta(dom, 'citation_abstract')[0] ?? collapseWhitespace(dom.querySelector('blockquote.abstract')?.textContent ?? '').replace(/^Abstract:\s*/, '');
  const bodyText = dom.querySelector('#abs, main, body')?.textContent ?? '';
  const comments = dom.querySelector('.tablecell.comments')?.textContent ?? '';
  return {
    arxivId: parsed?.id ?? null,
    version: parsed?.version ?? versionFromUrl ?? latestVersion ?? versionFromPage ?? null,
    title: meta(dom, 'citation_title')[0] ?? collapseWhitespace(dom.querySelector('h1.title')?.textContent ?? '').replace(/^Title:\s*/, ''),
    authors: meta(dom, 'citation_author').map(displayName),
    abstract,
    ...(meta(dom, 'citation_date')[0] ? { date: meta(dom, 'citation_date')[0]! } : {}),
    ...(meta(dom, 'citation_pdf_url')[0] ? { pdfUrl: meta(dom, 'citation_pdf_url')[0]! } : {}),
    ...(htmlLink ? { htmlUrl: new URL(htmlLink, pageUrl).toString() } : {}),
    withdrawn: /this (?:paper|article|submission) has been withdrawn/i.test(bodyText) || /\bwithdrawn\b/i.test(comments),
  };
}
