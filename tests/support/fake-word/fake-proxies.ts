/**
 * The proxies of the fake Word object model: Range, Paragraph, ContentControl, Body,
 * Document, their collections, custom XML parts and settings. Each method queues an
 * operation (see fake-context.ts for the rules); results are proxies bound when it runs.
 */
import {
  bodyParagraphs, controlText, controlsIn, inlineText, locate, markRemoved, newControl, newParagraph, paragraphOf, paragraphText, run, runsIn,
  type Block, type ControlNode, type CustomXmlPartNode, type DocumentModel, type Inline, type ParagraphNode,
} from './document-model';
import { checkLocation, FakeClientObject, FakeClientResult, FakeOfficeError, parseLoadNames, type FakeRequestContext } from './fake-context';

type Owner = ParagraphNode | ControlNode;
export type RangeTarget =
  | { kind: 'whole'; owner: Owner }
  | { kind: 'span'; owner: Owner; nodes: Inline[] }
  | { kind: 'caret'; owner: ParagraphNode | ControlNode; after: Inline | null };

function ownerGone(owner: Owner): boolean {
  return owner.removed;
}

function insertAt<T>(container: T[], index: number, ...items: T[]): void {
  container.splice(index, 0, ...items);
}

/** Where inline content goes for an owner: a paragraph's runs, an inline control's runs, or a block control's first/last paragraph. */
function inlinesOf(model: DocumentModel, owner: Owner, end: 'start' | 'end'): Inline[] {
  if (owner.kind === 'paragraph' || owner.level === 'inline') return owner.inlines;
  if (!owner.paragraphs.length) owner.paragraphs.push(newParagraph(model, ''));
  return (end === 'start' ? owner.paragraphs[0]! : owner.paragraphs[owner.paragraphs.length - 1]!).inlines;
}

function replaceContent(model: DocumentModel, owner: Owner, text: string): Inline {
  const created = run(text);
  if (owner.kind === 'paragraph' || owner.level === 'inline') {
    owner.inlines.forEach(markRemoved);
    owner.inlines = [created];
  } else {
    owner.paragraphs.forEach(markRemoved);
    const paragraph = newParagraph(model, '');
    paragraph.inlines.push(created);
    owner.paragraphs = [paragraph];
  }
  return created;
}

/** The paragraph (or block control) a range sits in, and the array that holds it. */
function blockOf(model: DocumentModel, target: RangeTarget): Block {
  const owner = target.owner;
  if (owner.kind === 'paragraph') return owner;
  if (owner.level === 'block') return owner;
  const paragraph = paragraphOf(model, owner);
  if (!paragraph) throw new FakeOfficeError('ItemNotFound', 'the range is no longer in a paragraph');
  return paragraph;
}

function insertBlockBeside(model: DocumentModel, block: Block, text: string, where: 'Before' | 'After'): ParagraphNode {
  const at = locate(model, block);
  if (!at) throw new FakeOfficeError('ItemNotFound', 'the paragraph is no longer in the document');
  const paragraph = newParagraph(model, text);
  insertAt(at.container, where === 'Before' ? at.index : at.index + 1, paragraph);
  return paragraph;
}

export class FakeRange extends FakeClientObject<RangeTarget> {
  protected isGone(t: RangeTarget): boolean {
    return ownerGone(t.owner) || (t.kind === 'span' && t.nodes.some((n) => n.removed));
  }
  protected scalars(t: RangeTarget): Record<string, unknown> {
    const text = t.kind === 'whole' ? (t.owner.kind === 'paragraph' ? paragraphText(t.owner) : controlText(t.owner)) : t.kind === 'span' ? inlineText(t.nodes) : '';
    return { text, isEmpty: text === '' };
  }
  get text(): string { return this.read('text'); }

