/**
 * Rich text for any editor that takes HTML from the clipboard (Google Docs, Word, Notion,
 * e-mail): the passages, each citation a link to its work, then the bibliography.
 * The cite engine's HTML (citations, entries) is its own escaped output; everything else
 * (passage text, URLs) is escaped here.
 */
import { BIBLIOGRAPHY_HEADING, SECONDARY_HEADING, type ExportBlock, type ExportCitation, type ExportDocument, type ExportEntry } from './export-document';
import { escapeHtml } from './html-escape';
import { locatorText } from './locator-text';

export function toHtml(document: ExportDocument): string {
  const parts: string[] = ['<div class="verbatim-export">'];
  if (document.heading) parts.push(`<p><strong>${escapeHtml(document.heading)}</strong></p>`);
  for (const block of document.blocks) parts.push(blockHtml(block));
  parts.push(...entriesHtml(BIBLIOGRAPHY_HEADING, document.bibliography));
  parts.push(...entriesHtml(SECONDARY_HEADING, document.secondary));
  parts.push('</div>');
  return parts.join('\n');
}

function blockHtml(block: ExportBlock): string {
  const text = block.kind === 'quote' ? `“${escapeHtml(block.text)}”` : escapeHtml(block.text);
  const citations = block.citations.map(citationHtml).join(' ');
  return `<p>${text}${citations ? ` ${citations}` : ''}</p>`;
}

function citationHtml(citation: ExportCitation): string {
  const where = locatorText(citation.work.locator);
  const title = where ? ` title="${escapeHtml(where)}"` : '';
  const label = `${citation.html}${where ? ` <span class="locator">(${escapeHtml(where)})</span>` : ''}`;
  if (!citation.work.url) return `<span class="citation"${title}>${label}</span>`;
  return `<a class="citation" href="${escapeHtml(citation.work.url)}"${title}>${label}</a>`;
}

function entriesHtml(heading: string, entries: ExportEntry[]): string[] {
  if (entries.length === 0) return [];
  return [`<h3>${escapeHtml(heading)}</h3>`, '<ul class="bibliography">', ...entries.map((e) => `<li data-key="${escapeHtml(e.key)}">${e.html}</li>`), '</ul>'];
}
