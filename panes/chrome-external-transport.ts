/**
 * The page side of `externally_connectable`: chrome.runtime exists on a web page only
 * when some installed extension lists the page's origin, and then sendMessage takes the
 * extension's id. No chrome.runtime at all means no extension here (Word on Windows or
 * Mac, Safari, Firefox): the pane uses its own library.
 */
import type { ExternalTransport } from './extension-pane-library';

interface PageRuntime {
  sendMessage(extensionId: string, message: unknown, callback: (reply: unknown) => void): void;
  lastError?: { message?: string };
}

export function chromeExternalTransport(extensionId: string, scope: unknown = globalThis): ExternalTransport | null {
  const runtime = (scope as { chrome?: { runtime?: Partial<PageRuntime> } }).chrome?.runtime;
  if (typeof runtime?.sendMessage !== 'function') return null;
  const page = runtime as PageRuntime;
  return (message) =>
    new Promise((resolve, reject) => {
      page.sendMessage(extensionId, message, (reply) => {
        // Reading lastError is what tells Chrome the failure was handled ("Receiving end does not exist").
        const failure = page.lastError;
        if (failure) reject(new Error(failure.message ?? 'the extension did not answer'));
        else resolve(reply);
      });
    });
}
