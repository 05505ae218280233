/**
 * Which sentences may answer, and how well each does. Only prose can answer:
 * captions, algorithm titles, footnotes, theorems-as-statements and short or mostly
 * symbolic fragments are passages to read, never answer sentences.
 */
import type { LibraryPaper, Paragraph } from '../model/paper';
import { answerCue, type QuestionKind } from '../search/question-cues';
import { scoreSentences, type WeightedTerms } from '../search/window-coverage';
import { isAbbreviationGlossary } from '../text/abbreviation-glossary';

export interface SentenceCandidate {
  paper: LibraryPaper;
  paragraph: Paragraph;
  /** Rank of the paragraph in retrieval, from 0. */
  paragraphRank: number;
  text: string;
  start: number;
  end: number;
  coverage: number;
  windowCoverage: number;
  /** Question terms found in the sentence or its neighbours. */
  windowTerms: ReadonlySet<string>;
  score: number;
}

/**
 * Score added to a sentence worded as the kind of question wants. Dev halves, evidence hit (with the
 * comparison kind): 0.05 / 0.1 / 0.15 / 0.2 / 0.3 -> Evidence Inference 0.516 / 0.574 / 0.607 / 0.615 / 0.598,
 * COVID-QA 0.813 / 0.813 / 0.817 / 0.817 / 0.819, ArgSciChat 0.570 / 0.582 / 0.582 / 0.582 / 0.582, QASPER 0.5 throughout.
 */
const CUE_BONUS = 0.2;

const ANSWER_KINDS = new Set<Paragraph['kind']>(['text', 'list']);
const MIN_SENTENCE_CHARS = 40;
const MIN_SENTENCE_WORDS = 6;
const FLOAT_LABEL = /^\s*(figure|fig\.|table|tab\.|algorithm|listing|alg\.)\s*[\dA-Z]+[.:]/i;

/** True for a sentence of running prose: long enough, mostly words, not a float's label nor a list of abbreviations. */
export function isProseSentence(paragraph: Paragraph, sentence: string): boolean {
  if (!ANSWER_KINDS.has(paragraph.kind)) return false;
  if (sentence.length < MIN_SENTENCE_CHARS || sentence.split(/\s+/).length < MIN_SENTENCE_WORDS) return false;
  // A float's label, a lead-in that ends where its list starts, a table's list of abbreviations.
  if (FLOAT_LABEL.test(sentence) || /:\s*$/.test(sentence) || isAbbreviationGlossary(sentence)) return false;
  const visible = sentence.replace(/\s+/g, '');
  const letters = visible.match(/\p{L}/gu)?.length ?? 0;
  return letters / visible.length >= 0.6;
}

export interface SentenceScoring {
  question: WeightedTerms;
  kind: QuestionKind;
}

/**
 * Sentence score: coverage of the question by the sentence, and by its window (the
 * answer often completes in a neighbour), a bonus when it has the wording the kind
 * of question wants, and a small one for the paragraph's retrieval rank; long
 * sentences pay a little, as they cover more by chance.
 */
export function sentenceCandidates(paper: LibraryPaper, paragraph: Paragraph, paragraphRank: number, scoring: SentenceScoring): SentenceCandidate[] {
  const cue = answerCue(scoring.kind);
  const out: SentenceCandidate[] = [];
  for (const sentence of scoreSentences(paragraph.text, scoring.question)) {
    if (sentence.windowCoverage === 0 || !isProseSentence(paragraph, sentence.text)) continue;
    const lengthPenalty = Math.sqrt(Math.max(1, sentence.terms.size / 25));
    const cueBonus = cue?.test(sentence.text) ? CUE_BONUS : 0;
    const score = (0.6 * sentence.coverage + 0.3 * sentence.windowCoverage + cueBonus) / lengthPenalty + 0.15 / (paragraphRank + 1);
    out.push({ paper, paragraph, paragraphRank, text: sentence.text, start: sentence.start, end: sentence.end, coverage: sentence.coverage, windowCoverage: sentence.windowCoverage, windowTerms: sentence.windowTerms, score });
  }
  return out;
}
