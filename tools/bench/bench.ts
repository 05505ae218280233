/**
 * `npm run bench`: speed as JSON, each figure with a baseline measured in the same run.
 *  - LaTeXML extraction per fixture (baseline: parsing the HTML alone);
 *  - quote verification against the paragraph each quote cites (baseline: fuzzball's
 *    partial_ratio with autojunk off, the naive scan), with the number of differing verdicts;
 *  - extractive query latency over the fixture library replicated to 1k, 10k and 50k paragraphs, and the search box's
 *    (baseline: plain BM25 search, as it ranked before it ranked as answers do);
 *  - the library index on disk: cold first answer and first answer after a save, at 1k, 10k and 50k
 *    paragraphs (baseline: reading every paper and rebuilding the index, as before it was persisted);
 *  - Word: insert, refresh and style switch on a 200-citation document, with context.sync counts (word-bench.ts).
 *  - citation rendering: a 200-citation document in each style (baseline: one document per citation).
 *  - search by meaning: scoring stored paragraph vectors and answering with the hits fused in, at 1k, 10k
 *    and 50k paragraphs (baseline: the lexical answer alone, same run; dense-bench.ts).
 *  - the Universal Sentence Encoder (lite), the real model: embedding cost per paragraph and per question
 *    (baseline: the extractive answer to the same questions, same run; use-lite-bench.ts).
 */
import { readFileSync } from 'node:fs';
import { partial_ratio } from 'fuzzball';
import { answerExtractively, LibrarySnapshot } from '../../shared/answer/extractive';
import { describeHits, searchIndex } from '../../shared/library/library-search';
import { extractLatexml } from '../../shared/extract/latexml';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { libraryIdFor, type LibraryPaper } from '../../shared/model/paper';
import { splitSentences } from '../../shared/text/sentences';
import { normalizeForMatching } from '../../shared/verify/quote-locator';
import { verifyQuote } from '../../shared/verify/verify-quote';
import { fixturePath } from '../fixture-papers';
import { extractPdf } from '../../shared/pdf/extract-pdf';
import { nodePdfReader } from '../../cli/pdf-node';
import { benchLibraryIndex } from './library-index-bench';
import { benchWord } from './word-bench';
import { benchCiteRendering } from './cite-bench';
import { benchDense } from './dense-bench';
import { benchUseLite } from './use-lite-bench';
import { percentile, round } from './stats';

const FOLDERS = ['qroute-gnn-mcts-revtex', 'cscw-paper-lengths-acmsmall', 'author-disambiguation-natbib'];

function time<T>(fn: () => T): { ms: number; value: T } {
  const started = performance.now();
  const value = fn();
  return { ms: performance.now() - started, value };
}


const extraction = FOLDERS.map((folder) => {
  const html = readFileSync(fixturePath(folder, 'paper.latexml.html'), 'utf8');
  const runs = 5;
  let parseMs = 0;
  let extractMs = 0;
  let paragraphs = 0;
  for (let i = 0; i < runs; i++) {
    parseMs += time(() => parseHtmlWithLinkedom(html)).ms;
    const { ms, value } = time(() => extractLatexml(parseHtmlWithLinkedom(html)));
    extractMs += ms;
    paragraphs = value.paragraphs.length;
  }
  return { paper: folder, paragraphs, htmlKB: Math.round(html.length / 1024), parseOnlyMs: round(parseMs / runs), extractMs: round(extractMs / runs) };
});

const papers: LibraryPaper[] = FOLDERS.map((folder) => {
  const paper = extractLatexml(parseHtmlWithLinkedom(readFileSync(fixturePath(folder, 'paper.latexml.html'), 'utf8')));
  return { ...paper, id: libraryIdFor(paper), savedAt: '' };
});

// 100 quotes: real sentences, every other one with a dropped word, checked against their own paragraph.
const quotes: { quote: string; paragraph: string }[] = [];
for (const paper of papers) {
  for (const paragraph of paper.paragraphs) {
    for (const sentence of splitSentences(paragraph.text)) {
      if (quotes.length >= 100 || sentence.text.length < 60) continue;
      const words = sentence.text.split(' ');
      if (quotes.length % 2) words.splice(Math.floor(words.length / 2), 1);
      quotes.push({ quote: words.join(' '), paragraph: paragraph.text });
    }
  }
}
const fast = time(() => quotes.map((q) => verifyQuote(q.quote, q.paragraph).score >= 90));
const naive = time(() => quotes.map((q) => partial_ratio(normalizeForMatching(q.quote).text, normalizeForMatching(q.paragraph).text, { full_process: false, autojunk: false } as never) >= 90));
const differingVerdicts = fast.value.filter((v, i) => v !== naive.value[i]).length;

