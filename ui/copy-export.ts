/**
 * "Copy with citations" for every surface (side panel, Word pane, Google Docs sidebar): one
 * ExportDocument copied in one form. Rich text goes on the clipboard as text/html with its
 * text/plain twin (one ClipboardItem), so an editor that takes HTML gets the links and one that
 * does not still gets the same citations; the other forms are plain text.
 */
import { isSupported, type Answer } from '../shared/answer/answer';
import type { StyleId } from '../shared/cite';
import { VerbatimError } from '../shared/errors';
import { answerQuotes, chooseSentences, exportAnswer, exportQuotes } from '../shared/export/build-export-document';
import type { ExportDocument } from '../shared/export/export-document';
import { bibFile, cslJsonFile } from '../shared/export/export-files';
import { toHtml } from '../shared/export/to-html';
import { toLatex } from '../shared/export/to-latex';
import { toMarkdown } from '../shared/export/to-markdown';
import { toPlainText } from '../shared/export/to-plain-text';
import type { LibraryPaper } from '../shared/model/paper';
import type { PassageLoader } from './passage';

export type CopyFormat = 'rich' | 'latex' | 'markdown' | 'bib' | 'csl-json';

/** The file name Markdown's front matter points to, and the name the panel downloads the .bib under. */
export const BIB_FILE_NAME = 'verbatim.bib';
export const CSL_JSON_FILE_NAME = 'verbatim.json';

export async function copyExport(document: ExportDocument, format: CopyFormat): Promise<void> {
  try {
    if (format === 'rich') {
      const item = new ClipboardItem({
        'text/html': new Blob([toHtml(document)], { type: 'text/html' }),
        'text/plain': new Blob([toPlainText(document)], { type: 'text/plain' }),
      });
      await navigator.clipboard.write([item]);
      return;
    }
    await navigator.clipboard.writeText(copyText(document, format));
  } catch (error) {
    if (error instanceof VerbatimError) throw error;
    throw new VerbatimError('CLIPBOARD_DENIED', error instanceof Error ? error.message.slice(0, 120) : undefined);
  }
}

function copyText(document: ExportDocument, format: Exclude<CopyFormat, 'rich'>): string {
  switch (format) {
    case 'latex': return toLatex(document);
    case 'markdown': return toMarkdown(document, BIB_FILE_NAME);
    case 'bib': return bibFile(document);
    case 'csl-json': return cslJsonFile(document);
  }
}

/** The papers the answer's verified citations quote, loaded once each, then the one builder. */
export async function buildAnswerExport(answer: Answer, loadPaper: PassageLoader, style: StyleId): Promise<ExportDocument> {
  const papers = new Map<string, LibraryPaper>();
  for (const sentence of answer.sentences.filter(isSupported)) {
    for (const c of sentence.citations) if (c.verified && !papers.has(c.paperId)) papers.set(c.paperId, await loadPaper(c.paperId, c.paragraphId));
  }
  return exportAnswer(answer, papers, { style });
}

/** sentences: the answer's own words, cited; quotes: the stored spans those sentences rest on. */
export type ExportContent = 'sentences' | 'quotes';

/** The chosen supported sentences of an answer, as sentences or as their quotes, in one style. */
export async function buildChosenExport(answer: Answer, loadPaper: PassageLoader, choice: { style: StyleId; content: ExportContent; chosen: ReadonlySet<number> }): Promise<ExportDocument> {
  const subset = chooseSentences(answer, choice.chosen);
  if (choice.content === 'sentences') return buildAnswerExport(subset, loadPaper, choice.style);
  const quotes = answerQuotes(subset);
  const papers = new Map<string, LibraryPaper>();
  for (const q of quotes) if (!papers.has(q.paperId)) papers.set(q.paperId, await loadPaper(q.paperId, q.paragraphId));
  return exportQuotes(quotes, papers, { style: choice.style });
}
