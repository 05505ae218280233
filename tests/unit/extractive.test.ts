import { describe, expect, it } from 'vitest';
import { answerExtractively, BAR_REFERENCE_TERMS, BAR_STEP_PER_TERM, lengthAdjustedBar, LIBRARY_WIDE_FROM_PAPERS, LibrarySnapshot, unscopedMinSupport } from '../../shared/answer/extractive';
import { parseAnswer } from '../../shared/schema/answer-schema';
import { HTML_FIXTURES, asLibraryPaper, fixturePaper } from '../support/fixtures';
import { syntheticPaper } from '../support/synthetic-library';

const papers = HTML_FIXTURES.map((f) => asLibraryPaper(fixturePaper(f)));
const library = LibrarySnapshot.fromPapers(papers);
const qroute = papers[0]!;

describe('answerExtractively', () => {
  it('answers from the right paper with quotes that sit verbatim at their offsets', () => {
    const answer = answerExtractively('What does the graph neural network evaluate in qubit routing?', library);
    expect(answer.abstained).toBe(false);
    expect(answer.sentences.length).toBeGreaterThan(0);
    expect(answer.stats).toMatchObject({ llmCalls: 0, inputTokens: 0, sentences: answer.sentences.length, verified: answer.sentences.length, unsupported: 0 });
    for (const sentence of answer.sentences) {
      expect(sentence.support).toBe('verified');
      const [citation] = sentence.citations;
      expect(citation!.paperId).toBe(qroute.id);
      const paragraph = qroute.paragraphs.find((p) => p.id === citation!.paragraphId)!;
      expect(paragraph.text.slice(citation!.start, citation!.end)).toBe(citation!.quote);
      expect(citation!.score).toBeGreaterThanOrEqual(90);
    }
    expect(answer.sentences.some((s) => /value function|heuristic/i.test(s.text))).toBe(true);
    // What `ask --json` prints reads back through the pasted-answer schema unchanged.
    expect(parseAnswer(JSON.parse(JSON.stringify(answer)))).toEqual(JSON.parse(JSON.stringify(answer)));
  });

  it('lists the cited paper as primary and the works its paragraphs cite as secondary', () => {
    const answer = answerExtractively('What does the graph neural network evaluate in qubit routing?', library);
    expect(answer.references.primary.map((p) => p.title)).toEqual([qroute.title]);
    const secondary = answer.references.secondary;
    expect(secondary.length).toBeGreaterThan(0);
    const citedIds = new Set(answer.sentences.flatMap((s) => s.citations).flatMap((c) => qroute.paragraphs.find((p) => p.id === c.paragraphId)!.citations.flatMap((x) => x.referenceIds)));
    for (const r of secondary) expect(citedIds.has(r.id)).toBe(true);
  });

  it('finds answers in author-year papers too', () => {
    const answer = answerExtractively('How did the length of CSCW papers change over time?', library);
    expect(answer.abstained).toBe(false);
    expect(answer.references.primary[0]!.title).toMatch(/Paper Lengths in ACM CSCW/);
  });

  it('abstains when nothing in the library answers', () => {
    for (const question of ['What is the boiling point of ethanol at sea level?', 'Who won the 1998 football world cup?']) {
      const answer = answerExtractively(question, library);
      expect(answer.abstained, question).toBe(true);
      expect(answer.sentences).toEqual([]);
      expect(answer.notice).toMatch(/Nothing in the library/);
    }
  });

  it('keeps to the papers in scope', () => {
    const disambiguation = papers[2]!;
    const question = 'What does the linkage function learn from pairs of signatures?';
    const inScope = answerExtractively(question, library, { paperIds: [disambiguation.id] });
    expect(inScope.abstained).toBe(false);
    for (const s of inScope.sentences) for (const c of s.citations) expect(c.paperId).toBe(disambiguation.id);
    const outOfScope = answerExtractively(question, library, { paperIds: [qroute.id] });
    for (const s of outOfScope.sentences) for (const c of s.citations) expect(c.paperId).toBe(qroute.id);
  });

  it('refuses an empty question and an empty library', () => {
    expect(() => answerExtractively('  the of  ', library)).toThrow(/Type a question/);
    expect(() => answerExtractively('qubit routing', LibrarySnapshot.fromPapers([]))).toThrow(/library is empty/);
  });
});

