/**
 * Where "Open in paper" goes: an arXiv paper opens on its arxiv.org/html page (or on ar5iv, when it was read there) with the
 * quote in the fragment the content script reads (extension/highlight-quote.ts); a paper
 * read from a PDF opens in the extension's PDF viewer at the passage's page with its boxes
 * drawn and the quote itself highlighted (or, where there is no such viewer, the PDF itself at #page=N).
 * A paper with no known address (imported from a file, no arXiv id) has nowhere to go.
 */
import { urlWithQuote } from '../shared/library/quote-fragment';
import { AR5IV_HOST } from '../shared/capture/url-policy';
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
    if (options.pdfViewer && passage.arxivId) return options.pdfViewer(pdfViewerQuery(src, passage.page ?? 1, passage.boxes ?? [], quote));
    return `${src}${passage.page !== undefined ? `#page=${passage.page}` : ''}`;
  }
  if (passage.arxivId) {
    // A paper read from ar5iv (older papers arxiv.org/html does not have) opens there; ar5iv shows the latest version.
    const page = readFromAr5iv(passage) ? `https://${AR5IV_HOST}/html/${passage.arxivId}` : `https://arxiv.org/html/${passage.arxivId}${version}`;
    return urlWithQuote(page, quote || passage.text.slice(0, 200));
  }
  return null;
}

function readFromAr5iv(passage: Passage): boolean {
  return passage.fullTextUrl !== undefined && URL.canParse(passage.fullTextUrl) && new URL(passage.fullTextUrl).hostname === AR5IV_HOST;
}
