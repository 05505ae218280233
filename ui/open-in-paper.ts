/**
 * Where "Open in paper" goes: an arXiv paper opens on its arxiv.org/html page with the
 * quote in the fragment the content script reads (extension/highlight-quote.ts); a paper
 * read from a PDF opens in the extension's PDF viewer at the passage's page with its boxes
 * drawn (or, where there is no such viewer, the PDF itself at #page=N).
 * A paper with no known address (imported from a file, no arXiv id) has nowhere to go.
 */
import { urlWithQuote } from '../shared/library/quote-fragment';
import type { Passage } from './passage';
import { pdfViewerQuery } from './pdf-viewer-link';

export interface LocationOptions {
  /** The extension's own PDF viewer (entrypoints/pdf-viewer), given the query pdfViewerQuery writes; without it, #page=N. */
  pdfViewer?: (query: string) => string;
}

export function paperLocationUrl(passage: Passage, options: LocationOptions = {}): string | null {
  const quote = passage.text.slice(passage.highlightStart, passage.highlightEnd);
  const version = passage.version ?? '';
  if (passage.source === 'pdf') {
    const pdf = passage.arxivId ? `https://arxiv.org/pdf/${passage.arxivId}${version}` : passage.url && /\.pdf($|[?#])/i.test(passage.url) ? passage.url : null;
    if (!pdf) return null;
    const src = pdf.split('#')[0]!;
    if (options.pdfViewer && passage.arxivId) return options.pdfViewer(pdfViewerQuery(src, passage.page ?? 1, passage.boxes ?? []));
    return `${src}${passage.page !== undefined ? `#page=${passage.page}` : ''}`;
  }
  if (passage.arxivId) return urlWithQuote(`https://arxiv.org/html/${passage.arxivId}${version}`, quote || passage.text.slice(0, 200));
  return null;
}
