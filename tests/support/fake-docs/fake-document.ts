/**
 * An in-memory Google Doc with the DocumentApp surface the add-on uses (docs-port.ts):
 * positions and the user's cursor, ranges, named ranges. Its invariants are checked after
 * every mutation, by the script or by the simulated user (user-actions.ts).
 *
 * Modelled on the Apps Script reference:
 * - getCursor() is null while the user has a selection (a selection is not a caret).
 * - Position offsets count characters in a Text, children in a container; Position.insertText
 *   creates a new Text element (splitting the Text it is in) and returns null where text
 *   cannot go (the body itself).
 * - A NamedRange cannot be modified, only removed; names are not unique, ids are; when every
 *   element it covers is deleted, it is gone; copy and paste does not carry it.
 * - The cursor is a place in the document, not a reference to an element: it survives the
 *   script splitting the Text it is in, and is dropped when its paragraph is deleted.
 */
import type {
  DocsDocument, DocsElement, DocsNamedRange, DocsPosition, DocsRange, DocsRangeBuilder, DocsRangeElement, DocsText,
} from '../../../gdocs/server/docs-port';
import { FakeBody, FakeDocsError, FakeParagraph, FakeText, type ChangeObserver, type FakeElement } from './fake-elements';

function fail(message: string): never {
  throw new FakeDocsError(message);
}

interface RangePart {
  element: FakeElement;
  start: number;
  endInclusive: number;
}

class FakeRangeElement implements DocsRangeElement {
  constructor(private readonly part: RangePart) {}
  getElement(): DocsElement {
    return this.part.element as unknown as DocsElement;
  }
  isPartial(): boolean {
    return this.part.start >= 0;
  }
  getStartOffset(): number {
    return this.part.start;
  }
  getEndOffsetInclusive(): number {
    return this.part.endInclusive;
  }
}

export class FakeRange implements DocsRange {
  constructor(readonly parts: readonly RangePart[]) {}
  getRangeElements(): DocsRangeElement[] {
    return this.parts.map((p) => new FakeRangeElement(p));
  }
}

class FakeRangeBuilder implements DocsRangeBuilder {
  private readonly parts: RangePart[] = [];
  constructor(private readonly document: FakeDocument) {}
  addElement(element: DocsElement, startOffset?: number, endOffsetInclusive?: number): DocsRangeBuilder {
    const fake = element as unknown as FakeElement;
    if (!this.document.isAttached(fake)) fail('Element must be in the document to be added to a range.');
    if (startOffset === undefined) {
      this.parts.push({ element: fake, start: -1, endInclusive: -1 });
    } else {
      if (!(fake instanceof FakeText)) fail('Partial ranges are only for Text elements.');
      if (endOffsetInclusive === undefined || startOffset < 0 || endOffsetInclusive >= fake.chars.length || startOffset > endOffsetInclusive) fail('Invalid range offsets.');
      this.parts.push({ element: fake, start: startOffset, endInclusive: endOffsetInclusive });
    }
    return this;
  }
  build(): DocsRange {
    return new FakeRange([...this.parts]);
  }
}

class FakeNamedRange implements DocsNamedRange {
  constructor(private readonly document: FakeDocument, readonly id: string, readonly name: string, readonly parts: readonly RangePart[]) {}
  getId(): string {
    return this.id;
  }
  getName(): string {
    return this.name;
  }
  getRange(): DocsRange {
    return new FakeRange(this.parts.filter((p) => this.document.isAttached(p.element)));
  }
  remove(): void {
    this.document.removeNamedRange(this);
  }
}

/** A place in the document: a paragraph and a character offset in its text. */
export interface DocumentPlace {
  paragraph: FakeParagraph;
  offset: number;
}

class FakePosition implements DocsPosition {
  constructor(private readonly document: FakeDocument, readonly element: FakeElement, readonly offset: number) {}
  getElement(): DocsElement {
    return this.element as unknown as DocsElement;
  }
  getOffset(): number {
    return this.offset;
  }
  insertText(text: string): DocsText | null {
    return this.document.insertTextAtPosition(this, text);
  }
  /** The place in the document this position stands for. */
  place(): DocumentPlace | null {
    const { element, offset } = this;
    if (element instanceof FakeText) {
      const paragraph = element.parent;
      if (!paragraph) return null;
      const before = paragraph.children.slice(0, paragraph.children.indexOf(element)).reduce((n, c) => n + c.chars.length, 0);
      return { paragraph, offset: before + offset };
    }
    if (element instanceof FakeParagraph) {
      return { paragraph: element, offset: element.children.slice(0, offset).reduce((n, c) => n + c.chars.length, 0) };
    }
    return null;
  }
}

