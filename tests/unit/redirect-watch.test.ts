import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchRedirects } from '../../extension/redirect-watch';

/** A stand-in for chrome.webRequest: records the filter and lets the test report redirects. */
function fakeWebRequest() {
  let listener: ((details: { url: string; redirectUrl: string; tabId: number }) => void) | undefined;
  const filters: { urls: string[]; tabId?: number }[] = [];
  return {
    api: { onBeforeRedirect: { addListener: (l: typeof listener & object, filter: { urls: string[]; tabId?: number }) => { listener = l; filters.push(filter); } } },
    filters,
    report: (url: string, redirectUrl: string) => listener!({ url, redirectUrl, tabId: -1 }),
  };
}

describe('reading redirects the service worker cannot see', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('listens only to the extension\'s own requests to the capture hosts', () => {
    const web = fakeWebRequest();
    watchRedirects(web.api);
    expect(web.filters).toEqual([{ urls: expect.arrayContaining(['https://arxiv.org/*', 'https://ar5iv.labs.arxiv.org/*']), tabId: -1 }]);
    expect(web.filters[0]!.urls.every((u) => u.startsWith('https://'))).toBe(true);
  });

  it('answers with a hop reported before or after the fetch asks, each report used once', async () => {
    const web = fakeWebRequest();
    const locate = watchRedirects(web.api);
    const signal = new AbortController().signal;
    web.report('https://arxiv.org/a', 'https://arxiv.org/b');
    expect(await locate('https://arxiv.org/a', signal)).toBe('https://arxiv.org/b');
    const later = locate('https://arxiv.org/a', signal);
    web.report('https://arxiv.org/a', 'https://arxiv.org/c');
    expect(await later).toBe('https://arxiv.org/c');
  });

  it('gives up (null: the hop is refused) when no report comes, or when the save is cancelled', async () => {
    vi.useFakeTimers();
    const web = fakeWebRequest();
    const locate = watchRedirects(web.api);
    const unreported = locate('https://arxiv.org/a', new AbortController().signal);
    await vi.runAllTimersAsync();
    expect(await unreported).toBeNull();
    const controller = new AbortController();
    const cancelled = locate('https://arxiv.org/a', controller.signal);
    controller.abort();
    expect(await cancelled).toBeNull();
    // A report that arrives after giving up is kept for the next ask of that URL (and is still checked by the policy there).
    web.report('https://arxiv.org/a', 'https://arxiv.org/late');
    expect(await locate('https://arxiv.org/a', new AbortController().signal)).toBe('https://arxiv.org/late');
  });

  it('without webRequest, every opaque hop is refused', async () => {
    vi.useFakeTimers();
    const locate = watchRedirects(undefined);
    const result = locate('https://arxiv.org/a', new AbortController().signal);
    await vi.runAllTimersAsync();
    expect(await result).toBeNull();
  });
});
