/**
 * Answers to questions about a paper as a whole ("What is this paper about?", "What
 * is the main idea?"): the abstract says it, but shares almost no words with the
 * question, so coverage would abstain. The abstract's sentences that state what the
 * paper does ("We propose ...", "This paper presents ...") come first, then its
 * opening ones; for a question about what it found ("What are the conclusions of
 * this study?"), its conclusion, then its other findings. Only prose, as for every
 * answer.
 */
import type { LibraryPaper, Paragraph } from '../model/paper';
import { splitSentences } from '../text/sentences';
import { isProseSentence, type SentenceCandidate } from './answer-sentences';

const STATES_CONTRIBUTION = /\b(we|this (paper|work|article|study)|in this (paper|work|article|study)|our (approach|method|model|system|work))\b[^.]{0,80}\b(propose|present|introduce|describe|study|investigate|develop|address|show|explore|examine|report|focus)\w*/i;

/**
 * Sentences that state a finding: "We found ...", "Our results suggest ...", a structured abstract's "CONCLUSIONS
 * AND RELEVANCE: ...". They answer "What are the conclusions of this study?", which an abstract's aim does not.
 */
const STATES_FINDING = /\b(we (found|find|show(ed)?|observed?|conclude[ds]?|demonstrated?)|(results?|findings|data|analys[ie]s|experiments?) (show|shows|showed|suggest|suggests|indicate|indicates|demonstrate|demonstrates|reveal|reveals|confirm|confirms)|conclusions?|in summary|taken together|these (results|findings|data)|(suggest|suggests|indicate|indicates) that)\b/i;

/** A finding stated as the paper's conclusion, which sums up the single results before it. */
const STATES_CONCLUSION = /\b(conclu\w*|in summary|taken together|overall, (we|our|these|the results))\b/i;

/** The paragraphs that summarise a paper: its abstract section, else its first paragraph. */
export function abstractParagraphs(paper: LibraryPaper): Paragraph[] {
  const abstractSections = new Set(paper.sections.filter((s) => s.id === 'abstract' || /^abstract\b/i.test(s.title.trim())).map((s) => s.id));
  const inAbstract = paper.paragraphs.filter((p) => p.sectionId !== null && abstractSections.has(p.sectionId) && p.kind === 'text');
  if (inAbstract.length) return inAbstract;
  const first = paper.paragraphs.find((p) => p.kind === 'text');
  return first ? [first] : [];
}

/** How well a sentence sums a paper up: for a question about findings its conclusion (2) or another finding (1), else what the paper does (1). */
function summaryTier(text: string, findings: boolean): number {
  if (!findings) return Number(STATES_CONTRIBUTION.test(text));
  return STATES_CONCLUSION.test(text) ? 2 : Number(STATES_FINDING.test(text));
}

/**
 * Up to `limit` summary sentences of one paper, best first (coverage fields are 1: the question is about the paper
 * itself): those that say what the paper does, or with `findings`, what it found, then the abstract's opening ones.
 */
export function summaryCandidates(paper: LibraryPaper, limit: number, findings = false): SentenceCandidate[] {
  const sentences = abstractParagraphs(paper).flatMap((paragraph) =>
    splitSentences(paragraph.text).filter((s) => isProseSentence(paragraph, s.text)).map((s, position) => ({ paragraph, s, position })),
  );
  const ranked = sentences
    .map((entry, order) => ({ ...entry, order, tier: summaryTier(entry.s.text, findings) }))
    .sort((a, b) => b.tier - a.tier || a.order - b.order)
    .slice(0, limit);
  return ranked.map(({ paragraph, s }, rank) => ({
    paper, paragraph, paragraphRank: 0, text: s.text, start: s.start, end: s.end,
    coverage: 1, windowCoverage: 1, windowTerms: new Set<string>(), score: 1 / (rank + 1),
  }));
}
