/**
 * `npm run eval:qa`: answer-engine quality.
 *  1. Every QA set (QASPER sample, COVID-QA, Evidence Inference 2.0, ArgSciChat, and
 *     ChemRxivQuest and PubMedQA PQA-L when their files are in the fixtures), dev and
 *     test halves apart (split by paper, tools/eval/split.ts): abstention on answerable
 *     questions, abstention when the question's paper is not in the library, evidence hit
 *     (the answer cites a gold paragraph), answer token F1, and evidence recall@5/@10 of
 *     plain BM25 beside the default ranking (tools/eval/qa-run.ts).
 *  2. QASA's 244 unanswerable questions against a library without their papers: abstention.
 *  3. Quote verification on the fixtures' real sentences: should-pass variants (PDF noise,
 *     punctuation) and should-fail ones (fabricated, changed numbers, negations, names).
 *  4. Cost on a scripted scenario shaped like LLM-Ref's worked example (50 paragraphs in
 *     scope, 8 relevant, a 7-sentence answer), through the loopback OpenAI stand-in.
 *     Token counts there are the stand-in's (characters / 4); no answer quality is claimed.
 *  5. With `--dense [MODEL]`: search by meaning, per set and half, and QASA's abstention with it (tools/eval/qa-dense.ts).
 */
import { LibrarySnapshot } from '../../shared/answer/extractive';
import { answerWithModel } from '../../shared/answer/llm-answer';
import { createOpenAiCompatibleModel } from '../../shared/llm/openai-compatible';
import { splitSentences } from '../../shared/text/sentences';
import { verifyQuote } from '../../shared/verify/verify-quote';
import { passagesInPrompt, promptKind, startOpenAiStandIn } from '../openai-standin';
import { evaluateHalf } from './qa-run';
import { r3 } from './qa-metrics';
import { loadQaSets } from './qa-sets/all-sets';
import { fixtureHtmlPapers, qasaAbstention, qasaLibrary } from './qasa-run';
import { requestedHalves } from './split';
import { evalSupport } from './eval-support';
import { evaluateDense, requestedDenseModel } from './qa-dense';


// ---------- QA sets, per half ----------
const halves = requestedHalves(process.argv);
// The QASA library below takes sets 0 and 3; the fetched sets come last, each skipped, and said so, when absent.
const { sets: qaSets, chemRxivQuest, notMeasured: qaSetsNotMeasured } = loadQaSets();
const perSet = Object.fromEntries(qaSets.map((set) => [set.name, Object.fromEntries(halves.map((half) => [half, evaluateHalf(set, half)]))]));

// ---------- QASA unanswerable ----------
const fixtureHtml = fixtureHtmlPapers();
const qasa = qasaLibrary(qaSets[0]!, qaSets[3]!, fixtureHtml);
const qasaResult = Object.fromEntries(halves.map((half) => [half, qasaAbstention(qasa, half)]));

// ---------- Search by meaning (only with --dense: the installed Universal Sentence Encoder, or a hub model) ----------
const denseModel = requestedDenseModel(process.argv);
const dense = denseModel ? await evaluateDense(qaSets, halves, denseModel, qasa) : undefined;

