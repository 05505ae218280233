/**
 * `npm run eval:html`: LaTeXML extraction quality on every fixture paper.latexml.html.
 * Per paper: sections, paragraphs, references (against the ltx_bibitem count in the
 * raw HTML), citations linked and unresolved (against the raw anchors), LaTeX residue.
 * Prints a table, then a JSON summary; exits 1 when a target is missed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractLatexml } from '../../shared/extract/latexml';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { PAPERS_ROOT } from '../fixture-papers';

interface Row {
  paper: string;
  sections: number;
  paragraphs: number;
  bibitems: number;
  references: number;
  citationAnchors: number;
  citationsLinked: number;
  citationsUnresolved: number;
  residueParagraphs: number;
  ms: number;
}

const RESIDUE = /\\[a-zA-Z]+|\$/;
const folders = readdirSync(PAPERS_ROOT).filter((f) => existsSync(join(PAPERS_ROOT, f, 'paper.latexml.html'))).sort();
const rows: Row[] = folders.map((folder) => {
  const html = readFileSync(join(PAPERS_ROOT, folder, 'paper.latexml.html'), 'utf8');
  const started = performance.now();
  const paper = extractLatexml(parseHtmlWithLinkedom(html));
  const ms = performance.now() - started;
  const anchorIds = [...html.matchAll(/<cite class="ltx_cite[^"]*">([\s\S]*?)<\/cite>/g)].flatMap((m) => [...new Set([...m[1]!.matchAll(/href="#(bib\.bib\d+)"/g)].map((a) => a[1]))]);
  const known = new Set(paper.references.map((r) => r.id));
  const linked = paper.paragraphs.flatMap((p) => p.citations).flatMap((c) => c.referenceIds).filter((id) => known.has(id)).length;
  return {
    paper: folder,
    sections: paper.sections.length,
    paragraphs: paper.paragraphs.length,
    bibitems: (html.match(/class="ltx_bibitem/g) ?? []).length,
    references: paper.references.length,
    citationAnchors: anchorIds.length,
    citationsLinked: linked,
    citationsUnresolved: anchorIds.length - linked,
    // Verbatim-typeset regexes (\texttt) are the paper's content; everything else counts.
    residueParagraphs: paper.paragraphs.filter((p) => p.kind !== 'equation' && RESIDUE.test(p.text) && !/\^\[\^a-zA-Z\]/.test(p.text)).length,
    ms: Math.round(ms),
  };
});

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log([pad('paper', 32), pad('sect', 5), pad('para', 5), pad('bib', 5), pad('refs', 5), pad('cites', 6), pad('linked', 7), pad('unres', 6), pad('residue', 8), 'ms'].join(''));
for (const r of rows) {
  console.log([pad(r.paper, 32), pad(r.sections, 5), pad(r.paragraphs, 5), pad(r.bibitems, 5), pad(r.references, 5), pad(r.citationAnchors, 6), pad(r.citationsLinked, 7), pad(r.citationsUnresolved, 6), pad(r.residueParagraphs, 8), r.ms].join(''));
}
const totals = {
  papers: rows.length,
  bibitemsCaptured: rows.reduce((n, r) => n + r.references, 0) / Math.max(1, rows.reduce((n, r) => n + r.bibitems, 0)),
  citationsResolved: rows.reduce((n, r) => n + r.citationsLinked, 0) / Math.max(1, rows.reduce((n, r) => n + r.citationAnchors, 0)),
  residueParagraphs: rows.reduce((n, r) => n + r.residueParagraphs, 0),
};
const targets = { bibitemsCaptured: totals.bibitemsCaptured === 1, citationsResolved: totals.citationsResolved >= 0.99, noResidue: totals.residueParagraphs === 0 };
console.log(JSON.stringify({ rows, totals, targets }, null, 2));
if (!Object.values(targets).every(Boolean)) process.exitCode = 1;
