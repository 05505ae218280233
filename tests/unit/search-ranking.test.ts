import { describe, expect, it } from 'vitest';
import { focusOf, searchIndex } from '../../shared/library/library-search';
import { ParagraphIndex } from '../../shared/search/paragraph-index';
import { syntheticPaper } from '../support/synthetic-library';
import { RankedRetriever } from '../../shared/search/ranked-retriever';

// Two papers use "annotator" and "disagreement" alike; only one says how disagreements between annotators were
// settled, in one sentence. The other repeats both words in sentences far apart, which plain BM25 ranked first.
const settled = syntheticPaper('paper:settled', 'Offensive language in tweets', {
  Abstract: ['We label offensive tweets for their target and type, and release the labels.'],
  Method: [
    'Each tweet was read by two annotators, and disagreements between the annotators were settled by a third annotator who had seen neither label.',
    'The tweets come from a crawl of public accounts over six weeks in 2019.',
  ],
});
const repeats = syntheticPaper('paper:repeats', 'Crowd work at scale', {
  Abstract: ['We study how crowd platforms pay and train their workers.'],
  Workers: ['Annotator pay varies by annotator and by annotator skill. Workers post in forums. Platforms rarely publish pay. Hours are long. Some hold several accounts. Disagreements and disagreements with disagreements.'],
});
const index = ParagraphIndex.fromPapers([repeats, settled]);

describe('search ranks paragraphs as answers do', () => {
  it('puts the paragraph whose sentence holds the query words together above one that repeats a word', () => {
    const hits = searchIndex(index, 'annotator disagreements', { limit: 3 });
    expect(hits[0]).toMatchObject({ paperId: settled.id, paragraphId: 'p2' });
    // Every query word the paragraph holds is marked, whatever form it takes there.
    expect(hits[0]!.terms).toEqual(['annotators', 'disagreements', 'annotator']);
  });

  it('keeps a paper filter', () => {
    const hits = searchIndex(index, 'annotator disagreements', { paperIds: [repeats.id] });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.paperId === repeats.id)).toBe(true);
  });
});

describe('the paper title in the ranking', () => {
  // The same sentence in two papers: the one whose title names the question's topic is the one asked about, though
  // the other paper's copy stands first in its paper under a section titled for it.
  const sentence = 'The model was trained on the labelled corpus for ten epochs with early stopping on the held-out split.';
  const filler = (n: number) => Array.from({ length: n }, (_, i) => `Paragraph ${i + 1} describes the reviews and their sources in some detail.`);
  const named = syntheticPaper('paper:named', 'Sarcasm detection in product reviews', { Abstract: ['We study reviews.'], Data: filler(8), Appendix: [sentence] });
  const unnamed = syntheticPaper('paper:unnamed', 'A study of online discussions', { Abstract: [sentence], 'Model training': filler(8) });

  it('puts the paragraph of the paper whose title holds the question words first, whichever was indexed first', () => {
    for (const papers of [[named, unnamed], [unnamed, named]]) {
      const ranked = new RankedRetriever(ParagraphIndex.fromPapers(papers));
      expect(ranked.retrieveNow({ text: 'How was the sarcasm detection model trained?', limit: 2 })[0]!.paperId).toBe(named.id);
    }
  });
});

describe('where a search hit opens', () => {
  it('on the sentence that holds the most query words, so "Add to quotes" takes a sentence, not a word', () => {
    const hit = searchIndex(index, 'annotator disagreements', { limit: 1 })[0]!;
    const focus = focusOf(hit);
    expect(hit.text.slice(focus.start, focus.end)).toBe('Each tweet was read by two annotators, and disagreements between the annotators were settled by a third annotator who had seen neither label.');
  });

  it('on the first of sentences that hold as many, and on the quotation when the query is one', () => {
    const text = 'Trees grow. The search tree is deep. A search tree is wide.';
    const highlights = [...text.matchAll(/search|tree/gi)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
    expect(text.slice(focusOf({ text, highlights }).start, focusOf({ text, highlights }).end)).toBe('The search tree is deep.');
    expect(focusOf({ text, highlights, quoted: { start: 12, end: 36 } })).toEqual({ start: 12, end: 36 });
  });
});

describe('a short fragment in the ranking', () => {
  // An algorithm's title holds every word of the query and nothing else; the paragraph that explains it holds them too.
  const paper = syntheticPaper('paper:mcts', 'Routing qubits with learned search', {
    Abstract: ['We route qubits on hardware with a learned value function and a look-ahead search.'],
    Method: [
      'Algorithm 1 Monte Carlo tree search',
      'Monte Carlo tree search progresses iteratively by executing its four phases: select, expand, rollout and backup, each iteration traversing down the existing tree.',
    ],
  });

  it('ranks the paragraph that explains the words above a title of a few words that only names them', () => {
    const hits = searchIndex(ParagraphIndex.fromPapers([paper]), 'Monte Carlo tree search', { limit: 3 });
    expect(hits.map((h) => h.paragraphId).slice(0, 2)).toEqual(['p3', 'p2']);
  });
});

describe('the words a hit marks', () => {
  it("are the query's words but pronouns and auxiliaries: a writer's \"we\" is not marked", () => {
    const library = ParagraphIndex.fromPapers([settled, repeats]);
    const [hit] = searchIndex(library, 'In this paper we settled disagreements with a third annotator', { limit: 1 });
    expect(hit).toMatchObject({ paperId: settled.id, paragraphId: 'p2' });
    expect(hit!.terms.map((t) => t.toLowerCase())).toEqual(expect.arrayContaining(['settled', 'disagreements', 'third', 'annotator']));
    // "paper" stays a marked word (a content word: the CLI test searches a library about paper lengths for it).
    const hits = searchIndex(library, 'In this paper we settled disagreements with a third annotator', { limit: 10 });
    expect(hits.some((h) => /\bwe\b/i.test(h.text))).toBe(true);
    expect(hits.flatMap((h) => h.terms.map((t) => t.toLowerCase()))).not.toContain('we');
    // Keywords are marked in every form the paragraph holds them.
    expect(searchIndex(library, 'annotator disagreements', { limit: 1 })[0]!.terms).toEqual(['annotators', 'disagreements', 'annotator']);
  });
});
