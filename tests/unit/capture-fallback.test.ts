import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodePdfReader } from '../../cli/pdf-node';
import { capturePaper } from '../../shared/capture/capture-paper';
import { createTextFetcher, type FetchFunction } from '../../shared/capture/fetch-text';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { absPage } from '../../tools/arxiv-standin';
import { fixturePath } from '../../tools/fixture-papers';

const INFO = { title: 'Qubit Routing using Graph Neural Network aided Monte Carlo Tree Search', authors: ['Animesh Sinha'], abstract: 'Near-term quantum hardware…' };
const abs = 'https://arxiv.org/abs/2104.01180';
const html = 'https://arxiv.org/html/2104.01180v1';
const pdf = 'https://arxiv.org/pdf/2104.01180v1';
// ar5iv is tried between arxiv.org/html and the PDF; the stand-in route table has no ar5iv page, so it misses.
const ar5iv = 'https://ar5iv.labs.arxiv.org/html/2104.01180';

function routes(htmlResponse: () => Response): FetchFunction & { calls: string[] } {
  const calls: string[] = [];
  const table: Record<string, () => Response> = {
    [abs]: () => new Response(absPage({ arxivId: '2104.01180', version: 'v1', hasHtml: true }, INFO), { headers: { 'content-type': 'text/html' } }),
    [html]: htmlResponse,
    [pdf]: () => new Response(readFileSync(fixturePath('qroute-gnn-mcts-revtex', 'paper.pdf')), { headers: { 'content-type': 'application/pdf' } }),
  };
  const fetch = (async (url: string) => {
    calls.push(url);
    const route = table[url];
    if (!route) throw new TypeError('Failed to fetch');
    return route();
  }) as FetchFunction & { calls: string[] };
  fetch.calls = calls;
  return fetch;
}

// Each case reads a whole PDF with pdf.js: seconds, more on a loaded machine.
describe('full text that is not HTML', { timeout: 60_000 }, () => {
  it.each([
    ['an empty body', () => new Response('', { headers: { 'content-type': 'text/html' } })],
    ['a blank body', () => new Response(' \n\t ', { headers: { 'content-type': 'text/html' } })],
    ['a JSON body', () => new Response('{"error":"not ready"}', { headers: { 'content-type': 'application/json' } })],
    ['a PDF body', () => new Response('%PDF-1.5 …', { headers: { 'content-type': 'application/pdf' } })],
  ])('falls back to the PDF after %s', async (_name, htmlResponse) => {
    const fetch = routes(htmlResponse);
    const paper = await capturePaper(abs, { fetcher: createTextFetcher(fetch), parseHtml: parseHtmlWithLinkedom, pdfReader: nodePdfReader });
    expect(fetch.calls).toEqual([abs, html, ar5iv, pdf]);
    expect(paper.source).toBe('pdf');
    expect(paper.title).toBe(INFO.title);
    expect(paper.paragraphs.length).toBeGreaterThan(20);
  });

  it('says there is no full text, with a named code, where PDFs cannot be read', async () => {
    const fetch = routes(() => new Response('', { headers: { 'content-type': 'text/html' } }));
    await expect(capturePaper(abs, { fetcher: createTextFetcher(fetch), parseHtml: parseHtmlWithLinkedom })).rejects.toMatchObject({ code: 'NO_FULL_TEXT' });
  });
});
