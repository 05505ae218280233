import { describe, expect, it } from 'vitest';
import { createTextFetcher, type FetchFunction } from '../../shared/capture/fetch-text';

/** A fetch that records each request (URL and init) and answers from a table; redirects as Node shows them (3xx + Location). */
function recordingFetch(routes: Record<string, () => Response>) {
  const calls: { url: string; redirect: string | undefined; credentials: string | undefined }[] = [];
  const fetch: FetchFunction = async (url, init) => {
    calls.push({ url, redirect: init?.redirect, credentials: init?.credentials });
    const route = routes[url];
    if (!route) throw new TypeError('Failed to fetch');
    return route();
  };
  return { fetch, calls };
}

const redirect = (location: string, status = 302) => () => new Response(null, { status, headers: { location } });
const page = (body: string) => () => new Response(body, { status: 200, headers: { 'content-type': 'text/html' } });
/** What a browser gives for redirect: 'manual': no status, no headers, type opaqueredirect. */
const opaqueRedirect = () => () => Object.defineProperty(new Response(null, { status: 200 }), 'type', { value: 'opaqueredirect' });

describe('fetching with checked redirects', () => {
  it('never lets the platform follow redirects, and sends no credentials', async () => {
    const { fetch, calls } = recordingFetch({ 'https://arxiv.org/abs/1': page('<p>ok</p>') });
    await createTextFetcher(fetch).fetchText('https://arxiv.org/abs/1');
    expect(calls).toEqual([{ url: 'https://arxiv.org/abs/1', redirect: 'manual', credentials: 'omit' }]);
  });

  it('follows redirects that stay on arXiv, hop by hop, and reports the final URL', async () => {
    const { fetch, calls } = recordingFetch({
      'https://ar5iv.org/abs/2104.01180': redirect('https://ar5iv.labs.arxiv.org/html/2104.01180'),
      'https://ar5iv.labs.arxiv.org/html/2104.01180': redirect('/html/2104.01180v1', 301),
      'https://ar5iv.labs.arxiv.org/html/2104.01180v1': page('<p>paper</p>'),
    });
    const result = await createTextFetcher(fetch).fetchText('https://ar5iv.org/abs/2104.01180');
    expect(result).toMatchObject({ status: 200, url: 'https://ar5iv.labs.arxiv.org/html/2104.01180v1', text: '<p>paper</p>' });
    expect(calls.map((c) => c.url)).toEqual(['https://ar5iv.org/abs/2104.01180', 'https://ar5iv.labs.arxiv.org/html/2104.01180', 'https://ar5iv.labs.arxiv.org/html/2104.01180v1']);
  });

  it('refuses a redirect off arXiv without ever requesting its target', async () => {
    const { fetch, calls } = recordingFetch({
      'https://arxiv.org/html/2104.01180v1': redirect('http://127.0.0.1:8080/paper.html'),
      'http://127.0.0.1:8080/paper.html': page('<div class="ltx_para"><p class="ltx_p">forged</p></div>'),
    });
    await expect(createTextFetcher(fetch).fetchText('https://arxiv.org/html/2104.01180v1')).rejects.toMatchObject({ code: 'REDIRECT_NOT_ALLOWED' });
    expect(calls.map((c) => c.url)).toEqual(['https://arxiv.org/html/2104.01180v1']);
  });

  it('refuses to start anywhere but arXiv over https', async () => {
    const { fetch, calls } = recordingFetch({ 'http://127.0.0.1:8080/abs/2104.01180': page('x') });
    await expect(createTextFetcher(fetch).fetchBytes('http://127.0.0.1:8080/abs/2104.01180')).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
    expect(calls).toEqual([]);
  });

  it('refuses endless redirect loops', async () => {
    const { fetch, calls } = recordingFetch({ 'https://arxiv.org/a': redirect('/b'), 'https://arxiv.org/b': redirect('/a') });
    await expect(createTextFetcher(fetch).fetchText('https://arxiv.org/a')).rejects.toMatchObject({ code: 'REDIRECT_NOT_ALLOWED' });
    expect(calls.length).toBe(6);
  });

  it('asks the locator where an opaque (browser) redirect goes, and checks that hop too', async () => {
    const { fetch, calls } = recordingFetch({
      'https://arxiv.org/html/1': opaqueRedirect(),
      'https://arxiv.org/html/1v1': page('<p>v1</p>'),
      'https://arxiv.org/html/2': opaqueRedirect(),
    });
    const hops: Record<string, string> = { 'https://arxiv.org/html/1': 'https://arxiv.org/html/1v1', 'https://arxiv.org/html/2': 'https://evil.example/html/2' };
    const fetcher = createTextFetcher(fetch, { locateRedirect: async (from) => hops[from] ?? null });
    expect(await fetcher.fetchText('https://arxiv.org/html/1')).toMatchObject({ url: 'https://arxiv.org/html/1v1', text: '<p>v1</p>' });
    await expect(fetcher.fetchText('https://arxiv.org/html/2')).rejects.toMatchObject({ code: 'REDIRECT_NOT_ALLOWED' });
    expect(calls.map((c) => c.url)).not.toContain('https://evil.example/html/2');
  });

  it('refuses an opaque redirect it cannot locate', async () => {
    const { fetch } = recordingFetch({ 'https://arxiv.org/html/1': opaqueRedirect() });
    await expect(createTextFetcher(fetch).fetchText('https://arxiv.org/html/1')).rejects.toMatchObject({ code: 'REDIRECT_NOT_ALLOWED' });
    await expect(createTextFetcher(fetch, { locateRedirect: async () => null }).fetchText('https://arxiv.org/html/1')).rejects.toMatchObject({ code: 'REDIRECT_NOT_ALLOWED' });
  });
});