function replicate(target: number): LibraryPaper[] {
  const out: LibraryPaper[] = [];
  let count = 0;
  for (let copy = 0; count < target; copy++) {
    for (const paper of papers) {
      out.push({ ...paper, id: `${paper.id}-copy${copy}` });
      count += paper.paragraphs.length;
    }
  }
  return out;
}
const QUESTIONS = ['What does the graph neural network evaluate?', 'How did paper lengths change at CSCW?', 'Which features does the linkage function use?', 'What is the boiling point of ethanol?', 'How are signatures clustered?'];
const SEARCHES = ['graph neural network', 'paper lengths CSCW', 'linkage function features', 'boiling point ethanol', 'signature clustering'];
const latency = [1_000, 10_000, 50_000].map((target) => {
  const built = time(() => LibrarySnapshot.fromPapers(replicate(target)));
  const timings: number[] = [];
  for (let round = 0; round < 4; round++) for (const q of QUESTIONS) timings.push(time(() => answerExtractively(q, built.value)).ms);
  const search: number[] = [];
  const bm25Search: number[] = [];
  const index = built.value.index;
  for (let round = 0; round < 4; round++) {
    for (const q of SEARCHES) {
      search.push(time(() => searchIndex(index, q, { limit: 10 })).ms);
      bm25Search.push(time(() => describeHits(index, index.query(q, { limit: 10 }), q)).ms);
    }
  }
  return {
    paragraphs: index.size,
    indexBuildMs: Math.round(built.ms),
    queryP50Ms: round(percentile(timings, 50)),
    queryP95Ms: round(percentile(timings, 95)),
    searchP95Ms: round(percentile(search, 95)),
    baselineBm25SearchP95Ms: round(percentile(bm25Search, 95)),
  };
});

// PDF: full structure pass against pdf.js's bare text extraction of the same file, in the same run.
const PDFS = ['qroute-gnn-mcts-revtex', 'cscw-paper-lengths-acmsmall', 'author-disambiguation-natbib', 'xai-misconceptions-ccby', 'alce-paper'];
const pdf = [];
const median3 = async (run: () => Promise<void>) => {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[1]!;
};
const bareText = async (bytes: Uint8Array) => {
  const { pages } = await nodePdfReader.read(bytes.slice());
  for await (const _page of pages) void _page;
};
await bareText(new Uint8Array(readFileSync(fixturePath(PDFS[0]!, 'paper.pdf')))); // warm-up: module load and JIT are not per-paper costs
for (const folder of PDFS) {
  const bytes = new Uint8Array(readFileSync(fixturePath(folder, 'paper.pdf')));
  const { pageCount } = await nodePdfReader.read(bytes.slice());
  const bareMs = await median3(() => bareText(bytes));
  let peakHeap = process.memoryUsage().heapUsed;
  const heapBefore = peakHeap;
  const fullMs = await median3(async () => {
    await extractPdf(bytes.slice(), { reader: nodePdfReader, onPage: () => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)) });
  });
  pdf.push({
    paper: folder,
    pages: pageCount,
    bareTextMs: Math.round(bareMs),
    fullExtractionMs: Math.round(fullMs),
    pagesPerSecond: round(pageCount / (fullMs / 1000)),
    structureOverheadMs: Math.round(fullMs - bareMs),
    peakHeapGrowthMB: round((peakHeap - heapBefore) / 1e6),
  });
}

const libraryIndex = await benchLibraryIndex(papers, [1_000, 10_000, 50_000]);
const word = await benchWord();
const citationRendering = benchCiteRendering(200);
const denseSearch = await benchDense([1_000, 10_000, 50_000].map(replicate), QUESTIONS);
const useLite = await benchUseLite(papers, QUESTIONS);

console.log(JSON.stringify({
  machine: { node: process.version, cpus: (await import('node:os')).cpus().length },
  extraction,
  pdf,
  quoteVerification: { quotes: quotes.length, fastMs: round(fast.ms), naivePartialRatioMs: round(naive.ms), speedup: round(naive.ms / fast.ms), differingVerdicts },
  extractiveQuery: latency,
  denseSearch,
  useLite,
  libraryIndex,
  word,
  citationRendering,
}, null, 2));
