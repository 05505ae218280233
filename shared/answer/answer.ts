/** The answer contract shared by the CLI (`verbatim ask --json`), the side panel and the Word pane. */
import type { Reference } from '../model/paper';
import type { SupportFailure } from '../verify/sentence-support';

export interface AnswerCitation {
  paperId: string;
  paragraphId: string;
  /** The quote as shown to the user: always the stored text at [start, end) once verified or snapped. */
  quote: string;
  verified: boolean;
  score: number;
  start: number;
  end: number;
  /** True when the model's quote failed and was replaced by the best matching real sentence. */
  snapped?: boolean;
}

/**
 * verified: every quote is real and the sentence agrees with them (numbers, names, negations,
 * comparisons, wording); snapped: the same, but a model quote was replaced by the real sentence;
 * check-source: the quotes are real but the sentence says something they do not, so the user is
 * shown the quote and asked to check it, and the sentence is never inserted into a document as
 * cited; unsupported: no real quote at all.
 */
export type SentenceSupport = 'verified' | 'snapped' | 'check-source' | 'unsupported';

export interface AnswerSentence {
  text: string;
  citations: AnswerCitation[];
  support: SentenceSupport;
  /** For check-source: what the sentence states that its quotes do not. */
  mismatch?: SupportFailure;
}

/** Sentences that may be presented, and inserted into a document, as cited. */
export function isSupported(sentence: Pick<AnswerSentence, 'support'>): boolean {
  return sentence.support === 'verified' || sentence.support === 'snapped';
}

export interface PrimaryReference {
  paperId: string;
  title: string;
  authors: string[];
  arxivId: string | null;
  version: string | null;
  year?: number;
  url?: string;
  doi?: string;
  /** The journal reference, when the abs page gives it with the published DOI (the work is then cited as that article). */
  journalRef?: string;
  /** arXiv's primary category, e.g. "quant-ph" (BibTeX's primaryClass). */
  arxivCategory?: string;
}

export interface SecondaryReference extends Reference {
  /** Which saved paper's bibliography the entry comes from, and where it was cited. */
  citedBy: { paperId: string; paragraphId: string; marker: string }[];
  /** fine: cited inside a quoted span; coarse: cited elsewhere in a cited paragraph. */
  grain: 'fine' | 'coarse';
}

export interface AnswerStats {
  llmCalls: number;
  inputTokens: number;
  outputTokens: number;
  ms: number;
  sentences: number;
  cited: number;
  verified: number;
  snapped: number;
  unsupported: number;
  /** Sentences with real quotes that do not agree with them (absent from answers made before this count existed). */
  checkSource?: number;
}

/** A retrieved passage shown below the answer, with the sentences that match the question marked. */
export interface AnswerPassage {
  paperId: string;
  paragraphId: string;
  /** The paper's title: an abstention cites no paper, yet lists passages to read. */
  paperTitle?: string;
  sectionTitle: string;
  score: number;
  /** Character ranges in the paragraph text of the sentences that match the question. */
  highlights: { start: number; end: number }[];
}

export interface Answer {
  question: string;
  mode: 'extractive' | 'llm';
  sentences: AnswerSentence[];
  references: { primary: PrimaryReference[]; secondary: SecondaryReference[] };
  stats: AnswerStats;
  /** Set when the library holds nothing that answers the question. */
  abstained: boolean;
  notice?: string;
  /** Extractive mode: the best passages, ranked (empty when the answer abstains). */
  passages?: AnswerPassage[];
}

export function countSupport(sentences: AnswerSentence[]): Pick<AnswerStats, 'sentences' | 'cited' | 'verified' | 'snapped' | 'unsupported'> & { checkSource: number } {
  return {
    sentences: sentences.length,
    cited: sentences.filter((s) => s.citations.length > 0).length,
    verified: sentences.filter((s) => s.support === 'verified').length,
    snapped: sentences.filter((s) => s.support === 'snapped').length,
    unsupported: sentences.filter((s) => s.support === 'unsupported').length,
    checkSource: sentences.filter((s) => s.support === 'check-source').length,
  };
}
