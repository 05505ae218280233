/**
 * The bibliography is the paragraphs between two NamedRange markers: the heading paragraph
 * (`verbatim.bibliography.start`) and an empty closing paragraph (`verbatim.bibliography.end`).
 * A rebuild replaces only what lies strictly between them, so text the user wrote elsewhere is
 * never touched. Named ranges do not survive copy and paste and die with their text: when only
 * one marker is left, or they are out of order, the markers are dropped (the old text stays,
 * and the report says so) and a new list is appended at the end of the document.
 */
import type { DocumentRendering } from '../common/document-contract';
import { kindOf, type DocsBody, type DocsDocument, type DocsParagraph } from './docs-port';

export const START_MARKER = 'verbatim.bibliography.start';
export const END_MARKER = 'verbatim.bibliography.end';

function markerParagraph(document: DocsDocument, name: string): DocsParagraph | null {
  const element = document.getNamedRanges(name)[0]?.getRange().getRangeElements()[0]?.getElement();
  if (!element) return null;
  const paragraph = kindOf(element) === 'TEXT' ? element.getParent() : element;
  return kindOf(paragraph) === 'PARAGRAPH' ? (paragraph as DocsParagraph) : null;
}

function indexIn(body: DocsBody, paragraph: DocsParagraph | null): number {
  if (!paragraph) return -1;
  try {
    return body.getChildIndex(paragraph);
  } catch {
    return -1; // inside a table or no longer in the body
  }
}

export type BibliographyLocation = { status: 'present'; start: number; end: number } | { status: 'absent' } | { status: 'orphaned-marker' };

export function locateBibliography(document: DocsDocument): BibliographyLocation {
  const body = document.getBody();
  const hasStart = document.getNamedRanges(START_MARKER).length > 0;
  const hasEnd = document.getNamedRanges(END_MARKER).length > 0;
  if (!hasStart && !hasEnd) return { status: 'absent' };
  const start = indexIn(body, markerParagraph(document, START_MARKER));
  const end = indexIn(body, markerParagraph(document, END_MARKER));
  return start >= 0 && end > start ? { status: 'present', start, end } : { status: 'orphaned-marker' };
}

function mark(document: DocsDocument, name: string, paragraph: DocsParagraph): void {
  document.addNamedRange(name, document.newRange().addElement(paragraph).build());
}

function setParagraphText(paragraph: DocsParagraph, text: string): void {
  if (paragraph.getText() === text) return;
  const edit = paragraph.editAsText();
  const old = edit.getText().length;
  // Insert first, then delete: the paragraph never becomes empty (a marker on it stays put).
  edit.insertText(0, text);
  edit.setLinkUrl(0, text.length - 1, null);
  if (old) edit.deleteText(text.length, text.length + old - 1);
}

/** Writes the list; returns whether a lone or misplaced marker had to be dropped. */
export function writeBibliography(document: DocsDocument, rendering: DocumentRendering['bibliography']): { orphanedMarkerRemoved: boolean } {
  const body = document.getBody();
  const lines = [...rendering.primary, ...(rendering.secondary.length ? [rendering.secondaryHeading, ...rendering.secondary] : [])];
  const location = locateBibliography(document);
  if (location.status === 'present') {
    for (let i = location.end - 1; i > location.start; i--) body.getChild(i).asParagraph().removeFromParent();
    setParagraphText(body.getChild(location.start).asParagraph(), rendering.heading);
    lines.forEach((line, i) => body.insertParagraph(location.start + 1 + i, line));
    return { orphanedMarkerRemoved: false };
  }
  if (location.status === 'orphaned-marker') {
    for (const name of [START_MARKER, END_MARKER]) for (const range of document.getNamedRanges(name)) range.remove();
  }
  const heading = body.appendParagraph(rendering.heading);
  for (const line of lines) body.appendParagraph(line);
  const closing = body.appendParagraph('');
  mark(document, START_MARKER, heading);
  mark(document, END_MARKER, closing);
  return { orphanedMarkerRemoved: location.status === 'orphaned-marker' };
}
