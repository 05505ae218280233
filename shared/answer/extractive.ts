/**
 * Extractive answering, the default mode: no LLM, no network, no key. It ranks
 * paragraphs (shared/search/ranked-retriever.ts), picks up to three sentences that
 * answer across the best passages (one per paper for questions about the library's
 * papers), quotes each from its paragraph and verifies the quote like any
 * model-written citation, and lists the best passages with their matching sentences
 * marked. It abstains only when no passage covers enough of the question's topic.
 */
import type { LibraryPaper, Paragraph } from '../model/paper';
import { VerbatimError } from '../errors';
import { ParagraphIndex, termsOf } from '../search/paragraph-index';
import { Bm25Retriever } from '../search/bm25-retriever';
import { RankedRetriever } from '../search/ranked-retriever';
import { FUSION_DEPTH, fuseWithMeaning } from '../search/meaning-fusion';
import { asksForFindings, coverageTerms, questionKind } from '../search/question-cues';
import type { RankedHit, Retriever } from '../search/retriever';
import { weightTerms } from '../search/window-coverage';
import { priorIdf } from '../search/prior-idf';
import { verifyQuote } from '../verify/verify-quote';
import { collectReferences } from '../references/collect-references';
import { countSupport, type Answer, type AnswerPassage, type AnswerSentence } from './answer';
import { sentenceCandidates, type SentenceCandidate } from './answer-sentences';
import { chooseSentences } from './choose-sentences';
import { summaryCandidates } from './summary-sentences';
import { systemClock, type Clock } from '../ports';

export interface ExtractiveOptions {
  /** Restrict to these papers (the selected papers, or the paper being read). */
  paperIds?: readonly string[];
  maxSentences?: number;
  paragraphsToRead?: number;
  /**
   * Share of the question's topic (idf-weighted) the best sentence window must cover,
   * else abstain. Calibrated on the dev halves of `npm run eval:qa`.
   */
  minSupport?: number;
  /**
   * The same share when the question is scoped to chosen papers: the user says the answer
   * should be there, so only a paper that does not discuss the topic makes it abstain.
   */
  minSupportInScope?: number;
  /**
   * The same share for an unscoped question asked of a library of one paper: the reader can
   * only mean that paper, yet a question about another paper must still abstain.
   */
  minSupportOnePaper?: number;
  /**
   * How much an unscoped bar falls for each topic word a question has beyond `BAR_REFERENCE_TERMS`, and rises for
   * each it has fewer (default `BAR_STEP_PER_TERM`; 0 reads every bar as it is).
   */
  supportStepPerTerm?: number;
  /** How many ranked passages to list below the answer. */
  passagesToShow?: number;
  clock?: Clock;
}

export const DEFAULT_MIN_SUPPORT = 0.56;
// Both calibrated on the dev halves (npm run eval:qa; tools/eval/tune-qa.ts), with term weights from
// prior-idf.ts and the terms of coverageTerms. Library-wide, answerable abstention in a library of only the
// question's paper (QASPER, COVID-QA, EvInf) against QASA's unanswerable questions (dev): 0.55 -> 0.125,
// 0.144, 0.10, QASA 0.849; 0.56 -> 0.125, 0.163, 0.115, QASA 0.866; 0.57 -> 0.125, 0.175, 0.169, QASA 0.882;
// 0.6 -> 0.125, 0.217, 0.269, QASA 0.908. 0.56 is the lowest that keeps QASA's unanswerable questions at
// >= 85% abstention. (With idf from the library alone, 0.6 abstained on 0.38/0.35/0.62 of the same questions.)
// In scope, answerable abstention against abstention when scoped to another paper of the set (dev, measured
// with prior-idf.ts before coverageTerms): 0.1 -> ArgSciChat 0.025 / 0.165, EvInf 0 / 0.077; 0.12 -> 0.038 /
// 0.203, 0 / 0.208; 0.15 -> 0.114 / 0.266, 0 / 0.277 (with coverageTerms, 0.12 -> 0.025 / 0.228, 0 / 0.238).
// 0.12 answers nearly every dialogue turn and still abstains on a paper that shares little of the question.
export const DEFAULT_MIN_SUPPORT_IN_SCOPE = 0.12;
// A library of one paper, unscoped: answerable abstention in a library of only the question's paper / abstention
// in a library of only another paper of the set (the next in id order; right: abstain), dev halves, COVID-QA and
// Evidence Inference (QASPER's dev sample has 8 such questions): 0.35 -> 0.034 / 0.774, 0 / 0.969; 0.4 -> 0.048 /
// 0.835, 0 / 0.969; 0.45 -> 0.078 / 0.894, 0.023 / 0.969; 0.5 -> 0.106 / 0.926, 0.062 / 0.977; 0.56 -> 0.163 /
// 0.943, 0.115 / 0.977. 0.45 is the lowest that keeps a question about another paper at >= 85% abstention.
// (ArgSciChat's dialogue turns, 0.45 -> 0.342 / 0.671, are weak either way.)
export const DEFAULT_MIN_SUPPORT_ONE_PAPER = 0.45;

