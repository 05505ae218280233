/** Stage: in-text citations of every paragraph linked to the reference entries, superscript marks included. */
import type { Reference } from '../../model/paper';
import type { Block } from '../blocks';
import { findCitations } from '../citations';
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
  for (const paragraph of body.paragraphs) {
    const marks = (body.marks.get(paragraph.id) ?? []).map((m) => ({ ...m, footnote: footnoteMarks.has(`${m.page ?? paragraph.page}|${m.text}`) }));
    paragraph.citations = findCitations(paragraph.text, references, marks);
  }
}
