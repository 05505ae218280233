/**
 * `npm run eval:corpus-html`: the HTML path (LaTeXML -> Paper) on the development corpus's
 * LaTeXML files, the same measures as eval:html (bibliography entries captured, citation
 * anchors linked, LaTeX residue), per paper and per template, dev and test halves apart.
 * The corpus is found as in eval:pdf (`--corpus`, VERBATIM_CORPUS, ../corpus); `--half`. A transplant is in the half
 * of the paper it came from, as in eval:pdf.
 * Measures only: the exit code is 0 unless there is no corpus at all.
 */
import { PROJECT_ROOT } from '../fixture-papers';
import { evaluateHtml, type HtmlEvalRow } from './html-eval';
import { listCorpusPapers, resolveCorpusDir, splitKeyOf } from './pdf-corpus';
import { evalHalf, requestedHalves } from './split';

const argv = process.argv.slice(2);
const corpusDir = resolveCorpusDir(argv, process.env, PROJECT_ROOT);
if (!corpusDir) {
  console.log('no corpus: give --corpus <dir> or VERBATIM_CORPUS');
  process.exit(2);
}
const listing = listCorpusPapers(corpusDir);
const pad = (s: string | number, n: number) => String(s).padEnd(n);
const ratio = (a: number, b: number) => Math.round((a / Math.max(1, b)) * 1000) / 1000;

interface Scored {
  template: string;
  row: HtmlEvalRow;
}

function totals(rows: readonly Scored[]) {
  const sum = (key: keyof HtmlEvalRow) => rows.reduce((n, r) => n + (r.row[key] as number), 0);
  return {
    papers: rows.length,
    bibitemsCaptured: ratio(sum('references'), sum('bibitems')),
    citationsResolved: ratio(sum('citationsLinked'), sum('citationAnchors')),
    // Tables are not passages: their anchors are left out here.
    citationsResolvedOutsideTables: ratio(sum('citationsLinked'), sum('citationAnchors') - sum('citationAnchorsInTables')),
    residueParagraphs: sum('residueParagraphs'),
    papersMissingEntries: rows.filter((r) => r.row.references < r.row.bibitems).map((r) => r.row.paper),
  };
}

const summary: Record<string, unknown> = {};
for (const half of requestedHalves(argv)) {
  const scored: Scored[] = [];
  for (const paper of listing.papers.filter((p) => evalHalf(splitKeyOf(p.meta)) === half)) {
    try {
      scored.push({ template: paper.meta.template, row: evaluateHtml(paper.slug, paper.html) });
    } catch (error) {
      console.log(`  skipped ${paper.slug}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  console.log(`\n== corpus ${half} (${scored.length} papers)`);
  console.log([pad('paper', 30), pad('template', 16), pad('sect', 5), pad('para', 5), pad('bib', 5), pad('refs', 5), pad('anchors', 8), pad('linked', 7), pad('unres', 6), pad('residue', 8), 'ms'].join(''));
  for (const { template, row: r } of scored) {
    console.log([pad(r.paper, 30), pad(template, 16), pad(r.sections, 5), pad(r.paragraphs, 5), pad(r.bibitems, 5), pad(r.references, 5), pad(r.citationAnchors, 8), pad(r.citationsLinked, 7), pad(r.citationsUnresolved, 6), pad(r.residueParagraphs, 8), r.ms].join(''));
  }
  const byTemplate = [...new Set(scored.map((s) => s.template))].sort().map((template) => ({ template, ...totals(scored.filter((s) => s.template === template)) }));
  console.log(`-- per template: ${byTemplate.map((t) => `${t.template} bib ${t.bibitemsCaptured} cites ${t.citationsResolved} residue ${t.residueParagraphs}`).join('; ')}`);
  summary[half] = { ...totals(scored), byTemplate };
}
console.log(JSON.stringify(summary, null, 2));
