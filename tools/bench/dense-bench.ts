/**
 * Search by meaning at library scale: scoring a question against every stored paragraph
 * vector (384 dimensions, bge-small's size) and answering with those hits fused in,
 * against the lexical answer alone in the same run. The question's own embedding is
 * left out (a fake returns it at once): on a real model it costs one forward pass of the
 * question, whatever the library's size. Vectors are random; only speed is measured.
 */
import { answerExtractively, answerExtractivelyWith, LibrarySnapshot } from '../../shared/answer/extractive';
import type { LibraryPaper } from '../../shared/model/paper';
import { DenseLibrary, MemoryVectorStore, textHash, type StoredVector } from '../../shared/search/dense-library';
import { unitVector, type Embedder } from '../../shared/search/embedder';
import { paragraphKey } from '../../shared/search/paragraph-index';
import { rankedListRetriever } from '../../shared/search/retriever';
import { mulberry32 } from '../seeded-random';
import { percentile, round } from './stats';

const DIMENSIONS = 384;

function randomVector(next: () => number): Float32Array {
  return unitVector(Array.from({ length: DIMENSIONS }, () => next() * 2 - 1));
}

export async function benchDense(libraries: readonly LibraryPaper[][], questions: readonly string[]) {
  const rows = [];
  for (const papers of libraries) {
    const next = mulberry32(7);
    const store = new MemoryVectorStore();
    const vectors: StoredVector[] = papers.flatMap((paper) => paper.paragraphs.map((p) => ({ key: paragraphKey(paper.id, p.id), paperId: paper.id, paragraphId: p.id, textHash: textHash(p.text), vector: randomVector(next) })));
    await store.put('bench', vectors);
    const question = randomVector(next);
    const embedder: Embedder = { modelId: 'bench', embed: (texts) => Promise.resolve(texts.map(() => question)) };
    const dense = new DenseLibrary(embedder, store);
    await dense.retrieve({ text: 'warm up', limit: 40 });
    const library = LibrarySnapshot.fromPapers(papers);
    const scoring: number[] = [];
    const fused: number[] = [];
    const lexical: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (const q of questions) {
        let started = performance.now();
        const hits = await dense.retrieve({ text: q, limit: 40 });
        scoring.push(performance.now() - started);
        started = performance.now();
        await answerExtractivelyWith(q, library, [rankedListRetriever('dense', hits)]);
        fused.push(performance.now() - started);
        started = performance.now();
        answerExtractively(q, library);
        lexical.push(performance.now() - started);
      }
    }
    const p95 = (xs: number[]) => round(percentile(xs, 95));
    rows.push({ paragraphs: vectors.length, vectorScoringP95Ms: p95(scoring), answerWithDenseHitsP95Ms: p95(fused), baselineLexicalAnswerP95Ms: p95(lexical), vectorsMegabytes: Math.round((vectors.length * DIMENSIONS * 4) / 1e5) / 10 });
  }
  return rows;
}
