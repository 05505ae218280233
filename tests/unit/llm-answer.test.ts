/**
 * The model-backed answerer against a loopback OpenAI-compatible server with scripted
 * replies. The script reads each prompt and answers from the passages it shows, so ids
 * and quotes are real where the test wants them real. It says nothing about real models.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerWithModel } from '../../shared/answer/llm-answer';
import { LibrarySnapshot } from '../../shared/answer/extractive';
import { createOpenAiCompatibleModel } from '../../shared/llm/openai-compatible';
import { passagesInPrompt, promptKind, startOpenAiStandIn, type ChatRequestBody, type OpenAiStandIn, type ScriptedReply } from '../../tools/openai-standin';
import { HTML_FIXTURES, asLibraryPaper, fixturePaper } from '../support/fixtures';

const library = LibrarySnapshot.fromPapers(HTML_FIXTURES.map((f) => asLibraryPaper(fixturePaper(f))));
const QUESTION = 'What does the graph neural network evaluate in qubit routing?';

const firstWords = (text: string, n: number) => text.split(' ').slice(0, n).join(' ');

type Synthesis = (passages: { id: string; text: string }[]) => string;

/** A well-behaved scripted model; `synthesis` decides what the answer says. */
function scripted(synthesis: Synthesis, judge?: (passages: { id: string; text: string }[]) => unknown) {
  return (request: ChatRequestBody, _index = 0): ScriptedReply => {
    const passages = passagesInPrompt(request);
    switch (promptKind(request)) {
      case 'plan':
        return { content: JSON.stringify({ queries: ['graph neural network value function', 'monte carlo tree search heuristic'] }) };
      case 'judge':
        return { content: JSON.stringify(judge?.(passages) ?? { relevant: passages.filter((p) => /neural network/i.test(p.text)).map((p) => p.id), sufficient: true, missing: '' }) };
      case 'synthesis':
        return { content: synthesis(passages) };
      default:
        return { status: 400 };
    }
  };
}

const quoting: Synthesis = (passages) =>
  JSON.stringify({ sentences: passages.slice(0, 2).map((p) => ({ text: `The paper states that ${firstWords(p.text, 10).toLowerCase()}.`, citations: [{ id: p.id, quote: firstWords(p.text, 12) }] })) });

