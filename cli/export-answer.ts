/**
 * `verbatim ask … --format text|html|latex|markdown [--bib FILE] [--csl-json FILE] [--docx FILE] [--style NAME]`:
 * the answer in that form on stdout, and the files of exactly the works it cites. Every file is
 * written whole or not at all (a temporary file renamed into place).
 */
import { rename, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Answer } from '../shared/answer/answer';
import { exportAnswer } from '../shared/export/build-export-document';
import { parseStyleId } from '../shared/cite';
import { bibFile, cslJsonFile, parseTextExportFormat } from '../shared/export/export-files';
import { toDocx } from '../shared/export/to-docx';
import { toHtml } from '../shared/export/to-html';
import { toLatex } from '../shared/export/to-latex';
import { toMarkdown } from '../shared/export/to-markdown';
import { toPlainText } from '../shared/export/to-plain-text';
import type { LibraryPaper } from '../shared/model/paper';

export interface AnswerExportFlags {
  format?: string;
  bib?: string;
  'csl-json'?: string;
  docx?: string;
  style?: string;
}

export const ANSWER_EXPORT_OPTIONS = {
  format: { type: 'string' },
  bib: { type: 'string' },
  'csl-json': { type: 'string' },
  docx: { type: 'string' },
  style: { type: 'string' },
} as const;

/** Any export flag, --style included: a style alone prints the answer as text with its citations in that style. */
export function wantsExport(flags: AnswerExportFlags): boolean {
  return Boolean(flags.format || flags.bib || flags['csl-json'] || flags.docx || flags.style);
}

/** Returns the text to print (empty when only files were asked for). */
export async function exportAnswerFiles(answer: Answer, papers: ReadonlyMap<string, LibraryPaper>, flags: AnswerExportFlags): Promise<string> {
  // Parse every flag before writing anything.
  const format = flags.format ? parseTextExportFormat(flags.format) : undefined;
  const style = parseStyleId(flags.style ?? 'ieee');
  const document = exportAnswer(answer, papers, { style });
  // Every file is made before any is written, so a failure leaves none behind.
  const files: [string, string | Uint8Array][] = [];
  if (flags.bib) files.push([flags.bib, bibFile(document)]);
  if (flags['csl-json']) files.push([flags['csl-json'], cslJsonFile(document)]);
  if (flags.docx) files.push([flags.docx, await toDocx(document)]);
  for (const [path, content] of files) await writeWhole(path, content);
  if (format === 'html') return toHtml(document);
  if (format === 'latex') return toLatex(document);
  if (format === 'text' || (!format && !flags.bib && !flags['csl-json'] && !flags.docx)) return toPlainText(document);
  if (format === 'markdown') return toMarkdown(document, flags['csl-json'] ? basename(flags['csl-json']) : basename(flags.bib ?? 'references.bib'));
  return '';
}

async function writeWhole(path: string, content: string | Uint8Array): Promise<void> {
  const temporary = `${path}.${process.pid}.partial`;
  await writeFile(temporary, content);
  await rename(temporary, path);
}
