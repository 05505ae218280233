/** Stage: in-text citations of every paragraph linked to the reference entries, superscript marks included. */
import type { Reference } from '../../model/paper';
import type { Block } from '../blocks';
import { citationFormsOf, findCitations, type CitationMark } from '../citations';
import { superscriptCitation } from '../rules/citation-rules';
import type { Body } from './sections';

/** "page|mark" for every footnote that opens with a superscript mark: those marks in the text are footnote marks. */
export function footnoteMarksOf(blocks: Block[]): Set<string> {
  const marks = new Set<string>();
  for (const b of blocks) {
    if (b.type !== 'paragraph' || b.kind !== 'footnote') continue;
    const first = b.lines[0]!.supers[0];
    if (first && first.at === 0) marks.add(`${b.lines[0]!.page}|${first.text}`);
  }
  return marks;
}

export function linkCitations(body: Body, references: Reference[], footnoteMarks: Set<string>): void {
  const marksOf = new Map<string, CitationMark[]>(
    body.paragraphs.map((paragraph) => [paragraph.id, (body.marks.get(paragraph.id) ?? []).map((m) => ({ ...m, footnote: footnoteMarks.has(`${m.page ?? paragraph.page}|${m.text}`) }))]),
  );
  const superscripts = [...marksOf.values()].flat().filter((m) => superscriptCitation.test(m.text, m.footnote === true)).map((m) => m.text);
  // How the document cites is decided once, from all its paragraphs: a paragraph alone cannot tell "(3)" the citation from "(3)" the item.
  const forms = citationFormsOf(body.paragraphs.map((p) => p.text), references, superscripts);
  for (const paragraph of body.paragraphs) paragraph.citations = findCitations(paragraph.text, references, marksOf.get(paragraph.id), forms);
}
