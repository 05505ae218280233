/** What the PDF pipeline reads: positioned text items per page, from any pdf.js build. */

export interface PdfTextItem {
  text: string;
  /** Left edge and baseline, in PDF points from the page's bottom-left corner. */
  x: number;
  y: number;
  width: number;
  /** Font size: the vertical scale of the text matrix. */
  size: number;
  /** pdf.js font id: the same id means the same font face (bold and italic are other ids). */
  font: string;
  /** Text not drawn left to right on a horizontal baseline (arXiv's side stamp, rotated labels). */
  rotated: boolean;
  /** Set in a fixed-pitch font (pdf.js reads it from the font's flags): code, URLs, \texttt. */
  monospace?: boolean;
}

export interface PdfPageText {
  pageNumber: number;
  width: number;
  height: number;
  items: PdfTextItem[];
}

export interface PdfReadOptions {
  signal?: AbortSignal;
  /** Called after each page with the count so far, for progress bars. */
  onPage?: (done: number, total: number) => void;
  maxPages?: number;
}

/** What the file says about itself: the document information dictionary and XMP, as plain strings. */
export interface PdfFileMetadata {
  title?: string;
  /** Authors as written, one string each (XMP dc:creator), or one string to split (Info /Author). */
  authors?: string[];
  doi?: string;
}

/** Reads a PDF's text page by page. Implemented over pdf.js in pdfjs-reader.ts. */
export interface PdfTextReader {
  read(bytes: Uint8Array, options?: PdfReadOptions): Promise<{ pageCount: number; pages: AsyncIterable<PdfPageText>; metadata?: PdfFileMetadata }>;
}
