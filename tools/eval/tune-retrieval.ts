/**
 * Tuning aid for retrieval, DEV HALVES ONLY: evidence recall@5/@10 per QA set for plain
 * BM25 and for ranking variants (`--variants name,name`). It never reads the test
 * halves; `npm run eval:qa` reports those.
 */
import { ParagraphIndex } from '../../shared/search/paragraph-index';
import { Bm25Retriever } from '../../shared/search/bm25-retriever';
import { DEFAULT_RANKING, RankedRetriever, type RankingSettings } from '../../shared/search/ranked-retriever';
import type { ImmediateRetriever } from '../../shared/search/retriever';
import { loadQaSets } from './qa-sets/all-sets';
import { mean, r3, recallAt } from './qa-metrics';
import { splitDevTest } from './split';

const variants: Record<string, Partial<RankingSettings>> = JSON.parse(process.argv[2] ?? '{}');
const { sets } = loadQaSets();
const rows: string[] = [];
for (const set of sets) {
  const items = splitDevTest(set.items, (i) => i.paperId).dev.filter((i) => i.answerable && i.evidence.length);
  const ids = new Set(items.map((i) => i.paperId));
  const index = ParagraphIndex.fromPapers(set.papers.filter((p) => ids.has(p.id)));
  const retrievers: [string, ImmediateRetriever][] = [['bm25', new Bm25Retriever(index)], ['default', new RankedRetriever(index)]];
  for (const [name, settings] of Object.entries(variants)) retrievers.push([name, new RankedRetriever(index, { ...DEFAULT_RANKING, ...settings })]);
  for (const [name, retriever] of retrievers) {
    const r5: number[] = [];
    const r10: number[] = [];
    for (const item of items) {
      const ranked = retriever.retrieveNow({ text: item.question, limit: 10, paperIds: new Set([item.paperId]) }).map((h) => h.paragraphId);
      r5.push(recallAt(5, ranked, item.evidence));
      r10.push(recallAt(10, ranked, item.evidence));
    }
    rows.push(`${set.name.padEnd(24)} ${name.padEnd(16)} n=${items.length} R@5 ${r3(mean(r5))} R@10 ${r3(mean(r10))}`);
  }
}
console.log(rows.join('\n'));
