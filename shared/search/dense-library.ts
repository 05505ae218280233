/**
 * Search by meaning over a whole library, kept up to date paper by paper: each
 * paragraph's vector is computed once per model and text (a re-saved paper re-embeds
 * only the paragraphs whose text changed), stored through a port (IndexedDB in the
 * extension), and loaded back on the next start, so opening the panel on a big library
 * does not embed it again. Questions are embedded on the fly and scored against every
 * stored vector (a dot product each: about 20 ms at 50k paragraphs of 384 dimensions).
 *
 * It is one more ranked list for reciprocal rank fusion with the lexical ranking,
 * never the only one.
 */
import { hashText, type LibraryPaper } from '../model/paper';
import { dot, type Embedder } from './embedder';
import { paragraphKey } from './paragraph-index';
import type { RankedHit, RetrievalQuery, Retriever } from './retriever';

export interface StoredVector {
  /** paragraphKey(paperId, paragraphId) */
  key: string;
  paperId: string;
  paragraphId: string;
  /** Of the paragraph text the vector was computed from. */
  textHash: string;
  vector: Float32Array;
}

/** Where vectors live between sessions, per model. */
export interface VectorStorePort {
  load(modelId: string): Promise<StoredVector[]>;
  put(modelId: string, vectors: readonly StoredVector[]): Promise<void>;
  /** Drops a paper's vectors and its record (every model). */
  deletePaper(paperId: string): Promise<void>;
  /** Which saved version of each paper this model's vectors cover (paper id -> savedAt), so a restart reads only new or re-saved papers. */
  indexedPapers(modelId: string): Promise<Map<string, string>>;
  markIndexed(modelId: string, paperId: string, savedAt: string): Promise<void>;
}

export interface IndexProgress {
  done: number;
  total: number;
}

/** The text's FNV-1a hash and length: enough to tell an edited paragraph from the stored one. */
export function textHash(text: string): string {
  return `${hashText(text)}:${text.length}`;
}

/** Paragraphs of a paper worth embedding: prose, lists and captions, not bare formulas. */
function embeddable(paper: LibraryPaper): { key: string; paragraphId: string; text: string }[] {
  return paper.paragraphs.filter((p) => p.kind !== 'equation' && p.text.trim()).map((p) => ({ key: paragraphKey(paper.id, p.id), paragraphId: p.id, text: p.text }));
}

const BATCH = 16;

export class DenseLibrary implements Retriever {
  readonly name = 'dense';
  /** Vectors by paper, then by paragraph key: a paper's are found, replaced or dropped without a scan of the library's. */
  private readonly byPaper = new Map<string, Map<string, StoredVector>>();
  private loaded: Promise<void> | null = null;

  constructor(private readonly embedder: Embedder, private readonly store: VectorStorePort) {}

  get modelId(): string {
    return this.embedder.modelId;
  }

  get size(): number {
    let n = 0;
    for (const vectors of this.byPaper.values()) n += vectors.size;
    return n;
  }

  private vectorsOf(paperId: string): Map<string, StoredVector> {
    let vectors = this.byPaper.get(paperId);
    if (!vectors) this.byPaper.set(paperId, (vectors = new Map()));
    return vectors;
  }

  private load(): Promise<void> {
    this.loaded ??= this.store.load(this.embedder.modelId).then((stored) => {
      for (const v of stored) this.vectorsOf(v.paperId).set(v.key, v);
    });
    return this.loaded;
  }

