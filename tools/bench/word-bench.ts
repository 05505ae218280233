/**
 * Word side of `npm run bench`: on the fake Word model (the real sync and batching
 * rules, not Word's own speed), a 200-citation document: time and context.sync count
 * for inserting a quote, a refresh after moves, and a style switch. Baselines from the
 * same run: the read floor (loading every control and the part, nothing written) and the
 * cite engine's rendering of the 200 clusters alone (IEEE and APA): the difference between an
 * action and the render is what the Word side costs.
 */
import { insertAnswerInContext, insertQuoteInContext, refreshInContext } from '../../addin/word-document';
import type { Answer } from '../../shared/answer/answer';
import { CITATION_PART_NAMESPACE, parseCitationPartXml } from '../../addin/word-citation-part';
import { renderWithCiteEngine } from '../../addin/word-render';
import type { WorkRecord } from '../../panes/pane-library';
import { FakeWord } from '../../tests/support/fake-word/fake-word';
import { moveParagraph } from '../../tests/support/fake-word/user-edits';
import { mulberry32 } from '../seeded-random';

const CITATIONS = 200;

function work(n: number): WorkRecord {
  return { id: `arxiv:2104.${10000 + n}`, type: 'article', title: `Routing Study ${n} Results`, author: [{ family: `Author${n}`, given: 'Ada' }], issued: { 'date-parts': [[2000 + (n % 25)]] } };
}

function answerCiting(records: WorkRecord[]): Answer {
  const sentences = records.map((r, i) => ({
    text: `Claim ${i + 1} from ${String(r.title)}.`,
    support: 'verified' as const,
    citations: [{ paperId: r.id, paragraphId: 'p1', quote: 'q', verified: true, score: 100, start: 0, end: 1 }],
  }));
  return {
    question: 'q', mode: 'extractive', sentences, abstained: false,
    references: { primary: [], secondary: [] },
    stats: { llmCalls: 0, inputTokens: 0, outputTokens: 0, ms: 0, sentences: sentences.length, cited: sentences.length, verified: sentences.length, snapped: 0, unsupported: 0 },
  };
}

async function timed<T>(word: FakeWord, fn: (context: Word.RequestContext) => Promise<T>): Promise<{ ms: number; syncs: number }> {
  const started = performance.now();
  const { syncs } = await word.run(fn);
  return { ms: Math.round((performance.now() - started) * 100) / 100, syncs };
}

export async function benchWord() {
  const deps = { render: renderWithCiteEngine, random: mulberry32(11) };
  const word = new FakeWord(['Introduction.', 'Conclusion.']);
  const works = Array.from({ length: 150 }, (_, i) => work(i));
  // The 200-citation document is written by one action: an answer of 200 cited sentences.
  const started = performance.now();
  await word.run((c) => insertAnswerInContext(c, answerCiting(Array.from({ length: CITATIONS }, (_, i) => works[(i * 7) % 150]!)), { primary: works, secondary: [] }, 'ieee', deps));
  const buildMs = Math.round(performance.now() - started);

  word.selectEndOf(0);
  const insertQuote = await timed(word, (c) => insertQuoteInContext(c, { paperId: work(3).id, paragraphId: 'p1', start: 0, end: 9, text: 'a passage', locator: { section: '2' }, work: work(3), citedWorks: [] }, undefined, deps));
  moveParagraph(word.model, 2, 0);
  const refreshAfterMoves = await timed(word, (c) => refreshInContext(c, undefined, deps));
  const styleSwitch = await timed(word, (c) => refreshInContext(c, 'apa', deps));

  const readFloor = await timed(word, async (context) => {
    const controls = context.document.contentControls;
    controls.load('items/tag,items/text,items/title');
    const parts = context.document.customXmlParts.getByNamespace(CITATION_PART_NAMESPACE);
    parts.load('items/id');
    await context.sync();
    const xml = parts.items[0]!.getXml();
    await context.sync();
    return xml.value;
  });
  const part = parseCitationPartXml(word.partsByNamespace(CITATION_PART_NAMESPACE)[0]!);
  const renderOnly = (style: 'ieee' | 'apa') => {
    const renderStarted = performance.now();
    renderWithCiteEngine({ records: Object.values(part.works), clusters: Object.entries(part.clusters).map(([clusterId, c]) => ({ clusterId, items: c.items })), style });
    return Math.round(performance.now() - renderStarted);
  };

  return {
    citations: CITATIONS,
    works: Object.keys(part.works).length,
    note: 'fake Word model: sync counts are exact; times are this process, not Word',
    insert200CitedSentencesMs: buildMs,
    insertQuote,
    refreshAfterMoves,
    styleSwitchToApa: styleSwitch,
    baselineReadOnly: readFloor,
    baselineRenderOnlyMs: { ieee: renderOnly('ieee'), apa: renderOnly('apa') },
    atMost3SyncsPerAction: [insertQuote, refreshAfterMoves, styleSwitch].every((a) => a.syncs <= 3),
  };
}