  insertText(text: string, location: string): FakeRange {
    const result = new FakeRange(this.context);
    this.context.enqueue(() => {
      checkLocation('Range.insertText', location, ['Replace', 'Start', 'End', 'Before', 'After']);
      const t = this.target();
      const model = this.context.model;
      const created = run(text);
      if (t.kind === 'caret') {
        const inlines = t.owner.kind === 'paragraph' || t.owner.level === 'inline' ? t.owner.inlines : inlinesOf(model, t.owner, 'end');
        insertAt(inlines, t.after ? inlines.indexOf(t.after) + 1 : 0, created);
      } else if (t.kind === 'span') {
        const at = locate(model, t.nodes[0]!);
        if (!at) throw new FakeOfficeError('ItemNotFound', 'the range is no longer in the document');
        const container = at.container as Inline[];
        if (location === 'Replace') {
          t.nodes.forEach((n) => { markRemoved(n); container.splice(container.indexOf(n), 1); });
          insertAt(container, at.index, created);
        } else if (location === 'Before' || location === 'Start') insertAt(container, at.index, created);
        else insertAt(container, container.indexOf(t.nodes[t.nodes.length - 1]!) + 1, created);
      } else if (location === 'Replace') {
        result.bind({ kind: 'span', owner: t.owner, nodes: [replaceContent(model, t.owner, text)] });
        return;
      } else {
        const start = location === 'Start' || location === 'Before';
        const inlines = inlinesOf(model, t.owner, start ? 'start' : 'end');
        if (start) inlines.unshift(created); else inlines.push(created);
      }
      result.bind({ kind: 'span', owner: t.owner, nodes: [created] });
    });
    return result;
  }

  insertParagraph(text: string, location: string): FakeParagraph {
    const result = new FakeParagraph(this.context);
    this.context.enqueue(() => {
      checkLocation('Range.insertParagraph', location, ['Before', 'After']);
      result.bind(insertBlockBeside(this.context.model, blockOf(this.context.model, this.target()), text, location as 'Before' | 'After'));
    });
    return result;
  }

  insertContentControl(): FakeContentControl {
    const result = new FakeContentControl(this.context);
    this.context.enqueue(() => {
      const t = this.target();
      const model = this.context.model;
      if (t.kind === 'whole' && t.owner.kind === 'paragraph') {
        result.bind(wrapParagraph(model, t.owner));
        return;
      }
      const control = newControl(model, 'inline');
      if (t.kind === 'caret') {
        const inlines = inlinesOf(model, t.owner, 'end');
        insertAt(inlines, t.after ? inlines.indexOf(t.after) + 1 : 0, control);
      } else {
        const nodes = t.kind === 'span' ? t.nodes : inlinesOf(model, t.owner, 'end').slice();
        const at = locate(model, nodes[0] ?? t.owner);
        if (!at) throw new FakeOfficeError('ItemNotFound', 'the range is no longer in the document');
        const container = at.container as Inline[];
        const index = container.indexOf(nodes[0]!);
        container.splice(index, nodes.length, control);
        control.inlines = nodes;
      }
      result.bind(control);
    });
    return result;
  }
}

function wrapParagraph(model: DocumentModel, paragraph: ParagraphNode): ControlNode {
  const at = locate(model, paragraph);
  if (!at) throw new FakeOfficeError('ItemNotFound', 'the paragraph is no longer in the document');
  const control = newControl(model, 'block');
  control.paragraphs = [paragraph];
  at.container.splice(at.index, 1, control);
  return control;
}

export class FakeParagraph extends FakeClientObject<ParagraphNode> {
  protected isGone(p: ParagraphNode): boolean { return p.removed; }
  protected scalars(p: ParagraphNode): Record<string, unknown> { return { text: paragraphText(p) }; }
  get text(): string { return this.read('text'); }

  insertText(text: string, location: string): FakeRange {
    const result = new FakeRange(this.context);
    this.context.enqueue(() => {
      checkLocation('Paragraph.insertText', location, ['Replace', 'Start', 'End']);
      const p = this.target();
      if (location === 'Replace') { result.bind({ kind: 'span', owner: p, nodes: [replaceContent(this.context.model, p, text)] }); return; }
      const created = run(text);
      if (location === 'Start') p.inlines.unshift(created); else p.inlines.push(created);
      result.bind({ kind: 'span', owner: p, nodes: [created] });
    });
    return result;
  }

  insertParagraph(text: string, location: string): FakeParagraph {
    const result = new FakeParagraph(this.context);
    this.context.enqueue(() => {
      checkLocation('Paragraph.insertParagraph', location, ['Before', 'After']);
      result.bind(insertBlockBeside(this.context.model, this.target(), text, location as 'Before' | 'After'));
    });
    return result;
  }

  insertContentControl(): FakeContentControl {
    const result = new FakeContentControl(this.context);
    this.context.enqueue(() => result.bind(wrapParagraph(this.context.model, this.target())));
    return result;
  }

  getRange(location = 'Whole'): FakeRange {
    const result = new FakeRange(this.context);
    this.context.enqueue(() => {
      checkLocation('Paragraph.getRange', location, ['Whole', 'Start', 'End', 'Content']);
      const p = this.target();
      if (location === 'Start') result.bind({ kind: 'caret', owner: p, after: null });
      else if (location === 'End') result.bind({ kind: 'caret', owner: p, after: p.inlines[p.inlines.length - 1] ?? null });
      else result.bind({ kind: 'whole', owner: p });
    });
    return result;
  }

