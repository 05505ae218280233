/**
 * Scores one QA set on one half (dev or test; the split is by paper, so a paper's
 * questions stay together): answerable questions asked of the set's library scoped
 * to their paper; every question asked again of a library WITHOUT its paper (the
 * half's papers in two folds, alternating in id order, each fold's questions asked of
 * the other fold; evalHalf cannot make the folds: its bit is the parity of the key's
 * odd character codes whatever the seed, so a second seed repeats the dev/test split),
 * where the right outcome is to abstain. Retrieval recall is reported for plain BM25
 * and for the default ranking side by side.
 */
import { answerExtractively, LibrarySnapshot, type ExtractiveOptions } from '../../shared/answer/extractive';
import type { Answer } from '../../shared/answer/answer';
import type { LibraryPaper } from '../../shared/model/paper';
import { pointsAtOnePaper } from '../../shared/search/question-cues';
import type { ImmediateRetriever } from '../../shared/search/retriever';
import { mean, r3, recallAt, tokenF1 } from './qa-metrics';
import { searchIndex } from '../../shared/library/library-search';
import { keywordQueryOf } from './keyword-query';
import { MAX_SELECTION_CHARS } from '../../shared/text/selection-query';
import type { QaItem, QaSet } from './qa-sets/qa-set';
import { splitDevTest, type EvalHalf } from './split';


export function ask(question: string, library: LibrarySnapshot, options: ExtractiveOptions): Answer | null {
  try {
    return answerExtractively(question, library, options);
  } catch {
    return null; // a question with no searchable words: counted as an abstention
  }
}

export interface HalfReport {
  papers: number;
  questions: number;
  answerable: number;
  /** Answerable questions the answer abstained on. */
  abstainedOnAnswerable: number;
  /** Answerable questions with gold evidence whose answer cites a gold paragraph. */
  evidenceHit: number;
  evidenceHitWhenAnswered: number;
  answerTokenF1: number;
  recallAt5: Record<string, number>;
  recallAt10: Record<string, number>;
  /**
   * The search box: each answerable question's topic words as a keyword query over the half's whole library, gold
   * evidence found in the top five (of its own paper); plain BM25 (the search before it ranked as answers do) beside
   * the product's search.
   */
  searchRecallAt5: { bm25: number; search: number };
  /**
   * A writer's sentence to find the source of ("Find selected text", the context menu): each answerable question's
   * longest gold answer of six words or more, holding no question, as the query, over the half's whole library, gold evidence of its
   * paper in the top five; BM25 beside the product's search. The answers are the annotators' own words (QASPER's
   * free-form answers, ArgSciChat's replies, ChemRxivQuest's model-written answers) or spans of the text (COVID-QA).
   */
  claimSearchRecallAt5: { claims: number; bm25: number; search: number };
  unanswerableInPaper?: string;
  /** Questions asked of a library without their paper that abstained. */
  outOfLibraryAbstention: number;
  /**
   * Answerable questions asked, unscoped, of a library holding only their paper: a reader who
   * saved one paper and asks about it (and `verbatim ask --library` on a folder of one paper).
   */
  onePaperLibrary: { abstainedOnAnswerable: number; evidenceHit: number; abstainedInAnotherPapersLibrary: number };
  /**
   * The same in a library of three papers (the question's and the next two in id order), and asked of the
   * three papers after it: a reader who has saved a few papers.
   */
  threePaperLibrary: HalfReport['onePaperLibrary'];
  /**
   * Answerable questions asked, unscoped, of the half's whole library: a reader who asks the library and
   * does not say which paper. A hit must cite the question's own paper (its gold paragraphs).
   */
  wholeLibrary: { abstainedOnAnswerable: number; evidenceHit: number };
  /**
   * Answerable questions that point at one paper ("this paper", "the authors", "they", "you"): asked of the
   * half's whole library with no scope, and as the side panel asks them beside their paper (scoped to it).
   */
  besideItsPaper: { questions: number; wholeLibrary: HalfReport['wholeLibrary']; beside: HalfReport['wholeLibrary'] };
  /** Answerable questions scoped to ANOTHER paper of the half (the next in id order) that abstained: the scoped threshold's other side. */
  wrongPaperAbstention: number;
}

