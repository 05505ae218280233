import { describe, expect, it } from 'vitest';
import { capturePaper } from '../../shared/capture/capture-paper';
import { createTextFetcher, type FetchFunction } from '../../shared/capture/fetch-text';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { SaveCoordinator } from '../../shared/library/save-coordinator';
import { parseArxivId, parseArxivUrl } from '../../shared/extract/arxiv-id';
import { absPage, withSiteChrome } from '../../tools/arxiv-standin';
import { fixtureHtml } from '../support/fixtures';

const INFO = { title: 'Qubit Routing using Graph Neural Network aided Monte Carlo Tree Search', authors: ['Animesh Sinha', 'Utkarsh Azad', 'Harjinder Singh'], abstract: 'Near-term quantum hardware…' };

/** A fetch that answers from a table of URL -> (status, body); anything else is a network error. */
function fakeFetch(routes: Record<string, [number, string] | (() => Promise<Response>)>): FetchFunction & { calls: string[] } {
  const calls: string[] = [];
  const fn = (async (url: string, init?: { signal?: AbortSignal }) => {
    calls.push(url);
    const route = routes[url];
    if (!route) throw new TypeError('Failed to fetch');
    if (typeof route === 'function') {
      return await Promise.race([route(), new Promise<never>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))]);
    }
    return new Response(route[1], { status: route[0], headers: { 'content-type': 'text/html' } });
  }) as FetchFunction & { calls: string[] };
  fn.calls = calls;
  return fn;
}

const capture = (url: string, fetch: FetchFunction, timeoutMs?: number) =>
  capturePaper(url, {
    fetcher: timeoutMs ? { ...createTextFetcher(fetch), fetchText: (u, o) => createTextFetcher(fetch).fetchText(u, { ...o, timeoutMs }) } : createTextFetcher(fetch),
    parseHtml: parseHtmlWithLinkedom,
  });

describe('arXiv ids', () => {
  it('reads new- and old-style ids with versions', () => {
    expect(parseArxivUrl('https://arxiv.org/abs/2104.01180v2')).toEqual({ kind: 'abs', id: '2104.01180', version: 'v2' });
    expect(parseArxivUrl('https://arxiv.org/abs/hep-th/9901001')).toEqual({ kind: 'abs', id: 'hep-th/9901001', version: null });
    expect(parseArxivUrl('https://arxiv.org/pdf/2104.01180v1.pdf')).toMatchObject({ kind: 'pdf', id: '2104.01180' });
    expect(parseArxivUrl('https://arxiv.org/html/2305.14627v2')).toMatchObject({ kind: 'html', version: 'v2' });
    expect(parseArxivUrl('https://arxiv.org/list/cs.CL/recent')).toBeNull();
    expect(parseArxivUrl('https://example.org/abs/2104.01180')).toBeNull();
    expect(parseArxivId('arXiv:1508.07744v1')).toEqual({ id: '1508.07744', version: 'v1' });
  });
});

