/**
 * LaTeX for Overleaf or any TeX editor: each passage followed by `\cite[§2 ¶3]{key}` per cited
 * work (stable keys from the cite engine), and `\nocite{…}` for the works the quoted passages
 * cite, so a bibliography built from the `.bib` (toBibFile) lists exactly the works exported.
 */
import type { ExportBlock, ExportCitation, ExportDocument, ExportLocator } from './export-document';
import { escapeLatex, escapeLatexOptional } from './latex-escape';

export function toLatex(document: ExportDocument): string {
  const parts: string[] = [];
  if (document.heading) parts.push(`\\noindent\\textbf{${escapeLatex(document.heading)}}`, '');
  for (const block of document.blocks) parts.push(blockLatex(block), '');
  const secondaryKeys = document.secondary.map((e) => e.key);
  if (secondaryKeys.length) parts.push(`\\nocite{${secondaryKeys.join(',')}}`, '');
  return `${parts.join('\n').trimEnd()}\n`;
}

function blockLatex(block: ExportBlock): string {
  const text = block.kind === 'quote' ? `\`\`${escapeLatex(block.text)}''` : escapeLatex(block.text);
  const citations = block.citations.map(citeCommand).join('');
  return citations ? `${text}~${citations}` : text;
}

function citeCommand(citation: ExportCitation): string {
  const where = latexLocator(citation.work.locator);
  return where ? `\\cite[${where}]{${citation.work.key}}` : `\\cite{${citation.work.key}}`;
}

/** "\S{}2.1 \P{}3, p.~4": the same parts as locatorText, in LaTeX's own symbols. */
export function latexLocator(locator: ExportLocator | undefined): string {
  if (!locator) return '';
  const place = [
    locator.section ? `\\S{}${escapeLatexOptional(locator.section)}` : '',
    locator.paragraph !== undefined ? `\\P{}${locator.paragraph}` : '',
  ].filter(Boolean).join(' ');
  const page = locator.page !== undefined ? `p.~${locator.page}` : '';
  return [place, page].filter(Boolean).join(', ');
}
