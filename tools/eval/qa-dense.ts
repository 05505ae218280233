/**
 * `npm run eval:qa -- --dense [MODEL]`: search by meaning measured like the lexical
 * ranking, per QA set and half: evidence recall@5/@10 of the dense list alone and of the
 * default ranking with it fused in (as the product fuses it), and the answer's evidence
 * hit with and without it, questions scoped to their paper. It needs the model: from the
 * hub, or the mirror in VERBATIM_MODEL_HOST, cached as the CLI caches it. Where the model
 * cannot be loaded (this machine has no hub) the section says why and measures nothing.
 */
import { join } from 'node:path';
import { answerExtractively, answerExtractivelyWith, LibrarySnapshot } from '../../shared/answer/extractive';
import { messageFor } from '../../shared/errors';
import { DenseLibrary, MemoryVectorStore } from '../../shared/search/dense-library';
import { DEFAULT_EMBEDDING_MODEL, embeddingModelSpec, loadEmbeddingModel, ModelEmbedder } from '../../shared/search/embedding-model';
import { fuseByReciprocalRank } from '../../shared/search/rank-fusion';
import { defaultCacheDir } from '../../cli/extraction-cache';
import { mean, r3, recallAt } from './qa-metrics';
import type { QaItem, QaSet } from './qa-sets/qa-set';
import { splitDevTest, type EvalHalf } from './split';

/** The model named after --dense, the default one for a bare --dense, or null when not asked for. */
export function requestedDenseModel(argv: readonly string[]): string | null {
  const at = argv.indexOf('--dense');
  if (at < 0) return null;
  const next = argv[at + 1];
  return next && !next.startsWith('--') ? next : DEFAULT_EMBEDDING_MODEL.id;
}

function cited(answer: { sentences: { citations: { paragraphId: string }[] }[] }): Set<string> {
  return new Set(answer.sentences.flatMap((s) => s.citations.map((c) => c.paragraphId)));
}

const hits = (item: QaItem, ids: Iterable<string>) => item.evidence.some((g) => [...ids].some((id) => g.has(id)));

export async function evaluateDense(sets: readonly QaSet[], halves: readonly EvalHalf[], modelId: string): Promise<Record<string, unknown>> {
  const spec = embeddingModelSpec(modelId);
  let embedder: ModelEmbedder;
  try {
    const transformers = await import('@huggingface/transformers');
    const model = await loadEmbeddingModel(transformers, spec, { ...(process.env.VERBATIM_MODEL_HOST ? { host: process.env.VERBATIM_MODEL_HOST } : {}), cacheDir: join(defaultCacheDir(), 'models') });
    embedder = new ModelEmbedder(spec.id, model);
  } catch (error) {
    return { model: spec.id, notMeasured: messageFor(error) };
  }
  const out: Record<string, unknown> = { model: spec.id };
  for (const set of sets) {
    const perHalf: Record<string, unknown> = {};
    for (const half of halves) {
      const items = splitDevTest(set.items, (i) => i.paperId)[half].filter((i) => i.answerable && i.evidence.length);
      const ids = new Set(items.map((i) => i.paperId));
      const papers = set.papers.filter((p) => ids.has(p.id));
      const library = LibrarySnapshot.fromPapers(papers);
      const dense = new DenseLibrary(embedder, new MemoryVectorStore());
      await dense.indexPapers(papers);
      const rows = { dense5: [] as number[], dense10: [] as number[], fused5: [] as number[], fused10: [] as number[], hit: [] as number[], hitFused: [] as number[] };
      for (const item of items) {
        const query = { text: item.question, limit: 40, paperIds: new Set([item.paperId]) };
        const denseList = await dense.retrieve(query);
        const fused = fuseByReciprocalRank([library.retriever.retrieveNow(query), denseList], 10).map((h) => h.paragraphId);
        rows.dense5.push(recallAt(5, denseList.map((h) => h.paragraphId), item.evidence));
        rows.dense10.push(recallAt(10, denseList.map((h) => h.paragraphId), item.evidence));
        rows.fused5.push(recallAt(5, fused, item.evidence));
        rows.fused10.push(recallAt(10, fused, item.evidence));
        const scope = { paperIds: [item.paperId] };
        rows.hit.push(hits(item, cited(answerExtractively(item.question, library, scope))) ? 1 : 0);
        rows.hitFused.push(hits(item, cited(await answerExtractivelyWith(item.question, library, [dense], scope))) ? 1 : 0);
      }
      perHalf[half] = {
        questions: items.length,
        recallAt5: { dense: r3(mean(rows.dense5)), defaultWithDense: r3(mean(rows.fused5)) },
        recallAt10: { dense: r3(mean(rows.dense10)), defaultWithDense: r3(mean(rows.fused10)) },
        evidenceHit: { default: r3(mean(rows.hit)), withDense: r3(mean(rows.hitFused)) },
      };
    }
    out[set.name] = perHalf;
  }
  return out;
}