/**
 * A ready-to-query library: papers plus their index and rankers. The service builds it
 * over its live, persisted index (papers attached lazily); evals and tests build it
 * from a list of papers.
 */
export class LibrarySnapshot {
  /** Today's default ranking. */
  readonly retriever: RankedRetriever;
  /** Plain BM25, the baseline the evals report beside it. */
  readonly bm25: Bm25Retriever;

  constructor(
    readonly papers: ReadonlyMap<string, LibraryPaper>,
    readonly index: ParagraphIndex,
  ) {
    this.retriever = new RankedRetriever(index);
    this.bm25 = new Bm25Retriever(index);
  }

  static fromPapers(papers: readonly LibraryPaper[]): LibrarySnapshot {
    return new LibrarySnapshot(new Map(papers.map((p) => [p.id, p])), ParagraphIndex.fromPapers(papers));
  }
}

function checkQuestion(question: string, library: LibrarySnapshot): void {
  if (!question.trim() || termsOf(question).length === 0) throw new VerbatimError('EMPTY_QUESTION');
  if (library.papers.size === 0) throw new VerbatimError('EMPTY_LIBRARY');
}

export function answerExtractively(question: string, library: LibrarySnapshot, options: ExtractiveOptions = {}): Answer {
  const clock = options.clock ?? systemClock;
  const started = clock.now();
  checkQuestion(question, library);
  const hits = library.retriever.retrieveNow({ text: question, limit: options.paragraphsToRead ?? 10, ...scopeOf(options) });
  return composeAnswer(question, library, hits, options, clock, started);
}

/**
 * The same answer with more retrievers (e.g. an on-device dense one) fused with the
 * default ranking by reciprocal rank. A retriever that fails is left out: none is required.
 */
export async function answerExtractivelyWith(question: string, library: LibrarySnapshot, retrievers: readonly Retriever[], options: ExtractiveOptions = {}): Promise<Answer> {
  const clock = options.clock ?? systemClock;
  const started = clock.now();
  checkQuestion(question, library);
  const limit = options.paragraphsToRead ?? 10;
  // Both sides deeper than the answer reads, so a paragraph both find rises.
  const query = { text: question, limit: Math.max(limit, FUSION_DEPTH), ...scopeOf(options) };
  const extra = await Promise.all(retrievers.map((r) => r.retrieve(query).catch(() => [] as RankedHit[])));
  const { hits, joined } = fuseWithMeaning(library.index, question, library.retriever.retrieveNow(query), extra, limit);
  if (!joined) return composeAnswer(question, library, hits, options, clock, started);
  // What another list (search by meaning) found may share no word with the question: an abstention still lists it.
  const byMeaning = new Set(extra.flat().map((h) => h.key));
  return composeAnswer(question, library, hits, options, clock, started, byMeaning);
}

/** The papers "this paper" can only mean: the chosen ones, else the library's only paper. */
function papersInQuestion(library: LibrarySnapshot, options: ExtractiveOptions): readonly string[] {
  if (options.paperIds?.length) return options.paperIds;
  return library.index.paperCount === 1 ? [...library.index.indexedPapers().keys()] : [];
}

function scopeOf(options: ExtractiveOptions): { paperIds?: ReadonlySet<string> } {
  return options.paperIds ? { paperIds: new Set(options.paperIds) } : {};
}

