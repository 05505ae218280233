/**
 * `npm run eval:word-pdf`: PDF extraction on papers made by a word processor (see word-papers.ts):
 * each is planned from a QA set's paper and real reference strings, written as .docx, printed to
 * PDF by LibreOffice (`soffice`), extracted, and scored against its plan as eval:pdf scores
 * against LaTeXML (paragraph F1, section titles, reference entries, citation links, title and
 * first author). Papers are split into dev and test by the one seeded split (key: set and paper
 * id); each paper's reference strings come from the same half of the reference sets.
 *
 * `--half dev` (or test) runs one half; `--keep DIR` keeps the .docx and PDF files there; `--show TEXT` prints, for
 * each dev paper whose key holds TEXT, its truth paragraphs no extracted paragraph matches and the extracted ones that
 * match none (test papers are never shown: rules are not fitted to them).
 */
import { printDocxToPdf, sofficeOrNull } from './libreoffice';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractPdf } from '../../shared/pdf/extract-pdf';
import { nodePdfReader } from '../../cli/pdf-node';
import { summarise, titleRecallCell, type CorpusEvalRow } from './pdf-corpus';
import { printParagraphMisses, scorePdfAgainstHtml } from './pdf-eval';
import { loadCovidQaSet } from './qa-sets/covid-qa-set';
import { loadEvidenceInferenceSet } from './qa-sets/evidence-inference-set';
import { loadQasperSet } from './qa-sets/qasper-set';
import { loadReferenceSet, splitReferenceSet, type LabelledReference } from './reference-sets';
import { evalHalf, requestedHalves, type EvalHalf } from './split';
import { citableReferences, planWordPaper, proseOf, wordPaperDocx, type WordPaperPlan } from './word-papers';

const PAPERS_PER_SET = 30;
const argv = process.argv.slice(2);
const halves = requestedHalves(argv);
const keepAt = argv[argv.indexOf('--keep') + 1];
const keep = argv.includes('--keep') && keepAt ? keepAt : undefined;
const show = argv.includes('--show') ? argv[argv.indexOf('--show') + 1] : undefined;

const soffice = sofficeOrNull();
if (!soffice) {
  console.log('eval:word-pdf not measured: LibreOffice (soffice) is not installed');
  process.exit(0);
}

const referencePool: Record<EvalHalf, LabelledReference[]> = { dev: [], test: [] };
for (const dataset of ['anystyle/gold', 'anystyle/core', 'grobid/evaluation'] as const) {
  const split = splitReferenceSet(loadReferenceSet(dataset));
  referencePool.dev.push(...split.dev);
  referencePool.test.push(...split.test);
}
const pools = { dev: citableReferences(referencePool.dev), test: citableReferences(referencePool.test) };

const plans: (WordPaperPlan & { half: EvalHalf })[] = [];
for (const set of [loadCovidQaSet(), loadEvidenceInferenceSet(), loadQasperSet()]) {
  const sources = set.papers.filter((p) => proseOf(p).length >= 13).sort((a, b) => a.id.localeCompare(b.id)).slice(0, PAPERS_PER_SET);
  sources.forEach((paper, i) => {
    const key = `${set.name}/${paper.id}`;
    const half = evalHalf(key);
    if (halves.includes(half)) plans.push({ ...planWordPaper(key, paper, pools[half], 7919 * (i + 1) + set.name.length), half });
  });
}

const dir = keep ?? mkdtempSync(join(tmpdir(), 'verbatim-word-pdf-'));
mkdirSync(dir, { recursive: true });
const fileOf = (plan: WordPaperPlan) => plan.key.replace(/[^\w-]+/g, '_');
for (const plan of plans) writeFileSync(join(dir, `${fileOf(plan)}.docx`), await wordPaperDocx(plan));
printDocxToPdf(soffice, plans.map((p) => join(dir, `${fileOf(p)}.docx`)), dir, join(dir, '.profile'));

