/**
 * The bibliography files that go with an export: BibTeX and CSL-JSON of exactly the works the
 * document lists, under the same keys the text cites (Pandoc matches CSL-JSON items by `id`,
 * so the CSL-JSON carries the key as its id). Also the one parser of a text format's name.
 */
import { VerbatimError } from '../errors';
import { toBibTeX, toCslJson } from '../cite';
import type { ExportDocument } from './export-document';
import { toHtml } from './to-html';
import { toLatex } from './to-latex';
import { toMarkdown } from './to-markdown';
import { toPlainText } from './to-plain-text';

export type TextExportFormat = 'text' | 'html' | 'latex' | 'markdown';
export const TEXT_EXPORT_FORMATS: readonly TextExportFormat[] = ['text', 'html', 'latex', 'markdown'];

export function parseTextExportFormat(name: string): TextExportFormat {
  const format = TEXT_EXPORT_FORMATS.find((f) => f === name.trim().toLowerCase());
  if (!format) throw new VerbatimError('EXPORT_FORMAT_UNKNOWN', name.slice(0, 40));
  return format;
}

/** The document as text in one format; Markdown names the bibliography file it goes with. */
export function renderTextExport(document: ExportDocument, format: TextExportFormat, bibliographyFile = 'references.bib'): string {
  switch (format) {
    case 'text': return toPlainText(document);
    case 'html': return toHtml(document);
    case 'latex': return toLatex(document);
    case 'markdown': return toMarkdown(document, bibliographyFile);
  }
}

export function bibFile(document: ExportDocument): string {
  return toBibTeX(document.records, document.keys);
}

export function cslJsonFile(document: ExportDocument): string {
  return toCslJson(document.records.map((record) => ({ ...record, id: document.keys.get(record.id) ?? record.id })));
}
