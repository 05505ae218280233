/** Where the team's fixtures live (read in place, never copied) and which arXiv ids the stand-in serves them as. */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const FIXTURES_ROOT = process.env.VERBATIM_FIXTURES ?? resolve(PROJECT_ROOT, '..', 'shared', 'fixtures');
export const PAPERS_ROOT = join(FIXTURES_ROOT, 'papers');

export interface FixturePaper {
  folder: string;
  arxivId: string;
  version: string;
  /** False for papers arXiv has only as PDF (no LaTeXML HTML in the fixtures). */
  hasHtml: boolean;
  /** An older paper: no arxiv.org/html, but ar5iv serves the fixture's LaTeXML in its older form. */
  ar5iv?: boolean;
  /** A published DOI, for the abs page's "Related DOI" row (stand-in data, not the real paper's). */
  doi?: string;
  /** The stand-in waits this long before answering, so tests can overlap two saves. */
  slowMs?: number;
  /** Abs-page metadata for papers with no HTML to read it from (from the fixtures README). */
  title?: string;
  authors?: string[];
  /** The abs page links the HTML full text with a trailing slash, which the stand-in redirects (a redirect within arXiv). */
  htmlLinkRedirects?: boolean;
}

/** Ids from the fixtures' README. */
export const FIXTURE_PAPERS: FixturePaper[] = [
  { folder: 'qroute-gnn-mcts-revtex', arxivId: '2104.01180', version: 'v1', hasHtml: true },
  { folder: 'author-disambiguation-natbib', arxivId: '1508.07744', version: 'v1', hasHtml: true },
  // An old-style id, to exercise that path end to end (the stand-in serves the CSCW fixture under it).
  { folder: 'cscw-paper-lengths-acmsmall', arxivId: 'cs/0112017', version: 'v1', hasHtml: true },
  // A slow server for the same paper under another id, to overlap two saves.
  { folder: 'author-disambiguation-natbib', arxivId: '0001.00005', version: 'v1', hasHtml: true, slowMs: 1500 },
  // The same paper again, whose full text is reached through a redirect that stays on arXiv.
  { folder: 'cscw-paper-lengths-acmsmall', arxivId: '0001.00008', version: 'v1', hasHtml: true, htmlLinkRedirects: true },
  // An older paper arxiv.org/html does not have; ar5iv.labs.arxiv.org serves it (tools/ar5iv-form.ts).
  { folder: 'qroute-gnn-mcts-revtex', arxivId: '1801.00001', version: 'v1', hasHtml: false, ar5iv: true },
  { folder: 'xai-misconceptions-ccby', arxivId: '1810.02909', version: 'v1', hasHtml: false, title: 'On Explainable Machine Learning Misconceptions & A More Human-Centered Machine Learning', authors: ['Patrick Hall'] },
  { folder: 'alce-paper', arxivId: '2305.14627', version: 'v1', hasHtml: false, title: 'Enabling Large Language Models to Generate Text with Citations', authors: ['Tianyu Gao', 'Howard Yen', 'Jiatong Yu', 'Danqi Chen'] },
];

/** The paper `npm start` opens: MIT-licensed, numeric citations, two columns. */
export const SAMPLE_PAPER = FIXTURE_PAPERS[0]!;

export function fixturePath(folder: string, file: string): string {
  return join(PAPERS_ROOT, folder, file);
}

export function fixturesAvailable(): boolean {
  return existsSync(PAPERS_ROOT);
}
