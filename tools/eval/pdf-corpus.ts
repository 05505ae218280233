/**
 * The development corpus for `npm run eval:pdf`: folders of arXiv-like papers, each with the
 * authors' compiled PDF, its LaTeX source and the LaTeXML conversion of that source (the
 * ground truth), kept outside git (see tools/eval/build-corpus-truth.sh and
 * tools/eval/corpus-manifest.json). This module finds the corpus, reads each folder's
 * meta.json through a schema, and aggregates scored rows per template and per half.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as v from 'valibot';
import { r3 } from './qa-metrics';
import type { EvalHalf } from './split';
import type { PdfEvalRow } from './pdf-eval';

export const CITATION_STYLES = ['numeric', 'author-year', 'alpha', 'superscript'] as const;

/** One corpus folder's meta.json (written when the corpus is built; see the manifest). */
export const CorpusMetaSchema = v.object({
  slug: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]*$/, 'a slug is lower-case letters, digits and dashes')),
  title: v.pipe(v.string(), v.minLength(1)),
  /** A short template id (e.g. `revtex4-1`, `elsarticle`, `llncs`): rows are grouped by it. */
  template: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9.+-]*$/, 'a template id is short and lower-case')),
  citationStyle: v.picklist(CITATION_STYLES),
  repo: v.pipe(v.string(), v.regex(/^[\w.-]+\/[\w.-]+$/, 'repo is owner/name')),
  commit: v.pipe(v.string(), v.regex(/^[0-9a-f]{40}$/, 'commit is a full 40-digit hash')),
  texPath: v.pipe(v.string(), v.minLength(1)),
  pdfPath: v.pipe(v.string(), v.minLength(1)),
  licence: v.pipe(v.string(), v.minLength(1)),
  notes: v.optional(v.string()),
  latexmlExclude: v.optional(v.array(v.string())),
  latexmlDropPackages: v.optional(v.array(v.string())),
  latexmlStubs: v.optional(v.array(v.string())),
  /**
   * Set on a transplant (tools/eval/transplant.ts): a corpus paper's source compiled here under
   * another document class. It names the paper it came from, whose half it shares, so a text
   * tuned on in one half never turns up in the other.
   */
  derivedFrom: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]*$/))),
  /** Why the paper is not scored although it has ground truth (the PDF does not match its source, LaTeXML lost part of it). */
  notScored: v.optional(v.pipe(v.string(), v.minLength(1))),
  /** Why the paper's citation links are not scored: its PDF prints every citation unresolved ("[?]", "(??)"), so no link can be read. */
  linksNotScored: v.optional(v.pipe(v.string(), v.minLength(1))),
});
export type CorpusMeta = v.InferOutput<typeof CorpusMetaSchema>;

/** A corpus folder's meta.json, read through the schema (throws on a missing or invalid file). */
export function readCorpusMeta(folder: string): CorpusMeta {
  return v.parse(CorpusMetaSchema, JSON.parse(readFileSync(join(folder, 'meta.json'), 'utf8')));
}

/** The key a corpus paper is split by: its own slug, or the slug of the paper it was transplanted from. */
export const splitKeyOf = (meta: Pick<CorpusMeta, 'slug' | 'derivedFrom'>): string => meta.derivedFrom ?? meta.slug;

/** tools/eval/corpus-manifest.json: every corpus paper's meta.json plus the repository folder copied into source/. */
export const CorpusManifestSchema = v.object({
  description: v.string(),
  papers: v.array(v.object({ ...CorpusMetaSchema.entries, sourceDir: v.pipe(v.string(), v.minLength(1)) })),
});

export interface CorpusPaper {
  slug: string;
  pdf: string;
  html: string;
  meta: CorpusMeta;
}

export interface CorpusListing {
  papers: CorpusPaper[];
  /** Folders left out, and why (missing files, a meta.json that fails the schema, not ready). */
  skipped: { folder: string; reason: string }[];
}

/**
 * `--corpus <dir>`, else VERBATIM_CORPUS, else `../corpus` next to the project when it exists
 * (so /work/main finds /work/corpus). Undefined: no corpus, fixtures only.
 */
export function resolveCorpusDir(argv: readonly string[], env: Record<string, string | undefined>, projectRoot: string): string | undefined {
  const index = argv.indexOf('--corpus');
  if (index >= 0 && argv[index + 1]) return resolve(argv[index + 1]!);
  if (env.VERBATIM_CORPUS) return resolve(env.VERBATIM_CORPUS);
  const sibling = resolve(projectRoot, '..', 'corpus');
  return existsSync(sibling) ? sibling : undefined;
}

/** Slugs listed in READY.txt (one a line, `#` comments), or undefined when there is no READY.txt. */
export function readReadyList(corpusDir: string): Set<string> | undefined {
  const file = join(corpusDir, 'READY.txt');
  if (!existsSync(file)) return undefined;
  const slugs = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line.length > 0);
  return new Set(slugs);
}

/**
 * Every complete folder: paper.pdf, paper.latexml.html and a valid meta.json whose slug is the
 * folder's name. When READY.txt exists only the folders it lists are used, so a folder still
 * being built (or whose ground truth failed review) is never scored.
 */