  delete(): void {
    this.context.enqueue(() => {
      const p = this.target();
      const at = locate(this.context.model, p);
      if (!at) throw new FakeOfficeError('ItemNotFound', 'the paragraph is no longer in the document');
      at.container.splice(at.index, 1);
      markRemoved(p);
    });
  }
}

/**
 * ContentControl.font. Setting `superscript` applies at sync to every run the control holds then (text inserted later
 * starts on the line, so a rewrite must set it again); reading it needs load() and sync(), as in Word.
 */
export class FakeFont {
  constructor(private readonly context: FakeRequestContext, private readonly control: () => ControlNode) {}

  get superscript(): boolean {
    throw new FakeOfficeError('PropertyNotLoaded', 'Font.superscript was read before load() and sync()');
  }

  set superscript(value: boolean) {
    if (typeof value !== 'boolean') throw new FakeOfficeError('InvalidArgument', 'Font.superscript takes a boolean');
    this.context.enqueue(() => {
      for (const r of runsIn(this.control())) r.superscript = value;
    });
  }
}

type WritableControlProperty = 'tag' | 'title' | 'appearance' | 'cannotEdit' | 'cannotDelete';

export class FakeContentControl extends FakeClientObject<ControlNode> {
  protected isGone(c: ControlNode): boolean { return c.removed; }
  protected scalars(c: ControlNode): Record<string, unknown> {
    return { id: c.id, tag: c.tag, title: c.title, text: controlText(c), appearance: c.appearance, cannotEdit: c.cannotEdit, cannotDelete: c.cannotDelete };
  }
  get id(): number { return this.read('id'); }
  get text(): string { return this.read('text'); }
  get tag(): string { return this.read('tag'); }
  set tag(value: string) { this.write('tag', value, (c) => { c.tag = value; }); }
  get title(): string { return this.read('title'); }
  set title(value: string) { this.write('title', value, (c) => { c.title = value; }); }
  get appearance(): string { return this.read('appearance'); }
  set appearance(value: ControlNode['appearance']) { this.write('appearance', value, (c) => { c.appearance = value; }); }
  get cannotEdit(): boolean { return this.read('cannotEdit'); }
  set cannotEdit(value: boolean) { this.write('cannotEdit', value, (c) => { c.cannotEdit = value; }); }
  get cannotDelete(): boolean { return this.read('cannotDelete'); }
  set cannotDelete(value: boolean) { this.write('cannotDelete', value, (c) => { c.cannotDelete = value; }); }

  set(properties: Partial<Pick<ControlNode, WritableControlProperty>>): void {
    for (const [name, value] of Object.entries(properties)) (this as unknown as Record<string, unknown>)[name] = value;
  }

  /** Word.Font of the control's content; the fake models `superscript`, which raised citation styles set. */
  get font(): FakeFont {
    return new FakeFont(this.context, () => this.target());
  }

  insertText(text: string, location: string): FakeRange {
    const result = new FakeRange(this.context);
    this.context.enqueue(() => {
      checkLocation('ContentControl.insertText', location, ['Replace', 'Start', 'End']);
      const c = this.target();
      if (c.cannotEdit) throw new FakeOfficeError('AccessDenied', 'the content control cannot be edited');
      const model = this.context.model;
      if (location === 'Replace') { result.bind({ kind: 'span', owner: c, nodes: [replaceContent(model, c, text)] }); return; }
      const created = run(text);
      const inlines = inlinesOf(model, c, location === 'Start' ? 'start' : 'end');
      if (location === 'Start') inlines.unshift(created); else inlines.push(created);
      result.bind({ kind: 'span', owner: c, nodes: [created] });
    });
    return result;
  }

  insertParagraph(text: string, location: string): FakeParagraph {
    const result = new FakeParagraph(this.context);
    this.context.enqueue(() => {
      checkLocation('ContentControl.insertParagraph', location, ['Start', 'End', 'Before', 'After']);
      const c = this.target();
      const model = this.context.model;
      if (location === 'Before' || location === 'After') {
        result.bind(insertBlockBeside(model, c.level === 'block' ? c : blockOf(model, { kind: 'whole', owner: c }), text, location));
        return;
      }
      if (c.level === 'inline') throw new FakeOfficeError('InvalidArgument', 'an inline content control cannot hold a paragraph');
      const paragraph = newParagraph(model, text);
      if (location === 'Start') c.paragraphs.unshift(paragraph); else c.paragraphs.push(paragraph);
      result.bind(paragraph);
    });
    return result;
  }

