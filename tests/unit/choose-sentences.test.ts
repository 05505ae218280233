import { describe, expect, it } from 'vitest';
import { chooseSentences } from '../../shared/answer/choose-sentences';
import type { SentenceCandidate } from '../../shared/answer/answer-sentences';
import { syntheticPaper } from '../support/synthetic-library';

const paper = syntheticPaper('paper:dose', 'Dosing trial', {
  Methods: ['Patients received the drug twice daily for twelve weeks.', 'Adverse events were recorded at every visit.', 'Dropouts were followed up by telephone.'],
});
const other = syntheticPaper('paper:other', 'Another trial', { Methods: ['Patients received placebo for twelve weeks.'] });

function candidate(paragraphIndex: number, windowCoverage: number, score: number, from = paper): SentenceCandidate {
  const paragraph = from.paragraphs[paragraphIndex]!;
  return { paper: from, paragraph, paragraphRank: paragraphIndex, text: paragraph.text, start: 0, end: paragraph.text.length, coverage: windowCoverage, windowCoverage, windowTerms: new Set(), score };
}

describe('chooseSentences', () => {
  it('leads with a sentence that clears the bar, then adds close ones that need not clear it', () => {
    // The second states the answer in words of its own (low coverage) but scores close to the lead.
    const candidates = [candidate(0, 0.6, 1), candidate(1, 0.2, 0.8), candidate(2, 0.1, 0.2)];
    const chosen = chooseSentences(candidates, { kind: 'other', maxSentences: 3, minSupport: 0.45 });
    expect(chosen.map((c) => c.paragraph.id)).toEqual([paper.paragraphs[0]!.id, paper.paragraphs[1]!.id]);
  });

  it('chooses nothing when no sentence clears the bar, however close the scores', () => {
    expect(chooseSentences([candidate(0, 0.3, 1), candidate(1, 0.2, 0.9)], { kind: 'other', maxSentences: 3, minSupport: 0.45 })).toEqual([]);
  });

  it('leads with the best sentence that clears the bar, not the best-scoring one', () => {
    const chosen = chooseSentences([candidate(0, 0.3, 1), candidate(1, 0.5, 0.7)], { kind: 'other', maxSentences: 1, minSupport: 0.45 });
    expect(chosen.map((c) => c.paragraph.id)).toEqual([paper.paragraphs[1]!.id]);
  });

  it('lists a paper for a question across the library only when one of its sentences clears the bar', () => {
    const candidates = [candidate(0, 0.6, 1), candidate(0, 0.5, 0.9, other), candidate(1, 0.2, 0.8)];
    expect(chooseSentences(candidates, { kind: 'papers', maxSentences: 3, minSupport: 0.45 }).map((c) => c.paper.id)).toEqual([paper.id, other.id]);
    const weakOther = [candidate(0, 0.6, 1), candidate(0, 0.2, 0.9, other)];
    // Only one paper supports it: the other paper's weak sentence does not name it, however close its score.
    expect(chooseSentences(weakOther, { kind: 'papers', maxSentences: 3, minSupport: 0.45 }).map((c) => c.paper.id)).toEqual([paper.id]);
  });
});
