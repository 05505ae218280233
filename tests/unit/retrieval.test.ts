import { describe, expect, it } from 'vitest';
import { fuseByReciprocalRank } from '../../shared/search/rank-fusion';
import { askingPart, questionKind, topicTerms } from '../../shared/search/question-cues';
import { LibrarySnapshot } from '../../shared/answer/extractive';
import { placeInPaper } from '../../shared/search/ranked-retriever';
import { syntheticPaper } from '../support/synthetic-library';

const hit = (key: string, score = 1) => ({ key, paperId: key.split('#')[0]!, paragraphId: key.split('#')[1]!, score });

describe('reciprocal rank fusion', () => {
  it('puts a hit both lists rank high above hits only one list has', () => {
    const fused = fuseByReciprocalRank([[hit('a#1'), hit('a#2'), hit('a#3')], [hit('a#3'), hit('a#4'), hit('a#1')]], 10);
    expect(fused[0]!.key).toBe('a#1');
    expect(fused[1]!.key).toBe('a#3');
    expect(fused.map((h) => h.key).sort()).toEqual(['a#1', 'a#2', 'a#3', 'a#4']);
  });

  it('weights lists and keeps the limit', () => {
    const fused = fuseByReciprocalRank([[hit('a#1')], [hit('a#2')]], 1, [0.5, 1]);
    expect(fused.map((h) => h.key)).toEqual(['a#2']);
  });
});

describe('question cues', () => {
  it('tells the kind of answer a question wants', () => {
    expect(questionKind('Which of my papers use MCTS?')).toBe('papers');
    expect(questionKind('What is the definition of offensive language?')).toBe('definition');
    expect(questionKind('How many tweets were annotated?')).toBe('quantity');
    expect(questionKind('Why do they freeze the encoder?')).toBe('reason');
    expect(questionKind('How did they obtain the dataset?')).toBe('method');
  });

  it('keeps the topic and drops the scaffolding of a question', () => {
    const topic = topicTerms('What kinds of offensive content do the authors explore in this paper?');
    expect(topic).toContain('offens');
    expect(topic).not.toContain('author');
    expect(topic).not.toContain('paper');
  });

  it('keeps the asking sentences of a turn with a preamble', () => {
    expect(askingPart('Nice work. Did you try it on tweets?')).toBe('Did you try it on tweets?');
    expect(askingPart('Did you try it on tweets?')).toBe('Did you try it on tweets?');
  });
});

describe('the default ranking', () => {
  const paper = syntheticPaper('p', 'Offensive language detection', {
    Abstract: ['We detect offensive language in social media posts with a classifier trained on annotated tweets.'],
    'Data collection': ['We crawled tweets with the Twitter API using keywords and kept posts written in English.', 'Annotators labelled each tweet as offensive or not offensive after a short training.'],
    Results: ['The classifier reaches an F1 score of 0.81 on the held-out tweets.'],
  });
  const library = LibrarySnapshot.fromPapers([paper]);

  it('uses the section title as context: "how was the data collected" finds the data collection section', () => {
    const hits = library.retriever.retrieveNow({ text: 'How was the data collected?', limit: 2 });
    expect(hits[0]!.paragraphId).toMatch(/^p[23]$/);
  });

  it('returns nothing in a scope without matches, and never more than the limit', () => {
    expect(library.retriever.retrieveNow({ text: 'tweets', limit: 2, paperIds: new Set(['other']) })).toEqual([]);
    expect(library.retriever.retrieveNow({ text: 'tweets classifier offensive', limit: 2 }).length).toBeLessThanOrEqual(2);
  });

  it('between passages that cover the question alike, ranks the one earlier in the paper first', () => {
    // The later statement is shorter, so BM25 alone puts it first; the paper states its findings early.
    const filler = Array.from({ length: 8 }, (_, i) => `Section ${i} discusses unrelated background on graphs, trees and ${i} other structures.`);
    const stated = syntheticPaper('q', 'Classifier accuracy', {
      Abstract: ['Our classifier reaches an accuracy of 0.91 on the benchmark in every one of the five runs we made.'],
      Background: filler,
      Results: ['Our classifier reaches an accuracy of 0.91 on the benchmark in every run.'],
    });
    const ranked = LibrarySnapshot.fromPapers([stated]).retriever.retrieveNow({ text: 'What accuracy does the classifier reach on the benchmark?', limit: 2 });
    expect(ranked.map((h) => h.paragraphId)).toEqual(['p1', 'p10']);
  });

  it('places a paragraph in its paper from 0 (first) towards 1 (last)', () => {
    expect(placeInPaper(paper, paper.paragraphs[0]!)).toBe(0);
    expect(placeInPaper(paper, paper.paragraphs[2]!)).toBe(0.5);
  });
});