  getRange(location = 'Whole'): FakeRange {
    const result = new FakeRange(this.context);
    this.context.enqueue(() => {
      checkLocation('ContentControl.getRange', location, ['Whole', 'Start', 'End', 'Content']);
      result.bind({ kind: 'whole', owner: this.target() });
    });
    return result;
  }

  delete(keepContent: boolean): void {
    this.context.enqueue(() => {
      const c = this.target();
      if (c.cannotDelete) throw new FakeOfficeError('AccessDenied', 'the content control cannot be deleted');
      const at = locate(this.context.model, c);
      if (!at) throw new FakeOfficeError('ItemNotFound', 'the content control is no longer in the document');
      const content: (Inline | Block)[] = keepContent ? (c.level === 'inline' ? c.inlines : c.paragraphs) : [];
      at.container.splice(at.index, 1, ...content);
      c.removed = true;
      if (!keepContent) markRemoved(c);
    });
  }
}

/** A collection proxy: `items` only after load + sync; the listing is taken when the load runs. */
abstract class FakeCollection<Item extends FakeClientObject<Node>, Node> extends FakeClientObject<() => Node[]> {
  private listed: Item[] | null = null;
  protected isGone(): boolean { return false; }
  protected scalars(): Record<string, unknown> { return {}; }
  protected abstract makeItem(node: Node): Item;
  protected abstract itemScalars(node: Node): Record<string, unknown>;

  override load(options?: string | string[] | { select?: string }): this {
    const names = parseLoadNames(options).map((n) => n.replace(/^items\/?/, '')).filter(Boolean);
    this.context.enqueueLoad(() => {
      this.listed = this.target()().map((node) => {
        const item = this.makeItem(node);
        item.setLoaded(this.itemScalars(node), names);
        return item;
      });
    });
    return this;
  }

  get items(): Item[] {
    if (!this.listed) throw new FakeOfficeError('PropertyNotLoaded', `${this.constructor.name}.items was read before load() and sync()`);
    return this.listed;
  }
}

export class FakeContentControlCollection extends FakeCollection<FakeContentControl, ControlNode> {
  protected makeItem(node: ControlNode): FakeContentControl { return new FakeContentControl(this.context, node); }
  protected itemScalars(node: ControlNode): Record<string, unknown> {
    return { id: node.id, tag: node.tag, title: node.title, text: controlText(node), appearance: node.appearance, cannotEdit: node.cannotEdit, cannotDelete: node.cannotDelete };
  }
  getByTag(tag: string): FakeContentControlCollection {
    const source = this.exposeNode()!;
    return new FakeContentControlCollection(this.context, () => source().filter((c) => c.tag === tag));
  }
}

export class FakeParagraphCollection extends FakeCollection<FakeParagraph, ParagraphNode> {
  protected makeItem(node: ParagraphNode): FakeParagraph { return new FakeParagraph(this.context, node); }
  protected itemScalars(node: ParagraphNode): Record<string, unknown> { return { text: paragraphText(node) }; }
}

export class FakeBody extends FakeClientObject<DocumentModel> {
  protected isGone(): boolean { return false; }
  protected scalars(m: DocumentModel): Record<string, unknown> { return { text: bodyParagraphs(m.body).map(paragraphText).join('\n') }; }
  get text(): string { return this.read('text'); }
  get paragraphs(): FakeParagraphCollection { return new FakeParagraphCollection(this.context, () => bodyParagraphs(this.context.model.body)); }
  get contentControls(): FakeContentControlCollection { return new FakeContentControlCollection(this.context, () => controlsIn(this.context.model.body)); }

  insertParagraph(text: string, location: string): FakeParagraph {
    const result = new FakeParagraph(this.context);
    this.context.enqueue(() => {
      checkLocation('Body.insertParagraph', location, ['Start', 'End']);
      const paragraph = newParagraph(this.context.model, text);
      if (location === 'Start') this.context.model.body.unshift(paragraph); else this.context.model.body.push(paragraph);
      result.bind(paragraph);
    });
    return result;
  }
}

