/**
 * Where the background's own capture requests are redirected. A service worker's
 * fetch(…, { redirect: 'manual' }) yields an opaque response with no Location, but
 * webRequest.onBeforeRedirect reports the hop (measured in Chromium 156: it fires for the
 * extension's own service-worker requests, tabId -1). The fetcher asks here, checks the
 * target against the capture policy, and only then requests it.
 */
import { CAPTURE_MATCH_PATTERNS } from '../shared/capture/url-policy';
import type { RedirectLocator } from '../shared/capture/fetch-text';

interface RedirectDetails {
  url: string;
  redirectUrl: string;
  tabId: number;
}

interface WebRequestApi {
  onBeforeRedirect: { addListener(listener: (details: RedirectDetails) => void, filter: { urls: string[]; tabId?: number }): void };
}

/** How long to wait for the browser's report of a redirect the fetch already saw. */
const REPORT_WAIT_MS = 5_000;

export function watchRedirects(webRequest: WebRequestApi | undefined): RedirectLocator {
  const reported = new Map<string, string[]>();
  const waiting = new Map<string, ((location: string) => void)[]>();
  webRequest?.onBeforeRedirect.addListener(
    (details) => {
      const waiter = waiting.get(details.url)?.shift();
      if (waiter) waiter(details.redirectUrl);
      else reported.set(details.url, [...(reported.get(details.url) ?? []), details.redirectUrl]);
    },
    // Only requests made by the extension itself (no tab), only to the hosts a capture fetches.
    { urls: [...CAPTURE_MATCH_PATTERNS], tabId: -1 },
  );
  return (fromUrl, signal) => {
    const early = reported.get(fromUrl)?.shift();
    if (early !== undefined) return Promise.resolve(early);
    return new Promise<string | null>((resolve) => {
      const done = (location: string | null) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        const queue = waiting.get(fromUrl);
        const index = queue?.indexOf(onReport) ?? -1;
        if (index >= 0) queue!.splice(index, 1);
        resolve(location);
      };
      const onReport = (location: string) => done(location);
      const onAbort = () => done(null);
      // No report in time: the hop cannot be checked, so it is refused (null).
      const timer = setTimeout(() => done(null), REPORT_WAIT_MS);
      signal.addEventListener('abort', onAbort, { once: true });
      waiting.set(fromUrl, [...(waiting.get(fromUrl) ?? []), onReport]);
    });
  };
}
