/**
 * Answers to questions about a paper as a whole ("What is this paper about?", "What
 * is the main idea?"): the abstract says it, but shares almost no words with the
 * question, so coverage would abstain. The abstract's sentences that state what the
 * paper does ("We propose ...", "This paper presents ...") come first, then its
 * opening ones; only prose, as for every answer.
 */
import type { LibraryPaper, Paragraph } from '../model/paper';
import { splitSentences } from '../text/sentences';
import { isProseSentence, type SentenceCandidate } from './answer-sentences';

const STATES_CONTRIBUTION = /\b(we|this (paper|work|article|study)|in this (paper|work|article|study)|our (approach|method|model|system|work))\b[^.]{0,80}\b(propose|present|introduce|describe|study|investigate|develop|address|show|explore|examine|report|focus)\w*/i;

/** The paragraphs that summarise a paper: its abstract section, else its first paragraph. */
export function abstractParagraphs(paper: LibraryPaper): Paragraph[] {
  const abstractSections = new Set(paper.sections.filter((s) => s.id === 'abstract' || /^abstract\b/i.test(s.title.trim())).map((s) => s.id));
  const inAbstract = paper.paragraphs.filter((p) => p.sectionId !== null && abstractSections.has(p.sectionId) && p.kind === 'text');
  if (inAbstract.length) return inAbstract;
  const first = paper.paragraphs.find((p) => p.kind === 'text');
  return first ? [first] : [];
}

/** Up to `limit` summary sentences of one paper, best first (coverage fields are 1: the question is about the paper itself). */
export function summaryCandidates(paper: LibraryPaper, limit: number): SentenceCandidate[] {
  const sentences = abstractParagraphs(paper).flatMap((paragraph) =>
    splitSentences(paragraph.text).filter((s) => isProseSentence(paragraph, s.text)).map((s, position) => ({ paragraph, s, position })),
  );
  const ranked = sentences
    .map((entry, order) => ({ ...entry, order, states: STATES_CONTRIBUTION.test(entry.s.text) }))
    .sort((a, b) => Number(b.states) - Number(a.states) || a.order - b.order)
    .slice(0, limit);
  return ranked.map(({ paragraph, s }, rank) => ({
    paper, paragraph, paragraphRank: 0, text: s.text, start: s.start, end: s.end,
    coverage: 1, windowCoverage: 1, windowTerms: new Set<string>(), score: 1 / (rank + 1),
  }));
}
