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
  let out = text;
  for (const c of block.citations) {
    const where = locatorText(c.work.locator);
    // A raised citation (Nature) sits against the text it follows, in superscript characters; its locator stays on the line.
    const cited = c.superscript ? inSuperscript(c.text) : ` ${c.text}`;
    out += where ? `${cited} (${where})` : cited;
  }
  return out;
}

const SUPERSCRIPT_CHARACTERS: Record<string, string> = {
  '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹', '-': '⁻', '–': '⁻', '+': '⁺', '(': '⁽', ')': '⁾', ' ': '',
};

/** "1,3–5" as "¹,³⁻⁵": Unicode has raised digits and signs; a comma has none and stays on the line, as Word prints it. */
function inSuperscript(text: string): string {
  return [...text].map((ch) => SUPERSCRIPT_CHARACTERS[ch] ?? ch).join('');
}

function entriesText(heading: string, entries: ExportEntry[]): string[] {
  if (entries.length === 0) return [];
  return ['', heading, ...entries.map((e) => e.text)];
}
