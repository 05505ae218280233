/**
 * The slice of Apps Script's DocumentApp and PropertiesService the add-on's server code uses.
 * In Apps Script the real objects are passed in (gdocs/server/apps-script-entry.ts); in Node,
 * the in-memory fake (tests/support/fake-docs/). docs-port-check.ts proves at compile time that
 * the real types from @types/google-apps-script satisfy these interfaces, so the server code
 * cannot call anything the real service lacks.
 */
export interface DocsElement {
  /** An ElementType enum value; String(type) is its name ("PARAGRAPH", "TEXT", "BODY_SECTION"). */
  getType(): unknown;
  getParent(): DocsContainer;
  asText(): DocsText;
  asParagraph(): DocsParagraph;
  /** A bulleted or numbered paragraph; every cast to another kind throws, as in Apps Script. */
  asListItem(): DocsParagraph;
}

export interface DocsContainer extends DocsElement {
  getNumChildren(): number;
  getChild(childIndex: number): DocsElement;
  getChildIndex(child: DocsElement): number;
  getText(): string;
}

export interface DocsText extends DocsElement {
  getText(): string;
  insertText(offset: number, text: string): DocsText;
  deleteText(startOffset: number, endOffsetInclusive: number): DocsText;
  /** The link at that offset; null (at run time) when there is none. */
  getLinkUrl(offset: number): string | null;
  /** `url` null removes the link (Apps Script accepts null; the published types say string). */
  setLinkUrl(startOffset: number, endOffsetInclusive: number, url: string | null): DocsText;
  getTextAttributeIndices(): number[];
  /** Superscript, subscript or normal: one of the values in DocsServices.textAlignment. */
  setTextAlignment(startOffset: number, endOffsetInclusive: number, textAlignment: unknown): DocsText;
}

export interface DocsParagraph extends DocsContainer {
  /** The paragraph's text as one Text, across its Text children, for editing. */
  editAsText(): DocsText;
  removeFromParent(): unknown;
}

export interface DocsBody extends DocsContainer {
  appendParagraph(text: string): DocsParagraph;
  insertParagraph(childIndex: number, text: string): DocsParagraph;
  getParagraphs(): DocsParagraph[];
}

export interface DocsPosition {
  getElement(): DocsElement;
  getOffset(): number;
  /** A new Text element at this position, or null where the element does not take text. */
  insertText(text: string): DocsText | null;
}

export interface DocsRangeElement {
  getElement(): DocsElement;
  isPartial(): boolean;
  getStartOffset(): number;
  getEndOffsetInclusive(): number;
}

export interface DocsRange {
  getRangeElements(): DocsRangeElement[];
}

export interface DocsRangeBuilder {
  addElement(element: DocsElement): DocsRangeBuilder;
  build(): DocsRange;
}

export interface DocsNamedRange {
  getId(): string;
  getName(): string;
  getRange(): DocsRange;
  remove(): void;
}

export interface DocsDocument {
  getBody(): DocsBody;
  /** Null when the user has a selection instead of a caret, or no cursor in this document. */
  getCursor(): DocsPosition | null;
  setCursor(position: DocsPosition): unknown;
  getSelection(): DocsRange | null;
  newPosition(element: DocsElement, offset: number): DocsPosition;
  newRange(): DocsRangeBuilder;
  addNamedRange(name: string, range: DocsRange): DocsNamedRange;
  getNamedRanges(name: string): DocsNamedRange[];
}

export interface DocsProperties {
  getProperty(key: string): string | null;
  getKeys(): string[];
  setProperties(properties: { [key: string]: string }, deleteAllOthers: boolean): unknown;
  deleteProperty(key: string): unknown;
}

/** What every server function works on: the bound document, its document properties, and DocumentApp's alignments. */
export interface DocsServices {
  document: DocsDocument;
  properties: DocsProperties;
  /** DocumentApp.TextAlignment's NORMAL and SUPERSCRIPT (enum values the server only passes on). */
  textAlignment: { normal: unknown; superscript: unknown };
}

export type ElementKind = 'BODY_SECTION' | 'PARAGRAPH' | 'LIST_ITEM' | 'TEXT' | 'OTHER';

export function kindOf(element: DocsElement): ElementKind {
  const name = String(element.getType());
  return name === 'BODY_SECTION' || name === 'PARAGRAPH' || name === 'LIST_ITEM' || name === 'TEXT' ? name : 'OTHER';
}