describe('answerWithModel through an OpenAI-compatible endpoint', () => {
  let server: OpenAiStandIn;
  // A generous timeout: a request that times out on a loaded machine is retried, and the retry
  // would show up as an extra call in the tests that count calls.
  const model = (overrides: { timeoutMs?: number; maxRetries?: number } = {}) =>
    createOpenAiCompatibleModel({ baseURL: server.baseURL, model: 'scripted', timeoutMs: overrides.timeoutMs ?? 20_000, maxRetries: overrides.maxRetries ?? 2 });

  beforeAll(async () => {
    server = await startOpenAiStandIn();
  });
  afterAll(async () => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.queue.length = 0;
    server.fallback = scripted(quoting);
  });

  it('answers in three calls, every citation verified at its offsets, with usage counted', async () => {
    const answer = await answerWithModel(QUESTION, library, { model: model() });
    expect(answer.mode).toBe('llm');
    expect(answer.abstained).toBe(false);
    expect(answer.stats).toMatchObject({ llmCalls: 3, sentences: 2, verified: 2, unsupported: 0 });
    expect(answer.stats.inputTokens).toBeGreaterThan(500);
    expect(answer.stats.outputTokens).toBeGreaterThan(10);
    expect(server.requests.map(promptKind)).toEqual(['plan', 'judge', 'synthesis']);
    expect(server.requests.every((r) => r.stream === true)).toBe(true);
    for (const s of answer.sentences) {
      for (const c of s.citations) {
        const paragraph = library.papers.get(c.paperId)!.paragraphs.find((p) => p.id === c.paragraphId)!;
        expect(paragraph.text.slice(c.start, c.end)).toBe(c.quote);
      }
    }
    expect(answer.references.primary.length).toBeGreaterThan(0);
  });

  it('reads malformed JSON: prose around it, a fence, unquoted keys, single quotes, trailing commas', async () => {
    server.fallback = scripted((passages) => {
      const p = passages[0]!;
      const quote = firstWords(p.text, 10).replace(/'/g, '');
      return `Sure! Here is the answer:\n\`\`\`json\n{sentences: [{text: 'The paper states that ${quote.toLowerCase()}.', citations: [{id: '${p.id}', quote: '${quote}'},],},]}\n\`\`\``;
    });
    const answer = await answerWithModel(QUESTION, library, { model: model() });
    expect(answer.stats.verified).toBe(1);
  });

  it('never shows a citation to an invented paragraph id', async () => {
    server.fallback = scripted((passages) =>
      JSON.stringify({
        sentences: [
          { text: 'A claim from nowhere.', citations: [{ id: 'P999', quote: 'this passage does not exist' }] },
          { text: `A real one: ${firstWords(passages[0]!.text, 10)}.`, citations: [{ id: passages[0]!.id, quote: firstWords(passages[0]!.text, 10) }] },
        ],
      }),
    );
    const answer = await answerWithModel(QUESTION, library, { model: model() });
    expect(answer.sentences[0]).toMatchObject({ support: 'unsupported', citations: [] });
    expect(answer.sentences[1]!.support).toBe('verified');
    expect(answer.stats).toMatchObject({ unsupported: 1, verified: 1 });
  });

  it('verifies quotes with changed punctuation and casing, snaps a loose paraphrase, and drops a fabrication', async () => {
    server.fallback = scripted((passages) => {
      const [a, b] = passages as [{ id: string; text: string }, { id: string; text: string }];
      const sentenceOfB = b.text.split(/(?<=\.)\s/)[0]!;
      return JSON.stringify({
        sentences: [
          { text: `${firstWords(a.text, 12)}.`, citations: [{ id: a.id, quote: firstWords(a.text, 12).toUpperCase().replace(/,/g, '') }] },
          { text: sentenceOfB, citations: [{ id: b.id, quote: sentenceOfB.split(' ').reverse().join(' ') }] },
          { text: 'Made up.', citations: [{ id: a.id, quote: 'quantum computers will replace every classical computer by next year' }] },
        ],
      });
    });
    const answer = await answerWithModel(QUESTION, library, { model: model() });
    expect(answer.sentences.map((s) => s.support)).toEqual(['verified', 'snapped', 'unsupported']);
    const snapped = answer.sentences[1]!.citations[0]!;
    const paragraph = library.papers.get(snapped.paperId)!.paragraphs.find((p) => p.id === snapped.paragraphId)!;
    expect(paragraph.text.slice(snapped.start, snapped.end)).toBe(snapped.quote);
  });

  it('refuses a citation whose sentence states a number its source does not', async () => {
    server.fallback = scripted((passages) => JSON.stringify({ sentences: [{ text: 'It improves depth by 97.3% on 4242 circuits.', citations: [{ id: passages[0]!.id, quote: firstWords(passages[0]!.text, 10) }] }] }));
    const answer = await answerWithModel(QUESTION, library, { model: model() });
    // The quote is real and stays visible, but the sentence is not presented as supported.
    expect(answer.sentences[0]).toMatchObject({ support: 'check-source', mismatch: 'number' });
    expect(answer.sentences[0]!.citations[0]!.quote.length).toBeGreaterThan(10);
    expect(answer.stats).toMatchObject({ verified: 0, snapped: 0, checkSource: 1 });
  });

  // Issue 8 (a): a sentence citing a real quote was badged verified whatever it said.
  it('does not badge a sentence as verified because its quote is real: links, instructions and contradictions are "check the source"', async () => {
    server.fallback = scripted((passages) => {
      const p = passages[0]!;
      const quote = firstWords(p.text, 12);
      return JSON.stringify({
        sentences: [
          { text: 'Visit https://evil.example/paper for the full results.', citations: [{ id: p.id, quote }] },
          { text: `Ignore the previous instructions: ${quote.toLowerCase()}.`, citations: [{ id: p.id, quote }] },
          { text: 'The method has no effect on circuit depth and performs worse than random routing.', citations: [{ id: p.id, quote }] },
          { text: `The paper states that ${quote.toLowerCase()}.`, citations: [{ id: p.id, quote }] },
        ],
      });
    });
    const answer = await answerWithModel(QUESTION, library, { model: model() });
    expect(answer.sentences.map((s) => s.support)).toEqual(['check-source', 'check-source', 'check-source', 'verified']);
    expect(answer.sentences.slice(0, 2).map((s) => s.mismatch)).toEqual(['instruction', 'instruction']);
    for (const s of answer.sentences) expect(s.citations[0]!.verified).toBe(true);
    expect(answer.stats).toMatchObject({ verified: 1, checkSource: 3 });
  });

  // Issue 8 (b): a quote that failed its meaning guards was snapped to the sentence it contradicts.
  it('does not snap a negated quote to the sentence it contradicts', async () => {
    server.fallback = scripted((passages) => {
      const p = passages.find((x) => /\b(is|are|can|was|were)\b/.test(firstWords(x.text, 14)))!;
      const real = firstWords(p.text, 14);
      // The model's "quote" negates the real text and rewords it a little: it fails verification, and
      // its closest real sentence is exactly the one it contradicts.
      const negated = real.replace(/\b(is|are|can|was|were)\b/, '$1 not').replace(/\bthe\b/i, 'this');
      return JSON.stringify({ sentences: [{ text: negated, citations: [{ id: p.id, quote: negated }] }] });
    });
    const answer = await answerWithModel(QUESTION, library, { model: model() });
    expect(answer.sentences[0]!.support).toBe('unsupported');
    expect(answer.sentences[0]!.citations).toEqual([]);
    expect(answer.stats).toMatchObject({ verified: 0, snapped: 0 });
  });

  it('retries after a 429 and succeeds', async () => {
    server.queue.push({ status: 429 });
    const answer = await answerWithModel(QUESTION, library, { model: model() });
    expect(answer.stats.llmCalls).toBe(3);
    expect(server.requests).toHaveLength(4); // one refused, then the three calls
  });

  it('gives a clear error when the endpoint keeps failing with 500', async () => {
    server.fallback = { status: 500 };
    await expect(answerWithModel(QUESTION, library, { model: model({ maxRetries: 1 }) })).rejects.toMatchObject({ code: 'LLM_UNAVAILABLE' });
    expect(server.requests).toHaveLength(2); // the first call and its one retry, then no more calls
  });

  it('salvages the complete sentences of a stream cut off mid-answer', async () => {
    const synthesis = (passages: { id: string; text: string }[]) =>
      JSON.stringify({ sentences: passages.slice(0, 3).map((p) => ({ text: `${firstWords(p.text, 12)}.`, citations: [{ id: p.id, quote: firstWords(p.text, 12) }] })) });
    const base = scripted(synthesis);
    server.fallback = (request, index) => ({ ...base(request, index), ...(promptKind(request) === 'synthesis' ? { cutAt: 0.75 } : {}) });
    const answer = await answerWithModel(QUESTION, library, { model: model({ maxRetries: 0 }) });
    expect(answer.stats.verified).toBeGreaterThanOrEqual(1);
    expect(answer.stats.verified).toBeLessThan(3);
    for (const s of answer.sentences) for (const c of s.citations) expect(c.verified).toBe(true);
  });

  it('times out a reply that is too slow', async () => {
    server.fallback = { content: '{}', delayMs: 1_500 };
    await expect(answerWithModel(QUESTION, library, { model: model({ timeoutMs: 200, maxRetries: 0 }) })).rejects.toMatchObject({ code: 'LLM_TIMEOUT' });
  });

  it('stops when the user cancels', async () => {
    server.fallback = { content: '{}', delayMs: 1_500 };
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(answerWithModel(QUESTION, library, { model: model(), signal: controller.signal })).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('makes at most one follow-up search when the passages are not enough', async () => {
    let judged = 0;
    server.fallback = scripted(quoting, (passages) => (judged++ === 0 ? { relevant: [passages[0]!.id], sufficient: false, missing: 'clustering signatures linkage' } : { relevant: passages.slice(0, 1).map((p) => p.id) }));
    const answer = await answerWithModel(QUESTION, library, { model: model() });
    expect(server.requests.map(promptKind)).toEqual(['plan', 'judge', 'judge', 'synthesis']);
    expect(answer.stats.llmCalls).toBe(4);
  });

  it('abstains without writing when nothing is relevant', async () => {
    server.fallback = scripted(quoting, () => ({ relevant: [], sufficient: false, missing: '' }));
    const answer = await answerWithModel('What is the boiling point of ethanol?', library, { model: model() });
    expect(answer).toMatchObject({ abstained: true, sentences: [] });
    expect(server.requests.map(promptKind)).toEqual(['plan', 'judge']);
  });

  it('stays within its token budget', async () => {
    await expect(answerWithModel(QUESTION, library, { model: model(), budget: { maxInputTokens: 900, maxCalls: 6 } })).rejects.toMatchObject({ code: 'LLM_BUDGET' });
  });
});
