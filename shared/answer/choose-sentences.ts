/**
 * Which candidate sentences make the answer. A question about the library's papers
 * ("Which of my papers use MCTS?") gets one sentence per paper that supports it; any
 * other question gets up to `maxSentences` sentences from different passages, the
 * best first, each close enough to the best one to be worth reading.
 */
import type { QuestionKind } from '../search/question-cues';
import type { SentenceCandidate } from './answer-sentences';

export interface ChoiceOptions {
  kind: QuestionKind;
  maxSentences: number;
  minSupport: number;
  /** A question across the library lists at most this many papers. */
  maxPapers?: number;
}

/**
 * How close to the best sentence's score a further sentence must be. Dev halves, evidence hit
 * (tools: answer cites a gold paragraph), 0.6 -> 0.4: COVID-QA 0.801 -> 0.815, Evidence Inference
 * 0.492 -> 0.508, ArgSciChat 0.494 -> 0.544, QASPER 0.375 either way; 0 adds nothing over 0.4.
 */
const CLOSE_ENOUGH = 0.4;

/** Candidates must be sorted best first. */
export function chooseSentences(candidates: readonly SentenceCandidate[], options: ChoiceOptions): SentenceCandidate[] {
  const supported = candidates.filter((c) => c.windowCoverage >= options.minSupport);
  const papers = new Set(supported.map((c) => c.paper.id));
  if (options.kind === 'papers' && papers.size > 1) {
    const perPaper = new Map<string, SentenceCandidate>();
    for (const c of supported) if (!perPaper.has(c.paper.id)) perPaper.set(c.paper.id, c);
    return [...perPaper.values()].slice(0, options.maxPapers ?? 10);
  }
  const best = supported[0];
  if (!best) return [];
  const chosen: SentenceCandidate[] = [best];
  for (const c of supported) {
    if (chosen.length >= options.maxSentences) break;
    if (chosen.some((x) => x.paragraph === c.paragraph) || c.score < best.score * CLOSE_ENOUGH) continue;
    chosen.push(c);
  }
  return chosen;
}
