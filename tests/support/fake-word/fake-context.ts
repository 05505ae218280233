/**
 * The request context and the proxy base of the fake Word object model.
 *
 * The rules it enforces, as Office's documentation states them:
 *  - Proxies are queued, not live: methods and property writes are recorded and only applied at
 *    `context.sync()`, in order ("Application-specific API model": "queue up multiple operations
 *    ... and then run them as a batch with a single call to sync()",
 *    learn.microsoft.com/office/dev/add-ins/develop/application-specific-api-model).
 *  - A property must be loaded (`load()`) and synced before it is read, else `PropertyNotLoaded`
 *    (same page, "load() and sync()"; the error code is listed in "Word JavaScript API error codes",
 *    learn.microsoft.com/office/dev/add-ins/reference/javascript-api-for-office-error-codes).
 *    A read returns the value as of the last sync; a value the add-in wrote itself reads back.
 *  - A collection's `items` are readable only after `load()` + `sync()`.
 *  - An object that no longer exists when its queued operation runs fails the sync with
 *    `ItemNotFound` (error-codes page); operations queued before it in the batch stay applied,
 *    as Office batches are not transactions.
 *  - Insert locations are those each method's reference page allows (@types/office-js 1.0.612,
 *    the same text as learn.microsoft.com/javascript/api/word): Body.insertParagraph: Start|End;
 *    Paragraph.insertParagraph and Range.insertParagraph: Before|After; Paragraph.insertText and
 *    ContentControl.insertText: Replace|Start|End; ContentControl.insertParagraph:
 *    Start|End|Before|After; Range.insertText: all five. Anything else fails with `InvalidArgument`.
 *  - A ClientResult's `value` (getXml) is readable only after the sync that fills it (`ValueNotLoaded`).
 */
import type { DocumentModel } from './document-model';

export type FakeErrorCode = 'PropertyNotLoaded' | 'ItemNotFound' | 'InvalidArgument' | 'ValueNotLoaded' | 'AccessDenied';

export class FakeOfficeError extends Error {
  readonly code: FakeErrorCode;
  constructor(code: FakeErrorCode, message: string) {
    super(`${code}: ${message}`);
    this.name = 'OfficeExtension.Error';
    this.code = code;
  }
}

type QueuedOperation = () => void;

export class FakeRequestContext {
  readonly model: DocumentModel;
  /** How many times sync() was called on this context: the bench and the tests read it. */
  syncCount = 0;
  private queue: QueuedOperation[] = [];
  document!: unknown;

  constructor(model: DocumentModel) {
    this.model = model;
  }

  enqueue(operation: QueuedOperation): void {
    this.queue.push(operation);
  }

  /** Loads run in batch order like every other operation: a load queued after an insert sees it. */
  enqueueLoad(load: QueuedOperation): void {
    this.queue.push(load);
  }

  async sync(): Promise<void> {
    this.syncCount++;
    const batch = this.queue;
    this.queue = [];
    // Office runs the batch in order and stops at the first failure.
    for (const operation of batch) operation();
    await Promise.resolve();
  }
}

/** What every proxy shares: its context, the node it stands for (known once its creating operation ran), and loaded values. */
export abstract class FakeClientObject<Node> {
  protected readonly context: FakeRequestContext;
  private node: Node | null = null;
  private readonly loaded = new Map<string, unknown>();

  constructor(context: FakeRequestContext, node: Node | null = null) {
    this.context = context;
    this.node = node;
  }

  /** Called by the operation that created this proxy's object. */
  bind(node: Node): void {
    this.node = node;
  }

  /** The live node, for queued operations; fails as Office does when it was deleted. */
  protected target(): Node {
    if (this.node === null) throw new FakeOfficeError('ItemNotFound', `${this.constructor.name}: the object it stands for was never created`);
    if (this.isGone(this.node)) throw new FakeOfficeError('ItemNotFound', `${this.constructor.name}: the object no longer exists`);
    return this.node;
  }

  protected abstract isGone(node: Node): boolean;
  /** The scalar properties a plain load() or 'items' load returns. */
  protected abstract scalars(node: Node): Record<string, unknown>;

  load(options?: string | string[] | { select?: string }): this {
    const names = parseLoadNames(options);
    this.context.enqueueLoad(() => {
      const values = this.scalars(this.target());
      for (const name of names.length ? names : Object.keys(values)) {
        if (!(name in values)) throw new FakeOfficeError('InvalidArgument', `unknown property ${name}`);
        this.loaded.set(name, values[name]);
      }
      this.afterLoad(names);
    });
    return this;
  }

  /** Collections fill their items here. */
  protected afterLoad(_names: string[]): void {}

  /** Used by collections to give freshly listed items their values in the same sync. */
  setLoaded(values: Record<string, unknown>, names: string[]): void {
    for (const name of names.length ? names : Object.keys(values)) this.loaded.set(name, values[name]);
  }

  protected read<T>(name: string): T {
    if (!this.loaded.has(name)) throw new FakeOfficeError('PropertyNotLoaded', `${this.constructor.name}.${name} was read before load() and sync()`);
    return this.loaded.get(name) as T;
  }

  protected write(name: string, value: unknown, apply: (node: Node) => void): void {
    this.loaded.set(name, value);
    this.context.enqueue(() => apply(this.target()));
  }

  exposeNode(): Node | null {
    return this.node;
  }
}

export function parseLoadNames(options?: string | string[] | { select?: string }): string[] {
  const text = typeof options === 'string' ? options : Array.isArray(options) ? options.join(',') : options?.select ?? '';
  return text.split(',').map((s) => s.trim()).filter(Boolean);
}

export function checkLocation(method: string, location: string, allowed: readonly string[]): void {
  if (!allowed.includes(location)) throw new FakeOfficeError('InvalidArgument', `${method}: insertLocation '${location}' is not one of ${allowed.join(', ')}`);
}

export class FakeClientResult<T> {
  private filled = false;
  private current: T | undefined;
  fill(value: T): void {
    this.current = value;
    this.filled = true;
  }
  get value(): T {
    if (!this.filled) throw new FakeOfficeError('ValueNotLoaded', 'ClientResult.value was read before context.sync()');
    return this.current as T;
  }
}
