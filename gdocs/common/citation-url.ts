/**
 * A citation in a Google Doc is a text run whose link URL is its identity:
 *   https://verbatim.invalid/c/<paper>/<paragraph>/<quote hash>?sec=2.1&par=3&page=4
 * The link travels with the text through copy and paste (within and between documents) and
 * through export (.docx, PDF, HTML), where a NamedRange would be lost. `.invalid` is reserved
 * (RFC 2606), so the URL can never be a real page, and a real link can never be read as a
 * citation. The locator rides along so a pasted citation renders without its source document.
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
  const query = new URLSearchParams();
  if (anchor.locator.section) query.set('sec', anchor.locator.section);
  if (anchor.locator.paragraph !== undefined) query.set('par', String(anchor.locator.paragraph));
  if (anchor.locator.page !== undefined) query.set('page', String(anchor.locator.page));
  const path = [anchor.paperId, anchor.paragraphId, anchor.quoteHash].map(encodeURIComponent).join('/');
  const search = query.toString();
  return `${CITATION_URL_PREFIX}${path}${search ? `?${search}` : ''}`;
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
  const query = new URLSearchParams(search);
  const section = query.get('sec');
  const paragraph = positiveInteger(query.get('par'));
  const page = positiveInteger(query.get('page'));
  const locator: CitationLocator = {
    ...(section ? { section: section.slice(0, 40) } : {}),
    ...(paragraph !== undefined ? { paragraph } : {}),
    ...(page !== undefined ? { page } : {}),
  };
  return { paperId, paragraphId, quoteHash, locator };
}

/** The passage a citation points at, whatever its locator: the key secondary works hang on. */
export function passageKey(anchor: Pick<CitationAnchor, 'paperId' | 'paragraphId' | 'quoteHash'>): string {
  return `${anchor.paperId}/${anchor.paragraphId}/${anchor.quoteHash}`;
}