/** The answer cites a gold evidence paragraph of the question's own paper (paragraph ids repeat across papers). */
function citesGold(answer: Answer | null, item: QaItem): boolean {
  const cited = new Set(answer?.sentences.flatMap((s) => s.citations.filter((c) => c.paperId === item.paperId).map((c) => c.paragraphId)) ?? []);
  return item.evidence.some((g) => [...g].some((id) => cited.has(id)));
}

/** The paper after a paper in id order (wrapping round): "another paper" for the wrong-paper measures. */
export function nextPaperIn(ids: Iterable<string>): (id: string) => string {
  const sorted = [...ids].sort();
  return (id) => sorted[(sorted.indexOf(id) + 1) % sorted.length]!;
}

export function wrongPaperAbstention(items: readonly QaItem[], library: LibrarySnapshot, options: ExtractiveOptions): number {
  if (library.papers.size < 2) return NaN;
  const next = nextPaperIn(library.papers.keys());
  const asked = items.filter((i) => i.answerable);
  const abstained = asked.filter((item) => ask(item.question, library, { ...options, paperIds: [next(item.paperId)] })?.abstained ?? true).length;
  return asked.length ? abstained / asked.length : NaN;
}

/**
 * Each answerable question's query (`queryOf`; null leaves the question out, '' counts it as a miss) over the
 * half's whole library: gold evidence of its own paper in the top five, plain BM25 beside the product's search.
 */
function searchRecallWith(items: readonly QaItem[], library: LibrarySnapshot, queryOf: (item: QaItem) => string | null): { queries: number; bm25: number; search: number } {
  const bm25: number[] = [];
  const search: number[] = [];
  for (const item of items) {
    if (!item.answerable || !item.evidence.length) continue;
    const query = queryOf(item);
    if (query === null) continue;
    // Another paper's paragraph holds no gold: it only takes a place in the five.
    const own = (hits: readonly { paperId: string; paragraphId: string }[]) => hits.map((h) => (h.paperId === item.paperId ? h.paragraphId : ''));
    bm25.push(query ? recallAt(5, own(library.index.query(query, { limit: 10 })), item.evidence) : 0);
    search.push(query ? recallAt(5, own(searchIndex(library.index, query, { limit: 10 })), item.evidence) : 0);
  }
  return { queries: bm25.length, bm25: r3(mean(bm25)), search: r3(mean(search)) };
}

const CLAIM_MIN_WORDS = 6;

/** The longest gold answer of CLAIM_MIN_WORDS words or more holding no question ("…. Do you have any more questions?", ArgSciChat's replies, is no writer's sentence). */
function claimOf(item: QaItem): string | null {
  const claim = item.answers.filter((a) => a.trim().split(/\s+/).length >= CLAIM_MIN_WORDS && !a.includes('?')).sort((a, b) => b.length - a.length)[0];
  return claim ? claim.slice(0, MAX_SELECTION_CHARS) : null;
}

function retrievalRecall(items: readonly QaItem[], library: LibrarySnapshot): { at5: Record<string, number>; at10: Record<string, number> } {
  const retrievers: ImmediateRetriever[] = [library.bm25, library.retriever];
  const at5: Record<string, number> = {};
  const at10: Record<string, number> = {};
  for (const retriever of retrievers) {
    const r5: number[] = [];
    const r10: number[] = [];
    for (const item of items) {
      if (!item.answerable || !item.evidence.length) continue;
      let ranked: string[] = [];
      try {
        ranked = retriever.retrieveNow({ text: item.question, limit: 10, paperIds: new Set([item.paperId]) }).map((h) => h.paragraphId);
      } catch {
        ranked = [];
      }
      r5.push(recallAt(5, ranked, item.evidence));
      r10.push(recallAt(10, ranked, item.evidence));
    }
    at5[retriever.name] = r3(mean(r5));
    at10[retriever.name] = r3(mean(r10));
  }
  return { at5, at10 };
}

