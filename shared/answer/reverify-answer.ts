/**
 * An answer that crossed a boundary (pasted into the Word pane, imported from a file,
 * received from another context) is re-verified against the stored paragraphs: its
 * `verified`, `support`, offsets, quotes, stats and references are never trusted. A
 * citation to a paper or paragraph the library does not have is dropped; a quote that
 * is not in its paragraph is dropped; every sentence is judged again by the one rule
 * (sentence-verdict.ts); references are rebuilt from the library.
 */
import type { LibraryPaper } from '../model/paper';
import { collectReferences } from '../references/collect-references';
import { stripInvisibleControls } from '../text/invisible-controls';
import { verifyQuote } from '../verify/verify-quote';
import { countSupport, isSupported, type Answer, type AnswerCitation, type AnswerSentence } from './answer';
import { judgeSentence } from './sentence-verdict';

/** The library's copy of a paper, or null when it does not have it. */
export type PaperLookup = (paperId: string) => Promise<LibraryPaper | null>;

export interface ReverifyReport {
  /** Citations dropped: unknown paper or paragraph, or a quote not found in its paragraph. */
  droppedCitations: number;
  /** Cited papers the library does not have (import them to keep those citations). */
  missingPapers: string[];
  /** Sentences the received answer marked verified or snapped that are not supported now. */
  downgradedSentences: number;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);

export async function reverifyAnswer(received: Answer, lookupPaper: PaperLookup): Promise<{ answer: Answer; report: ReverifyReport }> {
  const papers = new Map<string, LibraryPaper>();
  const missing = new Set<string>();
  const paperFor = async (paperId: string): Promise<LibraryPaper | null> => {
    if (papers.has(paperId)) return papers.get(paperId)!;
    if (missing.has(paperId)) return null;
    const paper = await lookupPaper(paperId);
    if (paper && paper.id === paperId) papers.set(paperId, paper);
    else missing.add(paperId);
    return paper && paper.id === paperId ? paper : null;
  };
  let droppedCitations = 0;
  let downgradedSentences = 0;
  const sentences: AnswerSentence[] = [];
  for (const sentence of received.sentences) {
    const text = stripInvisibleControls(isString(sentence.text) ? sentence.text : '').trim();
    if (!text) continue;
    const citations: AnswerCitation[] = [];
    const cited = new Set<string>();
    for (const c of Array.isArray(sentence.citations) ? (sentence.citations as unknown[]) : []) {
      const { paperId, paragraphId, quote, snapped } = (c ?? {}) as Partial<Record<keyof AnswerCitation, unknown>>;
      const paper = isString(paperId) ? await paperFor(paperId) : null;
      const paragraph = paper && isString(paragraphId) ? paper.paragraphs.find((p) => p.id === paragraphId) : undefined;
      const verdict = paragraph && isString(quote) ? verifyQuote(stripInvisibleControls(quote), paragraph.text) : null;
      if (!paper || !paragraph || !verdict?.verified || cited.has(`${paper.id}#${paragraph.id}`)) {
        droppedCitations++;
        continue;
      }
      cited.add(`${paper.id}#${paragraph.id}`);
      citations.push({
        paperId: paper.id, paragraphId: paragraph.id, quote: paragraph.text.slice(verdict.start, verdict.end),
        verified: true, score: verdict.score, start: verdict.start, end: verdict.end, ...(snapped === true ? { snapped: true } : {}),
      });
    }
    const judged = judgeSentence(text, citations, (paperId, paragraphId) => papers.get(paperId)?.paragraphs.find((p) => p.id === paragraphId)?.text);
    if (isSupported(sentence) && !isSupported(judged)) downgradedSentences++;
    sentences.push(judged);
  }
  const shown = sentences.filter((s) => s.support !== 'unsupported');
  const stats = received.stats as Partial<Answer['stats']> | undefined;
  const answer: Answer = {
    question: isString(received.question) ? stripInvisibleControls(received.question) : '',
    mode: received.mode === 'extractive' ? 'extractive' : 'llm',
    sentences,
    references: collectReferences(sentences, papers),
    stats: { llmCalls: count(stats?.llmCalls), inputTokens: count(stats?.inputTokens), outputTokens: count(stats?.outputTokens), ms: count(stats?.ms), ...countSupport(sentences) },
    abstained: shown.length === 0,
    ...(shown.length === 0 ? { notice: sentences.length ? 'None of this answer could be verified against the papers in this library.' : 'This answer has no sentences to check.' } : {}),
  };
  return { answer, report: { droppedCitations, missingPapers: [...missing], downgradedSentences } };
}
