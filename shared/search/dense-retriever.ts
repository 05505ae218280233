/**
 * Dense retrieval over the library's paragraphs: cosine similarity between the
 * question's embedding and each paragraph's. Paragraph vectors are computed on first
 * use, in batches, and cached by model and paragraph text, so a re-saved paper only
 * re-embeds what changed. It is one more list for reciprocal rank fusion, never the
 * only one: no quality is claimed for it here (no model can be downloaded in tests).
 */
import type { LibraryPaper } from '../model/paper';
import { dot, type Embedder } from './embedder';
import { paragraphKey } from './paragraph-index';
import type { RankedHit, RetrievalQuery, Retriever } from './retriever';

interface Entry {
  key: string;
  paperId: string;
  paragraphId: string;
  text: string;
}

const BATCH = 32;

export class DenseRetriever implements Retriever {
  readonly name = 'dense';
  private readonly entries: Entry[];
  /** model id + text -> vector; shared across rebuilds when the caller passes the same map. */
  private readonly vectors: Map<string, Float32Array>;

  constructor(papers: Iterable<LibraryPaper>, private readonly embedder: Embedder, cache: Map<string, Float32Array> = new Map()) {
    this.vectors = cache;
    this.entries = [];
    for (const paper of papers) {
      for (const p of paper.paragraphs) {
        if (p.kind === 'equation' || !p.text.trim()) continue;
        this.entries.push({ key: paragraphKey(paper.id, p.id), paperId: paper.id, paragraphId: p.id, text: p.text });
      }
    }
  }

  private cacheKey(text: string): string {
    return `${this.embedder.modelId}\u0000${text}`;
  }

  private async ensureEmbedded(entries: readonly Entry[]): Promise<void> {
    const missing = [...new Set(entries.map((e) => e.text).filter((t) => !this.vectors.has(this.cacheKey(t))))];
    for (let i = 0; i < missing.length; i += BATCH) {
      const batch = missing.slice(i, i + BATCH);
      const vectors = await this.embedder.embed(batch, 'passage');
      batch.forEach((text, j) => {
        const vector = vectors[j];
        if (vector) this.vectors.set(this.cacheKey(text), vector);
      });
    }
  }

  async retrieve(query: RetrievalQuery): Promise<RankedHit[]> {
    const scope = query.paperIds ? this.entries.filter((e) => query.paperIds!.has(e.paperId)) : this.entries;
    if (!scope.length) return [];
    await this.ensureEmbedded(scope);
    const [questionVector] = await this.embedder.embed([query.text], 'query');
    if (!questionVector) return [];
    const hits: RankedHit[] = [];
    for (const e of scope) {
      const vector = this.vectors.get(this.cacheKey(e.text));
      if (vector) hits.push({ key: e.key, paperId: e.paperId, paragraphId: e.paragraphId, score: dot(questionVector, vector) });
    }
    return hits.sort((a, b) => b.score - a.score).slice(0, query.limit);
  }
}
