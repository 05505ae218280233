/** Papers from files: LaTeXML HTML or Verbatim paper JSON (what `verbatim extract --json` prints). */
import type { Paper } from '../model/paper';
import { VerbatimError } from '../errors';
import type { HtmlParser } from '../ports';
import { extractLatexml } from '../extract/latexml';
import { parseArxivId } from '../extract/arxiv-id';
import { extractPdf } from '../pdf/extract-pdf';
import type { PdfTextReader } from '../pdf/pdf-text';
import { parsePaper, parsePaperJson } from '../schema/paper-schema';
import { checkFileSize } from './file-limits';

export function importDocument(fileName: string, content: string, parseHtml: HtmlParser): Paper {
  const lower = fileName.toLowerCase();
  // PDFs are bytes, not text: readPaperBytes reads them.
  if (lower.endsWith('.pdf')) throw new VerbatimError('PDF_UNSUPPORTED', fileName);
  if (lower.endsWith('.json')) return parsePaperJson(content, fileName);
  if (lower.endsWith('.html') || lower.endsWith('.htm') || lower.endsWith('.xhtml')) {
    const paper = extractLatexml(parseHtml(content));
    // arXiv ids in file names ("2104.01180v2.html") are kept; anything else stays a local document.
    const fromName = parseArxivId(fileName.replace(/\.(x?html?)$/i, '').replace(/^.*[\\/]/, ''));
    if (fromName) {
      paper.arxivId = fromName.id;
      paper.version = fromName.version;
    }
    return paper;
  }
  throw new VerbatimError('UNSUPPORTED_FILE', fileName);
}

export interface ReadPaperOptions {
  parseHtml: HtmlParser;
  /** Without one, PDFs are refused with PDF_UNSUPPORTED. */
  pdfReader?: PdfTextReader;
  onPage?: (done: number, total: number) => void;
}

/** Any file the user gives (PDF, LaTeXML HTML, paper JSON) to a Paper: the one path for CLI, side panel and Word pane. */
export async function readPaperBytes(fileName: string, bytes: Uint8Array, options: ReadPaperOptions): Promise<Paper> {
  checkFileSize(fileName, bytes.length);
  if (!fileName.toLowerCase().endsWith('.pdf')) return importDocument(fileName, new TextDecoder().decode(bytes), options.parseHtml);
  if (!options.pdfReader) throw new VerbatimError('PDF_UNSUPPORTED', fileName);
  return extractPdf(bytes, { reader: options.pdfReader, ...(options.onPage ? { onPage: options.onPage } : {}) });
}

/** Paper JSON is parsed by the one Paper schema (shared/schema/paper-schema.ts). */
export { parsePaperJson };

export function isPaper(value: unknown): value is Paper {
  try {
    parsePaper(value);
    return true;
  } catch {
    return false;
  }
}
