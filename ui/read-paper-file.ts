/** A file the user picked, read into a Paper in the page: PDFs through pdf.js (worker thread), the rest as text. */
import { importDocument } from '../shared/library/import-document';
import { parseHtmlWithLinkedom } from '../shared/library/html-parser-linkedom';
import type { Paper } from '../shared/model/paper';
import { extractPdf } from '../shared/pdf/extract-pdf';
import { pagePdfReader } from './pdf-in-page';

export async function readPaperFile(file: File, onPage?: (done: number, total: number) => void): Promise<Paper> {
  if (file.name.toLowerCase().endsWith('.pdf')) {
    return extractPdf(new Uint8Array(await file.arrayBuffer()), { reader: pagePdfReader, ...(onPage ? { onPage } : {}) });
  }
  return importDocument(file.name, await file.text(), parseHtmlWithLinkedom);
}