export class FakeDocument implements DocsDocument, ChangeObserver {
  readonly body: FakeBody;
  private namedRanges: FakeNamedRange[] = [];
  private nextRangeId = 1;
  private cursor: DocumentPlace | null = null;
  private selection: FakeRange | null = null;
  /** Every operation, in order, with the invariant check it passed. */
  readonly log: string[] = [];
  private checking = true;

  constructor(paragraphs: string[] = ['']) {
    this.body = new FakeBody(this);
    this.checking = false;
    for (const text of paragraphs.length ? paragraphs : ['']) this.body.appendParagraph(text);
    this.checking = true;
    this.changed('new document');
  }

  // ---- DocumentApp surface ----

  getBody(): FakeBody {
    return this.body;
  }

  getCursor(): DocsPosition | null {
    if (this.selection || !this.cursor) return null;
    return this.positionAt(this.cursor);
  }

  setCursor(position: DocsPosition): FakeDocument {
    const place = (position as FakePosition).place();
    if (!place || !this.isAttached(place.paragraph)) fail('The position must be in the document.');
    this.cursor = place;
    this.selection = null;
    this.changed('Document.setCursor');
    return this;
  }

  getSelection(): DocsRange | null {
    return this.selection;
  }

  newPosition(element: DocsElement, offset: number): DocsPosition {
    const fake = element as unknown as FakeElement;
    if (!this.isAttached(fake)) fail('Element must be in the document.');
    if (!Number.isInteger(offset) || offset < 0) fail(`Invalid offset ${offset}.`);
    const limit = fake instanceof FakeText ? fake.chars.length : fake.children.length;
    if (offset > limit) fail(`Offset ${offset} is past the end of the element (${limit}).`);
    return new FakePosition(this, fake, offset);
  }

  newRange(): DocsRangeBuilder {
    return new FakeRangeBuilder(this);
  }

  addNamedRange(name: string, range: DocsRange): DocsNamedRange {
    if (!name || name.length > 256) fail('Invalid named range name.');
    const parts = (range as FakeRange).parts;
    if (!parts.length) fail('A named range needs at least one element.');
    const namedRange = new FakeNamedRange(this, `kix.${this.nextRangeId++}`, name, parts);
    this.namedRanges.push(namedRange);
    this.changed('Document.addNamedRange');
    return namedRange;
  }

  getNamedRanges(name?: string): DocsNamedRange[] {
    this.dropDeadNamedRanges();
    return this.namedRanges.filter((r) => name === undefined || r.name === name);
  }

  // ---- used by the fake's own objects ----

  removeNamedRange(range: FakeNamedRange): void {
    this.namedRanges = this.namedRanges.filter((r) => r !== range);
    this.changed('NamedRange.remove');
  }

  insertTextAtPosition(position: FakePosition, text: string): DocsText | null {
    const { element, offset } = position;
    if (!this.isAttached(element)) fail('The position is no longer in the document.');
    if (element instanceof FakeBody) return null;
    const added = new FakeText(this);
    if (element instanceof FakeParagraph) {
      element.insertTextChild(offset, added);
    } else {
      const paragraph = element.parent!;
      const index = paragraph.children.indexOf(element);
      if (offset === 0) {
        paragraph.insertTextChild(index, added);
      } else if (offset === element.chars.length) {
        paragraph.insertTextChild(index + 1, added);
      } else {
        // A new Text element even inside an existing one: the Text is split around it.
        const tail = new FakeText(this, element.chars.slice(offset), element.links.slice(offset), element.raised.slice(offset));
        element.chars = element.chars.slice(0, offset);
        element.links = element.links.slice(0, offset);
        element.raised = element.raised.slice(0, offset);
        paragraph.insertTextChild(index + 1, added);
        paragraph.insertTextChild(index + 2, tail);
      }
    }
    // The new element is empty until now: insertText on it inherits the link before it in
    // the paragraph, as typing would (the hardest case for code that forgets to clear it).
    const paragraph = added.parent!;
    const earlier = paragraph.children.slice(0, paragraph.children.indexOf(added));
    const before = earlier.flatMap((c) => c.links);
    const inherited = before.length ? before[before.length - 1] ?? null : null;
    const raisedBefore = earlier.flatMap((c) => c.raised);
    added.chars = text.replace(/\n/g, '\r');
    added.links = Array<string | null>(added.chars.length).fill(inherited);
    added.raised = Array<boolean>(added.chars.length).fill(raisedBefore[raisedBefore.length - 1] ?? false);
    this.changed('Position.insertText');
    return added as unknown as DocsText;
  }

