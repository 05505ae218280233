/**
 * google.script.run over the server functions and a fake document, as the sidebar sees it:
 * asynchronous, arguments and results passed as data (JSON round trip, as Apps Script
 * serialises them), success and failure handlers chained the same way.
 */
import type { GoogleScriptRun } from '../../../gdocs/sidebar/docs-server-client';
import type { DocsServices } from '../../../gdocs/server/docs-port';
import * as server from '../../../gdocs/server/server-functions';

type ServerFunction = (services: DocsServices, payload: unknown) => unknown;

const FUNCTIONS: Record<string, ServerFunction> = {
  getDocumentState: (services) => server.getDocumentState(services),
  insertQuoteAtCursor: server.insertQuoteAtCursor,
  insertAnswerAtCursor: server.insertAnswerAtCursor,
  refreshDocument: server.refreshDocument,
};

const asData = <T>(value: T): T => (value === undefined ? value : JSON.parse(JSON.stringify(value)) as T);

export function fakeScriptRun(services: DocsServices, calls: string[] = []): GoogleScriptRun {
  const runner = (onSuccess: (value: unknown) => void, onFailure: (error: Error) => void): GoogleScriptRun => {
    const target: GoogleScriptRun = {
      withSuccessHandler: (handler) => runner(handler, onFailure),
      withFailureHandler: (handler) => runner(onSuccess, handler),
    };
    for (const [name, fn] of Object.entries(FUNCTIONS)) {
      target[name] = (payload?: unknown) => {
        calls.push(name);
        const argument = asData(payload);
        setTimeout(() => {
          try {
            onSuccess(asData(fn(services, argument)));
          } catch (error) {
            onFailure(error instanceof Error ? error : new Error(String(error)));
          }
        }, 0);
      };
    }
    return target;
  };
  return runner(() => {}, () => {});
}
