import { describe, expect, it } from 'vitest';
import { QUOTATION_MIN_WORDS, searchIndex } from '../../shared/library/library-search';
import { excerptOf } from '../../shared/library/search-excerpt';
import { ParagraphIndex } from '../../shared/search/paragraph-index';
import { syntheticPaper } from '../support/synthetic-library';

const SOURCE = 'The annotators labelled every tweet twice and disagreements were settled by a third annotator who had not seen either label.';
const tweets = syntheticPaper('paper:tweets', 'Offensive tweets', {
  Abstract: ['We collect offensive tweets and label every tweet for its target, with annotators from three countries.'],
  Annotation: [
    'Each tweet was labelled by annotators, and the annotators labelled tweets in batches of fifty tweets, every tweet labelled twice by annotators.',
    `Labels were collected over six weeks. ${SOURCE} The agreement was high.`,
  ],
});
const other = syntheticPaper('paper:other', 'Labelling at scale', {
  Abstract: ['Crowd annotators labelled every item twice; a third annotator settled disagreements between the two labels.'],
});
const index = ParagraphIndex.fromPapers([tweets, other]);

describe('a search whose query is a quotation', () => {
  it('puts the paragraph that holds it first, the quotation marked, even with a word dropped', () => {
    const quote = SOURCE.replace('every ', '');
    const hits = searchIndex(index, quote, { limit: 5 });
    expect(hits[0]).toMatchObject({ paperId: tweets.id, paragraphId: 'p3' });
    const { start, end } = hits[0]!.quoted!;
    expect(hits[0]!.text.slice(start, end)).toBe(SOURCE.slice(0, -1)); // the located span ends at the last word
    expect(hits.slice(1).every((h) => h.quoted === undefined)).toBe(true);
    // The excerpt marks the quotation whole, not word by word.
    expect(excerptOf(hits[0]!, 60, 20).pieces.filter((p) => p.marked).map((p) => p.text)).toEqual([SOURCE.slice(0, -1)]);
  });

  it('marks nothing for a few search words, or a sentence no paragraph holds', () => {
    expect(QUOTATION_MIN_WORDS).toBe(8);
    expect(searchIndex(index, 'annotators labelled every tweet twice', {}).some((h) => h.quoted)).toBe(false);
    // The head of one paragraph's sentence and the tail of another's: each half is in the library, the sentence is not.
    const spliced = 'Labels were collected over six weeks, with annotators from three countries.';
    expect(searchIndex(index, spliced, {}).some((h) => h.quoted)).toBe(false);
  });
});

describe('a search hit\'s excerpt', () => {
  const text = 'Monte Carlo tree search progresses iteratively by executing its four phases: select, expand, rollout, and backup as illustrated in the figure, each iteration traversing down the existing search tree by selecting children.';
  const hit = { paperId: 'p', paperTitle: 'T', arxivId: null, paragraphId: 'p1', sectionTitle: '', score: 1, text, terms: ['rollout'], highlights: [{ start: text.indexOf('rollout'), end: text.indexOf('rollout') + 7 }] };
  const excerptText = (chars: number, lead: number) => excerptOf(hit, chars, lead).pieces.map((p) => p.text).join('');

  it('starts and ends on whole words, with the matched word inside', () => {
    for (const [chars, lead] of [[40, 13], [60, 21], [75, 30], [90, 9]] as const) {
      const shown = excerptText(chars, lead);
      expect(shown).toContain('rollout');
      const at = text.indexOf(shown);
      expect(at === 0 || /\s/.test(text[at - 1]!)).toBe(true);
      const end = at + shown.length;
      expect(end === text.length || /[\s,.:]/.test(text[end]!) || /[\s,.:]$/.test(shown)).toBe(true);
    }
  });

  it('cuts inside a token rather than start past the marked word', () => {
    // The mark is inside a hyphenated compound: the next word start lies beyond it, so the cut stays in the token.
    const compound = 'These methods reach state-of-the-art results on every benchmark we tried this year.';
    const at = compound.indexOf('art');
    const shown = excerptOf({ ...hit, text: compound, highlights: [{ start: at, end: at + 3 }] }, 30, 5).pieces.map((p) => p.text).join('');
    expect(shown).toBe('-the-art results on every');
  });
});
