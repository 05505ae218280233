/**
 * The document the fake Word holds: body blocks (paragraphs and block content
 * controls), paragraphs of inline runs and inline content controls. Plain data,
 * mutated only by queued operations at sync() or by the test's "user" (see user-edits.ts).
 */
export interface TextRun {
  kind: 'text';
  text: string;
  removed: boolean;
  /** Set by Font.superscript on a range or control holding the run; a new run starts on the line. */
  superscript?: boolean;
}

export interface ParagraphNode {
  kind: 'paragraph';
  id: number;
  inlines: Inline[];
  removed: boolean;
}

export interface ControlNode {
  kind: 'control';
  id: number;
  level: 'inline' | 'block';
  tag: string;
  title: string;
  appearance: 'BoundingBox' | 'Tags' | 'Hidden';
  cannotEdit: boolean;
  cannotDelete: boolean;
  /** Inline controls hold runs and nested inline controls. */
  inlines: Inline[];
  /** Block controls hold paragraphs. */
  paragraphs: ParagraphNode[];
  removed: boolean;
}

export interface CustomXmlPartNode {
  id: string;
  namespaceUri: string;
  xml: string;
  removed: boolean;
}

export type Inline = TextRun | ControlNode;
export type Block = ParagraphNode | ControlNode;

export interface DocumentModel {
  body: Block[];
  customXmlParts: CustomXmlPartNode[];
  settings: Map<string, unknown>;
  /** The caret: inside `paragraph`, just after `after` (null: at its start); or, with `span`, those runs selected. */
  selection: { paragraph: ParagraphNode; after: Inline | null; span?: TextRun[] };
  nextId: number;
}

export function newParagraph(model: DocumentModel, text: string): ParagraphNode {
  return { kind: 'paragraph', id: model.nextId++, inlines: text ? [run(text)] : [], removed: false };
}

export function run(text: string): TextRun {
  return { kind: 'text', text, removed: false };
}

export function newControl(model: DocumentModel, level: 'inline' | 'block'): ControlNode {
  return { kind: 'control', id: model.nextId++, level, tag: '', title: '', appearance: 'BoundingBox', cannotEdit: false, cannotDelete: false, inlines: [], paragraphs: [], removed: false };
}

export function inlineText(inlines: readonly Inline[]): string {
  return inlines.map((i) => (i.kind === 'text' ? i.text : controlText(i))).join('');
}

export function paragraphText(p: ParagraphNode): string {
  return inlineText(p.inlines);
}

export function controlText(c: ControlNode): string {
  return c.level === 'inline' ? inlineText(c.inlines) : c.paragraphs.map(paragraphText).join('\n');
}

export function bodyParagraphs(blocks: readonly Block[]): ParagraphNode[] {
  return blocks.flatMap((b) => (b.kind === 'paragraph' ? [b] : b.paragraphs));
}

/** Every content control in document order, nested ones after their parent (as Word lists them). */
export function controlsIn(blocks: readonly Block[]): ControlNode[] {
  const out: ControlNode[] = [];
  const visitInlines = (inlines: readonly Inline[]) => {
    for (const i of inlines) if (i.kind === 'control') { out.push(i); visitInlines(i.inlines); }
  };
  const visitParagraph = (p: ParagraphNode) => visitInlines(p.inlines);
  for (const b of blocks) {
    if (b.kind === 'paragraph') visitParagraph(b);
    else { out.push(b); b.paragraphs.forEach(visitParagraph); }
  }
  return out;
}

/** Marks a node and everything inside it as gone, so proxies that still point at it fail. */
export function markRemoved(node: Inline | Block): void {
  node.removed = true;
  if (node.kind === 'paragraph') node.inlines.forEach(markRemoved);
  if (node.kind === 'control') { node.inlines.forEach(markRemoved); node.paragraphs.forEach(markRemoved); }
}

/** The array that holds a node, and its index there; null when it is no longer in the document. */
export function locate(model: DocumentModel, node: Inline | Block): { container: (Inline | Block)[]; index: number; owner: ParagraphNode | ControlNode | null } | null {
  const search = (container: (Inline | Block)[], owner: ParagraphNode | ControlNode | null): ReturnType<typeof locate> => {
    const index = container.indexOf(node);
    if (index >= 0) return { container, index, owner };
    for (const child of container) {
      if (child.kind === 'paragraph') {
        const found = search(child.inlines, child);
        if (found) return found;
      } else if (child.kind === 'control') {
        const found = search(child.level === 'inline' ? child.inlines : child.paragraphs, child);
        if (found) return found;
      }
    }
    return null;
  };
  return search(model.body, null);
}

/** The paragraph an inline sits in (walking out of inline controls). */
export function paragraphOf(model: DocumentModel, node: Inline): ParagraphNode | null {
  let current: Inline | ParagraphNode = node;
  for (;;) {
    const where = locate(model, current);
    if (!where?.owner) return null;
    if (where.owner.kind === 'paragraph') return where.owner;
    current = where.owner;
  }
}

/** The text runs a content control holds, nested controls' included. */
export function runsIn(c: ControlNode): TextRun[] {
  const fromInlines = (inlines: readonly Inline[]): TextRun[] => inlines.flatMap((i) => (i.kind === 'text' ? [i] : runsIn(i)));
  return c.level === 'inline' ? fromInlines(c.inlines) : c.paragraphs.flatMap((p) => fromInlines(p.inlines));
}
