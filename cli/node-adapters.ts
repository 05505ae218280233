/** The engine's ports, bound to Node: fetch, linkedom, the file system. */
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { nodePdfReader } from './pdf-node';
import { createTextFetcher } from '../shared/capture/fetch-text';
import { parseHtmlWithLinkedom } from '../shared/library/html-parser-linkedom';
import { readPaperBytes } from '../shared/library/import-document';
import { checkFileSize } from '../shared/library/file-limits';
import { libraryIdFor, type LibraryPaper, type Paper } from '../shared/model/paper';
import { messageFor } from '../shared/errors';
import type { ExtractionCache } from './extraction-cache';

export const nodeFetcher = createTextFetcher((url, init) => fetch(url, init));
export const parseHtml = parseHtmlWithLinkedom;

export interface FolderLibrary {
  papers: LibraryPaper[];
  skipped: { file: string; reason: string }[];
}

/**
 * A library read from a folder: Paper JSON files (saved papers) and LaTeXML HTML
 * (source files), searched one level down so fixture folders work as they are.
 */
export async function readFolderLibrary(folder: string, cache?: ExtractionCache): Promise<FolderLibrary> {
  const files = await listFiles(folder, 2);
  const papers: LibraryPaper[] = [];
  const skipped: FolderLibrary['skipped'] = [];
  const seen = new Set<string>();
  // A folder with both the HTML and the PDF of a paper: the HTML is the better source.
  const foldersWithHtml = new Set(files.filter((f) => /\.x?html?$/i.test(f)).map((f) => dirname(f)));
  for (const file of files) {
    if (!/\.(json|x?html?|pdf)$/i.test(file)) continue;
    if (/\.pdf$/i.test(file) && foldersWithHtml.has(dirname(file))) continue;
    try {
      const bytes = await readPaperFileBytes(file);
      const read = () => readPaperBytes(file, bytes, { parseHtml, pdfReader: nodePdfReader });
      const paper = cache ? await cache.paperFor(bytes, read) : await read();
      const id = libraryIdFor(paper);
      if (seen.has(id)) continue;
      seen.add(id);
      papers.push({ ...paper, id, savedAt: new Date(0).toISOString() });
    } catch (error) {
      skipped.push({ file, reason: messageFor(error) });
    }
  }
  return { papers, skipped };
}

/** One file to a Paper: PDFs through pdf.js, HTML and JSON as text. */
export async function readPaperFile(file: string): Promise<Paper> {
  return readPaperBytes(file, await readPaperFileBytes(file), { parseHtml, pdfReader: nodePdfReader });
}

/** A paper file's bytes, its size checked on disk before any is read. */
async function readPaperFileBytes(file: string): Promise<Uint8Array> {
  checkFileSize(file, (await stat(file)).size);
  return new Uint8Array(await readFile(file));
}

async function listFiles(folder: string, depth: number): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const out: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(folder, entry.name);
    if (entry.isDirectory() && depth > 0 && entry.name !== 'source') out.push(...(await listFiles(path, depth - 1)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}