  isAttached(element: FakeElement): boolean {
    if (element instanceof FakeBody) return element === this.body;
    if (element instanceof FakeParagraph) return element.parent === this.body && this.body.children.includes(element);
    return element.parent !== null && element.parent.children.includes(element) && this.isAttached(element.parent);
  }

  positionAt(place: DocumentPlace): DocsPosition {
    let passed = 0;
    for (const child of place.paragraph.children) {
      if (place.offset <= passed + child.chars.length) return new FakePosition(this, child, place.offset - passed);
      passed += child.chars.length;
    }
    return new FakePosition(this, place.paragraph, place.paragraph.children.length);
  }

  // ---- state for the simulated user and the tests ----

  placeCursor(place: DocumentPlace | null): void {
    this.cursor = place;
    this.selection = null;
    this.changed('user: place cursor');
  }

  selectRange(range: FakeRange): void {
    this.selection = range;
    this.cursor = null;
    this.changed('user: select');
  }

  cursorPlace(): DocumentPlace | null {
    return this.cursor;
  }

  namedRangeCount(): number {
    this.dropDeadNamedRanges();
    return this.namedRanges.length;
  }

  /** Named ranges whose elements were all deleted no longer exist. */
  private dropDeadNamedRanges(): void {
    this.namedRanges = this.namedRanges.filter((r) => r.parts.some((p) => this.isAttached(p.element)));
  }

  /** Merges adjacent Text children and drops empty ones, as Docs does after a user's edit. */
  normalize(): void {
    for (const paragraph of this.body.children) {
      const merged: FakeText[] = [];
      for (const child of paragraph.children) {
        if (child.chars === '') continue;
        const last = merged[merged.length - 1];
        if (last) {
          last.chars += child.chars;
          last.links.push(...child.links);
          last.raised.push(...child.raised);
          child.parent = null;
        } else {
          merged.push(child);
        }
      }
      paragraph.children = merged;
    }
  }

  changed(operation: string): void {
    if (!this.checking) return;
    if (this.cursor && (!this.isAttached(this.cursor.paragraph))) this.cursor = null;
    if (this.cursor) this.cursor = { paragraph: this.cursor.paragraph, offset: Math.min(this.cursor.offset, this.cursor.paragraph.getText().length) };
    checkInvariants(this, this.namedRanges, this.cursor, this.selection, operation);
    this.log.push(operation);
  }
}

/** Throws (naming the operation) when the document is not a well-formed Google Doc. */
function checkInvariants(document: FakeDocument, namedRanges: readonly FakeNamedRange[], cursor: DocumentPlace | null, selection: FakeRange | null, operation: string): void {
  const broken = (what: string): never => fail(`Invariant broken after ${operation}: ${what}`);
  const body = document.body;
  if (body.children.length < 1) broken('the body has no paragraph');
  for (const paragraph of body.children) {
    if (!(paragraph instanceof FakeParagraph) || paragraph.parent !== body) broken('a body child is not a paragraph whose parent is the body');
    for (const text of paragraph.children) {
      if (!(text instanceof FakeText) || text.parent !== paragraph) broken('a paragraph child is not a Text whose parent is the paragraph');
      if (text.links.length !== text.chars.length) broken(`a Text has ${text.chars.length} characters but ${text.links.length} link slots`);
      if (text.raised.length !== text.chars.length) broken(`a Text has ${text.chars.length} characters but ${text.raised.length} alignment slots`);
      if (text.chars.includes('\n')) broken('a paragraph holds a new-line character');
      for (const link of text.links) if (link !== null && (typeof link !== 'string' || link === '')) broken('a link URL is not a non-empty string');
    }
  }
  const ids = new Set<string>();
  for (const range of namedRanges) {
    if (ids.has(range.id)) broken(`two named ranges share the id ${range.id}`);
    ids.add(range.id);
    for (const part of range.parts) {
      if (part.start >= 0 && part.element instanceof FakeText && document.isAttached(part.element) && part.endInclusive >= part.element.chars.length) {
        broken(`named range ${range.name} points past the end of its Text`);
      }
    }
  }
  if (cursor && selection) broken('the user has both a cursor and a selection');
  if (cursor && cursor.offset > cursor.paragraph.getText().length) broken('the cursor is past the end of its paragraph');
}
