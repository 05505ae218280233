/**
 * `npm run eval:qa -- --dense [MODEL]`: search by meaning measured like the lexical
 * ranking, per QA set and half: evidence recall@5/@10 of the dense list alone, of the
 * default ranking with it fused in as the product fuses it (meaning-fusion.ts), and, for
 * reference, always fused with an equal vote; and the answer's evidence hit with and
 * without it, questions scoped to their paper. The model is loaded as the CLI loads it:
 * by default the Universal Sentence Encoder (lite) from its installed package; a hub id
 * from the hub or the mirror in VERBATIM_MODEL_HOST. Where the model cannot be loaded
 * the section says why and measures nothing.
 */
import { answerExtractivelyWith, LibrarySnapshot } from '../../shared/answer/extractive';
import { messageFor } from '../../shared/errors';
import { DenseLibrary, MemoryVectorStore } from '../../shared/search/dense-library';
import { ModelEmbedder } from '../../shared/search/embedding-model';
import { fuseWithMeaning } from '../../shared/search/meaning-fusion';
import { fuseByReciprocalRank } from '../../shared/search/rank-fusion';
import { CLI_DEFAULT_DENSE_MODEL, loadNodeEmbeddingModel } from '../../cli/dense-option';
import { mean, r3, recallAt } from './qa-metrics';
import { ask, nextPaperIn, paperFolds } from './qa-run';
import { loadQasaUnanswerable } from './qa-sets/qasa-set';
import type { QaItem, QaSet } from './qa-sets/qa-set';
import type { LibraryPaper } from '../../shared/model/paper';
import type { Retriever } from '../../shared/search/retriever';
import { splitDevTest, type EvalHalf } from './split';

/** The model named after --dense, the default one for a bare --dense, or null when not asked for. */
export function requestedDenseModel(argv: readonly string[]): string | null {
  const at = argv.indexOf('--dense');
  if (at < 0) return null;
  const next = argv[at + 1];
  return next && !next.startsWith('--') ? next : CLI_DEFAULT_DENSE_MODEL;
}

function cited(answer: { sentences: { citations: { paragraphId: string }[] }[] }): Set<string> {
  return new Set(answer.sentences.flatMap((s) => s.citations.map((c) => c.paragraphId)));
}

const NO_ANSWER = { sentences: [] };

const hits = (item: QaItem, ids: Iterable<string>) => item.evidence.some((g) => [...ids].some((id) => g.has(id)));

/** QASA's unanswerable questions asked of its library with the model's list: the abstention must hold. */
async function qasaAbstentionWithDense(library: LibrarySnapshot, halves: readonly EvalHalf[], embedder: ModelEmbedder): Promise<Record<string, unknown>> {
  const dense = new DenseLibrary(embedder, new MemoryVectorStore());
  await dense.indexPapers([...library.papers.values()]);
  const out: Record<string, unknown> = {};
  for (const half of halves) {
    const items = splitDevTest(loadQasaUnanswerable(), (q) => q.paperId)[half];
    let abstained = 0;
    for (const q of items) if ((await answerExtractivelyWith(q.question, library, [dense]).catch(() => null))?.abstained ?? true) abstained++;
    out[half] = { questions: items.length, abstentionRate: r3(abstained / Math.max(1, items.length)) };
  }
  return out;
}

/** The dense list kept to some papers: the model's view of a smaller library. */
function limitedTo(dense: DenseLibrary, paperIds: ReadonlySet<string>): Retriever {
  return { name: dense.name, retrieve: (query) => dense.retrieve({ ...query, paperIds: query.paperIds ?? paperIds }) };
}

/**
 * Unscoped abstention, with the model's list fused in against the words alone, as eval:qa
 * measures it: answerable questions in a library of only their paper, and of only the next paper (right: abstain);
 * in the half's whole library (abstention, evidence hit), and in the other fold's papers (right: abstain).
 */
