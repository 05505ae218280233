/**
 * Whether a sentence says what its quotes say. A verified quote proves the quote is
 * real, not that the sentence around it is: "X does not improve Y" citing "X improves Y",
 * or "Visit https://evil.example" citing any real sentence. A sentence is supported
 * only when every number (with its unit), name, negation and comparison word it states
 * is in the quoted sentences (each quote widened to the whole sentences it touches), no
 * link or instruction comes from outside the cited paragraphs, and its content words are
 * mostly the quoted sentences' own (share fitted on the dev half of the support set).
 */
import { stemmer } from 'stemmer';
import { normalizeText, tokenize } from '../text/normalize';
import { splitSentences } from '../text/sentences';
import { negationCount, POLARITY } from './guards';
import { foreignInstructions } from './instructions';
import { unbackedQuantity } from './quantities';

/** One verified citation of the sentence: the quote's span in its stored paragraph. */
export interface SupportEvidence {
  paragraph: string;
  start: number;
  end: number;
}

export type SupportFailure = 'instruction' | 'number' | 'unit' | 'name' | 'negation' | 'polarity' | 'coverage' | 'new-term';

export interface SupportVerdict {
  supported: boolean;
  failure?: SupportFailure;
  /** Share of the sentence's content words found in the quoted sentences. */
  coverage: number;
}

export interface SupportOptions {
  /** Minimum share of content words covered. */
  minCoverage?: number;
  /** Refuse two adjacent content words neither of which the source has (a new term: "random forest" for "tree search"). */
  refuseNewTerms?: boolean;
}

/** Fitted on the dev half of `npm run eval:support` (see tools/eval/eval-support.ts). */
export const SUPPORT_MIN_COVERAGE = 0.65;
export const SUPPORT_REFUSE_NEW_TERMS = true;

const STOP_WORDS = new Set((
  'a an and are as at be been being but by can could did do does doing for from had has have having he her here hers him his how i if in into is it its ' +
  'itself just may me might more most must my of on once only or other our ours out over own same she should so some such than that the their theirs them ' +
  'then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your ' +
  'also thus hence therefore however both each either via using used use per among within without between about across after against along around ' +
  'before behind beyond during toward towards upon whether yet overall one'
).split(' '));

/** Words that attribute a claim rather than make one ("the authors state that"). */
const ATTRIBUTION = new Set('paper papers author authors study studies work article state states stated report reports reported note notes noted say says said according describe describes described write writes wrote'.split(' '));

const contentTokens = (text: string) => tokenize(text).filter((t) => !STOP_WORDS.has(t) && !ATTRIBUTION.has(t) && !/^\d/u.test(t));

/** Acronyms, mixed-case words and capitalised words past the first (a sentence's first word is capitalised anyway). */
export function namesIn(text: string): string[] {
  const words = text.match(/[\p{L}][\p{L}\p{N}-]*/gu) ?? [];
  return words
    .filter((w, i) => w.length > 1 && (i > 0 ? /^\p{Lu}/u.test(w) : /\p{Lu}.*\p{Lu}|\p{N}/u.test(w)))
    // Folded like the source text is (case, diacritics: "Gligorić" is matched as "gligoric").
    .map((w) => normalizeText(w).replace(/(?<=\p{L}{2,})s$/u, '').replace(/-+$/u, ''));
}

/** The whole sentences of the paragraph that the quote's span touches. */
function quotedSentences(evidence: SupportEvidence): string {
  const spans = splitSentences(evidence.paragraph).filter((s) => s.end > evidence.start && s.start < evidence.end);
  return spans.length ? spans.map((s) => s.text).join(' ') : evidence.paragraph.slice(evidence.start, evidence.end);
}

export function checkSentenceSupport(sentence: string, evidence: readonly SupportEvidence[], options: SupportOptions = {}): SupportVerdict {
  const minCoverage = options.minCoverage ?? SUPPORT_MIN_COVERAGE;
  const refuseNewTerms = options.refuseNewTerms ?? SUPPORT_REFUSE_NEW_TERMS;
  const paragraphs = [...new Set(evidence.map((e) => e.paragraph))].join('\n');
  const quoted = evidence.map(quotedSentences).join(' ');
  const sentenceTokens = contentTokens(sentence);
  const quotedStems = new Set(contentTokens(quoted).map(stemmer));
  const covered = sentenceTokens.map((t) => quotedStems.has(stemmer(t)));
  const coverage = sentenceTokens.length ? covered.filter(Boolean).length / sentenceTokens.length : 1;
  const fail = (failure: SupportFailure): SupportVerdict => ({ supported: false, failure, coverage });
  if (evidence.length === 0) return fail('coverage');

  // Links and instructions may come from anywhere in the cited paragraphs (a paper can print a URL).
  if (foreignInstructions(sentence, paragraphs).length) return fail('instruction');
  // Numbers and names must be in the quoted sentences themselves: measured on the dev half, the
  // whole paragraph was too lenient (a swapped "Section 3" or year is usually elsewhere in it).
  const quantity = unbackedQuantity(sentence, quoted);
  if (quantity) return fail(quantity.kind);
  const quotedText = normalizeText(quoted);
  const quotedNames = new Set(tokenize(quoted).map((t) => t.replace(/(?<=\p{L}{2,})s$/u, '')));
  if (namesIn(sentence).some((name) => !quotedNames.has(name) && !quotedText.includes(name))) return fail('name');
  if (negationCount(tokenize(sentence)) !== negationCount(tokenize(quoted))) return fail('negation');
  // Comparison words count one for one: "positive and negative" is not "negative and negative".
  const available = countWords(tokenize(quoted).filter((t) => POLARITY.has(t)));
  for (const [word, n] of countWords(tokenize(sentence).filter((t) => POLARITY.has(t)))) if (n > (available.get(word) ?? 0)) return fail('polarity');
  if (coverage < minCoverage) return fail('coverage');
  if (refuseNewTerms && covered.some((c, i) => !c && i > 0 && !covered[i - 1] && adjacent(sentence, sentenceTokens[i - 1]!, sentenceTokens[i]!))) return fail('new-term');
  return { supported: true, coverage };
}

function countWords(words: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

/** True when `first` is directly followed by `second` somewhere in the text. */
function adjacent(text: string, first: string, second: string): boolean {
  const tokens = tokenize(text);
  for (let i = 0; i + 1 < tokens.length; i++) if (tokens[i] === first && tokens[i + 1] === second) return true;
  return false;
}
