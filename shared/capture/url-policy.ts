/**
 * Where a save may fetch from: arXiv's own hosts over https, nothing else. Every URL a
 * capture fetches (the page, links read from it, each redirect hop) passes through here,
 * so a page, a link or a redirect cannot make Verbatim store content from elsewhere as an
 * arXiv paper, or reach servers on the user's network.
 */
import { VerbatimError } from '../errors';

/** arXiv's site, its export mirror, and its full-text (HTML) hosts. */
/** Where LaTeXML HTML of older papers lives (arxiv.org/html has none for them). */
export const AR5IV_HOST = 'ar5iv.labs.arxiv.org';

export const CAPTURE_HOSTS: readonly string[] = ['arxiv.org', 'www.arxiv.org', 'export.arxiv.org', 'ar5iv.labs.arxiv.org', 'ar5iv.org'];

/** Match patterns for the same hosts (manifest host permissions, webRequest filters). */
export const CAPTURE_MATCH_PATTERNS: readonly string[] = CAPTURE_HOSTS.map((host) => `https://${host}/*`);

/** A redirect chain longer than this is refused (arXiv's own redirects take one or two hops). */
export const MAX_REDIRECTS = 5;

function parse(url: string): URL | null {
  return URL.canParse(url) ? new URL(url) : null;
}

export function isCaptureUrl(url: string): boolean {
  const parsed = parse(url);
  // Credentials in a URL and non-default ports are never arXiv's; refusing them keeps "host" meaning one server.
  return parsed !== null && parsed.protocol === 'https:' && parsed.port === '' && parsed.username === '' && parsed.password === '' && CAPTURE_HOSTS.includes(parsed.hostname);
}

/** Throws URL_NOT_ALLOWED unless a save may fetch this URL. */
export function assertCaptureUrl(url: string): void {
  if (!isCaptureUrl(url)) throw new VerbatimError('URL_NOT_ALLOWED', url);
}

/**
 * The next hop of a redirect: the Location resolved against the URL that answered, if a
 * save may fetch it; REDIRECT_NOT_ALLOWED otherwise (off arXiv, unreadable, or too many hops).
 */
export function nextRedirectHop(from: string, location: string | null, hopsSoFar: number): string {
  if (hopsSoFar >= MAX_REDIRECTS) throw new VerbatimError('REDIRECT_NOT_ALLOWED', `more than ${MAX_REDIRECTS} redirects from ${from}`);
  if (!location) throw new VerbatimError('REDIRECT_NOT_ALLOWED', `${from} redirected to an address that could not be read`);
  const target = URL.canParse(location, from) ? new URL(location, from).href : '';
  if (!isCaptureUrl(target)) throw new VerbatimError('REDIRECT_NOT_ALLOWED', `${from} -> ${target || location}`);
  return target;
}
