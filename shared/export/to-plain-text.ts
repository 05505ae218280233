/** The plain-text twin of the rich text (the clipboard's text/plain), with the same citations and bibliography. */
import { BIBLIOGRAPHY_HEADING, SECONDARY_HEADING, type ExportBlock, type ExportDocument, type ExportEntry } from './export-document';
import { locatorText } from './locator-text';

export function toPlainText(document: ExportDocument): string {
  const parts: string[] = [];
  if (document.heading) parts.push(document.heading, '');
  for (const block of document.blocks) parts.push(blockText(block));
  parts.push(...entriesText(BIBLIOGRAPHY_HEADING, document.bibliography));
  parts.push(...entriesText(SECONDARY_HEADING, document.secondary));
  return `${parts.join('\n')}\n`;
}

function blockText(block: ExportBlock): string {
  const text = block.kind === 'quote' ? `“${block.text}”` : block.text;
  const citations = block.citations.map((c) => {
    const where = locatorText(c.work.locator);
    return where ? `${c.text} (${where})` : c.text;
  });
  return citations.length ? `${text} ${citations.join(' ')}` : text;
}

function entriesText(heading: string, entries: ExportEntry[]): string[] {
  if (entries.length === 0) return [];
  return ['', heading, ...entries.map((e) => e.text)];
}
