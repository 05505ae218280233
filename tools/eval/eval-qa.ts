/**
 * `npm run eval:qa`: answer-engine quality.
 *  1. QASPER (10 papers, 51 questions): evidence recall@5/@10 from retrieval alone; for
 *     extractive answers, token F1 and evidence F1 (best over annotators), and abstention.
 *  2. QASA's 244 unanswerable questions against a library without their papers: abstention.
 *  3. Quote verification on the fixtures' real sentences: should-pass variants (PDF noise,
 *     punctuation) and should-fail ones (fabricated, changed numbers, negations, names).
 *  4. Cost on a scripted scenario shaped like LLM-Ref's worked example (50 paragraphs in
 *     scope, 8 relevant, a 7-sentence answer), through the loopback OpenAI stand-in.
 *     Token counts there are the stand-in's (characters / 4); no answer quality is claimed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { answerExtractively, LibrarySnapshot } from '../../shared/answer/extractive';
import { answerWithModel } from '../../shared/answer/llm-answer';
import { extractLatexml } from '../../shared/extract/latexml';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { createOpenAiCompatibleModel } from '../../shared/llm/openai-compatible';
import { libraryIdFor, type LibraryPaper } from '../../shared/model/paper';
import { normalizeText, tokenize } from '../../shared/text/normalize';
import { splitSentences } from '../../shared/text/sentences';
import { verifyQuote } from '../../shared/verify/verify-quote';
import { FIXTURES_ROOT, fixturePath } from '../fixture-papers';
import { passagesInPrompt, promptKind, startOpenAiStandIn } from '../openai-standin';
import { readQasper, type QasperAnswer, type QasperPaper } from './qasper';

const r3 = (n: number) => Math.round(n * 1000) / 1000;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

// ---------- QASPER ----------
function qasperToLibrary(paper: QasperPaper): LibraryPaper {
  const sections = [{ id: 'abstract', title: 'Abstract', level: 1, parentId: null }];
  const paragraphs = [{ id: 'p1', sectionId: 'abstract', kind: 'text' as const, text: paper.abstract, citations: [] }];
  paper.full_text.section_name.forEach((name, s) => {
    const sectionId = `s${s + 1}`;
    sections.push({ id: sectionId, title: name ?? '', level: 1, parentId: null });
    for (const text of paper.full_text.paragraphs[s] ?? []) if (text.trim()) paragraphs.push({ id: `p${paragraphs.length + 1}`, sectionId, kind: 'text', text, citations: [] });
  });
  return { id: `qasper:${paper.id}`, arxivId: paper.id, version: null, source: 'arxiv-html', title: paper.title, authors: [], abstract: paper.abstract, sections, paragraphs, references: [], savedAt: '' };
}

function tokenF1(predicted: string, gold: string): number {
  const p = tokenize(predicted);
  const g = tokenize(gold);
  if (!p.length || !g.length) return p.length === g.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const t of g) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of p) if ((counts.get(t) ?? 0) > 0) {
    common++;
    counts.set(t, counts.get(t)! - 1);
  }
  if (!common) return 0;
  const precision = common / p.length;
  const recall = common / g.length;
  return (2 * precision * recall) / (precision + recall);
}

function goldAnswerText(a: QasperAnswer): string {
  if (a.yes_no !== null) return a.yes_no ? 'yes' : 'no';
  if (a.free_form_answer) return a.free_form_answer;
  return a.extractive_spans.join(' ');
}

/** Gold evidence paragraphs, matched to library paragraph ids (tables and figures are not paragraphs). */
function evidenceIds(paper: LibraryPaper, evidence: string[]): Set<string> {
  const ids = new Set<string>();
  for (const e of evidence) {
    if (e.startsWith('FLOAT SELECTED')) continue;
    const n = normalizeText(e);
    const hit = paper.paragraphs.find((p) => normalizeText(p.text) === n) ?? paper.paragraphs.find((p) => normalizeText(p.text).includes(n.slice(0, 120)));
    if (hit) ids.add(hit.id);
  }
  return ids;
}

function setF1(predicted: Set<string>, gold: Set<string>): number {
  if (!predicted.size && !gold.size) return 1;
  let common = 0;
  for (const id of predicted) if (gold.has(id)) common++;
  if (!common) return 0;
  const p = common / predicted.size;
  const r = common / gold.size;
  return (2 * p * r) / (p + r);
}

