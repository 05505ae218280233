/**
 * arXiv abs pages: the `citation_*` meta tags plus the page's own markup for what the
 * tags leave out: submission history, subjects, comments, journal reference, DOI,
 * license, the HTML full-text link and withdrawal notices.
 */
import type { ArxivMetadata, SubmissionVersion } from '../model/paper';
import { collapseWhitespace } from '../text/normalize';
import { parseArxivId } from './arxiv-id';
import { findDoi, isVersion, parseDoi, parseWebUrl } from '../model/identifiers';

export interface AbsMetadata {
  arxivId: string | null;
  version: string | null;
  title: string;
  authors: string[];
  abstract: string;
  /** Link to the HTML full text, when arXiv offers one. */
  htmlUrl?: string;
  pdfUrl?: string;
  withdrawn: boolean;
  metadata: ArxivMetadata;
}

function metaValues(page: Document, name: string): string[] {
  return Array.from(page.querySelectorAll(`meta[name="${name}"]`))
    .map((m) => collapseWhitespace(m.getAttribute('content') ?? ''))
    .filter(Boolean);
}

/** "Smith, John" (citation_author's form) -> "John Smith". */
function displayName(author: string): string {
  const m = /^([^,]+),\s*(.+)$/.exec(author);
  return m ? `${m[2]} ${m[1]}` : author;
}

function text(element: Element | null | undefined): string {
  return collapseWhitespace(element?.textContent ?? '');
}

/** The metadata table's cell for a label ("Comments:", "Journal reference:"). */
function tableCell(page: Document, className: string): string | undefined {
  const cell = page.querySelector(`.metatable td.${className}, td.tablecell.${className}`);
  const value = text(cell);
  return value || undefined;
}

/** "[v1] Fri, 2 Apr 2021 17:05:27 UTC (1,024 KB)" lines of the submission history. */
export function readSubmissionHistory(historyText: string): SubmissionVersion[] {
  const versions: SubmissionVersion[] = [];
  const re = /\[(v\d+)\]\s*([A-Z][a-z]{2},\s*\d{1,2}\s+[A-Z][a-z]{2}\s+\d{4}\s+[\d:]+\s*UTC)\s*(?:\(([^)]*)\))?/g;
  for (let m = re.exec(historyText); m; m = re.exec(historyText)) {
    const parsed = new Date(m[2]!.replace(/\s*UTC$/, ' GMT'));
    if (!isVersion(m[1]!)) continue;
    versions.push({
      version: m[1]!,
      date: Number.isNaN(parsed.getTime()) ? m[2]! : parsed.toISOString(),
      ...(m[3] ? { size: m[3].trim() } : {}),
    });
  }
  return versions;
}

/** "Quantum Physics (quant-ph)" -> { name, code }. */
function readSubject(value: string): { name: string; code: string } | null {
  const m = /^(.*?)\s*\(([^()]+)\)\s*$/.exec(value.trim());
  return m ? { name: m[1]!.trim(), code: m[2]!.trim() } : null;
}

export function readAbsPage(page: Document, pageUrl: string): AbsMetadata {
  const idFromMeta = metaValues(page, 'citation_arxiv_id')[0];
  const parsedId = idFromMeta ? parseArxivId(idFromMeta) : null;
  const history = readSubmissionHistory(text(page.querySelector('.submission-history')));
  const latestVersion = history.length ? history[history.length - 1]!.version : null;
  const versionFromUrl = [/v\d+$/.exec(new URL(pageUrl).pathname)?.[0]].find((v): v is string => v !== undefined && isVersion(v)) ?? null;

  const htmlLink = page.querySelector('a#latexml-download-link, .full-text a[href*="/html/"]')?.getAttribute('href') ?? undefined;
  const abstract = metaValues(page, 'citation_abstract')[0] ?? text(page.querySelector('blockquote.abstract')).replace(/^Abstract:\s*/, '');
  const comments = tableCell(page, 'comments');
  const subjectsCell = page.querySelector('td.subjects');
  const primary = readSubject(text(subjectsCell?.querySelector('.primary-subject')));
  const subjects = text(subjectsCell).split(';').map((s) => readSubject(s)).filter((s): s is { name: string; code: string } => s !== null);
  const journalRef = tableCell(page, 'jref');
  // A DOI is kept only when it passes the strict check: the page's text ends up inside BibTeX fields.
  const relatedDoi = findDoi(tableCell(page, 'doi') ?? '') ?? parseDoi(metaValues(page, 'citation_doi')[0] ?? '');
  const licenseUrl = parseWebUrl(page.querySelector('.abs-license a[href], a.has_license[href]')?.getAttribute('href') ?? '') ?? undefined;
  const bodyText = text(page.querySelector('#abs, main, body'));

  const arxivId = parsedId?.id ?? null;
  const metadata: ArxivMetadata = {
    submissions: history,
    ...(primary ? { primaryCategory: primary.code } : {}),
    subjects: subjects.map((s) => s.code),
    ...(comments ? { comments } : {}),
    ...(journalRef ? { journalRef } : {}),
    ...(relatedDoi ? { doi: relatedDoi } : {}),
    ...(arxivId ? { arxivDoi: `10.48550/arXiv.${arxivId}` } : {}),
    ...(licenseUrl ? { license: licenseUrl } : {}),
    ...(metaValues(page, 'citation_date')[0] ? { published: metaValues(page, 'citation_date')[0]!.replace(/\//g, '-') } : {}),
  };
  return {
    arxivId,
    version: parsedId?.version ?? versionFromUrl ?? latestVersion,
    title: metaValues(page, 'citation_title')[0] ?? text(page.querySelector('h1.title')).replace(/^Title:\s*/, ''),
    authors: metaValues(page, 'citation_author').map(displayName),
    abstract,
    ...(htmlLink ? { htmlUrl: new URL(htmlLink, pageUrl).toString() } : {}),
    ...(metaValues(page, 'citation_pdf_url')[0] ? { pdfUrl: metaValues(page, 'citation_pdf_url')[0]! } : {}),
    withdrawn: /this (?:paper|article|submission) has been withdrawn/i.test(bodyText) || /\bwithdrawn\b/i.test(comments ?? ''),
    metadata,
  };
}