/**
 * Answerable questions asked, unscoped, of a library of `size` papers: the question's paper and the next
 * `size - 1` in id order; and, the other side, of a library of the `size` papers after it (right: abstain).
 */
export function fewPapersLibrary(items: readonly QaItem[], papers: readonly LibraryPaper[], options: ExtractiveOptions, size: number): HalfReport['onePaperLibrary'] {
  const ids = papers.map((p) => p.id).sort();
  const byId = new Map(papers.map((p) => [p.id, p]));
  const libraries = new Map<string, LibrarySnapshot>();
  /** The library of the `count` papers from the one at `from` on, in id order (wrapping round). */
  const libraryFrom = (from: number, count: number): LibrarySnapshot => {
    const chosen = Array.from({ length: count }, (_, j) => ids[(from + j) % ids.length]!);
    const key = chosen.join('\n');
    let library = libraries.get(key);
    if (!library) libraries.set(key, (library = LibrarySnapshot.fromPapers(chosen.map((id) => byId.get(id)!))));
    return library;
  };
  const asked = items.filter((i) => i.answerable && byId.has(i.paperId));
  // A half with fewer papers than `size` asks of all of them.
  const answered = abstentionAndHit(asked, (item) => ask(item.question, libraryFrom(ids.indexOf(item.paperId), Math.min(size, ids.length)), options));
  const abstainedElsewhere = () => asked.filter((item) => ask(item.question, libraryFrom(ids.indexOf(item.paperId) + 1, size), options)?.abstained ?? true).length;
  return {
    ...answered,
    abstainedInAnotherPapersLibrary: ids.length <= size ? NaN : r3(abstainedElsewhere() / Math.max(1, asked.length)),
  };
}

export function wholeLibrary(items: readonly QaItem[], library: LibrarySnapshot, options: ExtractiveOptions, answerOf = (item: QaItem) => ask(item.question, library, options)): HalfReport['wholeLibrary'] {
  return abstentionAndHit(items.filter((i) => i.answerable), answerOf);
}

/**
 * The questions that point at one paper, from the answers the half already has: asked of the whole library
 * (`unscoped`) and scoped to their paper (`scoped`, as the panel asks them beside it). No question is asked again.
 */
function besideItsPaper(items: readonly QaItem[], unscoped: (item: QaItem) => Answer | null, scoped: (item: QaItem) => Answer | null): HalfReport['besideItsPaper'] {
  const pointing = items.filter((i) => i.answerable && pointsAtOnePaper(i.question));
  return { questions: pointing.length, wholeLibrary: abstentionAndHit(pointing, unscoped), beside: abstentionAndHit(pointing, scoped) };
}

/** Share of answerable questions that abstained, and of those with gold evidence, share whose answer cites it. */
function abstentionAndHit(asked: readonly QaItem[], answerOf: (item: QaItem) => Answer | null): { abstainedOnAnswerable: number; evidenceHit: number } {
  let abstained = 0;
  let hits = 0;
  let withGold = 0;
  for (const item of asked) {
    const answer = answerOf(item);
    if (!answer || answer.abstained) abstained++;
    if (!item.evidence.length) continue;
    withGold++;
    if (citesGold(answer, item)) hits++;
  }
  return { abstainedOnAnswerable: r3(abstained / Math.max(1, asked.length)), evidenceHit: r3(hits / Math.max(1, withGold)) };
}

/**
 * The out-of-library split: papers in id order, alternately in two folds; a question is asked of the fold its paper
 * is not in. Null when a fold would be empty.
 */
export function paperFolds(ids: Iterable<string>): { folds: readonly [string[], string[]]; otherFoldOf: (id: string) => 0 | 1 } | null {
  const sorted = [...ids].sort();
  const folds: [string[], string[]] = [sorted.filter((_, i) => i % 2 === 0), sorted.filter((_, i) => i % 2 === 1)];
  if (!folds[0].length || !folds[1].length) return null;
  const fold = new Map(sorted.map((id, i) => [id, i % 2]));
  return { folds, otherFoldOf: (id) => ((fold.get(id) ?? 0) === 0 ? 1 : 0) };
}