/**
 * From this many papers on, an unscoped question meets the library-wide bar; below it the bar rises in equal steps
 * from the one-paper bar. Each further paper is a further chance that some passage covers a question about none of
 * them, so the bar that keeps a question about another paper out rises with the library. Dev halves, the lowest bar
 * that keeps >= 85% abstention on questions asked of a library of k other papers (COVID-QA; Evidence Inference is
 * above 95% at every bar from 0.45), with the answerable abstention it costs in a library of the question's paper
 * and k - 1 others: k = 1 0.45 (0.078), k = 2 0.48 (0.084), k = 3 0.52 (0.112), k = 4 0.56 (0.154), k = 5 0.6.
 * The library-wide bar itself is fitted on QASA's unanswerable questions (above).
 */
export const LIBRARY_WIDE_FROM_PAPERS = 4;

/**
 * The unscoped bars above are read at a question of this many topic words (coverage terms). A window that covers a
 * share of many words by chance is rarer than one that covers the same share of few ("role antibodies" is half
 * covered by any passage on antibodies), so a long question needs a smaller share, a short one a larger.
 */
export const BAR_REFERENCE_TERMS = 5;
/**
 * Per topic word. Dev halves, best window coverage of answerable questions in a library of only their paper and of
 * only another paper, by the question's number of topic words: with 8 or more, 21 of 107 COVID-QA questions fell
 * below the one-paper bar in their own paper and 5 cleared it in another; with 2 to 4, 9 of 205 and 37. At 0.01 a
 * word, abstention on answerable / on another paper's library (right: abstain), bar 0.45 flat -> adjusted: COVID-QA
 * 0.078 / 0.894 -> 0.067 / 0.886, Evidence Inference 0.023 / 0.969 -> 0 / 0.969, ArgSciChat 0.43 / 0.759 -> 0.443 /
 * 0.759 (one question), QASPER level; asked of the whole dev library at 0.56, QASA's unanswerable questions abstain
 * as before (0.866) while answerable abstention falls (COVID-QA 0.125 -> 0.108, Evidence Inference 0.108 -> 0.046).
 * 0.015 and 0.02 lowered answerable abstention further (one paper, COVID-QA 0.046 at 0.02) but took QASA's below
 * 0.85 at the library-wide bar, which would then have to rise. A question's words past 20 count as 20.
 */
export const BAR_STEP_PER_TERM = 0.01;
const BAR_TERMS_COUNTED = 20;

/** The abstention bar: scoped to chosen papers, or asked of a library of so many papers, for a question of so many topic words. */
function minSupportFor(library: LibrarySnapshot, options: ExtractiveOptions, topicWords: number): number {
  if (options.paperIds) return options.minSupportInScope ?? DEFAULT_MIN_SUPPORT_IN_SCOPE;
  const bar = unscopedMinSupport(library.index.paperCount, options.minSupportOnePaper ?? DEFAULT_MIN_SUPPORT_ONE_PAPER, options.minSupport ?? DEFAULT_MIN_SUPPORT);
  return lengthAdjustedBar(bar, topicWords, options.supportStepPerTerm ?? BAR_STEP_PER_TERM);
}

/** An unscoped bar read for a question of `topicWords` topic words rather than `BAR_REFERENCE_TERMS`. */
export function lengthAdjustedBar(bar: number, topicWords: number, stepPerTerm: number = BAR_STEP_PER_TERM): number {
  return bar + stepPerTerm * (BAR_REFERENCE_TERMS - Math.min(topicWords, BAR_TERMS_COUNTED));
}

/** The bar for an unscoped question in a library of `papers` papers: the one-paper bar rising to the library-wide one. */
export function unscopedMinSupport(papers: number, onePaper: number, libraryWide: number): number {
  if (papers <= 1) return onePaper;
  if (papers >= LIBRARY_WIDE_FROM_PAPERS) return libraryWide;
  return onePaper + ((libraryWide - onePaper) * (papers - 1)) / (LIBRARY_WIDE_FROM_PAPERS - 1);
}

