/**
 * Issue 8 (c): an answer that crosses a boundary is re-verified against the stored
 * paragraphs; its own flags, offsets, quotes and references are never trusted.
 */
import { describe, expect, it } from 'vitest';
import type { Answer } from '../../shared/answer/answer';
import { reverifyAnswer } from '../../shared/answer/reverify-answer';
import type { LibraryPaper } from '../../shared/model/paper';
import { asLibraryPaper, fixturePaper } from '../support/fixtures';

const paper = asLibraryPaper(fixturePaper('author-disambiguation-natbib'));
const lookup = async (paperId: string): Promise<LibraryPaper | null> => (paperId === paper.id ? paper : null);
const paragraph = paper.paragraphs.find((p) => p.kind === 'text' && p.text.length > 200)!;
const realQuote = paragraph.text.split(' ').slice(0, 14).join(' ');

function forged(sentences: Answer['sentences']): Answer {
  return {
    question: 'q', mode: 'llm', sentences, abstained: false,
    references: { primary: [{ paperId: paper.id, title: 'A title the paper does not have', authors: ['Mallory'], arxivId: null, version: null }], secondary: [] },
    stats: { llmCalls: 3, inputTokens: 10, outputTokens: 10, ms: 1, sentences: sentences.length, cited: sentences.length, verified: sentences.length, snapped: 0, unsupported: 0 },
  };
}

const citation = (over: Partial<Answer['sentences'][number]['citations'][number]>) => ({ paperId: paper.id, paragraphId: paragraph.id, quote: realQuote, verified: true, score: 100, start: 0, end: 5, ...over });

describe('reverifyAnswer', () => {
  it('drops a citation to a paragraph that does not exist, whatever its flags say', async () => {
    const { answer, report } = await reverifyAnswer(forged([{ text: 'A forged claim.', support: 'verified', citations: [citation({ paragraphId: 'p9999', quote: 'text that is nowhere' })] }]), lookup);
    expect(answer.sentences[0]).toMatchObject({ support: 'unsupported', citations: [] });
    expect(answer.abstained).toBe(true);
    expect(answer.stats).toMatchObject({ verified: 0, unsupported: 1 });
    expect(report).toMatchObject({ droppedCitations: 1, downgradedSentences: 1 });
  });

  it('drops citations to papers the library does not have, and says which', async () => {
    const { answer, report } = await reverifyAnswer(forged([{ text: realQuote, support: 'verified', citations: [citation({ paperId: 'arxiv:9999.99999' })] }]), lookup);
    expect(answer.sentences[0]!.support).toBe('unsupported');
    expect(report.missingPapers).toEqual(['arxiv:9999.99999']);
  });

  it('drops a real paragraph cited with an invented quote', async () => {
    const { answer } = await reverifyAnswer(forged([{ text: 'Authors are always Chinese.', support: 'verified', citations: [citation({ quote: 'all authors in the dataset are Chinese' })] }]), lookup);
    expect(answer.sentences[0]).toMatchObject({ support: 'unsupported', citations: [] });
  });

  it('shows a sentence that says more than its real quote as "check the source"', async () => {
    const { answer, report } = await reverifyAnswer(forged([{ text: 'Visit https://evil.example/dataset for the full data.', support: 'verified', citations: [citation({})] }]), lookup);
    expect(answer.sentences[0]).toMatchObject({ support: 'check-source', mismatch: 'instruction' });
    expect(report.downgradedSentences).toBe(1);
  });

  it('re-earns the flags of a genuine answer: offsets and quote from the stored text, references from the library', async () => {
    const { answer, report } = await reverifyAnswer(forged([{ text: `${realQuote}.`, support: 'unsupported', citations: [citation({ verified: false, score: 3, start: 999, end: 1, quote: realQuote.toUpperCase() })] }]), lookup);
    const c = answer.sentences[0]!.citations[0]!;
    expect(answer.sentences[0]!.support).toBe('verified');
    expect(c).toMatchObject({ verified: true, score: 100 });
    expect(paragraph.text.slice(c.start, c.end)).toBe(c.quote);
    expect(c.quote).toBe(realQuote);
    expect(answer.references.primary.map((p) => p.title)).toEqual([paper.title]);
    expect(answer.stats).toMatchObject({ verified: 1, unsupported: 0, llmCalls: 3 });
    expect(report).toEqual({ droppedCitations: 0, missingPapers: [], downgradedSentences: 0 });
  });

  it('tolerates citations of the wrong shape, and strips invisible controls from the text', async () => {
    const broken = forged([{ text: `\u202e${realQuote}.`, support: 'verified', citations: [null, 42, { paperId: 7 }, citation({})] as never }]);
    const { answer, report } = await reverifyAnswer(broken, lookup);
    expect(answer.sentences[0]!.text).toBe(`${realQuote}.`);
    expect(answer.sentences[0]!.support).toBe('verified');
    expect(report.droppedCitations).toBe(3);
  });
});
