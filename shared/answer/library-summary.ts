/**
 * A compact map of the library for query planning (Meta-Knowledge RAG's summary,
 * computed instead of generated): each paper's title and its most distinctive terms.
 */
import type { LibraryPaper } from '../model/paper';
import { termsOf } from '../search/paragraph-index';

export function summarizeLibrary(papers: readonly LibraryPaper[], limit = 20, termsPerPaper = 8): string[] {
  const documentFrequency = new Map<string, number>();
  const termCounts = papers.map((paper) => {
    const counts = new Map<string, number>();
    for (const p of paper.paragraphs) for (const t of termsOf(p.text)) if (t.length > 3 && !/^\d+$/.test(t)) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const t of counts.keys()) documentFrequency.set(t, (documentFrequency.get(t) ?? 0) + 1);
    return counts;
  });
  return papers.slice(0, limit).map((paper, i) => {
    const scored = [...termCounts[i]!.entries()].map(([t, n]) => [t, n * Math.log(1 + papers.length / (documentFrequency.get(t) ?? 1))] as const);
    const top = scored.sort((a, b) => b[1] - a[1]).slice(0, termsPerPaper).map(([t]) => t);
    return `${paper.title} — ${top.join(', ')}`;
  });
}
