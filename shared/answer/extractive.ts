/**
 * Extractive answering, the default mode: no LLM, no network, no key. It retrieves
 * paragraphs, picks the sentences that best cover the question, quotes each one from
 * its paragraph and verifies the quote like any model-written citation. When the
 * best sentence covers too little of the question, it abstains instead of guessing.
 */
import type { LibraryPaper, Paragraph } from '../model/paper';
import { VerbatimError } from '../errors';
import { ParagraphIndex, termsOf } from '../search/paragraph-index';
import { splitSentences } from '../text/sentences';
import { verifyQuote } from '../verify/verify-quote';
import { collectReferences } from '../references/collect-references';
import { countSupport, type Answer, type AnswerSentence } from './answer';
import { systemClock, type Clock } from '../ports';

export interface ExtractiveOptions {
  /** Restrict to these papers (the selected papers, or the paper being read). */
  paperIds?: readonly string[];
  maxSentences?: number;
  paragraphsToRead?: number;
  /** Share of the question's idf weight the best sentence must cover, else abstain. */
  minCoverage?: number;
  clock?: Clock;
}

interface Candidate {
  paper: LibraryPaper;
  paragraph: Paragraph;
  paragraphRank: number;
  text: string;
  start: number;
  end: number;
  score: number;
  coverage: number;
}

/** A ready-to-query library: papers plus their index. Build once per library revision. */
export class LibrarySnapshot {
  readonly papers: ReadonlyMap<string, LibraryPaper>;
  readonly index: ParagraphIndex;

  constructor(papers: readonly LibraryPaper[]) {
    this.papers = new Map(papers.map((p) => [p.id, p]));
    this.index = ParagraphIndex.fromPapers(papers);
  }
}

export function answerExtractively(question: string, library: LibrarySnapshot, options: ExtractiveOptions = {}): Answer {
  const clock = options.clock ?? systemClock;
  const started = clock.now();
  const { maxSentences = 3, paragraphsToRead = 8, minCoverage = 0.45 } = options;
  const queryTerms = [...new Set(termsOf(question))];
  if (!question.trim() || queryTerms.length === 0) throw new VerbatimError('EMPTY_QUESTION');
  if (library.papers.size === 0) throw new VerbatimError('EMPTY_LIBRARY');

  const weights = new Map(queryTerms.map((t) => [t, library.index.idf(t)]));
  const totalWeight = [...weights.values()].reduce((a, b) => a + b, 0);
  const hits = library.index.query(question, {
    limit: paragraphsToRead,
    ...(options.paperIds ? { paperIds: new Set(options.paperIds) } : {}),
  });

  const candidates: Candidate[] = [];
  hits.forEach((hit, rank) => {
    const found = library.index.lookup(hit.key);
    if (!found) return;
    for (const sentence of splitSentences(found.paragraph.text)) {
      const terms = new Set(termsOf(sentence.text));
      let covered = 0;
      for (const [term, weight] of weights) if (terms.has(term)) covered += weight;
      const coverage = totalWeight > 0 ? covered / totalWeight : 0;
      if (coverage === 0 || sentence.text.length < 25) continue;
      // Coverage of the question dominates; retrieval rank and brevity break ties.
      const lengthPenalty = Math.max(1, terms.size / 25);
      const score = coverage / Math.sqrt(lengthPenalty) + 0.15 / (rank + 1);
      candidates.push({ paper: found.paper, paragraph: found.paragraph, paragraphRank: rank, ...sentence, score, coverage });
    }
  });
  candidates.sort((a, b) => b.score - a.score);

  const best = candidates[0];
  if (!best || best.coverage < minCoverage) {
    return {
      question,
      mode: 'extractive',
      sentences: [],
      references: { primary: [], secondary: [] },
      stats: { llmCalls: 0, inputTokens: 0, outputTokens: 0, ms: clock.now() - started, ...countSupport([]) },
      abstained: true,
      notice: 'Nothing in the library answers this question closely enough to quote.',
    };
  }

  const chosen: Candidate[] = [];
  for (const candidate of candidates) {
    if (chosen.length >= maxSentences) break;
    if (candidate.coverage < Math.max(minCoverage * 0.6, best.coverage * 0.5)) continue;
    const sameParagraph = chosen.filter((c) => c.paragraph === candidate.paragraph).length;
    if (sameParagraph >= 2) continue;
    chosen.push(candidate);
  }
  // Read in paper order: paragraph rank, then position in the paragraph.
  chosen.sort((a, b) => a.paragraphRank - b.paragraphRank || a.start - b.start);

  const sentences: AnswerSentence[] = chosen.map((candidate) => {
    const { paragraph } = candidate;
    const verdict = verifyQuote(candidate.text, paragraph.text);
    return {
      text: candidate.text,
      support: verdict.verified ? 'verified' : 'unsupported',
      citations: verdict.verified
        ? [{
            paperId: candidate.paper.id,
            paragraphId: paragraph.id,
            quote: paragraph.text.slice(verdict.start, verdict.end),
            verified: true,
            score: verdict.score,
            start: verdict.start,
            end: verdict.end,
          }]
        : [],
    };
  });

  return {
    question,
    mode: 'extractive',
    sentences,
    references: collectReferences(sentences, library.papers),
    stats: { llmCalls: 0, inputTokens: 0, outputTokens: 0, ms: clock.now() - started, ...countSupport(sentences) },
    abstained: false,
  };
}
