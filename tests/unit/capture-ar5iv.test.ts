import { describe, expect, it } from 'vitest';
import { capturePaper, type CaptureStage } from '../../shared/capture/capture-paper';
import { createTextFetcher, type FetchFunction } from '../../shared/capture/fetch-text';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import type { PdfTextReader } from '../../shared/pdf/pdf-text';
import { toAr5ivForm } from '../../tools/ar5iv-form';
import { absPage } from '../../tools/arxiv-standin';
import { fixtureHtml, fixturePaper } from '../support/fixtures';

const INFO = { title: 'Qubit Routing using Graph Neural Network aided Monte Carlo Tree Search', authors: ['Animesh Sinha', 'Utkarsh Azad', 'Harjinder Singh'], abstract: 'Near-term quantum hardware…' };
const abs = 'https://arxiv.org/abs/1801.00001';
const html = 'https://arxiv.org/html/1801.00001v1';
const ar5iv = 'https://ar5iv.labs.arxiv.org/html/1801.00001';
const pdf = 'https://arxiv.org/pdf/1801.00001v1';

/** Answers from a table of URL -> (status, body); anything else is a network error. */
function fakeFetch(routes: Record<string, [number, string]>): FetchFunction & { calls: string[] } {
  const calls: string[] = [];
  const fn = (async (url: string) => {
    calls.push(url);
    const route = routes[url];
    if (!route) throw new TypeError('Failed to fetch');
    return new Response(route[1], { status: route[0], headers: { 'content-type': 'text/html' } });
  }) as FetchFunction & { calls: string[] };
  fn.calls = calls;
  return fn;
}

/** A PDF reader that must not be reached before the PDF bytes are fetched. */
const unusedPdfReader = { open: () => { throw new Error('the PDF was not to be read'); } } as unknown as PdfTextReader;

async function captureWithStages(url: string, fetch: FetchFunction, pdfReader?: PdfTextReader) {
  const stages: CaptureStage[] = [];
  const paper = await capturePaper(url, { fetcher: createTextFetcher(fetch), parseHtml: parseHtmlWithLinkedom, onProgress: (s) => stages.push(s), ...(pdfReader ? { pdfReader } : {}) });
  return { paper, stages };
}

describe('capturePaper through ar5iv', () => {
  const absHtml = absPage({ arxivId: '1801.00001', version: 'v1', hasHtml: false }, INFO);

  it('reads ar5iv\'s older LaTeXML when arxiv.org has no HTML, and says so in its stages', async () => {
    const fetch = fakeFetch({ [abs]: [200, absHtml], [html]: [404, 'No HTML'], [ar5iv]: [200, toAr5ivForm(fixtureHtml('qroute-gnn-mcts-revtex'), '1801.00001')] });
    const { paper, stages } = await captureWithStages(abs, fetch);
    expect(fetch.calls).toEqual([abs, html, ar5iv]);
    expect(stages).toEqual(['metadata', 'full-text', 'ar5iv', 'extracting']);
    expect(paper).toMatchObject({ arxivId: '1801.00001', version: 'v1', source: 'arxiv-html', title: INFO.title });
    // The same structure as the arxiv.org/html rendering of the same source.
    const modern = fixturePaper('qroute-gnn-mcts-revtex');
    expect(paper.sections.map((s) => s.title)).toEqual(modern.sections.map((s) => s.title));
    expect(paper.paragraphs.map((p) => p.text)).toEqual(modern.paragraphs.map((p) => p.text));
    expect(paper.references.map((r) => [r.id, r.label, r.raw])).toEqual(modern.references.map((r) => [r.id, r.label, r.raw]));
    expect(paper.paragraphs.flatMap((p) => p.citations)).toEqual(modern.paragraphs.flatMap((p) => p.citations));
  });

  it('goes on to the PDF when ar5iv has no page, an error page, or cannot be reached', async () => {
    for (const ar5ivRoute of [[404, 'Not found'], [200, '<html><body><h1>Conversion failed</h1></body></html>'], undefined] as const) {
      const routes: Record<string, [number, string]> = { [abs]: [200, absHtml], [html]: [404, 'No HTML'], [pdf]: [404, 'no PDF either'] };
      if (ar5ivRoute) routes[ar5iv] = [...ar5ivRoute];
      const fetch = fakeFetch(routes);
      // No PDF either: the error is still the first step's (no full text), after every step was tried in order.
      await expect(captureWithStages(abs, fetch, unusedPdfReader)).rejects.toMatchObject({ code: 'NO_FULL_TEXT' });
      expect(fetch.calls).toEqual([abs, html, ar5iv, pdf]);
    }
  });

  it('does not ask ar5iv when arxiv.org/html has the paper, nor when the user is reading the PDF', async () => {
    const fetch = fakeFetch({ [abs]: [200, absHtml], [html]: [200, fixtureHtml('qroute-gnn-mcts-revtex')] });
    await captureWithStages(abs, fetch);
    expect(fetch.calls).not.toContain(ar5iv);
    const fromPdfPage = fakeFetch({ [pdf]: [404, 'none'] });
    await expect(captureWithStages(pdf, fromPdfPage, unusedPdfReader)).rejects.toMatchObject({ code: 'NOT_A_PAPER' });
    expect(fromPdfPage.calls).not.toContain(ar5iv);
  });
});

describe('the ar5iv form of a LaTeXML file', () => {
  it('has the older markup: XHTML, div sections, ltx_bibtag labels, plain ltx_cite, ar5iv chrome', () => {
    const modern = fixtureHtml('author-disambiguation-natbib');
    const older = toAr5ivForm(modern, '1508.07744');
    expect(older.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    expect(older).toContain('<html xmlns="http://www.w3.org/1999/xhtml">');
    expect(older).not.toMatch(/<(section|article|figure|figcaption)[\s>]/);
    expect(older.match(/<div class="ltx_section"/g)?.length).toBe(modern.match(/<section class="ltx_section"/g)?.length);
    expect(older.match(/class="ltx_bibtag/g)?.length).toBe(modern.match(/ltx_tag_bibitem"/g)?.length);
    expect(older).not.toContain('ltx_citemacro_');
    expect(older).toContain('class="ar5iv-footer"');
    expect(older).not.toMatch(/<br>|<img [^>]*[^/]>/);
  });
});
