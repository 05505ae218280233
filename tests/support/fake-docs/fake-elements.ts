/**
 * The element tree of the fake DocumentApp: a Body of Paragraphs, each a list of Text
 * elements holding characters with a link URL per character. Behaviour follows the Apps
 * Script reference where it says something (offsets inclusive at the end, "\n" in a
 * paragraph becomes "\r", the last paragraph of a body cannot be removed, a Position in a
 * Text inserts a NEW Text element); where it is silent, the fake takes the choice that is
 * hardest on the add-on (text inserted by a script takes the link of the character before it).
 */
import type { DocsBody, DocsContainer, DocsElement, DocsParagraph, DocsText } from '../../../gdocs/server/docs-port';

/** Called after every mutation; the document checks its invariants there. */
export interface ChangeObserver {
  changed(operation: string): void;
}

export class FakeDocsError extends Error {
  override name = 'Exception';
}

function fail(message: string): never {
  throw new FakeDocsError(message);
}

/** Container.getChild as Apps Script answers it: an integer index below the number of children. */
function childAt(children: readonly object[], childIndex: number): DocsElement {
  checkInteger(childIndex, 'childIndex');
  return (children[childIndex] as unknown as DocsElement | undefined) ?? fail(`Child index (${childIndex}) must be less than the number of child elements (${children.length}).`);
}

function checkInteger(value: number, what: string): void {
  if (!Number.isInteger(value)) fail(`Invalid argument: ${what} must be an integer (got ${value}).`);
}

/** Apps Script turns new-lines inside a paragraph into line breaks. */
function paragraphText(text: string): string {
  return text.replace(/\n/g, '\r');
}

abstract class FakeElementBase {
  constructor(protected readonly observer: ChangeObserver) {}
  abstract getType(): string;
  abstract getParent(): DocsContainer;
  asText(): DocsText {
    return fail(`Cannot cast a ${this.getType()} to TEXT.`);
  }
  asParagraph(): DocsParagraph {
    return fail(`Cannot cast a ${this.getType()} to PARAGRAPH.`);
  }
  asListItem(): DocsParagraph {
    return fail(`Cannot cast a ${this.getType()} to LIST_ITEM.`);
  }
}

/** The fake DocumentApp.TextAlignment values (the real ones are enum objects; the server code passes them through). */
export const FAKE_TEXT_ALIGNMENT = { normal: 'NORMAL', superscript: 'SUPERSCRIPT' } as const;

/** Character-level operations over a list of Text segments (one Text, or a paragraph's Text children). */
abstract class TextOperations extends FakeElementBase {
  protected abstract segments(): FakeText[];
  /** The segment new text goes into when the range holds none. */
  protected abstract createSegment(): FakeText;

  getText(): string {
    return this.segments().map((s) => s.chars).join('');
  }

  protected allLinks(): (string | null)[] {
    return this.segments().flatMap((s) => s.links);
  }

  protected allRaised(): boolean[] {
    return this.segments().flatMap((s) => s.raised);
  }

  private checkRange(start: number, endInclusive: number): void {
    checkInteger(start, 'startOffset');
    checkInteger(endInclusive, 'endOffsetInclusive');
    const length = this.getText().length;
    if (start < 0 || endInclusive >= length || start > endInclusive) fail(`Invalid offsets ${start}..${endInclusive}: the text is ${length} characters long.`);
  }

  /** The segment holding `offset`, preferring the one that ends there (the text typed after it). */
  private locate(offset: number): { segment: FakeText; local: number } {
    let passed = 0;
    const segments = this.segments();
    for (const segment of segments) {
      if (offset <= passed + segment.chars.length) return { segment, local: offset - passed };
      passed += segment.chars.length;
    }
    if (segments.length === 0 && offset === 0) return { segment: this.createSegment(), local: 0 };
    return fail(`Offset ${offset} is past the end of the text (${passed}).`);
  }

  insertText(offset: number, text: string): DocsText {
    checkInteger(offset, 'offset');
    const length = this.getText().length;
    if (offset < 0 || offset > length) fail(`Offset ${offset} is outside the text (0..${length}).`);
    const inherited = offset > 0 ? this.allLinks()[offset - 1] ?? null : null;
    // Inserted text takes the formatting of the character before it, as in Docs.
    const raised = offset > 0 ? this.allRaised()[offset - 1] ?? false : false;
    const { segment, local } = this.locate(offset);
    const added = paragraphText(text);
    segment.chars = segment.chars.slice(0, local) + added + segment.chars.slice(local);
    segment.links.splice(local, 0, ...Array<string | null>(added.length).fill(inherited));
    segment.raised.splice(local, 0, ...Array<boolean>(added.length).fill(raised));
    this.observer.changed('Text.insertText');
    return this as unknown as DocsText;
  }

