/**
 * `npm run eval:docx-pdf -- --corpus <dir>`: PDF extraction on real manuscripts written in a word processor. Each
 * folder of the corpus holds a paper's .docx (`paper.docx`), the PDF its authors exported from it (`paper.pdf`) and
 * where both came from (`SOURCE.json`: repository, commit, licence, the PDF's producer). The .docx is the ground truth
 * (docx-truth.ts), as LaTeXML's HTML is for a LaTeX paper; the score is eval:pdf's (paragraph F1, section titles,
 * reference entries, title). Citation links are not scored: a .docx marks no citation's target.
 *
 * A folder may hold only the .docx: its PDF is then printed by LibreOffice into the folder, once. Real manuscripts with
 * the PDF their authors made are few in public repositories; their .docx alone are many, and a LibreOffice export of
 * them reads as their authors' Word exports do (measured on the first corpus: paragraphs 0.794 / 0.701 on the dev and
 * test halves against 0.791 / 0.694), so the manuscripts' own structure, not Word's PDF writer, is what is measured.
 *
 * Papers are split into dev and test by the one seeded split (key: `docx/<folder>`). `--half dev` (or test) runs one
 * half; `--show NAME` prints a dev paper's truth paragraphs no extracted one matches and the extracted ones matching
 * none (test papers are never shown). `--corpus` may be given more than once. The corpora are fetched material and are
 * not committed (see the README; `tools/eval/docx-sources.json` lists where each manuscript came from).
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { extractPdf } from '../../shared/pdf/extract-pdf';
import { nodePdfReader } from '../../cli/pdf-node';
import { docxTruth } from './docx-truth';
import { printParagraphMisses, scorePdfAgainstHtml } from './pdf-eval';
import { failedRow, summarise, titleRecallCell, type CorpusEvalRow } from './pdf-corpus';
import { printDocxToPdf, sofficeOrNull } from './libreoffice';
import { evalHalf, requestedHalves } from './split';

const argv = process.argv.slice(2);
const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const halves = requestedHalves(argv);
const corpora = [...argv.flatMap((a, i) => (a === '--corpus' && argv[i + 1] ? [argv[i + 1]!] : [])), ...(process.env.VERBATIM_DOCX_CORPUS?.split(':') ?? [])].filter((dir) => existsSync(dir));
const show = option('--show');
if (!corpora.length) {
  console.log('eval:docx-pdf not measured: no corpus (give --corpus <dir> or VERBATIM_DOCX_CORPUS; see the README)');
  process.exit(0);
}

/**
 * Prints the PDFs the folders lack, in one LibreOffice run: each .docx is copied into a temporary folder under its
 * folder's name (every one is "paper.docx"), printed there, and its PDF copied back as the folder's `paper.pdf`.
 */
function printMissingPdfs(missing: readonly { name: string; folder: string }[]): void {
  const soffice = sofficeOrNull();
  if (!soffice) return;
  const work = mkdtempSync(join(tmpdir(), 'verbatim-docx-pdf-'));
  try {
    for (const { name, folder } of missing) copyFileSync(join(folder, 'paper.docx'), join(work, `${name}.docx`));
    printDocxToPdf(soffice, missing.map(({ name }) => join(work, `${name}.docx`)), work, join(work, '.profile'));
    for (const { name, folder } of missing) if (existsSync(join(work, `${name}.pdf`))) copyFileSync(join(work, `${name}.pdf`), join(folder, 'paper.pdf'));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

interface Source {
  producer?: string;
  repo?: string;
  licence?: string;
}

const folders = corpora
  .flatMap((corpus) => readdirSync(corpus, { withFileTypes: true }).filter((d) => d.isDirectory() && existsSync(join(corpus, d.name, 'paper.docx'))).map((d) => ({ name: d.name, folder: resolve(corpus, d.name) })))
  .sort((a, b) => a.name.localeCompare(b.name));
const wanted = folders.filter(({ name }) => halves.includes(evalHalf(`docx/${name}`)));
const missing = wanted.filter(({ folder }) => !existsSync(join(folder, 'paper.pdf')));
if (missing.length) printMissingPdfs(missing);
const rows: (CorpusEvalRow & { producer: string })[] = [];
for (const { name, folder } of wanted) {
  const half = evalHalf(`docx/${name}`);
  if (!existsSync(join(folder, 'paper.pdf'))) {
    console.log(`  skipped ${name}: no paper.pdf, and LibreOffice did not print one`);
    continue;
  }
  const source: Source = existsSync(join(folder, 'SOURCE.json')) ? (JSON.parse(readFileSync(join(folder, 'SOURCE.json'), 'utf8')) as Source) : {};
  const made = source.producer ?? '';
  // Word's own export, Word printed through Windows' PDF printer, and the rest by their maker.
  // LibreOffice is asked first: a Word manuscript re-exported by LibreOffice says both.
  const producer = /print to pdf/i.test(made) ? 'Word-printed' : /libreoffice|openoffice/i.test(made) ? 'LibreOffice' : /word/i.test(made) ? 'Word' : /google/i.test(made) ? 'Google-Docs' : made.split(/[\s;(]/)[0] || 'unknown';
  const truth = await docxTruth(new Uint8Array(readFileSync(join(folder, 'paper.docx'))));
  const started = performance.now();
  try {
    const extracted = await extractPdf(new Uint8Array(readFileSync(join(folder, 'paper.pdf'))), { reader: nodePdfReader });
    rows.push({ source: 'held-out', template: producer, half, producer, score: scorePdfAgainstHtml(name, truth, extracted, performance.now() - started) });
    if (show && half === 'dev' && name.includes(show)) printParagraphMisses(name, truth, extracted);
  } catch (error) {
    const titles = truth.sections.filter((s) => s.id !== 'abstract').length;
    rows.push({ source: 'held-out', template: producer, half, producer, score: failedRow(name, truth.paragraphs.length, titles, truth.references.length, performance.now() - started), error: error instanceof Error ? error.message : String(error) });
  }
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
const report: Record<string, unknown> = {};
for (const half of halves) {
  const group = rows.filter((r) => r.half === half);
  console.log(`\n== ${half} (${group.length} papers)`);
  console.log([pad('paper', 40), pad('producer', 12), pad('para F1', 9), pad('titles', 8), pad('refs', 8), pad('refs F1', 9), 'title'].join(''));
  for (const r of group) {
    const s = r.score;
    console.log([pad(s.paper.slice(0, 39), 40), pad(r.producer, 12), pad(s.paragraphs.f1, 9), pad(titleRecallCell(s), 8), pad(`${s.references.extracted}/${s.references.truth}`, 8), pad(s.references.f1, 9), s.metadata.title ? 'T' : '-', r.error ? `  ERROR ${r.error}` : ''].join(''));
  }
  const all = summarise(group);
  console.log(`mean: paragraphs ${all.paragraphF1}, titles ${all.sectionTitleRecall}, references ${all.referenceF1}, title ${all.metadataTitle}`);
  const producers = [...new Set(group.map((r) => r.producer))].sort();
  report[half] = { summary: all, byProducer: Object.fromEntries(producers.map((p) => [p, summarise(group.filter((r) => r.producer === p))])) };
}
console.log(JSON.stringify({ rows: rows.map((r) => ({ ...r.score, half: r.half, producer: r.producer, ...(r.error ? { error: r.error } : {}) })), ...report }, null, 2));