function composeAnswer(question: string, library: LibrarySnapshot, hits: readonly RankedHit[], options: ExtractiveOptions, clock: Clock, started: number, byMeaning: ReadonlySet<string> = new Set()): Answer {
  const { maxSentences = 3, passagesToShow = 5 } = options;
  const topic = coverageTerms(question);
  const minSupport = minSupportFor(library, options, topic.length);
  const kind = questionKind(question);
  const scoring = { question: weightTerms(topic, (t) => priorIdf(library.index, t)), kind };

  const candidates: SentenceCandidate[] = [];
  const found = hits.flatMap((hit) => {
    const entry = library.index.lookup(hit.key);
    return entry ? [{ hit, ...entry }] : [];
  });
  found.forEach(({ paper, paragraph }, rank) => candidates.push(...sentenceCandidates(paper, paragraph, rank, scoring)));
  candidates.sort((a, b) => b.score - a.score);

  // "What is this paper about?" asked of chosen papers, or of a library of one paper: their abstracts answer it, whatever the words.
  const summarized = kind === 'summary' ? papersInQuestion(library, options) : [];
  const findings = kind === 'summary' && asksForFindings(question);
  if (summarized.length) {
    const summaries = summarized.flatMap((id) => {
      const paper = library.papers.get(id) ?? library.index.attachedPaper(id);
      return paper ? summaryCandidates(paper, summarized.length > 1 ? 1 : Math.min(2, maxSentences), findings) : [];
    }).slice(0, Math.max(maxSentences, 1));
    const ranked = [...summaries.map((c) => ({ paper: c.paper, paragraph: c.paragraph, score: 1 })), ...found.map(({ hit, paper, paragraph }) => ({ paper, paragraph, score: hit.score }))];
    if (summaries.length) return answerFrom(question, library, summaries, ranked, candidates, minSupport, clock, started, passagesToShow);
  }

  // "What is this paper about?" asked of several papers with none chosen: which one is meant cannot be read from the
  // words (answered anyway, it quoted whichever paper shares "paper" or "main"). Ask the reader to choose, and show
  // what each of the papers the search found does.
  if (kind === 'summary' && !summarized.length) {
    // The papers the search found first, then any other paper at hand (the service loads only the hits' papers);
    // only as many abstracts are read as are shown, not one per paper of the library.
    const aims: SentenceCandidate[] = [];
    const seen = new Set<string>();
    for (const paper of [...found.map((f) => f.paper), ...library.papers.values()]) {
      if (aims.length === CLOSEST_PASSAGES) break;
      if (seen.has(paper.id)) continue;
      seen.add(paper.id);
      aims.push(...summaryCandidates(paper, 1, findings));
    }
    return abstention(question, clock, started, aims.map((c) => passageOf(c.paper, c.paragraph, 1, [c])), `This question is about one paper, and the library holds ${library.index.paperCount}. Choose the paper to ask about${aims.length ? '; papers the search found are listed below, each at the sentence of its abstract that says what it does' : ''}.`);
  }

  // Requiring the question's rarest term as well was tried on dev: it bought out-of-library
  // abstention at a worse price in answerable abstention than a higher threshold does.
  const support = Math.max(0, ...candidates.map((c) => c.windowCoverage));
  if (support < minSupport) {
    // Nothing to quote; the passages that share most of the question are still worth a look.
    const closest = closestPassages(found, candidates, CLOSEST_PASSAGES, byMeaning);
    return abstention(question, clock, started, closest, closest.length
      ? 'Nothing in the library answers this question closely enough to quote. The closest passages are listed; they may not answer it.'
      : 'Nothing in the library answers this question closely enough to quote.');
  }

  const chosen = chooseSentences(candidates, { kind, maxSentences, minSupport });
  return answerFrom(question, library, chosen, found.map(({ hit, paper, paragraph }) => ({ paper, paragraph, score: hit.score })), candidates, minSupport, clock, started, passagesToShow);
}

/** An answer that quotes nothing: why, and the passages still worth a look. */
function abstention(question: string, clock: Clock, started: number, passages: AnswerPassage[], notice: string): Answer {
  return {
    question,
    mode: 'extractive',
    sentences: [],
    references: { primary: [], secondary: [] },
    stats: { llmCalls: 0, inputTokens: 0, outputTokens: 0, ms: clock.now() - started, ...countSupport([]) },
    abstained: true,
    notice,
    passages,
  };
}