  deleteText(startOffset: number, endOffsetInclusive: number): DocsText {
    this.checkRange(startOffset, endOffsetInclusive);
    let passed = 0;
    for (const segment of [...this.segments()]) {
      const from = Math.max(startOffset - passed, 0);
      const to = Math.min(endOffsetInclusive + 1 - passed, segment.chars.length);
      passed += segment.chars.length;
      if (from >= to) continue;
      segment.chars = segment.chars.slice(0, from) + segment.chars.slice(to);
      segment.links.splice(from, to - from);
      segment.raised.splice(from, to - from);
    }
    this.observer.changed('Text.deleteText');
    return this as unknown as DocsText;
  }

  getLinkUrl(offset: number): string | null {
    checkInteger(offset, 'offset');
    const links = this.allLinks();
    if (offset < 0 || offset >= links.length) fail(`Offset ${offset} is outside the text (${links.length} characters).`);
    return links[offset] ?? null;
  }

  setLinkUrl(startOffset: number, endOffsetInclusive: number, url: string | null): DocsText {
    this.checkRange(startOffset, endOffsetInclusive);
    if (url !== null && (typeof url !== 'string' || url === '')) fail('Invalid argument: url');
    let passed = 0;
    for (const segment of this.segments()) {
      for (let i = 0; i < segment.chars.length; i++) {
        const at = passed + i;
        if (at >= startOffset && at <= endOffsetInclusive) segment.links[i] = url;
      }
      passed += segment.chars.length;
    }
    this.observer.changed('Text.setLinkUrl');
    return this as unknown as DocsText;
  }

  /** Sets the characters' vertical alignment; the fake models NORMAL and SUPERSCRIPT (and refuses anything else). */
  setTextAlignment(startOffset: number, endOffsetInclusive: number, textAlignment: unknown): DocsText {
    this.checkRange(startOffset, endOffsetInclusive);
    if (textAlignment !== FAKE_TEXT_ALIGNMENT.normal && textAlignment !== FAKE_TEXT_ALIGNMENT.superscript) fail('Invalid argument: textAlignment');
    let passed = 0;
    for (const segment of this.segments()) {
      for (let i = 0; i < segment.chars.length; i++) {
        const at = passed + i;
        if (at >= startOffset && at <= endOffsetInclusive) segment.raised[i] = textAlignment === FAKE_TEXT_ALIGNMENT.superscript;
      }
      passed += segment.chars.length;
    }
    this.observer.changed('Text.setTextAlignment');
    return this as unknown as DocsText;
  }

  /** Offsets where the attributes (the link, the alignment) change, starting at 0. */
  getTextAttributeIndices(): number[] {
    const links = this.allLinks();
    const raised = this.allRaised();
    const indices: number[] = links.length ? [0] : [];
    for (let i = 1; i < links.length; i++) if (links[i] !== links[i - 1] || raised[i] !== raised[i - 1]) indices.push(i);
    return indices;
  }
}

export class FakeText extends TextOperations {
  chars = '';
  links: (string | null)[] = [];
  /** Per character: set as superscript (TextAlignment.SUPERSCRIPT). */
  raised: boolean[] = [];
  parent: FakeParagraph | null = null;

  constructor(observer: ChangeObserver, text = '', links?: (string | null)[], raised?: boolean[]) {
    super(observer);
    this.chars = paragraphText(text);
    this.links = links ? [...links] : Array<string | null>(this.chars.length).fill(null);
    this.raised = raised ? [...raised] : Array<boolean>(this.chars.length).fill(false);
  }
  getType(): string {
    return 'TEXT';
  }
  getParent(): DocsContainer {
    return this.parent as unknown as DocsContainer;
  }
  override asText(): DocsText {
    return this as unknown as DocsText;
  }
  protected segments(): FakeText[] {
    return [this];
  }
  protected createSegment(): FakeText {
    return this;
  }
}

/** What Paragraph.editAsText() returns: one Text over all the paragraph's Text children. */
class ParagraphTextView extends TextOperations {
  constructor(observer: ChangeObserver, private readonly paragraph: FakeParagraph) {
    super(observer);
  }
  getType(): string {
    return 'TEXT';
  }
  getParent(): DocsContainer {
    return this.paragraph.getParent();
  }
  override asText(): DocsText {
    return this as unknown as DocsText;
  }
  protected segments(): FakeText[] {
    return this.paragraph.children;
  }
  protected createSegment(): FakeText {
    const text = new FakeText(this.observer);
    text.parent = this.paragraph;
    this.paragraph.children.push(text);
    return text;
  }
}

