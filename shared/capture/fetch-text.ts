/**
 * A TextFetcher over any fetch implementation (the browser's, Node's, a test's),
 * with a timeout, a size limit and errors from the shared table. It fetches only what
 * the capture URL policy allows, and follows redirects itself, one checked hop at a time,
 * so no request ever reaches a host off arXiv.
 */
import { VerbatimError } from '../errors';
import type { FetchTextOptions, FetchedBytes, FetchedText, TextFetcher } from '../ports';
import { assertCaptureUrl, nextRedirectHop } from './url-policy';

export const MAX_PAGE_BYTES = 5 * 1024 * 1024;
/** PDFs with figures run far larger than HTML; 60 MB covers nearly every arXiv paper. */
export const MAX_PDF_BYTES = 60 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 30_000;

export type FetchFunction = (input: string, init?: { signal?: AbortSignal; redirect?: 'manual'; credentials?: 'omit' }) => Promise<Response>;

/**
 * Where a redirect that the platform hides goes. Browsers answer `redirect: 'manual'` with an
 * opaque response (no status, no Location), so the extension reads the hop from webRequest;
 * Node shows the 3xx and its Location, and needs no locator.
 */
export type RedirectLocator = (fromUrl: string, signal: AbortSignal) => Promise<string | null>;

export interface TextFetcherOptions {
  locateRedirect?: RedirectLocator;
}

const isRedirectStatus = (status: number) => status >= 300 && status < 400 && status !== 304;

export function createTextFetcher(fetchImpl: FetchFunction, fetcherOptions: TextFetcherOptions = {}): TextFetcher {
  /** One policy-checked request per hop; the last hop's response and URL. */
  async function fetchFollowingCheckedRedirects(url: string, signal: AbortSignal): Promise<{ response: Response; finalUrl: string }> {
    let current = url;
    assertCaptureUrl(current);
    for (let hops = 0; ; hops++) {
      let response: Response;
      try {
        response = await fetchImpl(current, { signal, redirect: 'manual', credentials: 'omit' });
      } catch (error) {
        throw signal.aborted ? abortReason(signal) : new VerbatimError('NETWORK', `${current}: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (response.type === 'opaqueredirect') {
        const location = fetcherOptions.locateRedirect ? await fetcherOptions.locateRedirect(current, signal) : null;
        current = nextRedirectHop(current, location, hops);
      } else if (isRedirectStatus(response.status)) {
        await response.body?.cancel().catch(() => undefined);
        current = nextRedirectHop(current, response.headers.get('location'), hops);
      } else {
        return { response, finalUrl: current };
      }
    }
  }

  /** Runs one request with timeout, cancellation and size limit; `read` turns the body into what the caller wants. */
  async function request<T>(url: string, options: FetchTextOptions, defaultMax: number, read: (response: Response, maxBytes: number, signal: AbortSignal) => Promise<T>) {
    const { maxBytes = defaultMax, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new VerbatimError('TIMEOUT', url)), timeoutMs);
    const onOuterAbort = () => controller.abort(new VerbatimError('CANCELLED'));
    options.signal?.addEventListener('abort', onOuterAbort, { once: true });
    try {
      const { response, finalUrl } = await fetchFollowingCheckedRedirects(url, controller.signal);
      const declared = Number(response.headers.get('content-length') ?? '0');
      if (declared > maxBytes) throw new VerbatimError('TOO_LARGE', `${Math.round(declared / 1e6)} MB`);
      return { response, finalUrl, body: await read(response, maxBytes, controller.signal) };
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onOuterAbort);
    }
  }
  return {
    async fetchText(url: string, options: FetchTextOptions = {}): Promise<FetchedText> {
      const { response, finalUrl, body } = await request(url, options, MAX_PAGE_BYTES, async (r, max, signal) => new TextDecoder().decode(await readLimited(r, max, signal)));
      return { url: finalUrl, status: response.status, text: body, contentType: response.headers.get('content-type') ?? '' };
    },
    async fetchBytes(url: string, options: FetchTextOptions = {}): Promise<FetchedBytes> {
      const { response, finalUrl, body } = await request(url, options, MAX_PDF_BYTES, readLimited);
      return { url: finalUrl, status: response.status, bytes: body, contentType: response.headers.get('content-type') ?? '' };
    },
  };
}

function abortReason(signal: AbortSignal): VerbatimError {
  return signal.reason instanceof VerbatimError ? signal.reason : new VerbatimError('CANCELLED');
}

async function readLimited(response: Response, maxBytes: number, signal: AbortSignal): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel();
        throw new VerbatimError('TOO_LARGE', `over ${Math.round(maxBytes / 1e6)} MB`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof VerbatimError) throw error;
    throw signal.aborted ? abortReason(signal) : new VerbatimError('NETWORK', error instanceof Error ? error.message : String(error));
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
