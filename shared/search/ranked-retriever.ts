/**
 * The default ranking, layered over the BM25 index: a query of the question's topic
 * terms, a second query widened by pseudo-relevance feedback, the two fused by
 * reciprocal rank, then the head reranked by how well each paragraph's best
 * sentence window covers the question (with its section and paper titles as context).
 * Tuned on the dev halves of the QA sets (`npm run eval:qa`).
 */
import type { LibraryPaper, Paragraph } from '../model/paper';
import type { ParagraphIndex } from './paragraph-index';
import { feedbackTerms } from './pseudo-relevance';
import { topicTerms } from './question-cues';
import { fuseByReciprocalRank } from './rank-fusion';
import type { ImmediateRetriever, RankedHit, RetrievalQuery } from './retriever';
import { coverageOf, scoreSentences, weightTerms, type WeightedTerms } from './window-coverage';
import { termsOf } from './paragraph-index';

export interface RankingSettings {
  /** How many fused hits the reranker reads. */
  rerankDepth: number;
  /** Weight of the fused lexical rank against window coverage. */
  lexicalWeight: number;
  /** Weight of the section title's coverage of the question. */
  sectionWeight: number;
  /** Weight of the paper title's coverage of the question (moves only papers against each other). */
  titleWeight: number;
  /** A paragraph of fewer words than this counts its coverage in proportion (0: off). */
  fullParagraphWords: number;
  feedbackDocuments: number;
  feedbackTerms: number;
  /** Vote of the feedback query in the fusion (the original query votes 1). */
  feedbackWeight: number;
  /**
   * Above this many indexed paragraphs the feedback and whole-question queries are skipped:
   * each is another BM25 pass over long postings, and the extractive answer must stay under 100 ms p95
   * at 50k paragraphs (`npm run bench`).
   */
  feedbackMaxParagraphs: number;
  /** Vote of a BM25 list over the whole question (scaffolding included) in the fusion; 0 leaves it out. */
  wholeQuestionWeight: number;
  /** Weight of the best single sentence's coverage (the window's has weight 1). */
  sentenceWeight: number;
  /** Weight of a paragraph's place in its paper: leadWeight at the start, decaying by e every leadScale of the paper. */
  leadWeight: number;
  leadScale: number;
}

export const DEFAULT_RANKING: RankingSettings = {
  rerankDepth: 40,
  // Dev halves, recall@5/@10 over BM25: 0.5 and 2 tie on three sets; 2 is ahead on Evidence Inference (0.73 vs 0.67).
  lexicalWeight: 2,
  sectionWeight: 0.15,
  // Moves only papers against each other: a question names its paper's topic ("the NER model"), and so does its
  // title. Dev halves, asked of the half's whole library, recall@5 of the question (weight 0 -> 0.5; 1 and up cost
  // COVID-QA, 1.5 -> 0.78, 3 -> 0.742): ArgSciChat 0.342 -> 0.386, Evidence Inference 0.746 -> 0.754, COVID-QA
  // 0.789 -> 0.791, QASPER 0.438 level; keyword queries (the search box) 0.342 -> 0.386, 0.746, 0.78 -> 0.787,
  // 0.438. The answer's whole-library evidence hit moved by a question or three: Evidence Inference 0.566 -> 0.574,
  // COVID-QA 0.699 -> 0.693, the others level.
  titleWeight: 0.5,
  // A title of a few words can hold every query word and say nothing more ("Algorithm 1 Monte Carlo tree search");
  // it led the search for those words, above the paragraph that explains them. Dev halves, recall@5 (0 / 8 / 12 /
  // 16 / 30): Evidence Inference scoped 0.77 / 0.779 / 0.787 / 0.779 / 0.779; every other set and the whole-library
  // and keyword measures level, but at 30 (COVID-QA +0.002, Evidence Inference keywords 0.73 -> 0.721).
  fullParagraphWords: 12,
  feedbackDocuments: 3,
  feedbackTerms: 6,
  feedbackWeight: 0.5,
  feedbackMaxParagraphs: 5_000,
  // Dev halves, recall@5 (BM25 / before / now): QASPER 0.438 / 0.438 / 0.563, COVID-QA 0.876 / 0.874 / 0.884,
  // Evidence Inference 0.697 / 0.73 / 0.721, ArgSciChat 0.686 / 0.667 / 0.692 (tools/eval/tune-retrieval.ts).
  wholeQuestionWeight: 1,
  sentenceWeight: 0.5,
  // A paper states its findings first (abstract, introduction) and details them later: between passages that cover
  // the question alike, the earlier one is likelier to hold the answer. Dev halves, recall@5 (none -> weight 0.15,
  // scale 0.2): COVID-QA 0.886 -> 0.896, Evidence Inference 0.713 -> 0.754, ArgSciChat 0.705 -> 0.724, QASPER 0.563
  // either way (scales 0.05-0.4 and weights 0.05-0.3 tried: tools/eval/tune-retrieval.ts).
  leadWeight: 0.15,
  leadScale: 0.2,
};