export class FakeParagraph extends FakeElementBase {
  children: FakeText[] = [];
  parent: FakeBody | null = null;

  getType(): string {
    return 'PARAGRAPH';
  }
  getParent(): DocsContainer {
    return this.parent as unknown as DocsContainer;
  }
  override asParagraph(): DocsParagraph {
    return this as unknown as DocsParagraph;
  }
  getNumChildren(): number {
    return this.children.length;
  }
  getChild(childIndex: number): DocsElement {
    return childAt(this.children, childIndex);
  }
  getChildIndex(child: DocsElement): number {
    const index = this.children.indexOf(child as unknown as FakeText);
    return index >= 0 ? index : fail('Element is not a child of this paragraph.');
  }
  getText(): string {
    return this.children.map((c) => c.chars).join('');
  }
  editAsText(): DocsText {
    return new ParagraphTextView(this.observer, this) as unknown as DocsText;
  }
  appendText(text: string): DocsText {
    const child = new FakeText(this.observer, text);
    child.parent = this;
    this.children.push(child);
    this.observer.changed('Paragraph.appendText');
    return child as unknown as DocsText;
  }
  /** Inserts a Text element at a child index (what a Position in a paragraph does). */
  insertTextChild(childIndex: number, text: FakeText): void {
    text.parent = this;
    this.children.splice(childIndex, 0, text);
  }
  removeFromParent(): DocsParagraph {
    if (!this.parent) return this as unknown as DocsParagraph;
    this.parent.removeChild(this as unknown as DocsElement);
    return this as unknown as DocsParagraph;
  }
}

/** A bulleted or numbered paragraph: a Paragraph in everything the add-on uses, but of its own type, so asParagraph() throws. */
export class FakeListItem extends FakeParagraph {
  override getType(): string {
    return 'LIST_ITEM';
  }
  override asParagraph(): DocsParagraph {
    return fail(`Cannot cast a ${this.getType()} to PARAGRAPH.`);
  }
  override asListItem(): DocsParagraph {
    return this as unknown as DocsParagraph;
  }
}

export class FakeBody extends FakeElementBase {
  children: FakeParagraph[] = [];

  getType(): string {
    return 'BODY_SECTION';
  }
  getParent(): DocsContainer {
    return null as unknown as DocsContainer;
  }
  getNumChildren(): number {
    return this.children.length;
  }
  getChild(childIndex: number): DocsElement {
    return childAt(this.children, childIndex);
  }
  getChildIndex(child: DocsElement): number {
    const index = this.children.indexOf(child as unknown as FakeParagraph);
    return index >= 0 ? index : fail('Element is not a child of the body.');
  }
  getText(): string {
    return this.children.map((p) => p.getText()).join('\n');
  }
  getParagraphs(): DocsParagraph[] {
    return [...this.children] as unknown as DocsParagraph[];
  }
  private newParagraph(text: string, kind: typeof FakeParagraph = FakeParagraph): FakeParagraph {
    const paragraph = new kind(this.observer);
    paragraph.parent = this;
    // An empty paragraph has no Text child; text makes one.
    if (text !== '') {
      const child = new FakeText(this.observer, text);
      child.parent = paragraph;
      paragraph.children.push(child);
    }
    return paragraph;
  }
  appendParagraph(text: string): DocsParagraph {
    const paragraph = this.newParagraph(text);
    this.children.push(paragraph);
    this.observer.changed('Body.appendParagraph');
    return paragraph as unknown as DocsParagraph;
  }
  appendListItem(text: string): DocsParagraph {
    const item = this.newParagraph(text, FakeListItem);
    this.children.push(item);
    this.observer.changed('Body.appendListItem');
    return item as unknown as DocsParagraph;
  }
  insertParagraph(childIndex: number, text: string): DocsParagraph {
    checkInteger(childIndex, 'childIndex');
    if (childIndex < 0 || childIndex > this.children.length) fail(`Child index (${childIndex}) must not be greater than the number of child elements (${this.children.length}).`);
    const paragraph = this.newParagraph(text);
    this.children.splice(childIndex, 0, paragraph);
    this.observer.changed('Body.insertParagraph');
    return paragraph as unknown as DocsParagraph;
  }
  removeChild(child: DocsElement): DocsBody {
    const index = this.getChildIndex(child);
    if (this.children.length === 1) fail("Can't remove the last paragraph in a document section.");
    const [removed] = this.children.splice(index, 1);
    removed!.parent = null;
    this.observer.changed('Body.removeChild');
    return this as unknown as DocsBody;
  }
}

export type FakeElement = FakeBody | FakeParagraph | FakeText;
