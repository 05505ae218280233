/**
 * Citation rendering: a 200-citation document in each style, rendered whole by renderDocument
 * (warm engine, median of 3), against a baseline measured in the same run: the same 200
 * citations rendered as 200 one-citation documents, what re-rendering per insert would cost.
 * The first use of a style builds its citeproc engine; that cost is reported on its own.
 */
import { renderDocument, type CitationCluster } from '../../shared/cite/render-document';
import { CITATION_STYLES } from '../../shared/cite/styles';
import type { WorkRecord } from '../../shared/cite/work-record';

const FAMILIES = ['Sinha', 'Azad', 'Singh', 'Breiman', 'Vaswani', 'Smith', 'Goodfellow', 'Bengio', 'Louppe', 'Maguire'];
const TYPES = ['article', 'article-journal', 'paper-conference', 'book'] as const;

/** 60 works: every type, shared family names and years, so author-date styles must disambiguate. */
function benchWorks(): WorkRecord[] {
  return Array.from({ length: 60 }, (_, i) => {
    const type = TYPES[i % TYPES.length]!;
    const arxivId = `21${String(i % 12 + 1).padStart(2, '0')}.${String(10000 + i)}`;
    return {
      id: `w${i}`, type, title: `Work number ${i} on graphs and trees`,
      author: [{ family: FAMILIES[i % FAMILIES.length]!, given: 'A.' }, ...(i % 3 ? [{ family: FAMILIES[(i + 3) % FAMILIES.length]!, given: 'B.' }] : [])],
      issued: { 'date-parts': [[2015 + (i % 6)]] },
      ...(type === 'article' ? { number: `arXiv:${arxivId}`, genre: 'Preprint', publisher: 'arXiv', DOI: `10.48550/arXiv.${arxivId}` } : {}),
      ...(type === 'article-journal' ? { 'container-title': 'Journal of Tests', volume: String(i), page: `${i}-${i + 9}`, DOI: `10.1000/j.${i}` } : {}),
      ...(type === 'paper-conference' ? { 'container-title': 'Proceedings of the Test Conference', page: `${i}-${i + 9}` } : {}),
      ...(type === 'book' ? { publisher: 'Test Press', 'publisher-place': 'Cambridge, MA' } : {}),
    };
  });
}

function benchClusters(works: WorkRecord[], count: number): CitationCluster[] {
  return Array.from({ length: count }, (_, i) => ({
    clusterId: `k${i}`,
    items: [
      { id: works[(i * 7) % works.length]!.id, ...(i % 4 === 0 ? { locator: `${1 + (i % 9)}.${1 + (i % 3)}`, label: 'section' as const } : {}) },
      ...(i % 5 === 0 ? [{ id: works[(i * 11 + 3) % works.length]!.id }] : []),
    ],
  }));
}

function ms(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

export function benchCiteRendering(citations = 200) {
  const works = benchWorks();
  const clusters = benchClusters(works, citations);
  return CITATION_STYLES.map(({ id: style }) => {
    const engineBuildMs = ms(() => renderDocument({ records: works.slice(0, 1), clusters: [], secondaryIds: [works[0]!.id], style }));
    const wholeRuns = [0, 1, 2].map(() => ms(() => renderDocument({ records: works, clusters, style })));
    const wholeMs = wholeRuns.sort((a, b) => a - b)[1]!;
    const perClusterMs = ms(() => clusters.forEach((cluster) => renderDocument({ records: works, clusters: [cluster], style })));
    const doc = renderDocument({ records: works, clusters, style });
    return {
      style,
      citations: clusters.length,
      works: doc.bibliography.length,
      engineBuildMs: Math.round(engineBuildMs),
      renderDocumentMs: Math.round(wholeMs),
      msPerCitation: Math.round((wholeMs / clusters.length) * 100) / 100,
      baselineOneDocumentPerCitationMs: Math.round(perClusterMs),
    };
  });
}

if (process.argv[1]?.endsWith('cite-bench.ts')) console.log(JSON.stringify(benchCiteRendering(), null, 2));
