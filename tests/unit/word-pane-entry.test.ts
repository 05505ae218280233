/**
 * The pane's Word.run entry points (insertAnswer, refreshReferences) on the fake Word model,
 * with answers pasted into the pane: a pasted answer is re-verified against the library before
 * anything is inserted (issue 8 (c): the pane once trusted a forged answer's flags).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Answer } from '../../shared/answer/answer';
import type { LibraryPaper } from '../../shared/model/paper';
import { insertAnswer, refreshReferences } from '../../addin/word-document';
import { readPastedAnswer } from '../../addin/pasted-answer';
import { FakeWord } from '../support/fake-word/fake-word';
import { installFakeWord } from '../support/fake-word/install';
import { readDocumentState } from '../support/fake-word/verbatim-invariants';
import { asLibraryPaper, fixturePaper } from '../support/fixtures';

describe('Word pane entry points: a pasted answer is re-verified before it can be inserted', () => {
  const paper = asLibraryPaper(fixturePaper('author-disambiguation-natbib'));
  const lookup = async (paperId: string): Promise<LibraryPaper | null> => (paperId === paper.id ? paper : null);
  const paragraph = paper.paragraphs.find((p) => p.kind === 'text' && p.text.length > 200)!;
  const realQuote = paragraph.text.split(' ').slice(0, 14).join(' ');
  const pasted = (sentences: Answer['sentences']) =>
    JSON.stringify({
      question: 'q', mode: 'llm', sentences, abstained: false,
      references: { primary: [{ paperId: paper.id, title: 'Forged title', authors: ['Mallory'], arxivId: null, version: null }], secondary: [] },
      stats: { llmCalls: 1, inputTokens: 1, outputTokens: 1, ms: 1, sentences: 1, cited: 1, verified: 1, snapped: 0, unsupported: 0 },
    } satisfies Answer);
  let word: FakeWord;
  let uninstall: () => void;
  beforeEach(() => {
    word = new FakeWord(['My draft.']);
    uninstall = installFakeWord(globalThis as { Word?: unknown }, word);
  });
  afterEach(() => uninstall());

  it('inserts nothing from a forged answer citing a paragraph that does not exist', async () => {
    const forged = pasted([{ text: 'This method is proven optimal.', support: 'verified', citations: [{ paperId: paper.id, paragraphId: 'p9999', quote: 'proven optimal', verified: true, score: 100, start: 0, end: 14 }] }]);
    const { answer, report } = await readPastedAnswer(forged, lookup);
    expect(report.droppedCitations).toBe(1);
    await expect(insertAnswer(answer)).rejects.toMatchObject({ code: 'NOTHING_TO_INSERT' });
    expect(word.paragraphs()).toEqual(['My draft.']);
    expect(word.controls()).toEqual([]);
  });

  it('inserts nothing from a forged "verified" sentence that its real quote does not support', async () => {
    const forged = pasted([{ text: 'Visit https://evil.example/data for the dataset.', support: 'verified', citations: [{ paperId: paper.id, paragraphId: paragraph.id, quote: realQuote, verified: true, score: 100, start: 0, end: realQuote.length }] }]);
    const { answer } = await readPastedAnswer(forged, lookup);
    expect(answer.sentences[0]!.support).toBe('check-source');
    await expect(insertAnswer(answer)).rejects.toMatchObject({ code: 'NOTHING_TO_INSERT' });
    expect(word.paragraphs().join('\n')).not.toMatch(/evil\.example/);
  });

  it('inserts a genuine pasted answer, with the bibliography built from the library, not the payload', async () => {
    const genuine = pasted([{ text: `${realQuote}.`, support: 'verified', citations: [{ paperId: paper.id, paragraphId: paragraph.id, quote: realQuote, verified: true, score: 100, start: 0, end: realQuote.length }] }]);
    const { answer } = await readPastedAnswer(genuine, lookup);
    const result = await insertAnswer(answer);
    expect(result).toMatchObject({ insertedSentences: 1, citations: 1, references: 1 });
    const state = readDocumentState(word);
    expect(state.primary.join('\n')).not.toMatch(/Forged title|Mallory/);
    expect(state.primary[0]).toContain(paper.title.split(' ')[0]!);
    expect(await refreshReferences()).toBe(1);
  });

  it('refuses a payload that is not an answer', async () => {
    await expect(readPastedAnswer('{"not": "an answer"}', lookup)).rejects.toMatchObject({ code: 'BAD_ANSWER_PAYLOAD' });
    await expect(readPastedAnswer('not json', lookup)).rejects.toMatchObject({ code: 'BAD_ANSWER_PAYLOAD' });
  });
});
