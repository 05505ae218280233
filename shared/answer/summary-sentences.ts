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

const STATES_CONTRIBUTION = /\b(we|i|this (paper|work|article|study|note|report|letter)|in this (paper|work|article|study|note|report|letter)|our (approach|method|model|system|work))\b[^.]{0,80}\b(propose|present|introduce|describe|study|investigate|develop|address|show|explore|examine|report|focus)\w*/i;

/**
 * A finding stated as the paper's conclusion, which sums up the single results before it: "In summary, ...", a
 * structured abstract's "CONCLUSIONS AND RELEVANCE: ...".
 */
const STATES_CONCLUSION = /\b(conclu\w*|in summary|taken together|overall, (we|our|these|the results))\b/i;

/**
 * Sentences that state a single finding: "We found ...", "Our results suggest ...". With conclusions, they answer
 * "What are the conclusions of this study?", which an abstract's aim does not. (A conclusion is read first.)
 */
const STATES_FINDING = /\b((we|i) (found|find|show(ed)?|observed?|demonstrated?)|(results?|findings|data|analys[ie]s|experiments?) (show|shows|showed|suggest|suggests|indicate|indicates|demonstrate|demonstrates|reveal|reveals|confirm|confirms)|outperform\w*|these (results|findings|data)|(suggest|suggests|indicate|indicates) that)\b/i;

/** A sentence that says what the paper will go on to do ("I conclude by addressing the implications ..."): no finding. */
const ROADMAP = /\b(conclude|close|end|finish)s? (by|with)\b|\bin (section|the (next|following|final|last) section)\b/i;

/** The paragraphs that summarise a paper: its abstract section, else its first paragraph. */
export function abstractParagraphs(paper: LibraryPaper): Paragraph[] {
  const abstractSections = new Set(paper.sections.filter((s) => s.id === 'abstract' || /^abstract\b/i.test(s.title.trim())).map((s) => s.id));
  const inAbstract = paper.paragraphs.filter((p) => p.sectionId !== null && abstractSections.has(p.sectionId) && p.kind === 'text');
  if (inAbstract.length) return inAbstract;
  const first = paper.paragraphs.find((p) => p.kind === 'text');
  return first ? [first] : [];
}

/**
 * How well a sentence says what a paper found: its conclusion (4), another finding (3), a sentence after its aim (2:
 * an abstract states its findings after its aim, often with no cue word, "The note soon disappeared as a genre"), the
 * aim itself (1), and background before the aim or a roadmap (0).
 */
function findingsTier(text: string, afterAim: boolean): number {
  if (ROADMAP.test(text)) return 0;
  if (STATES_CONCLUSION.test(text)) return 4;
  if (STATES_FINDING.test(text)) return 3; // "We show that ..." states a finding, though worded as a contribution
  if (STATES_CONTRIBUTION.test(text)) return 1;
  return afterAim ? 2 : 0;
}

/**
 * Up to `limit` summary sentences of one paper, best first (coverage fields are 1: the question is about the paper
 * itself): those that say what the paper does, or with `findings`, what it found, then the abstract's opening ones.
 */
export function summaryCandidates(paper: LibraryPaper, limit: number, findings = false): SentenceCandidate[] {
  const sentences = abstractParagraphs(paper).flatMap((paragraph) =>
    splitSentences(paragraph.text).filter((s) => isProseSentence(paragraph, s.text)).map((s, position) => ({ paragraph, s, position })),
  );
  const aimAt = sentences.findIndex((entry) => STATES_CONTRIBUTION.test(entry.s.text));
  const tierOf = (text: string, order: number) => (findings ? findingsTier(text, aimAt < 0 || order > aimAt) : Number(STATES_CONTRIBUTION.test(text)));
  const ranked = sentences
    .map((entry, order) => ({ ...entry, order, tier: tierOf(entry.s.text, order) }))
    .sort((a, b) => b.tier - a.tier || a.order - b.order)
    .slice(0, limit);
  return ranked.map(({ paragraph, s }, rank) => ({
    paper, paragraph, paragraphRank: 0, text: s.text, start: s.start, end: s.end,
    coverage: 1, windowCoverage: 1, windowTerms: new Set<string>(), score: 1 / (rank + 1),
  }));
}
