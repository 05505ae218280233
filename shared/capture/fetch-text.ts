/**
 * A TextFetcher over any fetch implementation (the browser's, Node's, a test's),
 * with a timeout, a size limit and errors from the shared table.
 */
import { VerbatimError } from '../errors';
import type { FetchTextOptions, FetchedText, TextFetcher } from '../ports';

export const MAX_PAGE_BYTES = 5 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 30_000;

export type FetchFunction = (input: string, init?: { signal?: AbortSignal; redirect?: 'follow'; credentials?: 'omit' }) => Promise<Response>;

export function createTextFetcher(fetchImpl: FetchFunction): TextFetcher {
  return {
    async fetchText(url: string, options: FetchTextOptions = {}): Promise<FetchedText> {
      const { maxBytes = MAX_PAGE_BYTES, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new VerbatimError('TIMEOUT', url)), timeoutMs);
      const onOuterAbort = () => controller.abort(new VerbatimError('CANCELLED'));
      options.signal?.addEventListener('abort', onOuterAbort, { once: true });
      try {
        let response: Response;
        try {
          response = await fetchImpl(url, { signal: controller.signal, redirect: 'follow', credentials: 'omit' });
        } catch (error) {
          throw controller.signal.aborted ? abortReason(controller.signal) : new VerbatimError('NETWORK', `${url}: ${error instanceof Error ? error.message : String(error)}`);
        }
        const declared = Number(response.headers.get('content-length') ?? '0');
        if (declared > maxBytes) throw new VerbatimError('TOO_LARGE', `${Math.round(declared / 1e6)} MB`);
        const text = await readLimited(response, maxBytes, controller.signal);
        return { url: response.url || url, status: response.status, text };
      } finally {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onOuterAbort);
      }
    },
  };
}

function abortReason(signal: AbortSignal): VerbatimError {
  return signal.reason instanceof VerbatimError ? signal.reason : new VerbatimError('CANCELLED');
}

async function readLimited(response: Response, maxBytes: number, signal: AbortSignal): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel();
        throw new VerbatimError('TOO_LARGE', `over ${Math.round(maxBytes / 1e6)} MB`);
      }
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    if (error instanceof VerbatimError) throw error;
    throw signal.aborted ? abortReason(signal) : new VerbatimError('NETWORK', error instanceof Error ? error.message : String(error));
  }
  return text + decoder.decode();
}
