import { describe, expect, it } from 'vitest';
import { ParagraphIndex, termsOf } from '../../shared/search/paragraph-index';
import { priorIdf } from '../../shared/search/prior-idf';
import { syntheticPaper } from '../support/synthetic-library';

// One paper about tweets: "tweet" is in every paragraph, "obtain" in none.
const paper = syntheticPaper('paper:tweets', 'Offensive tweets', {
  Abstract: ['We study offensive tweets in three languages.'],
  Data: ['The tweets were collected with the streaming interface over two months.', 'Each tweet was labelled by three annotators.'],
  Results: ['Classifiers trained on tweets from one language transfer poorly to tweets in another.'],
});
const onePaper = ParagraphIndex.fromPapers([paper]);
const [tweet, obtain, patient] = ['tweets', 'obtain', 'patient'].map((word) => termsOf(word)[0]!);

describe('idf with a background corpus', () => {
  it("keeps a one-paper library's own topic word from weighing nothing", () => {
    expect(onePaper.idf(tweet!)).toBeLessThan(0.2);
    expect(priorIdf(onePaper, tweet!)).toBeGreaterThan(3 * onePaper.idf(tweet!));
  });

  it('weighs an everyday word the paper lacks below a topic word, unlike the library alone', () => {
    expect(onePaper.idf(obtain!)).toBeGreaterThan(onePaper.idf(tweet!));
    expect(priorIdf(onePaper, obtain!)).toBeLessThan(priorIdf(onePaper, tweet!));
  });

  it('follows the library more as the library grows', () => {
    // "patient" in a tenth of the paragraphs: a large library's own idf wins over the background's count.
    const ofSize = (size: number) => ({ size, documentFrequencyOf: () => size / 10 });
    const libraryIdf = Math.log(1 + (1_000_000 - 100_000 + 0.5) / (100_000 + 0.5));
    expect(Math.abs(priorIdf(ofSize(1_000_000), patient!) - libraryIdf)).toBeLessThan(0.02 * libraryIdf);
    expect(Math.abs(priorIdf(ofSize(10), patient!) - libraryIdf)).toBeGreaterThan(0.02 * libraryIdf);
  });

  it('is positive for a term seen nowhere, and largest there', () => {
    const unseen = priorIdf(onePaper, 'zzqxv');
    expect(unseen).toBeGreaterThan(priorIdf(onePaper, obtain!));
    expect(unseen).toBeGreaterThan(0);
  });
});
