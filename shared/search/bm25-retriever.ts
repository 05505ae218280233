/** Plain BM25 over the paragraph index: the ranking before question cues, feedback and reranking, kept as the baseline. */
import type { ParagraphIndex } from './paragraph-index';
import type { ImmediateRetriever, RankedHit, RetrievalQuery } from './retriever';

export class Bm25Retriever implements ImmediateRetriever {
  readonly name = 'bm25';

  constructor(private readonly index: ParagraphIndex) {}

  retrieveNow(query: RetrievalQuery): RankedHit[] {
    return this.index.query(query.text, { limit: query.limit, ...(query.paperIds ? { paperIds: query.paperIds } : {}) });
  }

  retrieve(query: RetrievalQuery): Promise<RankedHit[]> {
    return Promise.resolve(this.retrieveNow(query));
  }
}
