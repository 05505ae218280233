/**
 * What a user does by hand between two Word.run calls: move, copy, delete and retype.
 * These act on the model directly (no proxies, no sync), as the user's keyboard does.
 */
import { bodyParagraphs, controlsIn, locate, markRemoved, run, type Block, type ControlNode, type DocumentModel, type Inline, type ParagraphNode } from './document-model';

/** Moves the body block holding paragraph `from` to sit before the block holding paragraph `to`. */
export function moveParagraph(model: DocumentModel, from: number, to: number): void {
  const paragraphs = bodyParagraphs(model.body);
  const moving = topBlock(model, paragraphs[from]!);
  const before = topBlock(model, paragraphs[to]!);
  model.body.splice(model.body.indexOf(moving), 1);
  model.body.splice(model.body.indexOf(before), 0, moving);
}

/** Copies paragraph `index` (with its content controls, tags included, as copy and paste does) after itself. */
export function duplicateParagraph(model: DocumentModel, index: number): void {
  const paragraph = bodyParagraphs(model.body)[index]!;
  const at = locate(model, paragraph)!;
  at.container.splice(at.index + 1, 0, cloneParagraph(model, paragraph));
}

export function deleteParagraph(model: DocumentModel, index: number): void {
  const paragraph = bodyParagraphs(model.body)[index]!;
  const at = locate(model, paragraph)!;
  at.container.splice(at.index, 1);
  markRemoved(paragraph);
}

/** Deletes the `nth` control whose tag passes `match`, with its content (select it, press Delete). */
export function deleteControl(model: DocumentModel, match: (tag: string) => boolean, nth = 0): void {
  const control = controlsIn(model.body).filter((c) => match(c.tag))[nth]!;
  const at = locate(model, control)!;
  at.container.splice(at.index, 1);
  markRemoved(control);
}

/** Retypes the text inside the `nth` control whose tag passes `match`. */
export function retypeControl(model: DocumentModel, match: (tag: string) => boolean, text: string, nth = 0): void {
  const control = controlsIn(model.body).filter((c) => match(c.tag))[nth]!;
  control.inlines.forEach(markRemoved);
  control.inlines = [run(text)];
}

export function controlsMatching(model: DocumentModel, match: (tag: string) => boolean): ControlNode[] {
  return controlsIn(model.body).filter((c) => match(c.tag));
}

function topBlock(model: DocumentModel, paragraph: ParagraphNode): Block {
  if (model.body.includes(paragraph)) return paragraph;
  return model.body.find((b) => b.kind === 'control' && b.paragraphs.includes(paragraph))!;
}

function cloneInline(model: DocumentModel, inline: Inline): Inline {
  if (inline.kind === 'text') return run(inline.text);
  return { ...inline, id: model.nextId++, inlines: inline.inlines.map((i) => cloneInline(model, i)), paragraphs: inline.paragraphs.map((p) => cloneParagraph(model, p)) };
}

function cloneParagraph(model: DocumentModel, paragraph: ParagraphNode): ParagraphNode {
  return { kind: 'paragraph', id: model.nextId++, inlines: paragraph.inlines.map((i) => cloneInline(model, i)), removed: false };
}
