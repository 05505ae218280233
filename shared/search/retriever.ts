/**
 * The retrieval port: anything that ranks paragraphs for a question. Lexical
 * retrievers answer at once (`retrieveNow`), so the extractive answer stays
 * synchronous; a dense retriever (an on-device embedding model) answers
 * asynchronously and joins the lexical ones by reciprocal rank fusion.
 */
import { paragraphKey } from './paragraph-index';

export interface RetrievalQuery {
  text: string;
  limit: number;
  /** Only paragraphs of these papers. */
  paperIds?: ReadonlySet<string>;
}

export interface RankedHit {
  key: string;
  paperId: string;
  paragraphId: string;
  /** Higher is better; comparable only within one retriever's list. */
  score: number;
}

export interface Retriever {
  readonly name: string;
  retrieve(query: RetrievalQuery): Promise<RankedHit[]>;
}

/** A retriever that can answer without waiting (in-memory lexical ranking). */
export interface ImmediateRetriever extends Retriever {
  retrieveNow(query: RetrievalQuery): RankedHit[];
}

/** Hits named by paper and paragraph (as messages carry them), with the index's key. */
export function keyedHits(hits: readonly Omit<RankedHit, 'key'>[]): RankedHit[] {
  return hits.map((h) => ({ ...h, key: paragraphKey(h.paperId, h.paragraphId) }));
}

/** A list ranked elsewhere (the side panel's on-device model) as a retriever: the hits in scope, best first. */
export function rankedListRetriever(name: string, hits: readonly Omit<RankedHit, 'key'>[]): Retriever {
  const keyed = keyedHits(hits);
  return {
    name,
    retrieve: (query) => Promise.resolve(keyed.filter((h) => !query.paperIds || query.paperIds.has(h.paperId)).slice(0, query.limit)),
  };
}
