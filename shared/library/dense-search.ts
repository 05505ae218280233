/**
 * Search by meaning, as the side panel runs it: off until the user opts in; then the
 * embedding model is downloaded once (progress shown), every saved paper is embedded
 * in the background of the panel (progress shown, kept in IndexedDB, so only new or
 * changed papers are embedded next time), and each question is embedded and matched
 * against the stored vectors. Its hits travel with the question to the background,
 * which fuses them with the lexical ranking. It is never required: while it loads, or
 * if it fails, questions are answered lexically, and the failure is shown by name.
 *
 * Everything platform-specific (messages, the worker, storage) comes in as ports, so
 * the controller is tested with a fake embedder and fake-indexeddb.
 */
import { messageFor } from '../errors';
import type { LibraryPaper } from '../model/paper';
import type { DenseHit } from '../protocol';
import { DenseLibrary, type VectorStorePort } from '../search/dense-library';
import type { Embedder } from '../search/embedder';
import type { ModelLoadProgress } from '../search/embedding-model';
import { DEFAULT_SEARCH_MODEL, searchModelId } from '../search/search-models';
import type { PaperSummary } from './library-store';

export interface DenseSetting {
  modelId: string;
}

export type DenseState =
  | { status: 'off' }
  | { status: 'loading'; modelId: string; file: string; loaded: number; total: number }
  | { status: 'indexing'; modelId: string; papersDone: number; papersTotal: number }
  | { status: 'ready'; modelId: string; paragraphs: number }
  | { status: 'failed'; modelId: string; message: string };

export interface DenseSearchPorts {
  listPapers(): Promise<PaperSummary[]>;
  getPaper(paperId: string): Promise<LibraryPaper>;
  store: VectorStorePort;
  /** The model, run off the page's thread (a worker in the extension); `dispose` stops it. */
  createEmbedder(modelId: string, onProgress: (progress: ModelLoadProgress) => void): Embedder & { dispose?(): void };
  settings: { load(): Promise<DenseSetting | null>; save(setting: DenseSetting | null): Promise<void> };
  /** Deletes the downloaded model files and every stored vector (the user takes back the disk space). */
  forgetDownloads(): Promise<void>;
}

/** How many dense hits go with a question: the depth the background's fusion reads. */
export const DENSE_HITS_PER_QUESTION = 40;
/**
 * How long a question waits for its dense hits before it is asked without them. The question's embedding
 * waits behind the batch the worker is embedding (16 paragraphs, about a second with bge-small on one
 * WebAssembly thread; not measured here), so a few seconds is slack, not a budget.
 */
export const DENSE_QUESTION_TIMEOUT_MS = 5_000;
/** Papers fetched from the background at a time while indexing (a big library is never all in the panel at once). */
const PAPERS_PER_BATCH = 5;

export class DenseSearch {
  private state: DenseState = { status: 'off' };
  private readonly listeners = new Set<(state: DenseState) => void>();
  private library: DenseLibrary | null = null;
  private embedder: (Embedder & { dispose?(): void }) | null = null;
  /** savedAt of each paper as indexed, so a sync fetches only new or re-saved papers. */
  private indexed = new Map<string, string>();
  private syncing: Promise<void> = Promise.resolve();
  private generation = 0;

  constructor(private readonly ports: DenseSearchPorts, private readonly questionTimeoutMs = DENSE_QUESTION_TIMEOUT_MS) {}

  current(): DenseState {
    return this.state;
  }

  subscribe(listener: (state: DenseState) => void): () => void {
    this.listeners.add(listener);
    listener(this.state);
    return () => this.listeners.delete(listener);
  }

  private set(state: DenseState): void {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }

  /** Turns search by meaning back on if the user had opted in. */
  async start(): Promise<void> {
    const setting = await this.ports.settings.load().catch(() => null);
    if (setting) await this.enable(setting.modelId);
  }