export function outOfLibraryAbstention(items: readonly QaItem[], papers: readonly LibraryPaper[], options: ExtractiveOptions): number {
  const split = paperFolds(papers.map((p) => p.id));
  if (!split) return NaN;
  const byId = new Map(papers.map((p) => [p.id, p]));
  const foldLibraries = split.folds.map((ids) => LibrarySnapshot.fromPapers(ids.map((id) => byId.get(id)!)));
  let abstained = 0;
  for (const item of items) {
    const answer = ask(item.question, foldLibraries[split.otherFoldOf(item.paperId)]!, options);
    if (!answer || answer.abstained) abstained++;
  }
  return items.length ? abstained / items.length : NaN;
}

export function evaluateHalf(set: QaSet, half: EvalHalf, options: ExtractiveOptions = {}): HalfReport {
  const items = splitDevTest(set.items, (i) => i.paperId)[half];
  const paperIds = new Set(items.map((i) => i.paperId));
  const papers = set.papers.filter((p) => paperIds.has(p.id));
  const library = LibrarySnapshot.fromPapers(papers);
  let abstained = 0;
  let hits = 0;
  let hitsWhenAnswered = 0;
  let withGold = 0;
  let answeredWithGold = 0;
  let unanswerable = 0;
  let unanswerableAbstained = 0;
  const f1: number[] = [];
  // Each question's answers, scoped to its paper and asked of the whole library, kept for the measures that reread them.
  const scopedAnswers = new Map<QaItem, Answer | null>();
  const unscopedAnswers = new Map<QaItem, Answer | null>();
  const unscoped = (item: QaItem) => {
    if (!unscopedAnswers.has(item)) unscopedAnswers.set(item, ask(item.question, library, options));
    return unscopedAnswers.get(item) ?? null;
  };
  for (const item of items) {
    const answer = ask(item.question, library, { ...options, paperIds: [item.paperId] });
    scopedAnswers.set(item, answer);
    const didAbstain = !answer || answer.abstained;
    if (!item.answerable) {
      unanswerable++;
      if (didAbstain) unanswerableAbstained++;
      continue;
    }
    if (didAbstain) abstained++;
    const text = answer && !didAbstain ? answer.sentences.map((s) => s.text).join(' ') : '';
    f1.push(Math.max(0, ...item.answers.map((a) => tokenF1(text, a))));
    if (!item.evidence.length) continue;
    withGold++;
    const hit = citesGold(answer, item);
    if (hit) hits++;
    if (!didAbstain) {
      answeredWithGold++;
      if (hit) hitsWhenAnswered++;
    }
  }
  const answerable = items.length - unanswerable;
  const recall = retrievalRecall(items, library);
  const keywords = searchRecallWith(items, library, (item) => keywordQueryOf(item.question));
  const claims = searchRecallWith(items, library, claimOf);
  return {
    papers: papers.length,
    questions: items.length,
    answerable,
    abstainedOnAnswerable: r3(abstained / Math.max(1, answerable)),
    evidenceHit: r3(hits / Math.max(1, withGold)),
    evidenceHitWhenAnswered: r3(hitsWhenAnswered / Math.max(1, answeredWithGold)),
    answerTokenF1: r3(mean(f1)),
    recallAt5: recall.at5,
    recallAt10: recall.at10,
    searchRecallAt5: { bm25: keywords.bm25, search: keywords.search },
    claimSearchRecallAt5: { claims: claims.queries, bm25: claims.bm25, search: claims.search },
    ...(unanswerable ? { unanswerableInPaper: `${unanswerableAbstained}/${unanswerable} abstained` } : {}),
    onePaperLibrary: fewPapersLibrary(items, papers, options, 1),
    threePaperLibrary: fewPapersLibrary(items, papers, options, 3),
    wholeLibrary: wholeLibrary(items, library, options, unscoped),
    besideItsPaper: besideItsPaper(items, unscoped, (item) => scopedAnswers.get(item) ?? null),
    outOfLibraryAbstention: r3(outOfLibraryAbstention(items, papers, options)),
    wrongPaperAbstention: r3(wrongPaperAbstention(items, library, options)),
  };
}
