/**
 * A .docx of the passages, their citations (each a hyperlink to its work) and the bibliography,
 * written with the `docx` package so it opens in Word, LibreOffice and Google Docs alike.
 * The text goes in as text runs, never as markup, so nothing in a passage can become a field.
 */
import { Document, ExternalHyperlink, HeadingLevel, Packer, Paragraph, TextRun, type ParagraphChild } from 'docx';
import { BIBLIOGRAPHY_HEADING, SECONDARY_HEADING, type ExportBlock, type ExportCitation, type ExportDocument, type ExportEntry } from './export-document';
import { locatorText } from './locator-text';

export async function toDocx(document: ExportDocument): Promise<Uint8Array> {
  const children: Paragraph[] = [];
  if (document.heading) children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(document.heading)] }));
  for (const block of document.blocks) children.push(blockParagraph(block));
  children.push(...entryParagraphs(BIBLIOGRAPHY_HEADING, document.bibliography));
  children.push(...entryParagraphs(SECONDARY_HEADING, document.secondary));
  const file = new Document({
    creator: 'Verbatim',
    title: document.heading ?? 'Quotes from Verbatim',
    sections: [{ children }],
  });
  return new Uint8Array(await Packer.toArrayBuffer(file));
}

function blockParagraph(block: ExportBlock): Paragraph {
  const runs: ParagraphChild[] = [new TextRun(block.kind === 'quote' ? `“${block.text}”` : block.text)];
  for (const citation of block.citations) runs.push(...citationRuns(citation));
  return new Paragraph({ children: runs });
}

/**
 * A citation after a space, linked to its work, its locator in brackets. A raised citation (Nature) is set as
 * superscript against the text it follows, its locator on the line.
 */
function citationRuns(citation: ExportCitation): ParagraphChild[] {
  const where = locatorText(citation.work.locator);
  const raised = citation.superscript;
  const label = where && !raised ? `${citation.text} (${where})` : citation.text;
  const run = new TextRun({ text: label, ...(citation.work.url ? { style: 'Hyperlink' } : {}), ...(raised ? { superScript: true } : {}) });
  const cited = citation.work.url ? new ExternalHyperlink({ link: citation.work.url, children: [run] }) : run;
  return [...(raised ? [] : [new TextRun(' ')]), cited, ...(where && raised ? [new TextRun(` (${where})`)] : [])];
}

function entryParagraphs(heading: string, entries: ExportEntry[]): Paragraph[] {
  if (entries.length === 0) return [];
  return [
    new Paragraph({ heading: HeadingLevel.HEADING_3, children: [new TextRun(heading)] }),
    // A hanging indent, as bibliographies are set.
    ...entries.map((e) => new Paragraph({ indent: { left: 360, hanging: 360 }, children: [new TextRun(e.text)] })),
  ];
}