describe('capturePaper', () => {
  const abs = 'https://arxiv.org/abs/2104.01180';
  const html = 'https://arxiv.org/html/2104.01180v1';

  it('reads metadata from the abs page and structure from the HTML full text', async () => {
    const fetch = fakeFetch({
      [abs]: [200, absPage({ arxivId: '2104.01180', version: 'v1', hasHtml: true }, INFO)],
      [html]: [200, withSiteChrome(fixtureHtml('qroute-gnn-mcts-revtex'), '2104.01180v1')],
    });
    const paper = await capture(abs, fetch);
    expect(fetch.calls).toEqual([abs, html]);
    expect(paper).toMatchObject({ arxivId: '2104.01180', version: 'v1', source: 'arxiv-html', title: INFO.title, authors: INFO.authors });
    expect(paper.paragraphs.length).toBeGreaterThan(50);
    expect(paper.references).toHaveLength(36);
  });

  it('strips bidi and zero-width controls from the abs page\'s title and authors', async () => {
    const poisoned = { ...INFO, title: `Qubit\u202e Routing\u200b using Graph Neural Network aided Monte Carlo Tree Search`, authors: ['Animesh\u2066 Sinha', ...INFO.authors.slice(1)] };
    const fetch = fakeFetch({
      [abs]: [200, absPage({ arxivId: '2104.01180', version: 'v1', hasHtml: true }, poisoned)],
      [html]: [200, withSiteChrome(fixtureHtml('qroute-gnn-mcts-revtex'), '2104.01180v1')],
    });
    const paper = await capture(abs, fetch);
    expect(paper.title).toBe(INFO.title);
    expect(paper.authors).toEqual(INFO.authors);
  });

  it('saves straight from an /html/ page, with the abs page\'s metadata when it can be had', async () => {
    const fetch = fakeFetch({
      [html]: [200, fixtureHtml('qroute-gnn-mcts-revtex')],
      [`${abs}v1`]: [200, absPage({ arxivId: '2104.01180', version: 'v1', hasHtml: true }, INFO, { versions: ['v1', 'v2'] })],
    });
    const paper = await capture(html, fetch);
    expect(paper).toMatchObject({ arxivId: '2104.01180', version: 'v1', title: INFO.title });
    expect(paper.metadata?.submissions.map((v) => v.version)).toEqual(['v1', 'v2']);
    // Without the abs page the save still works, from the HTML alone.
    const alone = await capture(html, fakeFetch({ [html]: [200, fixtureHtml('qroute-gnn-mcts-revtex')] }));
    expect(alone).toMatchObject({ arxivId: '2104.01180', version: 'v1', title: INFO.title });
    expect(alone.metadata).toBeUndefined();
  });

  it.each([
    ['a page that is not a paper', 'https://arxiv.org/list/cs.LG/recent', {}, 'NOT_A_PAPER'],
    ['a PDF page (not supported yet)', 'https://arxiv.org/pdf/2104.01180', {}, 'PDF_UNSUPPORTED'],
    ['a withdrawn paper', abs, { [abs]: [200, absPage({ arxivId: '2104.01180', version: 'v2', hasHtml: false }, INFO, { withdrawn: true })] }, 'WITHDRAWN'],
    ['a paper with no HTML full text', abs, { [abs]: [200, absPage({ arxivId: '2104.01180', version: 'v1', hasHtml: false }, INFO)], [html]: [404, 'No HTML'] }, 'NO_FULL_TEXT'],
    ['an HTML conversion that failed', abs, { [abs]: [200, absPage({ arxivId: '2104.01180', version: 'v1', hasHtml: true }, INFO)], [html]: [200, '<html><body>Conversion to HTML had a Fatal error and exited abruptly.</body></html>'] }, 'CONVERSION_FAILED'],
    ['an unknown abs page', abs, { [abs]: [404, 'not found'] }, 'NOT_A_PAPER'],
    ['a server error', abs, { [abs]: [503, 'busy'] }, 'HTTP_STATUS'],
    ['a network failure', abs, {}, 'NETWORK'],
  ] as const)('refuses %s with a clear error', async (_name, url, routes, code) => {
    await expect(capture(url, fakeFetch(routes as never))).rejects.toMatchObject({ code });
  });

  it('refuses a page over 5 MB without reading all of it', async () => {
    const big = 'x'.repeat(6 * 1024 * 1024);
    const fetch = fakeFetch({ [html]: async () => new Response(new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode(big)); c.close(); } })) });
    await expect(capture(html, fetch)).rejects.toMatchObject({ code: 'TOO_LARGE' });
  });

  it('times out a request that never answers', async () => {
    const fetch = fakeFetch({ [html]: () => new Promise<Response>(() => undefined) });
    await expect(capture(html, fetch, 50)).rejects.toMatchObject({ code: 'TIMEOUT' });
  });
});

describe('SaveCoordinator', () => {
  it('refuses a second save of the same paper while the first runs', async () => {
    const coordinator = new SaveCoordinator();
    let release!: () => void;
    const first = coordinator.run('https://arxiv.org/abs/2104.01180', () => new Promise<string>((r) => (release = () => r('done'))));
    await expect(coordinator.run('https://arxiv.org/html/2104.01180v1', async () => 'second')).rejects.toMatchObject({ code: 'SAVE_IN_PROGRESS' });
    expect(await coordinator.run('https://arxiv.org/abs/1508.07744', async () => 'other paper')).toBe('other paper');
    release();
    expect(await first).toBe('done');
    expect(await coordinator.run('https://arxiv.org/abs/2104.01180', async () => 'again')).toBe('again');
  });
});
