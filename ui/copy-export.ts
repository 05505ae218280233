/**
 * The clipboard and file actions every surface shares (side panel, Word pane, Google Docs
 * sidebar), so "copy with citations" is the same everywhere: rich text puts HTML and plain
 * text on the clipboard together (one ClipboardItem), so each editor takes the form it
 * understands; LaTeX, Markdown, the .bib and CSL-JSON go as plain text. A refused clipboard
 * is a named error (CLIPBOARD_DENIED), shown beside the button.
 */
import { isSupported, type Answer } from '../shared/answer/answer';
import type { StyleId } from '../shared/cite';
import { VerbatimError } from '../shared/errors';
import { exportAnswer } from '../shared/export/build-export-document';
import type { ExportDocument } from '../shared/export/export-document';
import { bibFile, cslJsonFile } from '../shared/export/export-files';
import { toHtml } from '../shared/export/to-html';
import { toLatex } from '../shared/export/to-latex';
import { toMarkdown } from '../shared/export/to-markdown';
import { toPlainText } from '../shared/export/to-plain-text';
import type { LibraryPaper } from '../shared/model/paper';
import { downloadFile } from './download-file';
import type { PassageLoader } from './passage';

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** The .bib name Markdown's front matter points to, and the name the .bib is downloaded under. */
export const BIB_FILE_NAME = 'verbatim.bib';
export const CSL_JSON_FILE_NAME = 'verbatim.json';

export type CopyFormat = 'rich' | 'latex' | 'markdown' | 'bib' | 'csl-json';

/** The papers an answer's verified citations quote, loaded once each, then the one builder in that style. */
export async function buildAnswerExport(answer: Answer, loadPaper: PassageLoader, style: StyleId): Promise<ExportDocument> {
  const papers = new Map<string, LibraryPaper>();
  for (const sentence of answer.sentences.filter(isSupported)) {
    for (const c of sentence.citations) if (c.verified && !papers.has(c.paperId)) papers.set(c.paperId, await loadPaper(c.paperId, c.paragraphId));
  }
  return exportAnswer(answer, papers, { style });
}

/** One call for every surface: the document copied in one form. */
export async function copyExport(document: ExportDocument, format: CopyFormat): Promise<void> {
  if (format === 'rich') return copyRichText(document);
  await clipboardCall(() => navigator.clipboard.writeText(copyText(document, format)));
}

export async function copyRichText(document: ExportDocument): Promise<void> {
  const item = new ClipboardItem({
    'text/html': new Blob([toHtml(document)], { type: 'text/html' }),
    'text/plain': new Blob([toPlainText(document)], { type: 'text/plain' }),
  });
  await clipboardCall(() => navigator.clipboard.write([item]));
}

export async function downloadDocx(document: ExportDocument, name: string): Promise<void> {
  // Loaded on demand: the docx writer is large and most answers are never downloaded.
  const { toDocx } = await import('../shared/export/to-docx');
  downloadFile(name, await toDocx(document), DOCX_TYPE);
}

function copyText(document: ExportDocument, format: Exclude<CopyFormat, 'rich'>): string {
  switch (format) {
    case 'latex': return toLatex(document);
    case 'markdown': return toMarkdown(document, BIB_FILE_NAME);
    case 'bib': return bibFile(document);
    case 'csl-json': return cslJsonFile(document);
  }
}

async function clipboardCall(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    throw new VerbatimError('CLIPBOARD_DENIED', error instanceof Error ? error.message.slice(0, 120) : undefined);
  }
}
