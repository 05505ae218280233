/**
 * The one rule for a sentence's support, applied wherever an answer is made or received
 * (model answers in verifyDraft, pasted or imported answers in reverifyAnswer): real
 * quotes first, then agreement between the sentence and what it quotes.
 */
import { checkSentenceSupport } from '../verify/sentence-support';
import type { AnswerCitation, AnswerSentence } from './answer';

/** The stored text of a cited paragraph, or undefined when the library does not have it. */
export type ParagraphText = (paperId: string, paragraphId: string) => string | undefined;

export function judgeSentence(text: string, citations: AnswerCitation[], paragraphText: ParagraphText): AnswerSentence {
  const real = citations.filter((c) => c.verified);
  if (real.length === 0) return { text, citations: [], support: 'unsupported' };
  const evidence = real.flatMap((c) => {
    const paragraph = paragraphText(c.paperId, c.paragraphId);
    return paragraph === undefined ? [] : [{ paragraph, start: c.start, end: c.end }];
  });
  const verdict = checkSentenceSupport(text, evidence);
  if (!verdict.supported) return { text, citations: real, support: 'check-source', ...(verdict.failure ? { mismatch: verdict.failure } : {}) };
  return { text, citations: real, support: real.some((c) => c.snapped) ? 'snapped' : 'verified' };
}