export function listCorpusPapers(corpusDir: string): CorpusListing {
  const ready = readReadyList(corpusDir);
  const papers: CorpusPaper[] = [];
  const skipped: CorpusListing['skipped'] = [];
  const folders = readdirSync(corpusDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  for (const folder of folders) {
    const dir = join(corpusDir, folder);
    const pdf = join(dir, 'paper.pdf');
    const html = join(dir, 'paper.latexml.html');
    const metaFile = join(dir, 'meta.json');
    const missing = [pdf, html, metaFile].filter((f) => !existsSync(f)).map((f) => f.slice(dir.length + 1));
    if (missing.length) {
      skipped.push({ folder, reason: `missing ${missing.join(', ')}` });
      continue;
    }
    if (ready && !ready.has(folder)) {
      skipped.push({ folder, reason: 'not listed in READY.txt' });
      continue;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(metaFile, 'utf8'));
    } catch {
      skipped.push({ folder, reason: 'meta.json is not JSON' });
      continue;
    }
    const parsed = v.safeParse(CorpusMetaSchema, raw);
    if (!parsed.success) {
      skipped.push({ folder, reason: `meta.json: ${parsed.issues.map((i) => i.message).join('; ')}` });
      continue;
    }
    if (parsed.output.slug !== folder) {
      skipped.push({ folder, reason: `meta.json slug "${parsed.output.slug}" is not the folder name` });
      continue;
    }
    if (parsed.output.notScored) {
      skipped.push({ folder, reason: `not scored: ${parsed.output.notScored}` });
      continue;
    }
    papers.push({ slug: folder, pdf, html, meta: parsed.output });
  }
  return { papers, skipped };
}

export type RowSource = 'fixture' | 'corpus' | 'held-out';

/** A scored paper with where it comes from, its template and its half. */
export interface CorpusEvalRow {
  source: RowSource;
  template: string;
  half: EvalHalf;
  score: PdfEvalRow;
  /** Set when extraction threw: the paper then scores zero everywhere. */
  error?: string;
}

export interface ScoreSummary {
  papers: number;
  paragraphF1: number;
  sectionTitleRecall: number;
  referenceF1: number;
  citationLinkAccuracy: number;
  /** Share of papers whose PDF gives the source's title, and (of those with a usable one) its first author. */
  metadataTitle: number;
  metadataFirstAuthor: number;
  meanMs: number;
}


/** Whether a row has section titles to score: a ground truth with none (a letter) has no title recall. */
const titlesScored = (score: PdfEvalRow): boolean => score.sectionTitles.truth > 0;

/**
 * Means over the papers. A paper with no bibliography in its ground truth and none extracted has no
 * reference score, one whose ground truth links no citation has no link score, and one whose ground
 * truth has no section title (a letter) has no title score: they are left out of those means rather
 * than counted as 0.
 */
export function summarise(rows: readonly CorpusEvalRow[]): ScoreSummary {
  const mean = (f: (r: PdfEvalRow) => number, scored: (r: PdfEvalRow) => boolean = () => true) => {
    const kept = rows.filter((r) => scored(r.score));
    return r3(kept.reduce((n, r) => n + f(r.score), 0) / Math.max(1, kept.length));
  };
  return {
    papers: rows.length,
    paragraphF1: mean((r) => r.paragraphs.f1),
    sectionTitleRecall: mean((r) => r.sectionTitles.recall, titlesScored),
    referenceF1: mean((r) => r.references.f1, (r) => r.references.truth > 0 || r.references.extracted > 0),
    citationLinkAccuracy: mean((r) => r.citationLinks.accuracy, (r) => r.citationLinks.truth > 0),
    metadataTitle: mean((r) => (r.metadata.title ? 1 : 0)),
    metadataFirstAuthor: mean((r) => (r.metadata.firstAuthor ? 1 : 0), (r) => r.metadata.firstAuthor !== null),
    meanMs: Math.round(rows.reduce((n, r) => n + r.score.ms, 0) / Math.max(1, rows.length)),
  };
}

/** A row's title recall as printed: "-" where nothing is scored. */
export function titleRecallCell(score: PdfEvalRow): number | string {
  return titlesScored(score) ? score.sectionTitles.recall : '-';
}

/** Means per template, templates in name order. */
export function summariseByTemplate(rows: readonly CorpusEvalRow[]): { template: string; summary: ScoreSummary }[] {
  const groups = new Map<string, CorpusEvalRow[]>();
  for (const row of rows) groups.set(row.template, [...(groups.get(row.template) ?? []), row]);
  return [...groups.keys()].sort().map((template) => ({ template, summary: summarise(groups.get(template)!) }));
}

/** Papers whose ground truth has a bibliography but whose PDF extraction found no reference at all. */
export function papersWithoutExtractedReferences(rows: readonly CorpusEvalRow[]): CorpusEvalRow[] {
  return rows.filter((r) => r.score.references.truth > 0 && r.score.references.extracted === 0);
}

/** A zero row for a paper whose extraction failed, so it counts against the means instead of vanishing. */
export function failedRow(paper: string, truthParagraphs: number, truthTitles: number, truthReferences: number, ms: number): PdfEvalRow {
  return {
    paper,
    paragraphs: { truth: truthParagraphs, extracted: 0, found: 0, correct: 0, precision: 0, recall: 0, f1: 0 },
    sectionTitles: { truth: truthTitles, found: 0, recall: 0 },
    references: { truth: truthReferences, extracted: 0, matched: 0, precision: 0, recall: 0, f1: 0 },
    citationLinks: { truth: 0, correct: 0, accuracy: 0 },
    metadata: { title: false, firstAuthor: null },
    ms: Math.round(ms),
  };
}
