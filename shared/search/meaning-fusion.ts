/**
 * When search by meaning joins the ranking by words. Measured with a real model, the
 * Universal Sentence Encoder (lite), on the dev halves of `npm run eval:qa` (evidence
 * recall@5 of the default ranking; tools/eval/qa-dense.ts): fused with an equal vote on
 * every question, its list cost Evidence Inference 0.73 -> 0.574 and COVID-QA 0.886 -> 0.811
 * (their questions reuse the passage's words, and the model ranks them worse than the words
 * do) while it lifted QASPER 0.563 -> 0.813 and ArgSciChat 0.705 -> 0.755. So it joins only
 * where the words found little: when no sentence window of the lexical top ten covers
 * MEANING_GATE of the question (idf-weighted, as the abstention bar reads coverage), and
 * then with half a vote. Dev, gate 0.4 and weight 0.5: QASPER 0.688, ArgSciChat 0.768,
 * Evidence Inference 0.73, COVID-QA 0.89; none below the words alone.
 */
import { priorIdf } from './prior-idf';
import type { ParagraphIndex } from './paragraph-index';
import { coverageTerms } from './question-cues';
import { fuseByReciprocalRank } from './rank-fusion';
import type { RankedHit } from './retriever';
import { scoreSentences, weightTerms } from './window-coverage';

/** Below this share of the question covered by the lexical top ten, the meaning lists join. */
export const MEANING_GATE = 0.4;
/** Their vote in the fusion (the lexical list votes 1). */
export const MEANING_WEIGHT = 0.5;
/** How deep each list goes before fusion: a paragraph both find rises. */
export const FUSION_DEPTH = 40;
/** How many lexical hits the gate reads (their papers' text must be at hand). */
export const MEANING_GATE_DEPTH = 10;

/** The best sentence window's coverage of the question among the first lexical hits (0 when none shares a word). */
export function lexicalSupport(index: ParagraphIndex, question: string, lexical: readonly RankedHit[]): number {
  const weighted = weightTerms(coverageTerms(question), (t) => priorIdf(index, t));
  let best = 0;
  for (const hit of lexical.slice(0, MEANING_GATE_DEPTH)) {
    const found = index.lookup(hit.key);
    if (!found) continue;
    for (const sentence of scoreSentences(found.paragraph.text, weighted)) best = Math.max(best, sentence.windowCoverage);
  }
  return best;
}

export interface MeaningFusion {
  hits: RankedHit[];
  /** Whether the meaning lists were fused in (the words covered little of the question). */
  joined: boolean;
}

/** The lexical list alone where it covers the question, else fused with the meaning lists at their weight. */
export function fuseWithMeaning(index: ParagraphIndex, question: string, lexical: readonly RankedHit[], meaning: readonly (readonly RankedHit[])[], limit: number): MeaningFusion {
  const joining = meaning.filter((list) => list.length);
  if (!joining.length || lexicalSupport(index, question, lexical) >= MEANING_GATE) return { hits: lexical.slice(0, limit), joined: false };
  return { hits: fuseByReciprocalRank([lexical, ...joining], limit, [1, ...joining.map(() => MEANING_WEIGHT)]), joined: true };
}
