/**
 * `npm run eval:pdf`: extract each paper.pdf and score it against the LaTeXML extraction of
 * the same paper's source (paragraphs, section titles, reference entries, citation links).
 *
 * Papers: the fixtures (../shared/fixtures/papers), the development corpus when there is one
 * (`--corpus <dir>`, VERBATIM_CORPUS, or ../corpus next to the project; see pdf-corpus.ts),
 * and extra "<paper.pdf> <paper.latexml.html>" pairs given as arguments (held out).
 *
 * Corpus papers are split into dev and test by the one seeded split (key: the folder's slug, or
 * for a transplant the slug of the paper it was compiled from):
 * tune on dev, report test. `--half dev` (or test) extracts only that half. Each half gets its
 * own table, per-template means, and the list of papers with a bibliography but no extracted
 * reference. The exit code follows the fixture targets only (the corpus is for measuring).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { extractLatexml } from '../../shared/extract/latexml';
import type { Paper } from '../../shared/model/paper';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { extractPdf } from '../../shared/pdf/extract-pdf';
import { nodePdfReader } from '../../cli/pdf-node';
import { PAPERS_ROOT, PROJECT_ROOT } from '../fixture-papers';
import { scorePdfAgainstHtml } from './pdf-eval';
import { evalHalf, requestedHalves, type EvalHalf } from './split';
import { listCorpusPapers, papersWithoutExtractedReferences, resolveCorpusDir, splitKeyOf, summarise, summariseByTemplate, titleRecallCell, type CorpusEvalRow, type RowSource } from './pdf-corpus';

/** Templates of the fixture papers (from the fixtures' README), for the per-template means. */
const FIXTURE_TEMPLATES: Record<string, string> = {
  'qroute-gnn-mcts-revtex': 'revtex4-2',
  'cscw-paper-lengths-acmsmall': 'acmart-acmsmall',
  'author-disambiguation-natbib': 'article',
};

interface Job {
  name: string;
  pdf: string;
  html: string;
  source: RowSource;
  template: string;
  half: EvalHalf;
  /** The corpus paper's meta.json says its PDF prints no resolved citation (linksNotScored). */
  linksNotScored?: boolean;
}

const argv = process.argv.slice(2);
const halves = requestedHalves(argv);
const corpusDir = resolveCorpusDir(argv, process.env, PROJECT_ROOT);
// Positional arguments are extra pdf/html pairs; flags and their values are not.
const positional = argv.filter((a, i) => !a.startsWith('--') && !['--corpus', '--half'].includes(argv[i - 1] ?? ''));

const jobs: Job[] = readdirSync(PAPERS_ROOT)
  .sort()
  .filter((f) => existsSync(join(PAPERS_ROOT, f, 'paper.latexml.html')) && existsSync(join(PAPERS_ROOT, f, 'paper.pdf')))
  .map((f) => ({ name: f, pdf: join(PAPERS_ROOT, f, 'paper.pdf'), html: join(PAPERS_ROOT, f, 'paper.latexml.html'), source: 'fixture' as const, template: FIXTURE_TEMPLATES[f] ?? 'fixture', half: evalHalf(f) }));
if (corpusDir) {
  const listing = listCorpusPapers(corpusDir);
  console.log(`corpus: ${corpusDir} (${listing.papers.length} papers; halves: ${halves.join(', ')})`);
  for (const s of listing.skipped) console.log(`  skipped ${s.folder}: ${s.reason}`);
  for (const p of listing.papers) {
    const half = evalHalf(splitKeyOf(p.meta));
    if (halves.includes(half)) jobs.push({ name: p.slug, pdf: p.pdf, html: p.html, source: 'corpus', template: p.meta.template, half, linksNotScored: p.meta.linksNotScored !== undefined });
  }
} else {
  console.log('corpus: none (give --corpus <dir> or VERBATIM_CORPUS); fixtures only');
}
for (let i = 0; i + 1 < positional.length; i += 2) {
  const name = `held-out:${basename(dirname(positional[i]!))}`;
  jobs.push({ name, pdf: positional[i]!, html: positional[i + 1]!, source: 'held-out', template: 'held-out', half: evalHalf(name) });
}