const qasper = readQasper();
const qasperPapers = qasper.map(qasperToLibrary);
const qasperLibrary = new LibrarySnapshot(qasperPapers);
const recallAt: Record<5 | 10, number[]> = { 5: [], 10: [] };
const answerF1: number[] = [];
const evidenceF1: number[] = [];
let answerable = 0;
let falseAbstentions = 0;
let unanswerable = 0;
let correctAbstentions = 0;
qasper.forEach((paper, i) => {
  const library = qasperPapers[i]!;
  paper.qas.question.forEach((question, q) => {
    const annotations = paper.qas.answers[q]!.answer;
    const isUnanswerable = annotations.every((a) => a.unanswerable);
    const answer = answerExtractively(question, qasperLibrary, { paperIds: [library.id] });
    if (isUnanswerable) {
      unanswerable++;
      if (answer.abstained) correctAbstentions++;
      return;
    }
    answerable++;
    if (answer.abstained) falseAbstentions++;
    const hits = qasperLibrary.index.query(question, { limit: 10, paperIds: new Set([library.id]) }).map((h) => h.paragraphId);
    const golds = annotations.filter((a) => !a.unanswerable).map((a) => evidenceIds(library, a.evidence)).filter((g) => g.size > 0);
    if (golds.length) {
      for (const k of [5, 10] as const) recallAt[k].push(Math.max(...golds.map((g) => [...g].filter((id) => hits.slice(0, k).includes(id)).length / g.size)));
      const cited = new Set(answer.sentences.flatMap((s) => s.citations.map((c) => c.paragraphId)));
      evidenceF1.push(Math.max(...golds.map((g) => setF1(cited, g))));
    }
    const text = answer.sentences.map((s) => s.text).join(' ');
    answerF1.push(Math.max(...annotations.filter((a) => !a.unanswerable).map((a) => tokenF1(text, goldAnswerText(a)))));
  });
});

// ---------- QASA unanswerable ----------
const qasa = Object.values(JSON.parse(readFileSync(join(FIXTURES_ROOT, 'qa', 'qasa-unanswerable', 'testset_unanswerable_244_v1.1.json'), 'utf8')) as Record<string, { question: string }>);
const fixtureHtml = ['qroute-gnn-mcts-revtex', 'cscw-paper-lengths-acmsmall', 'author-disambiguation-natbib'].map((f) => {
  const paper = extractLatexml(parseHtmlWithLinkedom(readFileSync(fixturePath(f, 'paper.latexml.html'), 'utf8')));
  return { ...paper, id: libraryIdFor(paper), savedAt: '' } as LibraryPaper;
});
const mixedLibrary = new LibrarySnapshot([...qasperPapers, ...fixtureHtml]);
let qasaAbstained = 0;
for (const { question } of qasa) {
  try {
    if (answerExtractively(question, mixedLibrary).abstained) qasaAbstained++;
  } catch {
    qasaAbstained++; // a question with no searchable words is an abstention too
  }
}

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
const costAnswer = await answerWithModel('How does the method route qubits with tree search and a neural network?', new LibrarySnapshot(fixtureHtml), {
  model: createOpenAiCompatibleModel({ baseURL: server.baseURL, model: 'scripted' }),
  paperIds: [qroute.id],
  candidates: 50,
});
const judgeRequest = server.requests.find((r) => promptKind(r) === 'judge')!;
await server.close();

const result = {
  qasper: {
    papers: qasper.length,
    questions: answerable + unanswerable,
    evidenceRecallAt5: r3(mean(recallAt[5])),
    evidenceRecallAt10: r3(mean(recallAt[10])),
    extractive: { answerTokenF1: r3(mean(answerF1)), evidenceF1: r3(mean(evidenceF1)), falseAbstentionRate: r3(falseAbstentions / Math.max(1, answerable)), abstentionOnUnanswerable: `${correctAbstentions}/${unanswerable}` },
  },
  qasaUnanswerable: { questions: qasa.length, abstentionRate: r3(qasaAbstained / qasa.length), note: "QASA ships no paper text: asked against a library that lacks their papers" },
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
