/**
 * What a person does in the Docs editor, applied to the fake: type, delete, copy and paste
 * (the link URL travels with the text; named ranges do not), cut and paste, click, select.
 * Each action ends as Docs leaves a document after an edit (adjacent Text runs merged), and
 * the invariants are checked.
 */
import { type FakeDocument, FakeRange } from './fake-document';
import { type FakeParagraph, FakeText } from './fake-elements';

export interface Clipboard {
  chars: string;
  links: (string | null)[];
}

function paragraphAt(document: FakeDocument, index: number): FakeParagraph {
  const paragraph = document.body.children[index];
  if (!paragraph) throw new Error(`No paragraph ${index}`);
  return paragraph;
}

function charsOf(paragraph: FakeParagraph): Clipboard {
  return { chars: paragraph.getText(), links: paragraph.children.flatMap((c) => c.links) };
}

function setChars(document: FakeDocument, paragraph: FakeParagraph, content: Clipboard): void {
  for (const child of paragraph.children) child.parent = null;
  paragraph.children = [];
  if (content.chars) paragraph.insertTextChild(0, new FakeText(document, content.chars, content.links));
}

export class SimulatedUser {
  constructor(private readonly document: FakeDocument) {}

  private done(action: string): void {
    this.document.normalize();
    this.document.changed(`user: ${action}`);
  }

  clickAt(paragraphIndex: number, offset: number): void {
    this.document.placeCursor({ paragraph: paragraphAt(this.document, paragraphIndex), offset });
  }

  /** Clicks right after the first occurrence of `text` in the document. */
  clickAfter(text: string): void {
    const index = this.document.body.children.findIndex((p) => p.getText().includes(text));
    if (index < 0) throw new Error(`"${text}" is not in the document`);
    this.clickAt(index, paragraphAt(this.document, index).getText().indexOf(text) + text.length);
  }

  selectParagraph(paragraphIndex: number): void {
    this.document.selectRange(new FakeRange([{ element: paragraphAt(this.document, paragraphIndex), start: -1, endInclusive: -1 }]));
  }

  /** Selects `text` with the mouse, inside one Text run: Docs reports it as a partial range of that Text element. */
  selectText(text: string): void {
    for (const paragraph of this.document.body.children) {
      const child = paragraph.children.find((c) => c.getText().includes(text));
      if (!child) continue;
      const start = child.getText().indexOf(text);
      this.document.selectRange(new FakeRange([{ element: child, start, endInclusive: start + text.length - 1 }]));
      return;
    }
    throw new Error(`"${text}" is not in one run of the document`);
  }

  /** Typed text carries no link, even next to one. */
  type(paragraphIndex: number, offset: number, text: string): void {
    const paragraph = paragraphAt(this.document, paragraphIndex);
    const content = charsOf(paragraph);
    setChars(this.document, paragraph, {
      chars: content.chars.slice(0, offset) + text + content.chars.slice(offset),
      links: [...content.links.slice(0, offset), ...Array<string | null>(text.length).fill(null), ...content.links.slice(offset)],
    });
    this.done('type');
  }

  copy(paragraphIndex: number, start: number, end: number): Clipboard {
    const content = charsOf(paragraphAt(this.document, paragraphIndex));
    return { chars: content.chars.slice(start, end), links: content.links.slice(start, end) };
  }

  paste(paragraphIndex: number, offset: number, clipboard: Clipboard): void {
    const paragraph = paragraphAt(this.document, paragraphIndex);
    const content = charsOf(paragraph);
    setChars(this.document, paragraph, {
      chars: content.chars.slice(0, offset) + clipboard.chars + content.chars.slice(offset),
      links: [...content.links.slice(0, offset), ...clipboard.links, ...content.links.slice(offset)],
    });
    this.done('paste');
  }

  deleteChars(paragraphIndex: number, start: number, end: number): void {
    const paragraph = paragraphAt(this.document, paragraphIndex);
    const content = charsOf(paragraph);
    setChars(this.document, paragraph, { chars: content.chars.slice(0, start) + content.chars.slice(end), links: [...content.links.slice(0, start), ...content.links.slice(end)] });
    this.done('delete');
  }

  cutAndPaste(from: { paragraph: number; start: number; end: number }, to: { paragraph: number; offset: number }): void {
    const clipboard = this.copy(from.paragraph, from.start, from.end);
    this.deleteChars(from.paragraph, from.start, from.end);
    const shift = to.paragraph === from.paragraph && to.offset > from.start ? from.end - from.start : 0;
    this.paste(to.paragraph, to.offset - shift, clipboard);
  }

  /** Presses Enter at the end of a paragraph and types a new one. */
  addParagraph(afterIndex: number, text: string): void {
    this.document.body.insertParagraph(afterIndex + 1, text);
    this.done('new paragraph');
  }

  deleteParagraph(index: number): void {
    paragraphAt(this.document, index).removeFromParent();
    this.done('delete paragraph');
  }

  /** Finds the paragraph and offset of `text` (the first occurrence after `fromParagraph`). */
  find(text: string, fromParagraph = 0): { paragraph: number; start: number; end: number } {
    const children = this.document.body.children;
    for (let i = fromParagraph; i < children.length; i++) {
      const at = children[i]!.getText().indexOf(text);
      if (at >= 0) return { paragraph: i, start: at, end: at + text.length };
    }
    throw new Error(`"${text}" is not in the document`);
  }
}
