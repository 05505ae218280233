/**
 * LaTeXML extraction measured against the raw HTML it came from: every ltx_bibitem
 * should become a reference, every citation anchor a link, and no LaTeX should leak
 * into prose. Used by `npm run eval:html` and by the e2e save test.
 */
import { readFileSync } from 'node:fs';
import { extractLatexml } from '../../shared/extract/latexml';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';

export interface HtmlEvalRow {
  paper: string;
  sections: number;
  paragraphs: number;
  bibitems: number;
  references: number;
  citations: number;
  citationAnchors: number;
  citationsLinked: number;
  citationsUnresolved: number;
  /** Citation anchors inside tables: a table is not kept as a passage, so these are not linked. */
  citationAnchorsInTables: number;
  residueParagraphs: number;
  ms: number;
}

const RESIDUE = /\\[a-zA-Z]+|\$/;

export function evaluateHtml(name: string, htmlPath: string): HtmlEvalRow {
  return evaluateHtmlText(name, readFileSync(htmlPath, 'utf8'));
}

export function evaluateHtmlText(name: string, html: string): HtmlEvalRow {
  const started = performance.now();
  const paper = extractLatexml(parseHtmlWithLinkedom(html));
  const ms = performance.now() - started;
  // Each distinct entry a <cite> links to counts once (a repeated key in one \cite is one link).
  const anchorsIn = (text: string) => [...text.matchAll(/<cite class="ltx_cite[^"]*">([\s\S]*?)<\/cite>/g)].flatMap((m) => [...new Set([...m[1]!.matchAll(/href="#(bib\.bib\d+)"/g)].map((a) => a[1]))]);
  const anchorIds = anchorsIn(html);
  const inTables = [...html.matchAll(/<table[\s\S]*?<\/table>/g)].reduce((n, m) => n + anchorsIn(m[0]).length, 0);
  const known = new Set(paper.references.map((r) => r.id));
  const linked = paper.paragraphs.flatMap((p) => p.citations).flatMap((c) => c.referenceIds).filter((id) => known.has(id)).length;
  return {
    paper: name,
    sections: paper.sections.length,
    paragraphs: paper.paragraphs.length,
    bibitems: (html.match(/class="ltx_bibitem/g) ?? []).length,
    references: paper.references.length,
    citations: paper.paragraphs.reduce((n, p) => n + p.citations.length, 0),
    citationAnchors: anchorIds.length,
    citationsLinked: linked,
    citationsUnresolved: anchorIds.length - linked,
    citationAnchorsInTables: inTables,
    // Verbatim-typeset regexes (\texttt) are the paper's content; everything else counts.
    residueParagraphs: paper.paragraphs.filter((p) => p.kind !== 'equation' && RESIDUE.test(p.text) && !/\^\[\^a-zA-Z\]/.test(p.text)).length,
    ms: Math.round(ms),
  };
}
