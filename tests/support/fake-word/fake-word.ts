/**
 * A stateful fake of Word for unit tests, the bench and the e2e pane page: a document
 * you can open many request contexts on (as successive Word.run calls do), plus the
 * edits a user makes by hand between them (user-edits.ts).
 */
import { bodyParagraphs, controlsIn, controlText, newParagraph, paragraphText, run, runsIn, type DocumentModel, type TextRun } from './document-model';
import { FakeRequestContext } from './fake-context';
import { FakeDocument } from './fake-proxies';

export class FakeWord {
  readonly model: DocumentModel;
  /** Every sync of every context opened on this document. */
  totalSyncs = 0;

  constructor(paragraphs: readonly string[] = ['My draft.']) {
    this.model = { body: [], customXmlParts: [], settings: new Map(), selection: undefined as never, nextId: 1 };
    for (const text of paragraphs.length ? paragraphs : ['']) this.model.body.push(newParagraph(this.model, text));
    this.selectEndOf(bodyParagraphs(this.model.body).length - 1);
  }

  /** A fresh context, as `Word.run` gives one; typed loosely so callers can hand it to code written against Word.RequestContext. */
  newContext(): FakeRequestContext & { document: FakeDocument } {
    const context = new FakeRequestContext(this.model) as FakeRequestContext & { document: FakeDocument };
    context.document = new FakeDocument(context);
    const sync = context.sync.bind(context);
    context.sync = async () => { this.totalSyncs++; await sync(); };
    return context;
  }

  /** Runs `fn` like Word.run: one context; reports how many syncs it took. */
  async run<T>(fn: (context: Word.RequestContext) => Promise<T>): Promise<{ value: T; syncs: number }> {
    const context = this.newContext();
    const value = await fn(context as unknown as Word.RequestContext);
    return { value, syncs: context.syncCount };
  }

  /** Puts the caret at the end of the body's paragraph `index` (in reading order). */
  selectEndOf(index: number): void {
    const paragraph = bodyParagraphs(this.model.body)[index];
    if (!paragraph) throw new Error(`no paragraph ${index}`);
    this.model.selection = { paragraph, after: paragraph.inlines[paragraph.inlines.length - 1] ?? null };
  }

  /** The user types a new paragraph at the end of the document. */
  typeParagraph(text: string): void {
    this.model.body.push(newParagraph(this.model, text));
  }

  /** Selects `text` as the user would with the mouse: the first run that holds it is split so the selection is a run of its own. */
  selectText(text: string): void {
    for (const paragraph of bodyParagraphs(this.model.body)) {
      const index = paragraph.inlines.findIndex((i) => i.kind === 'text' && i.text.includes(text));
      if (index < 0) continue;
      const holder = paragraph.inlines[index] as TextRun;
      const at = holder.text.indexOf(text);
      const selected = run(text);
      const pieces = [run(holder.text.slice(0, at)), selected, run(holder.text.slice(at + text.length))].filter((r) => r.text);
      paragraph.inlines.splice(index, 1, ...pieces);
      this.model.selection = { paragraph, after: selected, span: [selected] };
      return;
    }
    throw new Error(`no run holds "${text}"`);
  }

  paragraphs(): string[] {
    return bodyParagraphs(this.model.body).map(paragraphText);
  }

  /** `superscript`: every run of the control is raised (Font.superscript). */
  controls(): { tag: string; title: string; text: string; appearance: string; superscript: boolean }[] {
    return controlsIn(this.model.body).map((c) => {
      const runs = runsIn(c).filter((r) => r.text);
      return { tag: c.tag, title: c.title, text: controlText(c), appearance: c.appearance, superscript: runs.length > 0 && runs.every((r) => r.superscript === true) };
    });
  }

  partsByNamespace(namespaceUri: string): string[] {
    return this.model.customXmlParts.filter((p) => p.namespaceUri === namespaceUri).map((p) => p.xml);
  }
}
