/**
 * Tuning aid, DEV HALVES ONLY: is search by meaning's similarity a cue for abstention? For each answerable dev
 * question: the bar at which its answer turns into an abstention (by bisection), and the model's best cosine, in a
 * library of only its paper and of only another paper (the one-paper bar), and in the half's whole library and in
 * the other fold's papers (the library-wide bar, as eval:qa's out-of-library measure). It then compares the rule
 * "answer when coverage + weight × (cosine − reference) clears the bar" with moving the bar alone to the same
 * answerable abstention. It never reads the test halves. The rule was built once and not kept: in the product's own
 * answers (fused with the model's list) it moved the operating point rather than improving it (experiment log, session 28).
 *
 *   VERBATIM_FIXTURES=… npx tsx tools/eval/tune-meaning-abstention.ts [--sets a,b] [--rules 0.5:0.6,0.25:0.5]
 */
import { DEFAULT_MIN_SUPPORT, DEFAULT_MIN_SUPPORT_ONE_PAPER, LibrarySnapshot } from '../../shared/answer/extractive';
import { DenseLibrary, MemoryVectorStore } from '../../shared/search/dense-library';
import { ModelEmbedder } from '../../shared/search/embedding-model';
import { CLI_DEFAULT_DENSE_MODEL, loadNodeEmbeddingModel } from '../../cli/dense-option';
import { loadQaSets } from './qa-sets/all-sets';
import { r3 } from './qa-metrics';
import { ask, nextPaperIn, paperFolds } from './qa-run';
import { splitDevTest } from './split';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const onlySets = arg('--sets')?.split(',');
const rules = (arg('--rules') ?? '0.25:0.5,0.5:0.6,1:0.5').split(',').map((r) => r.split(':').map(Number) as [number, number]);

/** One question in one pair of libraries: where its answer flips (coverage side) and the model's best cosine. */
interface Pair { answerable: { flip: number; cosine: number }; elsewhere: { flip: number; cosine: number } }

/** The highest bar at which the question is still answered: 0 if never, 1.5 if always (a summary question). */
function flipBar(question: string, library: LibrarySnapshot, libraryWide: boolean): number {
  const answers = (bar: number) => !(ask(question, library, libraryWide ? { minSupport: bar } : { minSupportOnePaper: bar })?.abstained ?? true);
  if (!answers(0)) return 0;
  if (answers(1.5)) return 1.5;
  let low = 0;
  let high = 1.5;
  for (let i = 0; i < 12; i++) {
    const mid = (low + high) / 2;
    if (answers(mid)) low = mid;
    else high = mid;
  }
  return low;
}

const abstains = (side: { flip: number; cosine: number }, bar: number, weight: number, reference: number) => Math.min(side.flip, 1) + weight * (side.cosine - reference) < bar;

function report(name: string, pairs: readonly Pair[], bar: number): Record<string, unknown> {
  const rate = (pick: (p: Pair) => boolean) => pairs.filter(pick).length / Math.max(1, pairs.length);
  // The bar alone, moved in steps of 0.005: the best right abstention at no more answerable abstention.
  const alone = Array.from({ length: 301 }, (_, i) => i / 200).map((b) => [rate((p) => p.answerable.flip < b), rate((p) => p.elsewhere.flip < b)] as const);
  const barAloneAt = (answerable: number) => Math.max(0, ...alone.filter(([a]) => a <= answerable + 1e-9).map(([, o]) => o));
  const row: Record<string, unknown> = { library: name, questions: pairs.length, bar: [r3(rate((p) => p.answerable.flip < bar)), r3(rate((p) => p.elsewhere.flip < bar))] };
  for (const [weight, reference] of rules) {
    const answerable = rate((p) => abstains(p.answerable, bar, weight, reference));
    row[`w${weight}@${reference}`] = { answerableAbstention: r3(answerable), rightAbstention: r3(rate((p) => abstains(p.elsewhere, bar, weight, reference))), barAloneAtThatAbstention: r3(barAloneAt(answerable)) };
  }
  return row;
}

const embedder = new ModelEmbedder(CLI_DEFAULT_DENSE_MODEL, await loadNodeEmbeddingModel(CLI_DEFAULT_DENSE_MODEL, () => {}));
for (const set of loadQaSets().sets) {
  if (onlySets && !onlySets.includes(set.name)) continue;
  const items = splitDevTest(set.items, (i) => i.paperId).dev.filter((i) => i.answerable);
  const ids = [...new Set(items.map((i) => i.paperId))].sort();
  if (ids.length < 2) continue;
  const byId = new Map(set.papers.map((p) => [p.id, p]));
  const dense = new DenseLibrary(embedder, new MemoryVectorStore());
  await dense.indexPapers(ids.map((id) => byId.get(id)!));
  const onePaper = new Map(ids.map((id) => [id, LibrarySnapshot.fromPapers([byId.get(id)!])]));
  const whole = LibrarySnapshot.fromPapers(ids.map((id) => byId.get(id)!));
  const split = ids.length >= 4 ? paperFolds(ids) : null;
  const foldLibraries = split?.folds.map((f) => LibrarySnapshot.fromPapers(f.map((id) => byId.get(id)!))) ?? [];
  const next = nextPaperIn(ids);
  const best = async (question: string, paperIds?: readonly string[]) => (await dense.retrieve({ text: question, limit: 1, ...(paperIds ? { paperIds: new Set(paperIds) } : {}) }))[0]?.score ?? 0;
  const one: Pair[] = [];
  const wide: Pair[] = [];
  for (const item of items) {
    const other = next(item.paperId);
    one.push({
      answerable: { flip: flipBar(item.question, onePaper.get(item.paperId)!, false), cosine: await best(item.question, [item.paperId]) },
      elsewhere: { flip: flipBar(item.question, onePaper.get(other)!, false), cosine: await best(item.question, [other]) },
    });
    if (!split) continue;
    const otherFold = split.otherFoldOf(item.paperId);
    wide.push({
      answerable: { flip: flipBar(item.question, whole, true), cosine: await best(item.question) },
      elsewhere: { flip: flipBar(item.question, foldLibraries[otherFold]!, true), cosine: await best(item.question, split.folds[otherFold]) },
    });
  }
  console.log(JSON.stringify({ set: set.name, half: 'dev', onePaper: report('one paper / another paper', one, DEFAULT_MIN_SUPPORT_ONE_PAPER), wholeLibrary: wide.length ? report('whole half / the other fold', wide, DEFAULT_MIN_SUPPORT) : null }));
}