  /**
   * Embeds what is missing or changed for these papers (the whole library, or one saved
   * paper), and forgets paragraphs of theirs that are gone. Batches are stored as they
   * are computed, so an interrupted run keeps its work.
   */
  async indexPapers(papers: readonly LibraryPaper[], onProgress?: (progress: IndexProgress) => void, signal?: AbortSignal): Promise<void> {
    await this.load();
    const todo: { key: string; paperId: string; paragraphId: string; text: string; hash: string }[] = [];
    for (const paper of papers) {
      const current = embeddable(paper);
      const keep = new Set(current.map((c) => c.key));
      const stored = this.vectorsOf(paper.id);
      const gone = [...stored.keys()].filter((key) => !keep.has(key));
      if (gone.length) {
        // A paragraph the new version lacks: rewrite the paper's stored vectors without it.
        for (const key of gone) stored.delete(key);
        await this.store.deletePaper(paper.id);
        await this.store.put(this.embedder.modelId, [...stored.values()]);
      }
      for (const c of current) {
        const hash = textHash(c.text);
        if (stored.get(c.key)?.textHash !== hash) todo.push({ ...c, paperId: paper.id, hash });
      }
    }
    onProgress?.({ done: 0, total: todo.length });
    for (let i = 0; i < todo.length; i += BATCH) {
      if (signal?.aborted) return;
      const batch = todo.slice(i, i + BATCH);
      const vectors = await this.embedder.embed(batch.map((b) => b.text), 'passage');
      const stored = batch.flatMap((b, j) => (vectors[j] ? [{ key: b.key, paperId: b.paperId, paragraphId: b.paragraphId, textHash: b.hash, vector: vectors[j]! }] : []));
      await this.store.put(this.embedder.modelId, stored);
      for (const v of stored) this.vectorsOf(v.paperId).set(v.key, v);
      onProgress?.({ done: Math.min(todo.length, i + BATCH), total: todo.length });
    }
  }

  async deletePaper(paperId: string): Promise<void> {
    this.byPaper.delete(paperId);
    await this.store.deletePaper(paperId);
  }

  /** Paragraphs by cosine similarity to the question; only those embedded so far. */
  async retrieve(query: RetrievalQuery): Promise<RankedHit[]> {
    await this.load();
    if (!this.size || query.limit < 1) return [];
    const [question] = await this.embedder.embed([query.text], 'query');
    if (!question) return [];
    // The best `limit` kept in a small sorted array as the scan goes: no hit object per paragraph, no sort of them all.
    const best: { vector: StoredVector; score: number }[] = [];
    const scanned = query.paperIds ? [...query.paperIds].flatMap((id) => this.byPaper.get(id) ?? []) : [...this.byPaper.values()];
    for (const vectors of scanned) {
      for (const v of vectors.values()) {
        const score = dot(question, v.vector);
        if (best.length === query.limit && score <= best[best.length - 1]!.score) continue;
        let at = best.length;
        while (at > 0 && best[at - 1]!.score < score) at--;
        best.splice(at, 0, { vector: v, score });
        if (best.length > query.limit) best.pop();
      }
    }
    return best.map(({ vector: v, score }) => ({ key: v.key, paperId: v.paperId, paragraphId: v.paragraphId, score }));
  }
}

/** A store in memory: tests, and a browser where IndexedDB is refused. */
export class MemoryVectorStore implements VectorStorePort {
  private readonly byModel = new Map<string, Map<string, StoredVector>>();
  private readonly papers = new Map<string, Map<string, string>>();

  indexedPapers(modelId: string): Promise<Map<string, string>> {
    return Promise.resolve(new Map(this.papers.get(modelId) ?? []));
  }

  markIndexed(modelId: string, paperId: string, savedAt: string): Promise<void> {
    (this.papers.get(modelId) ?? this.papers.set(modelId, new Map()).get(modelId)!).set(paperId, savedAt);
    return Promise.resolve();
  }

  load(modelId: string): Promise<StoredVector[]> {
    return Promise.resolve([...(this.byModel.get(modelId)?.values() ?? [])]);
  }

  put(modelId: string, vectors: readonly StoredVector[]): Promise<void> {
    const model = this.byModel.get(modelId) ?? this.byModel.set(modelId, new Map()).get(modelId)!;
    for (const v of vectors) model.set(v.key, v);
    return Promise.resolve();
  }

  deletePaper(paperId: string): Promise<void> {
    for (const model of this.byModel.values()) for (const [key, v] of model) if (v.paperId === paperId) model.delete(key);
    for (const papers of this.papers.values()) papers.delete(paperId);
    return Promise.resolve();
  }
}
