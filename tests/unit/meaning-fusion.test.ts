/**
 * The gate on search by meaning: the lexical ranking alone where its top ten covers the
 * question, the meaning lists fused in at half a vote where it does not.
 */
import { describe, expect, it } from 'vitest';
import { fuseWithMeaning, lexicalSupport, MEANING_GATE, MEANING_WEIGHT } from '../../shared/search/meaning-fusion';
import { ParagraphIndex, paragraphKey } from '../../shared/search/paragraph-index';
import { RRF_K } from '../../shared/search/rank-fusion';
import type { RankedHit } from '../../shared/search/retriever';
import { syntheticPaper } from '../support/synthetic-library';

const paper = syntheticPaper('paper:tweets', 'Offensive language in tweets', {
  Data: [
    'We crawled two million tweets with the streaming interface and kept those in English.',
    'Three annotators labelled each tweet as offensive or not, and disagreements were resolved by a fourth.',
  ],
  Model: ['A convolutional classifier over character trigrams predicts the label of each tweet.', 'The classifier is trained with the Adam optimiser for ten epochs.'],
});
const index = ParagraphIndex.fromPapers([paper]);
const hit = (id: string, score = 1): RankedHit => ({ key: paragraphKey(paper.id, id), paperId: paper.id, paragraphId: id, score });
const lexicalFor = (question: string) => index.query(question, { limit: 40 });

describe('search by meaning joins where the words find little', () => {
  it('reads coverage as the best sentence window of the lexical top ten covers the question', () => {
    expect(lexicalSupport(index, 'How were the tweets annotated and labelled as offensive?', lexicalFor('tweets annotated labelled offensive'))).toBeGreaterThanOrEqual(MEANING_GATE);
    // Only "tweets" is in the paper: the rest of the question is unmatched.
    expect(lexicalSupport(index, 'Which tweets did the zorblat frobnicator quuxify?', lexicalFor('tweets zorblat frobnicator quuxify'))).toBeLessThan(MEANING_GATE);
    expect(lexicalSupport(index, 'anything', [])).toBe(0);
  });

  it('keeps the lexical list alone, in its order, when it covers the question', () => {
    const question = 'How were the tweets annotated and labelled as offensive?';
    const lexical = lexicalFor(question);
    const meaning = [hit('p4'), hit('p3')];
    expect(fuseWithMeaning(index, question, lexical, [meaning], 3)).toEqual({ hits: lexical.slice(0, 3), joined: false });
  });

  it('fuses at half a vote when the words cover little, so agreement lifts a hit and a dense-only hit follows the lexical ones', () => {
    const question = 'Which tweets did the zorblat frobnicator quuxify?';
    const lexical = [hit('p1'), hit('p2'), hit('p3')];
    const meaning = [hit('p3'), hit('p4')];
    const { hits: fused, joined } = fuseWithMeaning(index, question, lexical, [meaning], 10);
    expect(joined).toBe(true);
    expect(fused.map((h) => h.paragraphId)).toEqual(['p3', 'p1', 'p2', 'p4']);
    expect(fused[0]!.score).toBeCloseTo(1 / (RRF_K + 3) + MEANING_WEIGHT / (RRF_K + 1));
    expect(fused[3]!.score).toBeCloseTo(MEANING_WEIGHT / (RRF_K + 2));
  });

  it('leaves the lexical list alone when no meaning list has hits, and takes the meaning list when the words found nothing', () => {
    const question = 'Which zorblat frobnicator quuxified?';
    expect(fuseWithMeaning(index, question, [hit('p2')], [[]], 5)).toEqual({ hits: [hit('p2')], joined: false });
    expect(fuseWithMeaning(index, question, [], [[hit('p4', 0.7)]], 5).hits.map((h) => h.paragraphId)).toEqual(['p4']);
  });
});
