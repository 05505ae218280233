/**
 * The library's search index, kept in step with the store without re-reading it:
 *  - in memory, it is updated paper by paper when the store's revision moves
 *    (papers whose savedAt changed or that disappeared are removed, new ones added);
 *  - on disk (stores that can persist it), it is written after every change and read
 *    back on a cold start instead of indexing every paragraph again.
 * Whenever it cannot be brought up to date exactly — the persisted copy is corrupt or
 * from another format, or a paper changed whose indexed text is no longer at hand —
 * it is rebuilt from the store: slower, never wrong.
 */
import type { LibraryPaper } from '../model/paper';
import { ParagraphIndex, type ParagraphIndexSnapshot } from '../search/paragraph-index';
import type { LibraryStore } from './library-store';

/** Quiet time after the last change before the index is written out (the MV3 worker lives ~30 s after its last event). */
const PERSIST_AFTER_MS = 2_000;

/** How the index was last brought up to date, for tests and the bench. */
export type IndexOrigin = 'disk' | 'incremental' | 'rebuilt';

/** What the index holds and where it came from (`library/index-status`: a restarted worker should say 'disk'). */
export interface IndexStatus {
  papers: number;
  paragraphs: number;
  /** The store revision the index is at. */
  revision: number;
  origin: IndexOrigin;
  /** The copy on disk is at this revision: a worker restart now would load it instead of rebuilding. */
  persisted: boolean;
}

export class LiveIndex {
  private index: ParagraphIndex | null = null;
  private revision = -1;
  private queue: Promise<unknown> = Promise.resolve();
  private persisting: Promise<void> | null = null;
  private restartPersistTimer: (() => void) | null = null;
  private startPersistNow: (() => void) | null = null;
  lastOrigin: IndexOrigin = 'rebuilt';
  /** The revision of the copy on disk, as far as this worker knows (read or written by it). */
  private persistedRevision = -1;

  constructor(private readonly store: LibraryStore) {}

  /** The index at the store's current revision. Calls run one at a time, so concurrent saves cannot interleave updates. */
  current(): Promise<ParagraphIndex> {
    return this.serial(() => this.bringUpToDate());
  }

  async status(): Promise<IndexStatus> {
    const index = await this.current();
    return {
      papers: index.indexedPapers().size,
      paragraphs: index.size,
      revision: this.revision,
      origin: this.lastOrigin,
      persisted: this.persistedRevision === this.revision,
    };
  }

  /**
   * Before the store changes this paper: make sure the text that was indexed for it is in memory,
   * so the update after the change can take exactly that text out of the index.
   */
  beforeChange(paperId: string): Promise<void> {
    return this.serial(async () => {
      const index = await this.bringUpToDate();
      if (index.hasPaper(paperId) && !index.attachedPaper(paperId)) {
        const paper = await this.store.getPaper(paperId);
        if (paper) index.attachPaper(paper);
      }
    });
  }

  /** Loads the text of these indexed papers (the ones a query hit) so lookups find their paragraphs. */
  async attach(paperIds: Iterable<string>): Promise<void> {
    const index = await this.current();
    for (const id of new Set(paperIds)) {
      if (index.attachedPaper(id) || !index.hasPaper(id)) continue;
      const paper = await this.store.getPaper(id);
      if (paper) index.attachPaper(paper);
    }
  }

  /** Every paper's text (the model-backed answerer summarises the whole library). Read once, then kept. */
  async attachAll(): Promise<void> {
    const index = await this.current();
    await this.attach(index.indexedPapers().keys());
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async bringUpToDate(): Promise<ParagraphIndex> {
    const revision = await this.store.revision();
    if (this.index && this.revision === revision) return this.index;
    let index = this.index;
    let origin: IndexOrigin = 'incremental';
    if (!index) {
      const persisted = await this.readPersisted();
      if (persisted && persisted.revision === revision) {
        this.index = persisted.index;
        this.revision = revision;
        this.lastOrigin = 'disk';
        this.persistedRevision = revision;
        return persisted.index;
      }
      index = persisted?.index ?? null;
    }
    if (!index || !(await this.catchUp(index).catch(() => false))) {
      index = ParagraphIndex.fromPapers(await this.store.getAllPapers());
      origin = 'rebuilt';
    }
    this.index = index;
    this.revision = revision;
    this.lastOrigin = origin;
    this.schedulePersist();
    return index;
  }

  /** Resolves once the index in memory has been written out (tests, the bench): a waiting write starts now. */
  async flush(): Promise<void> {
    this.startPersistNow?.();
    while (this.persisting) await this.persisting;
  }

  /**
   * Writing the index out is one synchronous serialisation of the whole thing (seconds at 50k paragraphs),
   * so it waits until changes have been quiet for PERSIST_AFTER_MS — the question that follows a save is
   * answered first — and runs once for a burst of changes, in the queue (never while an update is half
   * applied). If the worker stops first, the next start catches up from the older copy or rebuilds.
   */
  private schedulePersist(): void {
    if (!this.store.saveSearchIndex) return;
    if (this.persisting) {
      this.restartPersistTimer?.();
      return;
    }
    this.persisting = new Promise<void>((resolve) => {
      let timer = setTimeout(resolve, PERSIST_AFTER_MS);
      this.restartPersistTimer = () => {
        clearTimeout(timer);
        timer = setTimeout(resolve, PERSIST_AFTER_MS);
      };
      this.startPersistNow = () => {
        clearTimeout(timer);
        resolve();
      };
    })
      .then(() => this.serial(async () => {
        this.persisting = null;
        this.restartPersistTimer = null;
        this.startPersistNow = null;
        if (this.index) await this.persist(this.index, this.revision);
      }))
      .catch(() => undefined);
  }

  /** Applies the store's changes since the index was built; false when it cannot do so exactly. */
  private async catchUp(index: ParagraphIndex): Promise<boolean> {
    const inStore = new Map((await this.store.listPapers()).map((p) => [p.id, p.savedAt]));
    const outdated: LibraryPaper[] = [];
    for (const [paperId, savedAt] of index.indexedPapers()) {
      if (inStore.get(paperId) === savedAt) continue;
      const indexedText = index.attachedPaper(paperId);
      if (!indexedText || indexedText.savedAt !== savedAt) return false;
      outdated.push(indexedText);
    }
    for (const paper of outdated) index.removePaper(paper);
    for (const paperId of inStore.keys()) {
      if (index.hasPaper(paperId)) continue;
      const paper = await this.store.getPaper(paperId);
      if (paper) index.addPaper(paper);
    }
    return true;
  }

  private async readPersisted(): Promise<{ revision: number; index: ParagraphIndex } | null> {
    const entry = await this.store.loadSearchIndex?.();
    if (!entry) return null;
    try {
      return { revision: entry.revision, index: ParagraphIndex.fromSnapshot(entry.snapshot as ParagraphIndexSnapshot) };
    } catch {
      return null; // corrupt or from an older format: rebuilt below
    }
  }

  private async persist(index: ParagraphIndex, revision: number): Promise<void> {
    if (!this.store.saveSearchIndex) return;
    try {
      if (await this.store.saveSearchIndex({ revision, snapshot: index.toSnapshot() })) this.persistedRevision = revision;
    } catch {
      // Not persisting costs a rebuild on the next cold start, never a wrong answer.
    }
  }
}
