/**
 * The clipboard and file actions every surface shares (side panel, Word pane, Google Docs
 * sidebar), so "copy with citations" is the same everywhere: rich text puts HTML and plain
 * text on the clipboard together, so each editor takes the form it understands.
 */
import type { ExportDocument } from '../shared/export/export-document';
import { toHtml } from '../shared/export/to-html';
import { toPlainText } from '../shared/export/to-plain-text';
import { downloadFile } from './download-file';

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export async function copyRichText(document: ExportDocument): Promise<void> {
  const item = new ClipboardItem({
    'text/html': new Blob([toHtml(document)], { type: 'text/html' }),
    'text/plain': new Blob([toPlainText(document)], { type: 'text/plain' }),
  });
  await navigator.clipboard.write([item]);
}

export async function downloadDocx(document: ExportDocument, name: string): Promise<void> {
  // Loaded on demand: the docx writer is large and most answers are never downloaded.
  const { toDocx } = await import('../shared/export/to-docx');
  downloadFile(name, await toDocx(document), DOCX_TYPE);
}