export class FakeCustomXmlPart extends FakeClientObject<CustomXmlPartNode> {
  protected isGone(p: CustomXmlPartNode): boolean { return p.removed; }
  protected scalars(p: CustomXmlPartNode): Record<string, unknown> { return { id: p.id, namespaceUri: p.namespaceUri }; }
  get id(): string { return this.read('id'); }
  get namespaceUri(): string { return this.read('namespaceUri'); }
  getXml(): FakeClientResult<string> {
    const result = new FakeClientResult<string>();
    this.context.enqueueLoad(() => result.fill(this.target().xml));
    return result;
  }
  setXml(xml: string): void {
    this.context.enqueue(() => {
      const part = this.target();
      part.namespaceUri = rootNamespace(xml);
      part.xml = xml;
    });
  }
  delete(): void {
    this.context.enqueue(() => {
      const part = this.target();
      part.removed = true;
      const parts = this.context.model.customXmlParts;
      parts.splice(parts.indexOf(part), 1);
    });
  }
}

/** The root element's default namespace; Word refuses XML without a root element. */
export function rootNamespace(xml: string): string {
  const root = /^\s*(?:<\?xml[^>]*\?>\s*)?<([A-Za-z_][\w.-]*)([^>]*)>[\s\S]*<\/\1>\s*$/.exec(xml);
  if (!root) throw new FakeOfficeError('InvalidArgument', 'the custom XML part is not well-formed XML');
  return /\sxmlns="([^"]*)"/.exec(root[2]!)?.[1] ?? '';
}

export class FakeCustomXmlPartCollection extends FakeCollection<FakeCustomXmlPart, CustomXmlPartNode> {
  protected makeItem(node: CustomXmlPartNode): FakeCustomXmlPart { return new FakeCustomXmlPart(this.context, node); }
  protected itemScalars(node: CustomXmlPartNode): Record<string, unknown> { return { id: node.id, namespaceUri: node.namespaceUri }; }
  add(xml: string): FakeCustomXmlPart {
    const result = new FakeCustomXmlPart(this.context);
    this.context.enqueue(() => {
      const model = this.context.model;
      const part: CustomXmlPartNode = { id: `{part-${model.nextId++}}`, namespaceUri: rootNamespace(xml), xml, removed: false };
      model.customXmlParts.push(part);
      result.bind(part);
    });
    return result;
  }
  getByNamespace(namespaceUri: string): FakeCustomXmlPartCollection {
    return new FakeCustomXmlPartCollection(this.context, () => this.context.model.customXmlParts.filter((p) => p.namespaceUri === namespaceUri));
  }
}

export class FakeSetting extends FakeClientObject<{ key: string; present: boolean }> {
  protected isGone(): boolean { return false; }
  protected scalars(s: { key: string; present: boolean }): Record<string, unknown> {
    const settings = this.context.model.settings;
    return { key: s.key, value: settings.get(s.key), isNullObject: !settings.has(s.key) };
  }
  get key(): string { return this.read('key'); }
  get value(): unknown { return this.read('value'); }
  get isNullObject(): boolean { return this.read('isNullObject'); }
  delete(): void { this.context.enqueue(() => { this.context.model.settings.delete(this.target().key); }); }
}

export class FakeSettingCollection {
  constructor(private readonly context: FakeRequestContext) {}
  add(key: string, value: unknown): FakeSetting {
    // Word keeps settings as JSON: a value that does not survive JSON is refused.
    const copy = JSON.parse(JSON.stringify(value)) as unknown;
    this.context.enqueue(() => { this.context.model.settings.set(key, copy); });
    return new FakeSetting(this.context, { key, present: true });
  }
  getItemOrNullObject(key: string): FakeSetting {
    return new FakeSetting(this.context, { key, present: false });
  }
}

export class FakeDocument {
  constructor(private readonly context: FakeRequestContext) {}
  get body(): FakeBody { return new FakeBody(this.context, this.context.model); }
  get contentControls(): FakeContentControlCollection { return this.body.contentControls; }
  get customXmlParts(): FakeCustomXmlPartCollection { return new FakeCustomXmlPartCollection(this.context, () => this.context.model.customXmlParts.slice()); }
  get settings(): FakeSettingCollection { return new FakeSettingCollection(this.context); }
  getSelection(): FakeRange {
    const result = new FakeRange(this.context);
    this.context.enqueue(() => {
      const { paragraph, after, span } = this.context.model.selection;
      if (paragraph.removed) throw new FakeOfficeError('ItemNotFound', 'the selection is no longer in the document');
      // Selected text is a span of runs (its text readable once loaded); text the user has since deleted leaves a caret.
      if (span?.length && span.every((n) => !n.removed)) result.bind({ kind: 'span', owner: paragraph, nodes: span });
      else result.bind({ kind: 'caret', owner: paragraph, after: after && !after.removed ? after : null });
    });
    return result;
  }
}
