/**
 * A citation in a Google Doc is a text run whose link URL is its identity:
 *   https://verbatim.invalid/c/<paper>/<paragraph>/<quote hash>?sec=2.1&par=3&page=4
 * The link travels with the text through copy and paste (within and between documents) and
 * through export (.docx, PDF, HTML), where a NamedRange would be lost. `.invalid` is reserved
 * (RFC 2606), so the URL can never be a real page, and a real link can never be read as a
 * citation. The locator rides along so a pasted citation renders without its source document.
 * Built and read by hand: Apps Script's runtime has no URL or URLSearchParams.
 */
export const CITATION_URL_PREFIX = 'https://verbatim.invalid/c/';

export interface CitationLocator {
  section?: string;
  paragraph?: number;
  page?: number;
}

export interface CitationAnchor {
  paperId: string;
  paragraphId: string;
  /** hashText of the quoted text (8 hex digits): two quotes from one paragraph stay apart. */
  quoteHash: string;
  locator: CitationLocator;
}

const HASH = /^[0-9a-f]{8}$/;

export function formatCitationUrl(anchor: CitationAnchor): string {
  const query: string[] = [];
  if (anchor.locator.section) query.push(`sec=${encodeURIComponent(anchor.locator.section)}`);
  if (anchor.locator.paragraph !== undefined) query.push(`par=${anchor.locator.paragraph}`);
  if (anchor.locator.page !== undefined) query.push(`page=${anchor.locator.page}`);
  const path = [anchor.paperId, anchor.paragraphId, anchor.quoteHash].map(encodeURIComponent).join('/');
  return `${CITATION_URL_PREFIX}${path}${query.length ? `?${query.join('&')}` : ''}`;
}

function queryValues(search: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const pair of search.split('&')) {
    const [key = '', value = ''] = pair.split('=', 2);
    try {
      if (key && !values.has(key)) values.set(key, decodeURIComponent(value));
    } catch {
      // A malformed escape leaves that field out; the citation still parses.
    }
  }
  return values;
}

function positiveInteger(value: string | null): number | undefined {
  return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : undefined;
}

/** The anchor a link URL carries, or null when the link is not a Verbatim citation. */
export function parseCitationUrl(url: string | null): CitationAnchor | null {
  if (!url || !url.startsWith(CITATION_URL_PREFIX)) return null;
  const [path = '', search = ''] = url.slice(CITATION_URL_PREFIX.length).split('?', 2);
  const parts = path.split('/');
  if (parts.length !== 3) return null;
  let decoded: string[];
  try {
    decoded = parts.map(decodeURIComponent);
  } catch {
    return null;
  }
  const [paperId, paragraphId, quoteHash] = decoded as [string, string, string];
  if (!paperId || !paragraphId || !HASH.test(quoteHash)) return null;
  const query = queryValues(search);
  const section = query.get('sec') ?? null;
  const paragraph = positiveInteger(query.get('par') ?? null);
  const page = positiveInteger(query.get('page') ?? null);
  const locator: CitationLocator = {
    ...(section ? { section: section.slice(0, 120) } : {}),
    ...(paragraph !== undefined ? { paragraph } : {}),
    ...(page !== undefined ? { page } : {}),
  };
  return { paperId, paragraphId, quoteHash, locator };
}

/** The passage a citation points at, whatever its locator: the key secondary works hang on. */
export function passageKey(anchor: Pick<CitationAnchor, 'paperId' | 'paragraphId' | 'quoteHash'>): string {
  return `${anchor.paperId}/${anchor.paragraphId}/${anchor.quoteHash}`;
}
