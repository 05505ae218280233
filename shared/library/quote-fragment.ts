/** The address fragment that carries a quote from the side panel to the arXiv page's content script ("open in paper"). */
export const QUOTE_FRAGMENT = 'verbatim-quote=';

/** The page URL that asks the content script to show this quote. */
export function urlWithQuote(pageUrl: string, quote: string): string {
  const url = new URL(pageUrl);
  url.hash = `${QUOTE_FRAGMENT}${encodeURIComponent(quote)}`;
  return url.href;
}

export function quoteFromHash(hash: string): string | null {
  const at = hash.indexOf(QUOTE_FRAGMENT);
  if (at < 0) return null;
  try {
    const quote = decodeURIComponent(hash.slice(at + QUOTE_FRAGMENT.length)).trim();
    return quote || null;
  } catch {
    return null;
  }
}