const rows: CorpusEvalRow[] = [];
for (const job of jobs) {
  let truth: Paper;
  try {
    truth = extractLatexml(parseHtmlWithLinkedom(readFileSync(job.html, 'utf8')));
  } catch (error) {
    // Without readable ground truth there is nothing to score against: say so and go on.
    console.log(`  skipped ${job.name}: its LaTeXML file has no paper in it (${error instanceof Error ? error.message : String(error)})`);
    continue;
  }
  const started = performance.now();
  try {
    const extracted = await extractPdf(new Uint8Array(readFileSync(job.pdf)), { reader: nodePdfReader });
    const score = scorePdfAgainstHtml(job.name, truth, extracted, performance.now() - started);
    // A PDF that prints its citations unresolved has no link to read: its links are left out of the means (truth 0).
    if (job.linksNotScored) score.citationLinks = { truth: 0, correct: 0, accuracy: 0 };
    rows.push({ source: job.source, template: job.template, half: job.half, score });
  } catch (error) {
    // A paper the extractor cannot read scores zero (against its full truth) rather than vanishing.
    const empty = { ...truth, sections: [], paragraphs: [], references: [] };
    rows.push({ source: job.source, template: job.template, half: job.half, score: scorePdfAgainstHtml(job.name, truth, empty, performance.now() - started), error: error instanceof Error ? error.message : String(error) });
  }
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
function printRows(title: string, group: readonly CorpusEvalRow[]): void {
  if (!group.length) return;
  console.log(`\n== ${title} (${group.length} papers)`);
  console.log([pad('paper', 34), pad('template', 18), pad('half', 6), pad('para P', 8), pad('para R', 8), pad('para F1', 9), pad('titles', 8), pad('refs', 9), pad('refs P', 8), pad('refs R', 8), pad('refs F1', 9), pad('links', 8), pad('meta', 6), 'ms'].join(''));
  for (const { score: r, template, half, error } of group) {
    const refs = `${r.references.extracted}/${r.references.truth}`;
    console.log([pad(r.paper, 34), pad(template, 18), pad(half, 6), pad(r.paragraphs.precision, 8), pad(r.paragraphs.recall, 8), pad(r.paragraphs.f1, 9), pad(titleRecallCell(r), 8), pad(refs, 9), pad(r.references.precision, 8), pad(r.references.recall, 8), pad(r.references.f1, 9), pad(r.citationLinks.accuracy, 8), pad(`${r.metadata.title ? 'T' : '-'}${r.metadata.firstAuthor === null ? '?' : r.metadata.firstAuthor ? 'A' : '-'}`, 6), r.ms, error ? `  ERROR ${error}` : ''].join(''));
  }
  const all = summarise(group);
  console.log([pad('mean', 58), pad('', 16), pad(all.paragraphF1, 9), pad(all.sectionTitleRecall, 8), pad('', 25), pad(all.referenceF1, 9), pad(all.citationLinkAccuracy, 8), pad('', 6), all.meanMs].join(''));
  console.log(`metadata from the PDF: title ${all.metadataTitle}, first author ${all.metadataFirstAuthor}`);
}
function printTemplates(title: string, group: readonly CorpusEvalRow[]): void {
  if (!group.length) return;
  console.log(`\n-- ${title}: per-template means`);
  console.log([pad('template', 22), pad('papers', 8), pad('para F1', 9), pad('titles', 8), pad('refs F1', 9), pad('links', 8), 'ms'].join(''));
  for (const { template, summary: s } of summariseByTemplate(group)) {
    console.log([pad(template, 22), pad(s.papers, 8), pad(s.paragraphF1, 9), pad(s.sectionTitleRecall, 8), pad(s.referenceF1, 9), pad(s.citationLinkAccuracy, 8), s.meanMs].join(''));
  }
  const missing = papersWithoutExtractedReferences(group);
  console.log(`papers with a bibliography but zero extracted references: ${missing.length ? missing.map((r) => `${r.score.paper} (${r.score.references.truth} in truth)`).join(', ') : 'none'}`);
}

const fixtures = rows.filter((r) => r.source === 'fixture');
const corpusByHalf = Object.fromEntries(halves.map((h) => [h, rows.filter((r) => r.source === 'corpus' && r.half === h)])) as Partial<Record<EvalHalf, CorpusEvalRow[]>>;
const heldOut = rows.filter((r) => r.source === 'held-out');

printRows('fixtures', fixtures);
for (const half of halves) {
  printRows(`corpus ${half}`, corpusByHalf[half] ?? []);
  printTemplates(`corpus ${half}`, corpusByHalf[half] ?? []);
}
printRows('held out (arguments)', heldOut);

const fixtureSummary = summarise(fixtures);
const targets = {
  paragraphF1: fixtureSummary.paragraphF1 >= 0.9,
  sectionTitles: fixtureSummary.sectionTitleRecall >= 0.9,
  referenceF1: fixtureSummary.referenceF1 >= 0.95,
  citationLinks: fixtureSummary.citationLinkAccuracy >= 0.9,
};
const corpus = Object.fromEntries(
  halves.map((h) => {
    const group = corpusByHalf[h] ?? [];
    return [h, { summary: summarise(group), byTemplate: summariseByTemplate(group), papersWithoutExtractedReferences: papersWithoutExtractedReferences(group).map((r) => r.score.paper) }];
  }),
);
console.log(JSON.stringify({ rows: rows.map((r) => ({ ...r.score, source: r.source, template: r.template, half: r.half, ...(r.error ? { error: r.error } : {}) })), summary: fixtureSummary, targets, corpus, heldOut: heldOut.length ? summarise(heldOut) : undefined }, null, 2));
// Targets are the fixtures' regression floor; the corpus measures generalisation and never fails the run.
if (!Object.values(targets).every(Boolean)) process.exitCode = 1;
