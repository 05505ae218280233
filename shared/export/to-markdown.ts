/**
 * Markdown with Pandoc citations: each passage followed by `[@key, §2 ¶3]` (one citation per
 * cited work, so its locator stays with it), and the works the quoted passages cite in the
 * front matter's `nocite`, so `pandoc --citeproc` with the `.bib` or CSL-JSON lists exactly
 * the works exported. Passage text is escaped: it can never become markup or a citation.
 */
import type { ExportBlock, ExportDocument } from './export-document';
import { flattenControls } from './flatten-controls';
import { locatorText } from './locator-text';

export function toMarkdown(document: ExportDocument, bibliographyFile = 'references.bib'): string {
  const front = ['---', `bibliography: ${JSON.stringify(bibliographyFile)}`];
  if (document.secondary.length) front.push(`nocite: |`, `  ${document.secondary.map((e) => `@${e.key}`).join(', ')}`);
  front.push('---', '');
  const body: string[] = [];
  if (document.heading) body.push(`**${escapeMarkdown(document.heading)}**`, '');
  for (const block of document.blocks) body.push(blockMarkdown(block), '');
  body.push('# References', '');
  return `${[...front, ...body].join('\n').trimEnd()}\n`;
}

function blockMarkdown(block: ExportBlock): string {
  const text = block.kind === 'quote' ? `“${escapeMarkdown(block.text)}”` : escapeMarkdown(block.text);
  const citations = block.citations.map((c) => {
    const where = locatorText(c.work.locator);
    return where ? `[@${c.work.key}, ${where}]` : `[@${c.work.key}]`;
  });
  return citations.length ? `${text} ${citations.join(' ')}` : text;
}

/** Backslash-escapes the ASCII punctuation Markdown or Pandoc give a meaning to; line breaks become spaces. */
export function escapeMarkdown(text: string): string {
  const flat = flattenControls(text);
  const escaped = flat.replace(/[\\`*_{}[\]<>#+\-!|@$~^&=]/g, (c) => `\\${c}`);
  // "1. " or "1) " at the start would make an ordered list.
  return escaped.replace(/^(\s*\d+)([.)])/, '$1\\$2');
}
