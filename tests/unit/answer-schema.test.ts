import { describe, expect, it } from 'vitest';
import { answerExtractively, LibrarySnapshot } from '../../shared/answer/extractive';
import { parseAnswerJson } from '../../shared/schema/answer-schema';
import { asLibraryPaper, fixturePaper } from '../support/fixtures';

const answer = () => answerExtractively('What does the graph neural network evaluate?', LibrarySnapshot.fromPapers([asLibraryPaper({ ...fixturePaper('qroute-gnn-mcts-revtex'), arxivId: '2104.01180', version: 'v1' })]));

describe('Answer JSON schema (pasted answers)', () => {
  it('accepts what the side panel copies, unchanged', () => {
    const original = JSON.parse(JSON.stringify(answer()));
    expect(original.sentences.length).toBeGreaterThan(0);
    expect(parseAnswerJson(JSON.stringify(original))).toEqual(original);
  });

  it('refuses malformed or hostile answers with BAD_ANSWER_PAYLOAD', () => {
    const mutations: ((a: ReturnType<typeof answer>) => unknown)[] = [
      (a) => ({ ...a, sentences: 'x' }),
      (a) => { a.sentences[0]!.citations[0]!.start = -1; return a; },
      (a) => { a.sentences[0]!.citations[0]!.end = a.sentences[0]!.citations[0]!.start - 1; return a; },
      (a) => { a.sentences[0]!.support = 'trust-me' as never; return a; },
      (a) => { a.references.primary[0]!.url = 'javascript:alert(1)'; return a; },
      (a) => { a.references.primary[0]!.doi = '10.1/x},title={y'; return a; },
      (a) => ({ ...a, stats: { ...a.stats, ms: Number.NaN } }),
    ];
    for (const mutate of mutations) {
      expect(() => parseAnswerJson(JSON.stringify(mutate(answer())))).toThrow(expect.objectContaining({ code: 'BAD_ANSWER_PAYLOAD' }));
    }
    expect(() => parseAnswerJson('{')).toThrow(expect.objectContaining({ code: 'BAD_ANSWER_PAYLOAD' }));
  });
});