/** The answer from its chosen sentences, with the best passages below it, each with its matching sentences marked. */
function answerFrom(
  question: string,
  library: LibrarySnapshot,
  chosen: readonly SentenceCandidate[],
  ranked: readonly { paper: LibraryPaper; paragraph: Paragraph; score: number }[],
  candidates: readonly SentenceCandidate[],
  minSupport: number,
  clock: Clock,
  started: number,
  passagesToShow: number,
): Answer {
  const sentences = chosen.map(toAnswerSentence);
  const shown = new Set<Paragraph>();
  const passages: AnswerPassage[] = [];
  for (const { paper, paragraph, score } of ranked) {
    if (passages.length >= passagesToShow || shown.has(paragraph)) continue;
    shown.add(paragraph);
    const marked = [...chosen, ...candidates.filter((c) => c.windowCoverage >= minSupport)].filter((c) => c.paragraph === paragraph);
    passages.push(passageOf(paper, paragraph, score, marked));
  }

  return {
    question,
    mode: 'extractive',
    sentences,
    references: collectReferences(sentences, library.papers),
    stats: { llmCalls: 0, inputTokens: 0, outputTokens: 0, ms: clock.now() - started, ...countSupport(sentences) },
    abstained: false,
    passages,
  };
}

/** How many passages an abstention lists. */
const CLOSEST_PASSAGES = 3;

/** A passage to list, with the given sentences marked (each once, in text order). */
function passageOf(paper: LibraryPaper, paragraph: Paragraph, score: number, marked: readonly SentenceCandidate[]): AnswerPassage {
  const spans = [...new Set(marked.map((c) => `${c.start}:${c.end}`))].map((span) => span.split(':').map(Number) as [number, number]);
  return {
    paperId: paper.id,
    paragraphId: paragraph.id,
    paperTitle: paper.title,
    sectionTitle: paper.sections.find((s) => s.id === paragraph.sectionId)?.title ?? '',
    score: Math.round(score * 1000) / 1000,
    highlights: spans.map(([start, end]) => ({ start, end })).sort((a, b) => a.start - b.start),
  };
}

/**
 * The passages whose best sentence window covers most of the question, best first, each with that
 * sentence marked; only those that share part of the question's topic, then (with search by meaning)
 * those another list found, in fused order, with nothing marked.
 */
function closestPassages(found: readonly { hit: RankedHit; paper: LibraryPaper; paragraph: Paragraph }[], candidates: readonly SentenceCandidate[], limit: number, byMeaning: ReadonlySet<string>): AnswerPassage[] {
  const best = new Map<Paragraph, SentenceCandidate>();
  for (const c of candidates) if (c.windowCoverage > (best.get(c.paragraph)?.windowCoverage ?? 0)) best.set(c.paragraph, c);
  const sharing = found
    .filter(({ paragraph }) => best.has(paragraph))
    .sort((a, b) => best.get(b.paragraph)!.windowCoverage - best.get(a.paragraph)!.windowCoverage)
    .map(({ hit, paper, paragraph }) => passageOf(paper, paragraph, hit.score, [best.get(paragraph)!]));
  const meaningOnly = found.filter(({ hit, paragraph }) => !best.has(paragraph) && byMeaning.has(hit.key)).map(({ hit, paper, paragraph }) => passageOf(paper, paragraph, hit.score, []));
  return [...sharing, ...meaningOnly].slice(0, limit);
}

function toAnswerSentence(candidate: SentenceCandidate): AnswerSentence {
  const { paragraph } = candidate;
  const verdict = verifyQuote(candidate.text, paragraph.text);
  return {
    text: candidate.text,
    support: verdict.verified ? 'verified' : 'unsupported',
    citations: verdict.verified
      ? [{ paperId: candidate.paper.id, paragraphId: paragraph.id, quote: paragraph.text.slice(verdict.start, verdict.end), verified: true, score: verdict.score, start: verdict.start, end: verdict.end }]
      : [],
  };
}
