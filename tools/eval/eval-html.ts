/**
 * `npm run eval:html`: LaTeXML extraction quality on every fixture paper.latexml.html,
 * the same files rewritten in ar5iv's older LaTeXML form (tools/ar5iv-form.ts), plus any
 * extra LaTeXML files given as arguments (papers kept back from development).
 * Prints a table, then a JSON summary; exits 1 when a target is missed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { PAPERS_ROOT } from '../fixture-papers';
import { toAr5ivForm } from '../ar5iv-form';
import { evaluateHtml, evaluateHtmlText, type HtmlEvalRow } from './html-eval';

const fixtures = readdirSync(PAPERS_ROOT).filter((f) => existsSync(join(PAPERS_ROOT, f, 'paper.latexml.html'))).sort();
const rows: HtmlEvalRow[] = [
  ...fixtures.map((folder) => evaluateHtml(folder, join(PAPERS_ROOT, folder, 'paper.latexml.html'))),
  // The same papers as ar5iv serves older ones: XHTML, div sections, ltx_bibtag labels, ar5iv chrome.
  ...fixtures.map((folder) => evaluateHtmlText(`ar5iv:${folder}`, toAr5ivForm(readFileSync(join(PAPERS_ROOT, folder, 'paper.latexml.html'), 'utf8'), '1801.00001'))),
  ...process.argv.slice(2).map((path) => evaluateHtml(`held-out:${basename(path)}`, path)),
];

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log([pad('paper', 34), pad('sect', 5), pad('para', 5), pad('bib', 5), pad('refs', 5), pad('anchors', 8), pad('linked', 7), pad('unres', 6), pad('residue', 8), 'ms'].join(''));
for (const r of rows) {
  console.log([pad(r.paper, 34), pad(r.sections, 5), pad(r.paragraphs, 5), pad(r.bibitems, 5), pad(r.references, 5), pad(r.citationAnchors, 8), pad(r.citationsLinked, 7), pad(r.citationsUnresolved, 6), pad(r.residueParagraphs, 8), r.ms].join(''));
}
const sum = (key: keyof HtmlEvalRow) => rows.reduce((n, r) => n + (r[key] as number), 0);
const totals = {
  papers: rows.length,
  bibitemsCaptured: sum('references') / Math.max(1, sum('bibitems')),
  citationsResolved: sum('citationsLinked') / Math.max(1, sum('citationAnchors')),
  residueParagraphs: sum('residueParagraphs'),
};
const targets = { everyBibitem: rows.every((r) => r.references === r.bibitems), citationsResolved99: totals.citationsResolved >= 0.99, noResidue: totals.residueParagraphs === 0 };
console.log(JSON.stringify({ rows, totals, targets }, null, 2));
if (!Object.values(targets).every(Boolean)) process.exitCode = 1;
