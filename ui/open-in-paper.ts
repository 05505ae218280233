/**
 * Where "Open in paper" goes: an arXiv paper opens on its arxiv.org/html page with the
 * quote in the fragment the content script reads (extension/highlight-quote.ts); a paper
 * read from a PDF opens the PDF at the passage's page (#page=N, which PDF viewers follow).
 * A paper with no known address (imported from a file, no arXiv id) has nowhere to go.
 */
import { urlWithQuote } from '../shared/library/quote-fragment';
import type { Passage } from './passage';

export function paperLocationUrl(passage: Passage): string | null {
  const quote = passage.text.slice(passage.highlightStart, passage.highlightEnd);
  const version = passage.version ?? '';
  if (passage.source === 'pdf') {
    const pdf = passage.arxivId ? `https://arxiv.org/pdf/${passage.arxivId}${version}` : passage.url && /\.pdf($|[?#])/i.test(passage.url) ? passage.url : null;
    return pdf ? `${pdf.split('#')[0]}${passage.page !== undefined ? `#page=${passage.page}` : ''}` : null;
  }
  if (passage.arxivId) return urlWithQuote(`https://arxiv.org/html/${passage.arxivId}${version}`, quote || passage.text.slice(0, 200));
  return null;
}
