/**
 * `npm run eval:pdf`: for each fixture paper with paper.latexml.html, extract paper.pdf
 * and score it against the HTML extraction. Extra "<paper.pdf> <paper.latexml.html>"
 * pairs given as arguments are scored too (papers kept back from development).
 * Prints a table and a JSON summary; exits 1 when a target is missed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { extractLatexml } from '../../shared/extract/latexml';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { extractPdf } from '../../shared/pdf/extract-pdf';
import { nodePdfReader } from '../../cli/pdf-node';
import { PAPERS_ROOT } from '../fixture-papers';
import { scorePdfAgainstHtml, type PdfEvalRow } from './pdf-eval';

const pairs: { name: string; pdf: string; html: string }[] = readdirSync(PAPERS_ROOT)
  .sort()
  .filter((f) => existsSync(join(PAPERS_ROOT, f, 'paper.latexml.html')) && existsSync(join(PAPERS_ROOT, f, 'paper.pdf')))
  .map((f) => ({ name: f, pdf: join(PAPERS_ROOT, f, 'paper.pdf'), html: join(PAPERS_ROOT, f, 'paper.latexml.html') }));
const extra = process.argv.slice(2);
for (let i = 0; i + 1 < extra.length; i += 2) pairs.push({ name: `held-out:${basename(dirname(extra[i]!))}`, pdf: extra[i]!, html: extra[i + 1]! });

const rows: PdfEvalRow[] = [];
for (const { name, pdf, html } of pairs) {
  const truth = extractLatexml(parseHtmlWithLinkedom(readFileSync(html, 'utf8')));
  const started = performance.now();
  const extracted = await extractPdf(new Uint8Array(readFileSync(pdf)), { reader: nodePdfReader });
  rows.push(scorePdfAgainstHtml(name, truth, extracted, performance.now() - started));
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log([pad('paper', 34), pad('para P', 8), pad('para R', 8), pad('para F1', 9), pad('titles', 8), pad('refs P', 8), pad('refs R', 8), pad('refs F1', 9), pad('links', 8), 'ms'].join(''));
for (const r of rows) {
  console.log([pad(r.paper, 34), pad(r.paragraphs.precision, 8), pad(r.paragraphs.recall, 8), pad(r.paragraphs.f1, 9), pad(r.sectionTitles.recall, 8), pad(r.references.precision, 8), pad(r.references.recall, 8), pad(r.references.f1, 9), pad(r.citationLinks.accuracy, 8), r.ms].join(''));
}
const mean = (f: (r: PdfEvalRow) => number) => Math.round((rows.reduce((n, r) => n + f(r), 0) / Math.max(1, rows.length)) * 1000) / 1000;
const summary = {
  paragraphF1: mean((r) => r.paragraphs.f1),
  sectionTitleRecall: mean((r) => r.sectionTitles.recall),
  referenceF1: mean((r) => r.references.f1),
  citationLinkAccuracy: mean((r) => r.citationLinks.accuracy),
};
const targets = { paragraphF1: summary.paragraphF1 >= 0.9, sectionTitles: summary.sectionTitleRecall >= 0.9, referenceF1: summary.referenceF1 >= 0.95, citationLinks: summary.citationLinkAccuracy >= 0.9 };
console.log(JSON.stringify({ rows, summary, targets }, null, 2));
if (!Object.values(targets).every(Boolean)) process.exitCode = 1;