export class RankedRetriever implements ImmediateRetriever {
  readonly name = 'ranked';

  constructor(private readonly index: ParagraphIndex, private readonly settings: RankingSettings = DEFAULT_RANKING) {}

  retrieveNow(query: RetrievalQuery): RankedHit[] {
    const { index, settings } = this;
    const scope = query.paperIds ? { paperIds: query.paperIds } : {};
    const topic = topicTerms(query.text);
    const depth = Math.max(settings.rerankDepth, query.limit);
    const first = index.query(topic.join(' '), { limit: depth, ...scope });
    if (!first.length) return [];
    const feedback = settings.feedbackTerms > 0 && index.size <= settings.feedbackMaxParagraphs;
    const expansion = feedback ? feedbackTerms(index, first.map((h) => h.key), new Set(topic), { documents: settings.feedbackDocuments, terms: settings.feedbackTerms }) : [];
    const lists = [first];
    if (expansion.length) lists.push(index.query([...topic, ...expansion].join(' '), { limit: depth, ...scope }));
    const weights = [1, ...(expansion.length ? [settings.feedbackWeight] : [])];
    if (settings.wholeQuestionWeight > 0 && index.size <= settings.feedbackMaxParagraphs) {
      lists.push(index.query(query.text, { limit: depth, ...scope }));
      weights.push(settings.wholeQuestionWeight);
    }
    const fused = fuseByReciprocalRank(lists, depth, weights);

    const question = weightTerms(topic, (t) => index.idf(t));
    const top = fused[0]!.score;
    const reranked = fused.map((hit) => {
      const found = index.lookup(hit.key);
      if (!found) return { ...hit, score: 0 };
      const titles = titleTermsOf(found.paper);
      const score =
        bestCoverage(found.paragraph.text, question, settings.sentenceWeight) * shortnessFactor(found.paragraph.text, settings.fullParagraphWords) +
        settings.lexicalWeight * (hit.score / top) +
        settings.sectionWeight * coverageOf(titles.sections.get(found.paragraph.sectionId ?? '') ?? NO_TERMS, question) +
        settings.titleWeight * coverageOf(titles.paper, question) +
        settings.leadWeight * Math.exp(-placeInPaper(found.paper, found.paragraph) / settings.leadScale);
      return { ...hit, score };
    });
    return reranked.sort((a, b) => b.score - a.score).slice(0, query.limit);
  }

  retrieve(query: RetrievalQuery): Promise<RankedHit[]> {
    return Promise.resolve(this.retrieveNow(query));
  }
}

const places = new WeakMap<LibraryPaper, Map<string, number>>();
const titleTerms = new WeakMap<LibraryPaper, { paper: ReadonlySet<string>; sections: ReadonlyMap<string, ReadonlySet<string>> }>();
const NO_TERMS: ReadonlySet<string> = new Set();

/** The terms of a paper's title and of each section's title, read once per paper rather than once per hit and question. */
function titleTermsOf(paper: LibraryPaper): { paper: ReadonlySet<string>; sections: ReadonlyMap<string, ReadonlySet<string>> } {
  let terms = titleTerms.get(paper);
  if (!terms) {
    const sections = new Map<string, ReadonlySet<string>>();
    for (const s of paper.sections) if (!sections.has(s.id)) sections.set(s.id, new Set(termsOf(s.title)));
    terms = { paper: new Set(termsOf(paper.title)), sections };
    titleTerms.set(paper, terms);
  }
  return terms;
}

/** Where a paragraph stands in its paper, from 0 (first) to just under 1 (last). */
export function placeInPaper(paper: LibraryPaper, paragraph: Paragraph): number {
  let byId = places.get(paper);
  if (!byId) {
    byId = new Map(paper.paragraphs.map((p, i) => [p.id, i / paper.paragraphs.length]));
    places.set(paper, byId);
  }
  return byId.get(paragraph.id) ?? 0;
}

/** 1 for a paragraph of `fullWords` words or more; its share of them below. */
function shortnessFactor(text: string, fullWords: number): number {
  if (fullWords <= 0) return 1;
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.min(1, words / fullWords);
}

/** The best window's coverage, plus `sentenceWeight` times the best single sentence's. */
function bestCoverage(text: string, question: WeightedTerms, sentenceWeight: number): number {
  let window = 0;
  let sentence = 0;
  for (const s of scoreSentences(text, question)) {
    window = Math.max(window, s.windowCoverage);
    sentence = Math.max(sentence, s.coverage);
  }
  return window + sentenceWeight * sentence;
}