describe('a library of one paper', () => {
  // The paper's own topic word is in every paragraph, and the question's everyday verb in none.
  const tweets = syntheticPaper('paper:tweets', 'Offensive tweets', {
    Abstract: ['We study offensive tweets written in three languages and how well classifiers transfer between them.'],
    Data: [
      'The tweets were collected with the public streaming interface over two months in the spring.',
      'Each tweet was labelled by three trained annotators who followed written guidelines.',
    ],
    Results: ['Classifiers trained on tweets from one language transfer poorly to tweets written in another language.'],
  });
  const onePaper = LibrarySnapshot.fromPapers([tweets]);

  it('answers a question about its topic worded with everyday words', () => {
    const answer = answerExtractively('How did they obtain the tweets?', onePaper);
    expect(answer.abstained).toBe(false);
    expect(answer.sentences[0]!.citations[0]).toMatchObject({ paperId: tweets.id, verified: true });
  });

  it('still abstains on a question about another subject', () => {
    expect(answerExtractively('What dose of aspirin lowered mortality in the trial?', onePaper).abstained).toBe(true);
  });

  it('holds an unscoped question to the one-paper threshold, not the library-wide one', () => {
    const question = 'Who labelled each tweet?'; // fully covered by one sentence: only a bar above 1 makes it abstain
    expect(answerExtractively(question, onePaper, { minSupport: 0, minSupportOnePaper: 1.01 }).abstained).toBe(true);
    expect(answerExtractively(question, onePaper, { minSupport: 1, minSupportOnePaper: 0 }).abstained).toBe(false);
    // With a second paper the bar moves a third of the way to the library-wide one (1.5 -> 0.5 here).
    const twoPapers = LibrarySnapshot.fromPapers([tweets, qroute]);
    expect(answerExtractively(question, twoPapers, { minSupport: 1.5, minSupportOnePaper: 0 }).abstained).toBe(false);
    expect(answerExtractively(question, twoPapers, { minSupport: 0.9, minSupportOnePaper: 1.5 }).abstained).toBe(true); // 1.3
  });

  it('reads the unscoped bar for the question\'s length: lower for many topic words, higher for few', () => {
    expect(lengthAdjustedBar(0.45, BAR_REFERENCE_TERMS)).toBe(0.45);
    expect(lengthAdjustedBar(0.45, 2)).toBeCloseTo(0.45 + 3 * BAR_STEP_PER_TERM, 6);
    expect(lengthAdjustedBar(0.45, 12)).toBeCloseTo(0.45 - 7 * BAR_STEP_PER_TERM, 6);
    expect(lengthAdjustedBar(0.45, 400)).toBe(lengthAdjustedBar(0.45, 20));
    // "Who labelled each tweet?" has two topic words and is fully covered: a bar of 0.98 holds only when read as it is.
    const question = 'Who labelled each tweet?';
    expect(answerExtractively(question, onePaper, { minSupportOnePaper: 0.98, supportStepPerTerm: 0 }).abstained).toBe(false);
    expect(answerExtractively(question, onePaper, { minSupportOnePaper: 0.98 }).abstained).toBe(true);
    // A question scoped to chosen papers keeps its bar whatever its length.
    expect(answerExtractively(question, onePaper, { paperIds: [tweets.id], minSupportInScope: 0.98 }).abstained).toBe(false);
  });

  it('raises the unscoped bar in equal steps from one paper to the library-wide bar at four papers', () => {
    expect(unscopedMinSupport(1, 0.45, 0.56)).toBe(0.45);
    expect(unscopedMinSupport(2, 0.45, 0.56)).toBeCloseTo(0.4867, 4);
    expect(unscopedMinSupport(3, 0.45, 0.56)).toBeCloseTo(0.5233, 4);
    expect(unscopedMinSupport(LIBRARY_WIDE_FROM_PAPERS, 0.45, 0.56)).toBe(0.56);
    expect(unscopedMinSupport(500, 0.45, 0.56)).toBe(0.56);
  });
});

describe('an abstention', () => {
  const onlyQroute = LibrarySnapshot.fromPapers([qroute]);

  it('lists at most three closest passages, each with its best sentence marked, and quotes nothing', () => {
    const answer = answerExtractively('How much energy does the trapped ion hardware use per laser pulse?', onlyQroute);
    expect(answer.abstained).toBe(true);
    expect(answer.sentences).toEqual([]);
    expect(answer.notice).toMatch(/closest passages/);
    expect(answer.passages!.length).toBeGreaterThan(0);
    expect(answer.passages!.length).toBeLessThanOrEqual(3);
    for (const passage of answer.passages!) {
      expect(passage.paperTitle).toBe(qroute.title);
      const text = qroute.paragraphs.find((p) => p.id === passage.paragraphId)!.text;
      expect(passage.highlights).toHaveLength(1);
      const marked = text.slice(passage.highlights[0]!.start, passage.highlights[0]!.end).toLowerCase();
      expect(marked.length).toBeGreaterThan(0);
    }
    // What `ask --json` prints reads back through the answer schema unchanged.
    expect(parseAnswer(JSON.parse(JSON.stringify(answer)))).toEqual(JSON.parse(JSON.stringify(answer)));
  });

  it('lists nothing when no passage shares the question\'s topic', () => {
    const answer = answerExtractively('Who won the 1998 football world cup?', onlyQroute);
    expect(answer.abstained).toBe(true);
    expect(answer.passages).toEqual([]);
    expect(answer.notice).not.toMatch(/closest passages/);
  });
});
