/**
 * `npm run eval:index`: MiniSearch vs FlexSearch vs Orama for paragraph retrieval.
 * Each gets the same processed terms (Porter stems, short stop list), so the
 * comparison is of ranking and speed: QASPER evidence recall@5/@10, and query
 * latency (p50/p95) plus build time on ~48k paragraphs (the fixtures replicated).
 */
import { readFileSync } from 'node:fs';
import FlexSearch from 'flexsearch';
import MiniSearch from 'minisearch';
import { create, insert, search } from '@orama/orama';
import { termsOf } from '../../shared/search/paragraph-index';
import { normalizeText } from '../../shared/text/normalize';
import { extractLatexml } from '../../shared/extract/latexml';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { fixturePath } from '../fixture-papers';
import { readQasper } from './qasper';

interface Engine {
  name: string;
  build(docs: { id: string; terms: string }[]): Promise<(query: string, limit: number) => Promise<string[]>>;
}

const engines: Engine[] = [
  {
    name: 'minisearch (BM25+)',
    async build(docs) {
      const ms = new MiniSearch<{ id: string; terms: string }>({ fields: ['terms'], tokenize: (s) => s.split(' '), processTerm: (t) => t || null });
      ms.addAll(docs);
      return async (query, limit) => ms.search(query).slice(0, limit).map((r) => String(r.id));
    },
  },
  {
    name: 'flexsearch (0.8, default resolution)',
    async build(docs) {
      const index = new FlexSearch.Index({ tokenize: 'strict', encoder: { normalize: false, split: ' ' } } as never);
      docs.forEach((d, i) => index.add(i, d.terms));
      return async (query, limit) => ((await index.search(query, { limit, suggest: true } as never)) as number[]).map((i) => docs[i]!.id);
    },
  },
  {
    name: 'orama (3, BM25)',
    async build(docs) {
      const db = create({ schema: { terms: 'string' } as const, components: { tokenizer: { tokenize: (s: string) => s.split(' ').filter(Boolean), language: 'english', normalizationCache: new Map() } as never } });
      for (const d of docs) await insert(db, { id: d.id, terms: d.terms });
      return async (query, limit) => (await search(db, { term: query, properties: ['terms'], limit })).hits.map((h) => h.id);
    },
  },
];

const papers = readQasper();

const r3 = (n: number) => Math.round(n * 1000) / 1000;
const results = [];
for (const engine of engines) {
  const recall: Record<5 | 10, number[]> = { 5: [], 10: [] };
  for (const paper of papers) {
    const texts = [paper.abstract, ...paper.full_text.paragraphs.flat()].filter((t) => t.trim());
    const docs = texts.map((t, i) => ({ id: `p${i}`, terms: termsOf(t).join(' ') }));
    const query = await engine.build(docs);
    for (const [q, question] of paper.qas.question.entries()) {
      const golds = paper.qas.answers[q]!.answer.filter((a) => !a.unanswerable).map((a) => new Set(a.evidence.filter((e) => !e.startsWith('FLOAT')).map((e) => `p${texts.findIndex((t) => normalizeText(t) === normalizeText(e))}`).filter((id) => id !== 'p-1'))).filter((g) => g.size);
      if (!golds.length) continue;
      const hits = await query(termsOf(question).join(' '), 10);
      for (const k of [5, 10] as const) recall[k].push(Math.max(...golds.map((g) => [...g].filter((id) => hits.slice(0, k).includes(id)).length / g.size)));
    }
  }
  // Speed on a large library: the HTML fixtures replicated to ~48k paragraphs.
  const base = ['qroute-gnn-mcts-revtex', 'cscw-paper-lengths-acmsmall', 'author-disambiguation-natbib'].flatMap((f) => extractLatexml(parseHtmlWithLinkedom(readFileSync(fixturePath(f, 'paper.latexml.html'), 'utf8'))).paragraphs.map((p) => termsOf(p.text).join(' ')));
  const big = Array.from({ length: 48_000 }, (_, i) => ({ id: `b${i}`, terms: base[i % base.length]! }));
  const started = performance.now();
  const query = await engine.build(big);
  const buildMs = performance.now() - started;
  const timings: number[] = [];
  for (const question of ['What does the graph neural network evaluate?', 'How did paper lengths change at CSCW?', 'Which features does the linkage function use?', 'What is the boiling point of ethanol?', 'How are signatures clustered?']) {
    for (let round = 0; round < 4; round++) {
      const t = performance.now();
      await query(termsOf(question).join(' '), 10);
      timings.push(performance.now() - t);
    }
  }
  timings.sort((a, b) => a - b);
  results.push({ engine: engine.name, recallAt5: r3(recall[5].reduce((a, b) => a + b, 0) / recall[5].length), recallAt10: r3(recall[10].reduce((a, b) => a + b, 0) / recall[10].length), questions: recall[5].length, buildMs48k: Math.round(buildMs), queryP50Ms: r3(timings[Math.floor(timings.length / 2)]!), queryP95Ms: r3(timings[Math.floor(timings.length * 0.95)]!) });
}
console.log(JSON.stringify(results, null, 2));
