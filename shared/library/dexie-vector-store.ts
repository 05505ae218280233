/**
 * Paragraph vectors for search by meaning, in IndexedDB: a database of its own
 * ('verbatim-vectors'), apart from the library's, since it holds only derived data
 * that can be computed again (clearing it costs time, never a paper). One row per
 * model and paragraph; the vector is stored as a Float32Array (structured clone).
 * Versioned like the library's schema: a change is a new version block, never an edit.
 */
import Dexie, { type Table } from 'dexie';
import type { StoredVector, VectorStorePort } from '../search/dense-library';

interface VectorRow extends StoredVector {
  modelId: string;
}

interface IndexedPaperRow {
  modelId: string;
  paperId: string;
  savedAt: string;
}

class VectorDatabase extends Dexie {
  vectors!: Table<VectorRow, [string, string]>;
  papers!: Table<IndexedPaperRow, [string, string]>;

  constructor(options: { name?: string; indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange }) {
    super(options.name ?? 'verbatim-vectors', {
      ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
      ...(options.IDBKeyRange ? { IDBKeyRange: options.IDBKeyRange } : {}),
    });
    // Schema version 1.
    this.version(1).stores({ vectors: '[modelId+key], modelId, paperId' });
    // Schema version 2: which version of each paper a model's vectors cover (additive; an older database re-reads its papers once).
    this.version(2).stores({ papers: '[modelId+paperId], modelId, paperId' });
  }
}

export class DexieVectorStore implements VectorStorePort {
  private readonly db: VectorDatabase;

  constructor(options: { name?: string; indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } = {}) {
    this.db = new VectorDatabase(options);
  }

  async load(modelId: string): Promise<StoredVector[]> {
    const rows = await this.db.vectors.where('modelId').equals(modelId).toArray();
    return rows.map(({ modelId: _model, ...vector }) => vector);
  }

  async put(modelId: string, vectors: readonly StoredVector[]): Promise<void> {
    if (vectors.length) await this.db.vectors.bulkPut(vectors.map((v) => ({ ...v, modelId })));
  }

  async deletePaper(paperId: string): Promise<void> {
    await this.db.transaction('rw', this.db.vectors, this.db.papers, async () => {
      await this.db.vectors.where('paperId').equals(paperId).delete();
      await this.db.papers.where('paperId').equals(paperId).delete();
    });
  }

  async indexedPapers(modelId: string): Promise<Map<string, string>> {
    const rows = await this.db.papers.where('modelId').equals(modelId).toArray();
    return new Map(rows.map((r) => [r.paperId, r.savedAt]));
  }

  async markIndexed(modelId: string, paperId: string, savedAt: string): Promise<void> {
    await this.db.papers.put({ modelId, paperId, savedAt });
  }

  /** Every model's vectors: what "remove the search model's data" clears. */
  async clear(): Promise<void> {
    await this.db.transaction('rw', this.db.vectors, this.db.papers, async () => {
      await this.db.vectors.clear();
      await this.db.papers.clear();
    });
  }
}
