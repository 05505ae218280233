/** A file the user picked, read into a Paper in the page; PDFs go through pdf.js on a worker thread. */
import { parseHtmlWithLinkedom } from '../shared/library/html-parser-linkedom';
import { readPaperBytes } from '../shared/library/import-document';
import { checkFileSize } from '../shared/library/file-limits';
import type { Paper } from '../shared/model/paper';
import { pagePdfReader } from './pdf-in-page';

export async function readPaperFile(file: File, onPage?: (done: number, total: number) => void): Promise<Paper> {
  checkFileSize(file.name, file.size); // before the bytes are read
  return readPaperBytes(file.name, new Uint8Array(await file.arrayBuffer()), { parseHtml: parseHtmlWithLinkedom, pdfReader: pagePdfReader, ...(onPage ? { onPage } : {}) });
}
