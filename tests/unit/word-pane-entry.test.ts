/**
 * The pane's Word actions (addin/word-actions.ts), each one Word.run around an *InContext
 * function, run through the global Word.run of the fake Word model as the pane runs them in Word.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerExtractively, LibrarySnapshot } from '../../shared/answer/extractive';
import type { Answer } from '../../shared/answer/answer';
import { recordForPaper } from '../../shared/cite';
import { quoteToInsert } from '../../panes/quote-to-insert';
import { describeInsert, describeRefresh, wordActions } from '../../addin/word-actions';
import { SAMPLE_PAPER } from '../../tools/fixture-papers';
import { FakeWord } from '../support/fake-word/fake-word';
import { installFakeWord } from '../support/fake-word/install';
import { readDocumentState } from '../support/fake-word/verbatim-invariants';
import { asLibraryPaper, fixturePaper } from '../support/fixtures';

const paper = asLibraryPaper({ ...fixturePaper(SAMPLE_PAPER.folder), arxivId: SAMPLE_PAPER.arxivId, version: SAMPLE_PAPER.version });
const scope = globalThis as { Word?: { run: <T>(batch: (context: Word.RequestContext) => Promise<T>) => Promise<T> } };
const actions = wordActions((batch) => scope.Word!.run(batch));

describe('the Word pane actions, through Word.run', () => {
  let word: FakeWord;
  let uninstall: () => void;
  beforeEach(() => {
    word = new FakeWord(['My draft.']);
    uninstall = installFakeWord(scope, word);
  });
  afterEach(() => uninstall());

  it('inserts a picked sentence as a quote with its citation and locator, and says so', async () => {
    const paragraph = paper.paragraphs.find((p) => p.kind === 'text' && p.citations.length > 0)!;
    const report = await actions.insertQuote(quoteToInsert(paper, paragraph.id, 0, 60));
    expect(word.paragraphs()[0]).toContain(`“${paragraph.text.slice(0, 60)}”`);
    expect(readDocumentState(word).primary).toHaveLength(1);
    expect(describeInsert(report)).toMatch(/^Inserted 1 passage\. 1 citation, \d+ works? in the bibliography \(ieee\)\.$/);
  });

  it('inserts only the supported sentences of an answer, and reports the ones left out', async () => {
    const answer = answerExtractively('How is the Monte Carlo tree search guided?', LibrarySnapshot.fromPapers([paper]));
    const withUnsupported: Answer = { ...answer, sentences: [...answer.sentences, { text: 'A claim nothing supports.', support: 'unsupported', citations: [] }] };
    const report = await actions.insertAnswer(withUnsupported);
    expect(word.paragraphs().join('\n')).not.toContain('A claim nothing supports.');
    expect(describeInsert(report)).toMatch(/1 unsupported sentence left out\.$/);
  });

  it('cites a paper alone, then switches the whole document to APA on refresh', async () => {
    await actions.insertCitation({ work: recordForPaper(paper) });
    expect(word.paragraphs()[0]).toMatch(/\[1\]/);
    const refreshed = await actions.refresh('apa');
    expect(word.paragraphs()[0]).toMatch(/\(Sinha et al\., 2021\)/);
    expect(describeRefresh(refreshed)).toContain('(apa)');
  });

  it('refuses, by name, an answer with nothing supported, leaving the document as it was', async () => {
    const nothing: Answer = { ...answerExtractively('How is the Monte Carlo tree search guided?', LibrarySnapshot.fromPapers([paper])), sentences: [{ text: 'Unbacked.', support: 'unsupported', citations: [] }] };
    await expect(actions.insertAnswer(nothing)).rejects.toMatchObject({ code: 'NOTHING_TO_INSERT' });
    expect(word.paragraphs()).toEqual(['My draft.']);
  });
});