async function abstentionWithAndWithout(items: readonly QaItem[], papers: readonly LibraryPaper[], dense: DenseLibrary): Promise<Record<string, unknown>> {
  const ids = papers.map((p) => p.id).sort();
  const byId = new Map(papers.map((p) => [p.id, p]));
  const libraries = new Map<string, { library: LibrarySnapshot; retriever: Retriever }>();
  const libraryOf = (chosen: readonly string[]) => {
    const key = chosen.join('\n');
    let entry = libraries.get(key);
    if (!entry) libraries.set(key, (entry = { library: LibrarySnapshot.fromPapers(chosen.map((id) => byId.get(id)!)), retriever: limitedTo(dense, new Set(chosen)) }));
    return entry;
  };
  const split = paperFolds(ids);
  const next = nextPaperIn(ids);
  const measures = () => ({ own: [] as number[], other: [] as number[], whole: [] as number[], wholeHit: [] as number[], outOfLibrary: [] as number[] });
  const rows = { words: measures(), withModel: measures() };
  const abstains = (a: { abstained: boolean } | null) => (a?.abstained ?? true ? 1 : 0);
  for (const item of items) {
    const asked: [keyof ReturnType<typeof measures>, { library: LibrarySnapshot; retriever: Retriever }][] = [['own', libraryOf([item.paperId])], ['whole', libraryOf(ids)]];
    if (ids.length > 1) asked.push(['other', libraryOf([next(item.paperId)])]);
    if (split) asked.push(['outOfLibrary', libraryOf(split.folds[split.otherFoldOf(item.paperId)])]);
    for (const [measure, { library, retriever }] of asked) {
      const words = ask(item.question, library, {});
      const withModel = await answerExtractivelyWith(item.question, library, [retriever]).catch(() => null);
      rows.words[measure].push(abstains(words));
      rows.withModel[measure].push(abstains(withModel));
      if (measure === 'whole') {
        rows.words.wholeHit.push(hits(item, cited(words ?? NO_ANSWER)) ? 1 : 0);
        rows.withModel.wholeHit.push(hits(item, cited(withModel ?? NO_ANSWER)) ? 1 : 0);
      }
    }
  }
  const summary = (r: typeof rows.words) => ({
    onePaper: { abstainedOnAnswerable: r3(mean(r.own)), abstainedInAnotherPapersLibrary: r.other.length ? r3(mean(r.other)) : NaN },
    wholeLibrary: { abstainedOnAnswerable: r3(mean(r.whole)), evidenceHit: r3(mean(r.wholeHit)) },
    outOfLibraryAbstention: r.outOfLibrary.length ? r3(mean(r.outOfLibrary)) : NaN,
  });
  return { words: summary(rows.words), withModel: summary(rows.withModel) };
}

export async function evaluateDense(sets: readonly QaSet[], halves: readonly EvalHalf[], modelId: string, qasa?: LibrarySnapshot): Promise<Record<string, unknown>> {
  let embedder: ModelEmbedder;
  try {
    embedder = new ModelEmbedder(modelId, await loadNodeEmbeddingModel(modelId, () => {}));
  } catch (error) {
    return { model: modelId, notMeasured: messageFor(error) };
  }
  const out: Record<string, unknown> = { model: modelId };
  for (const set of sets) {
    const perHalf: Record<string, unknown> = {};
    for (const half of halves) {
      const items = splitDevTest(set.items, (i) => i.paperId)[half].filter((i) => i.answerable && i.evidence.length);
      const ids = new Set(items.map((i) => i.paperId));
      const papers = set.papers.filter((p) => ids.has(p.id));
      const library = LibrarySnapshot.fromPapers(papers);
      const dense = new DenseLibrary(embedder, new MemoryVectorStore());
      await dense.indexPapers(papers);
      const rows = { always5: [] as number[], dense5: [] as number[], dense10: [] as number[], fused5: [] as number[], fused10: [] as number[], hit: [] as number[], hitFused: [] as number[] };
      for (const item of items) {
        const query = { text: item.question, limit: 40, paperIds: new Set([item.paperId]) };
        const denseList = await dense.retrieve(query);
        const lexical = library.retriever.retrieveNow(query);
        // As the product fuses: only where the words cover little of the question (meaning-fusion.ts); and, for reference, always with an equal vote.
        const fused = fuseWithMeaning(library.index, item.question, lexical, [denseList], 10).hits.map((h) => h.paragraphId);
        const always = fuseByReciprocalRank([lexical, denseList], 10).map((h) => h.paragraphId);
        rows.always5.push(recallAt(5, always, item.evidence));
        rows.dense5.push(recallAt(5, denseList.map((h) => h.paragraphId), item.evidence));
        rows.dense10.push(recallAt(10, denseList.map((h) => h.paragraphId), item.evidence));
        rows.fused5.push(recallAt(5, fused, item.evidence));
        rows.fused10.push(recallAt(10, fused, item.evidence));
        const scope = { paperIds: [item.paperId] };
        // A question with no searchable word is an abstention, as in the lexical eval.
        rows.hit.push(hits(item, cited(ask(item.question, library, scope) ?? NO_ANSWER)) ? 1 : 0);
        rows.hitFused.push(hits(item, cited(await answerExtractivelyWith(item.question, library, [dense], scope).catch(() => NO_ANSWER))) ? 1 : 0);
      }
      perHalf[half] = {
        questions: items.length,
        abstention: await abstentionWithAndWithout(items, papers, dense),
        recallAt5: { dense: r3(mean(rows.dense5)), defaultWithDense: r3(mean(rows.fused5)), alwaysFusedEqually: r3(mean(rows.always5)) },
        recallAt10: { dense: r3(mean(rows.dense10)), defaultWithDense: r3(mean(rows.fused10)) },
        evidenceHit: { default: r3(mean(rows.hit)), withDense: r3(mean(rows.hitFused)) },
      };
    }
    out[set.name] = perHalf;
  }
  if (qasa) out.qasaUnanswerableWithDense = await qasaAbstentionWithDense(qasa, halves, embedder);
  return out;
}
