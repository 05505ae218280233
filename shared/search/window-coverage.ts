/**
 * How much of a question a passage covers, sentence by sentence: each sentence is
 * scored on its own and with its neighbours (a window of three), as idf-weighted
 * shares of the question's topic terms. Answers often spread over two sentences
 * ("We crawl Twitter. The tweets are then labelled ..."), which one sentence misses.
 */
import { splitSentences, type SentenceSpan } from '../text/sentences';
import { termsOf } from './paragraph-index';

export interface WeightedTerms {
  weights: ReadonlyMap<string, number>;
  total: number;
}

export function weightTerms(terms: readonly string[], idf: (term: string) => number): WeightedTerms {
  const weights = new Map(terms.map((t) => [t, idf(t)]));
  let total = 0;
  for (const w of weights.values()) total += w;
  return { weights, total };
}

export function coverageOf(terms: ReadonlySet<string>, question: WeightedTerms): number {
  if (question.total <= 0) return 0;
  let covered = 0;
  for (const [term, weight] of question.weights) if (terms.has(term)) covered += weight;
  return covered / question.total;
}

export interface ScoredSentence extends SentenceSpan {
  terms: Set<string>;
  /** Coverage by the sentence alone. */
  coverage: number;
  /** Coverage by the sentence with its neighbours. */
  windowCoverage: number;
  windowTerms: Set<string>;
}

export function scoreSentences(text: string, question: WeightedTerms): ScoredSentence[] {
  const spans = splitSentences(text);
  const termSets = spans.map((s) => new Set(termsOf(s.text)));
  return spans.map((span, i) => {
    const window = new Set([...(termSets[i - 1] ?? []), ...termSets[i]!, ...(termSets[i + 1] ?? [])]);
    return { ...span, terms: termSets[i]!, coverage: coverageOf(termSets[i]!, question), windowCoverage: coverageOf(window, question), windowTerms: window };
  });
}
