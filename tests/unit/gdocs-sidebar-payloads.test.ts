/** What the sidebar sends to insert: only supported sentences and verified citations, with their works. */
import { describe, expect, it } from 'vitest';
import type { Answer, AnswerSentence, SecondaryReference } from '../../shared/answer/answer';
import { hashText } from '../../shared/model/paper';
import { docsServerFrom } from '../../gdocs/sidebar/docs-server-client';
import type { WorkRecord } from '../../shared/cite';
import { answerPayload, quotePayload, type PassageToInsert } from '../../gdocs/sidebar/insert-payloads';
import { fakeDocs } from '../support/fake-docs';
import { fakeScriptRun } from '../support/fake-docs/fake-script-run';

const work = (id: string): WorkRecord => ({ id, type: 'article', title: id });
const citation = (paperId: string, paragraphId: string, quote: string, verified = true) => ({ paperId, paragraphId, quote, verified, score: 100, start: 0, end: quote.length });
const sentence = (text: string, support: AnswerSentence['support'], citations: AnswerSentence['citations']): AnswerSentence => ({ text, support, citations });
const secondary = (title: string, paperId: string, paragraphId: string): SecondaryReference => ({ id: title, raw: title, title, citedBy: [{ paperId, paragraphId, marker: '[1]' }], grain: 'fine' });

function answerWith(sentences: AnswerSentence[], secondaryReferences: SecondaryReference[] = []): Answer {
  return {
    question: 'q', mode: 'extractive', abstained: false, sentences,
    references: { primary: [], secondary: secondaryReferences },
    stats: { llmCalls: 0, inputTokens: 0, outputTokens: 0, ms: 0, sentences: sentences.length, cited: 0, verified: 0, snapped: 0, unsupported: 0 },
  };
}

describe('insert payloads', () => {
  it('sends a quote with its hash, locator, primary record and the works the passage cites', () => {
    const quote: PassageToInsert = { paperId: 'arxiv:1', paragraphId: 'p2', start: 4, end: 20, text: 'the search tree.', locator: { section: '2.1', paragraph: 3 }, work: work('arxiv:1'), citedWorks: [work('doi:a'), work('arxiv:1')] };
    const payload = quotePayload(quote);
    expect(payload.citation.anchor).toEqual({ paperId: 'arxiv:1', paragraphId: 'p2', quoteHash: hashText('the search tree.'), locator: { section: '2.1', paragraph: 3 } });
    expect(payload.citation.citedWorkIds).toEqual(['doi:a']);
    expect(payload.records.map((r) => r.id)).toEqual(['arxiv:1', 'doi:a']);
  });

  it('keeps only supported sentences and verified citations, one per paper, with each paragraph\'s secondary works', () => {
    const answer = answerWith([
      sentence('Supported.', 'verified', [citation('arxiv:1', 'p1', 'a'), citation('arxiv:1', 'p1', 'b'), citation('arxiv:2', 'p9', 'c', false)]),
      sentence('Check this.', 'check-source', [citation('arxiv:2', 'p9', 'c')]),
      sentence('Snapped.', 'snapped', [citation('arxiv:2', 'p4', 'd')]),
      sentence('Nothing.', 'unsupported', []),
    ], [secondary('S1', 'arxiv:1', 'p1'), secondary('S2', 'arxiv:2', 'p9')]);
    const payload = answerPayload(answer, { primary: new Map([['arxiv:1', work('arxiv:1')], ['arxiv:2', work('arxiv:2')]]), secondary: [work('s1'), work('s2')] })!;
    expect(payload.sentences.map((s) => s.text)).toEqual(['Supported.', 'Snapped.']);
    expect(payload.sentences[0]!.citations.map((c) => [c.anchor.paperId, c.citedWorkIds])).toEqual([['arxiv:1', ['s1']]]);
    expect(payload.sentences[1]!.citations.map((c) => [c.anchor.paperId, c.citedWorkIds])).toEqual([['arxiv:2', []]]);
    expect(payload.records.map((r) => r.id).sort()).toEqual(['arxiv:1', 'arxiv:2', 's1']);
  });

  it('sends nothing for an answer with no supported sentence', () => {
    expect(answerPayload(answerWith([sentence('No.', 'check-source', [citation('arxiv:1', 'p1', 'a')])]), { primary: new Map([['arxiv:1', work('arxiv:1')]]), secondary: [] })).toBeNull();
  });
});

describe('the sidebar\'s server client', () => {
  it('unwraps results, turns server errors into named VerbatimErrors, and says when google.script.run is missing', async () => {
    const docs = fakeDocs(['x']);
    const server = docsServerFrom(fakeScriptRun(docs.services));
    expect((await server.getDocumentState()).citations).toEqual([]);
    await expect(server.insertQuoteAtCursor({ quote: 'q', citation: { anchor: { paperId: 'a', paragraphId: 'p', quoteHash: '00000000', locator: {} }, citedWorkIds: [] }, records: [{ id: 'a' }] }))
      .rejects.toMatchObject({ code: 'GDOCS_NO_CURSOR' });
    await expect(docsServerFrom(undefined).getDocumentState()).rejects.toMatchObject({ code: 'GDOCS_UNAVAILABLE' });
  });
});