const rows: (CorpusEvalRow & { layout: WordPaperPlan['layout'] })[] = [];
for (const plan of plans) {
  const started = performance.now();
  const template = `${plan.layout.citations}/${plan.layout.headings}/${plan.layout.columns}col`;
  try {
    const extracted = await extractPdf(new Uint8Array(readFileSync(join(dir, `${fileOf(plan)}.pdf`))), { reader: nodePdfReader });
    rows.push({ source: 'held-out', template, half: plan.half, layout: plan.layout, score: scorePdfAgainstHtml(plan.key, plan.truth, extracted, performance.now() - started) });
    if (show && plan.half === 'dev' && plan.key.includes(show)) printParagraphMisses(plan.key, plan.truth, extracted);
  } catch (error) {
    const empty = { ...plan.truth, sections: [], paragraphs: [], references: [] };
    rows.push({ source: 'held-out', template, half: plan.half, layout: plan.layout, score: scorePdfAgainstHtml(plan.key, plan.truth, empty, 0), error: error instanceof Error ? error.message : String(error) });
  }
}
if (!keep) rmSync(dir, { recursive: true, force: true });

const pad = (s: string | number, n: number) => String(s).padEnd(n);
const byForm = <K extends keyof WordPaperPlan['layout']>(group: typeof rows, key: K) => {
  const forms = [...new Set(group.map((r) => String(r.layout[key])))].sort();
  return Object.fromEntries(forms.map((f) => [f, summarise(group.filter((r) => String(r.layout[key]) === f))]));
};
const report: Record<string, unknown> = {};
for (const half of halves) {
  const group = rows.filter((r) => r.half === half);
  console.log(`\n== ${half} (${group.length} papers)`);
  console.log([pad('paper', 46), pad('layout', 42), pad('para F1', 9), pad('titles', 8), pad('refs', 8), pad('refs F1', 9), pad('links', 8), 'meta'].join(''));
  for (const r of group) {
    const s = r.score;
    const e = r.layout.extras;
    const layout = `${r.template} ${r.layout.size}pt×${r.layout.spacing} ${e.tables ? `T${e.tables}` : ''}${e.figure ? 'F' : ''}${e.footnotes ? `N${e.footnotes}` : ''}${e.list ? 'L' : ''}`;
    console.log([pad(s.paper.slice(0, 45), 46), pad(layout, 42), pad(s.paragraphs.f1, 9), pad(titleRecallCell(s), 8), pad(`${s.references.extracted}/${s.references.truth}`, 8), pad(s.references.f1, 9), pad(s.citationLinks.accuracy, 8), `${s.metadata.title ? 'T' : '-'}${s.metadata.firstAuthor ? 'A' : '-'}`, r.error ? `  ERROR ${r.error}` : ''].join(''));
  }
  const all = summarise(group);
  console.log(`mean: paragraphs ${all.paragraphF1}, titles ${all.sectionTitleRecall}, references ${all.referenceF1}, links ${all.citationLinkAccuracy}, title ${all.metadataTitle}, first author ${all.metadataFirstAuthor}`);
  const withExtra = (has: (e: WordPaperPlan['layout']['extras']) => boolean) => summarise(group.filter((r) => has(r.layout.extras)));
  const byExtras = { none: withExtra((e) => !e.tables && !e.figure && !e.footnotes && !e.list), tables: withExtra((e) => e.tables > 0), figure: withExtra((e) => e.figure), footnotes: withExtra((e) => e.footnotes > 0), list: withExtra((e) => e.list) };
  report[half] = { summary: all, byCitations: byForm(group, 'citations'), byHeadings: byForm(group, 'headings'), byColumns: byForm(group, 'columns'), byFont: byForm(group, 'font'), byExtras };
}
console.log(JSON.stringify({ rows: rows.map((r) => ({ ...r.score, half: r.half, layout: r.layout, ...(r.error ? { error: r.error } : {}) })), ...report }, null, 2));