// ---------- Quote verification set ----------
function variants(sentence: string, other: string, seed: number): { pass: string[]; fail: string[] } {
  const words = sentence.split(' ');
  const pass = [
    sentence.replace(/fi/g, 'ﬁ').replace(/fl/g, 'ﬂ'), // ligatures
    words.map((w, i) => (i === Math.floor(words.length / 2) && w.length > 6 ? `${w.slice(0, 3)}- ${w.slice(3)}` : w)).join(' '), // hyphenation
    `“${sentence.replace(/"/g, '')}”`.replace(/'/g, '’'), // Unicode quotes
    words.filter((_, i) => i !== (seed % Math.max(1, words.length - 2)) + 1).join(' '), // a dropped word
    sentence.replace(/[,;:]/g, '').replace(/\.$/, ''), // punctuation
  ];
  const fail: string[] = [other]; // a real sentence from elsewhere: fabricated for this paragraph
  // Each edit replaces the matched word itself (at its index), not the first look-alike substring.
  const at = (m: RegExpExecArray, replacement: string) => sentence.slice(0, m.index) + replacement + sentence.slice(m.index + m[0].length);
  const number = /\b\d+(?:\.\d+)?\b/.exec(sentence);
  if (number) fail.push(at(number, String(Number(number[0]) + 7)));
  const verb = /\b(is|are|was|were|can|will|does|do)\b/.exec(sentence);
  if (verb) fail.push(at(verb, `${verb[0]} not`));
  const name = /(?<=\s)\p{Lu}[\p{L}]+(?=[\s,.])/u.exec(sentence);
  if (name) fail.push(at(name, name[0] === 'Google' ? 'Microsoft' : 'Google'));
  return { pass, fail };
}
let tp = 0;
let fn = 0;
let fp = 0;
let tn = 0;
const allSentences = fixtureHtml.flatMap((paper) => paper.paragraphs.filter((p) => p.kind === 'text').flatMap((p) => splitSentences(p.text).filter((s) => s.text.length > 60 && s.text.length < 300).map((s) => ({ sentence: s.text, paragraph: p.text }))));
allSentences.slice(0, 300).forEach(({ sentence, paragraph }, i) => {
  const other = allSentences[(i * 37 + 11) % allSentences.length]!.sentence;
  const { pass, fail } = variants(sentence, other, i);
  for (const q of pass) {
    if (verifyQuote(q, paragraph).verified) tp++;
    else fn++;
  }
  for (const q of fail) {
    if (paragraph.includes(q)) continue; // an edit that left the text unchanged is not a should-fail case
    if (verifyQuote(q, paragraph).verified) fp++;
    else tn++;
  }
});

// ---------- Cost scenario ----------
const server = await startOpenAiStandIn((request) => {
  const passages = passagesInPrompt(request);
  switch (promptKind(request)) {
    case 'plan':
      return { content: '{"queries": ["monte carlo tree search neural network", "qubit routing swap gates"]}' };
    case 'judge':
      return { content: JSON.stringify({ relevant: passages.slice(0, 8).map((p) => p.id), sufficient: true }) };
    default:
      // Each sentence restates its quote: a sentence that says something else is "check the source", not verified.
      return { content: JSON.stringify({ sentences: Array.from({ length: 7 }, (_, i) => { const p = passages[i % passages.length]!; const quote = p.text.split(' ').slice(2, 14).join(' '); return { text: `The paper says that ${quote}.`, citations: [{ id: p.id, quote }] }; }) }) };
  }
});
const qroute = fixtureHtml[0]!;
const costAnswer = await answerWithModel('How does the method route qubits with tree search and a neural network?', LibrarySnapshot.fromPapers(fixtureHtml), {
  model: createOpenAiCompatibleModel({ baseURL: server.baseURL, model: 'scripted' }),
  paperIds: [qroute.id],
  candidates: 50,
});
const judgeRequest = server.requests.find((r) => promptKind(r) === 'judge')!;
await server.close();

const result = {
  qaSets: perSet,
  ...(chemRxivQuest ? { chemrxivquestRowsDropped: chemRxivQuest.dropped } : {}),
  ...(Object.keys(qaSetsNotMeasured).length ? { qaSetsNotMeasured } : {}),
  ...(dense ? { denseSearch: dense } : {}),
  qasaUnanswerable: { ...qasaResult, note: 'QASA ships no paper text: asked of a library of other NLP papers (QASPER sample, ArgSciChat, fixtures)' },
  // Sentence support (issue 8): acceptance per category; contradictions should be at or under 2%.
  sentenceSupport: Object.fromEntries(evalSupport(halves).map((report) => [report.half, report])),
  quoteVerification: { shouldPass: tp + fn, shouldFail: fp + tn, precision: r3(tp / Math.max(1, tp + fp)), recall: r3(tp / Math.max(1, tp + fn)), falseAccepts: fp },
  costScenario: {
    paragraphsInScope: passagesInPrompt(judgeRequest).length,
    relevant: 8,
    answerSentences: costAnswer.stats.sentences,
    llmCalls: costAnswer.stats.llmCalls,
    inputTokens: costAnswer.stats.inputTokens,
    allShownCitationsVerified: costAnswer.sentences.every((s) => s.citations.every((c) => c.verified)),
    verified: costAnswer.stats.verified,
    targets: { callsAtMost6: costAnswer.stats.llmCalls <= 6, inputTokensAtMost12k: costAnswer.stats.inputTokens <= 12_000 },
    llmRefWorkedExample: { calls: 450, inputTokens: 42_360 },
  },
};
console.log(JSON.stringify(result, null, 2));