  /** The user opts in: remembered, the model loaded, the library embedded. */
  async enable(modelId: string = DEFAULT_SEARCH_MODEL.id): Promise<void> {
    const id = searchModelId(modelId);
    this.stop();
    const generation = ++this.generation;
    await this.ports.settings.save({ modelId: id });
    this.embedder = this.ports.createEmbedder(id, (progress) => {
      // The model's files arrive before the first paragraph is embedded; later progress (a reload) is not news.
      if (generation === this.generation && !progress.done && this.state.status === 'loading') this.set({ status: 'loading', modelId: id, file: progress.file, loaded: progress.loaded, total: progress.total });
    });
    this.library = new DenseLibrary(this.embedder, this.ports.store);
    this.set({ status: 'loading', modelId: id, file: '', loaded: 0, total: 0 });
    // What an earlier panel embedded: only papers saved since are read again.
    this.indexed = await this.ports.store.indexedPapers(id).catch(() => new Map<string, string>());
    await this.sync();
  }

  async disable(): Promise<void> {
    this.stop();
    this.generation++;
    await this.ports.settings.save(null);
    this.set({ status: 'off' });
  }

  /** Off, and nothing of it left on disk: the next opt-in downloads and embeds again. */
  async forget(): Promise<void> {
    await this.disable();
    await this.ports.forgetDownloads();
  }

  private stop(): void {
    this.embedder?.dispose?.();
    this.embedder = null;
    this.library = null;
    this.indexed = new Map();
    // A sync of the stopped model may still be waiting on it: the next model's syncs do not queue behind it.
    this.syncing = Promise.resolve();
  }

  /** Embeds what the library gained or changed since the last sync and forgets deleted papers (after every library change). */
  sync(): Promise<void> {
    this.syncing = this.syncing.then(() => this.syncNow()).catch(() => undefined);
    return this.syncing;
  }

  private async syncNow(): Promise<void> {
    const { library } = this;
    if (!library) return;
    const generation = this.generation;
    const modelId = library.modelId;
    try {
      const papers = await this.ports.listPapers();
      const present = new Set(papers.map((p) => p.id));
      for (const id of [...this.indexed.keys()]) {
        if (present.has(id)) continue;
        await library.deletePaper(id);
        this.indexed.delete(id);
      }
      const todo = papers.filter((p) => this.indexed.get(p.id) !== p.savedAt);
      for (let i = 0; i < todo.length; i += PAPERS_PER_BATCH) {
        if (generation !== this.generation) return;
        if (this.state.status !== 'loading' || i > 0) this.set({ status: 'indexing', modelId, papersDone: i, papersTotal: todo.length });
        const batch = await Promise.all(todo.slice(i, i + PAPERS_PER_BATCH).map((p) => this.ports.getPaper(p.id)));
        await library.indexPapers(batch);
        for (const p of batch) {
          this.indexed.set(p.id, p.savedAt);
          await this.ports.store.markIndexed(modelId, p.id, p.savedAt);
        }
        this.set({ status: 'indexing', modelId, papersDone: Math.min(todo.length, i + PAPERS_PER_BATCH), papersTotal: todo.length });
      }
      if (generation === this.generation) this.set({ status: 'ready', modelId, paragraphs: library.size });
    } catch (error) {
      if (generation === this.generation) this.set({ status: 'failed', modelId, message: messageFor(error) });
    }
  }

  /** The question's dense hits, or none (off, still loading the model, or failed): the answer never waits on this to be possible. */
  async hitsFor(question: string, paperIds?: readonly string[]): Promise<DenseHit[]> {
    const { library, generation } = this;
    if (!library || (this.state.status !== 'ready' && this.state.status !== 'indexing')) return [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const retrieved = library.retrieve({ text: question, limit: DENSE_HITS_PER_QUESTION, ...(paperIds?.length ? { paperIds: new Set(paperIds) } : {}) });
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), this.questionTimeoutMs)));
      const hits = await Promise.race([retrieved, late]);
      // Too slow this time (the worker is busy): the question goes on lexically; the model stays on.
      if (hits === null) return [];
      return hits.map(({ paperId, paragraphId, score }) => ({ paperId, paragraphId, score }));
    } catch (error) {
      // A model turned off meanwhile fails its question as CANCELLED: that is not news for the state shown.
      if (generation === this.generation) this.set({ status: 'failed', modelId: library.modelId, message: messageFor(error) });
      return [];
    } finally {
      clearTimeout(timer);
    }
  }
}
