/**
 * The seeded fuzz cases: damaged fixture PDFs and pages, hostile HTML and JSON. Cases
 * are generated one at a time (a generator), so a full run never holds them all.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportLibraryBundle } from '../../shared/library/library-bundle';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { importDocument } from '../../shared/library/import-document';
import { libraryIdFor, type LibraryPaper, type Paper } from '../../shared/model/paper';
import { answerExtractively, LibrarySnapshot } from '../../shared/answer/extractive';
import { SeededRandom } from './random';
import { damagePdf, type PdfDamage } from './hostile-pdf';
import { corruptText, deeplyNestedHtml, hostileLinksHtml, hugeBibliographyHtml, tagSoupHtml } from './hostile-html';
import { fixedHostileJson, mutateJson } from './hostile-json';

/** What a case is fed to: a paper file (the CLI's readPaperBytes), a library bundle, or a pasted answer. */
export type FuzzEntry = 'paper-file' | 'bundle' | 'answer';

export interface FuzzCase {
  name: string;
  entry: FuzzEntry;
  fileName: string;
  bytes: Uint8Array;
}

export interface FuzzSize {
  pdfFixtures: number;
  pdfDamagesPerFixture: number;
  htmlDamagesPerFixture: number;
  tagSoups: number;
  nestingDepths: number[];
  bibliographySizes: number[];
  paperMutations: number;
  bundleMutations: number;
  answerMutations: number;
}

export const SMALL: FuzzSize = {
  pdfFixtures: 1, pdfDamagesPerFixture: 2, htmlDamagesPerFixture: 2, tagSoups: 5, nestingDepths: [2_000],
  bibliographySizes: [1_000], paperMutations: 20, bundleMutations: 5, answerMutations: 5,
};

export const FULL: FuzzSize = {
  pdfFixtures: 5, pdfDamagesPerFixture: 15, htmlDamagesPerFixture: 10, tagSoups: 30, nestingDepths: [10_000, 20_000],
  bibliographySizes: [10_000, 50_000], paperMutations: 100, bundleMutations: 25, answerMutations: 25,
};

const encoder = new TextEncoder();
const text = (name: string, entry: FuzzEntry, fileName: string, content: string): FuzzCase => ({ name, entry, fileName, bytes: encoder.encode(content) });

/** Fixture folders, smallest PDF first, so a small run uses the quickest paper. */
function fixtureFolders(root: string): string[] {
  const folders = readdirSync(join(root, 'papers')).map((d) => join(root, 'papers', d));
  const size = (folder: string) => (existsSync(join(folder, 'paper.pdf')) ? readFileSync(join(folder, 'paper.pdf')).length : Number.MAX_SAFE_INTEGER);
  return folders.sort((a, b) => size(a) - size(b));
}

export function* fuzzCases(seed: number, size: FuzzSize, fixturesRoot: string): Generator<FuzzCase> {
  const random = new SeededRandom(seed);
  const folders = fixtureFolders(fixturesRoot);
  const damages: PdfDamage[] = ['flip', 'truncate', 'zero-block'];

  for (const folder of folders.filter((f) => existsSync(join(f, 'paper.pdf'))).slice(0, size.pdfFixtures)) {
    const pdf = new Uint8Array(readFileSync(join(folder, 'paper.pdf')));
    for (let i = 0; i < size.pdfDamagesPerFixture; i++) {
      const damage = damages[i % damages.length]!;
      yield { name: `pdf-${damage}`, entry: 'paper-file', fileName: 'paper.pdf', bytes: damagePdf(random, pdf, damage) };
    }
  }

  const htmlFolders = folders.filter((f) => existsSync(join(f, 'paper.latexml.html')));
  for (const folder of htmlFolders.slice(0, Math.max(1, size.pdfFixtures))) {
    const html = readFileSync(join(folder, 'paper.latexml.html'), 'utf8');
    for (let i = 0; i < size.htmlDamagesPerFixture; i++) {
      const mode = i % 2 === 0 ? 'flip' : 'truncate';
      yield text(`html-${mode}`, 'paper-file', 'paper.html', corruptText(random, html, mode));
    }
  }
  for (let i = 0; i < size.tagSoups; i++) yield text('html-tag-soup', 'paper-file', 'soup.html', tagSoupHtml(random, 50 + random.below(2_000)));
  for (const depth of size.nestingDepths) {
    for (const kind of ['block', 'inline', 'cite', 'note', 'section'] as const) yield text(`html-nested-${kind}`, 'paper-file', 'nested.html', deeplyNestedHtml(depth, kind));
  }
  for (const entries of size.bibliographySizes) yield text('html-huge-bibliography', 'paper-file', 'bib.html', hugeBibliographyHtml(entries));
  yield text('html-hostile-links', 'paper-file', 'links.html', hostileLinksHtml());

  // Hostile JSON starts from a real paper, so mutations reach deep fields.
  const seedHtml = readFileSync(join(htmlFolders[0]!, 'paper.latexml.html'), 'utf8');
  const paper: Paper = { ...importDocument('paper.html', seedHtml, parseHtmlWithLinkedom), arxivId: '2104.01180', version: 'v1' };
  const valid = JSON.parse(JSON.stringify(paper)) as Parameters<typeof mutateJson>[1];
  for (let i = 0; i < size.paperMutations; i++) yield text('json-paper-mutation', 'paper-file', 'paper.json', mutateJson(random, valid));
  for (const fixed of fixedHostileJson()) yield text(fixed.name, 'paper-file', 'paper.json', fixed.text);

  const saved: LibraryPaper = { ...paper, id: libraryIdFor(paper), savedAt: '2026-01-01T00:00:00.000Z' };
  const bundle = JSON.parse(JSON.stringify(exportLibraryBundle([saved], '2026-01-01T00:00:00.000Z'))) as Parameters<typeof mutateJson>[1];
  for (let i = 0; i < size.bundleMutations; i++) yield text('json-bundle-mutation', 'bundle', 'library.json', mutateJson(random, bundle));

  const answer = answerExtractively('What does the graph neural network evaluate?', LibrarySnapshot.fromPapers([saved]));
  const validAnswer = JSON.parse(JSON.stringify(answer)) as Parameters<typeof mutateJson>[1];
  for (let i = 0; i < size.answerMutations; i++) yield text('json-answer-mutation', 'answer', 'answer.json', mutateJson(random, validAnswer));
}
