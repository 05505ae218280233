/**
 * The sidebar's view of the Apps Script server: google.script.run turned into promises,
 * with the server's envelopes unwrapped into VerbatimErrors carrying the server's code.
 */
import { VerbatimError, isErrorCode } from '../../shared/errors';
import type { DocumentRendering, DocumentState, InsertAnswerPayload, InsertQuotePayload, InsertReport, RefreshReport, ServerResult } from '../common/document-contract';

/** The part of google.script.run the sidebar uses (the client API has no published types). */
export interface GoogleScriptRun {
  withSuccessHandler(handler: (value: unknown) => void): GoogleScriptRun;
  withFailureHandler(handler: (error: Error) => void): GoogleScriptRun;
  [serverFunction: string]: unknown;
}

export interface DocsServer {
  getDocumentState(): Promise<DocumentState>;
  insertQuoteAtCursor(payload: InsertQuotePayload): Promise<InsertReport>;
  insertAnswerAtCursor(payload: InsertAnswerPayload): Promise<InsertReport>;
  refreshDocument(rendering: DocumentRendering): Promise<RefreshReport>;
  /** The text selected in the document ('' for a caret). */
  getSelectedText(): Promise<string>;
}

function call<T>(run: GoogleScriptRun, name: string, ...args: unknown[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const runner = run
      .withSuccessHandler((value) => {
        const result = value as ServerResult<T> | null;
        if (result && result.ok === true) resolve(result.value);
        else if (result && result.ok === false) reject(new VerbatimError(isErrorCode(result.error.code) ? result.error.code : 'INTERNAL', result.error.detail));
        else reject(new VerbatimError('INTERNAL', `${name} answered without a result`));
      })
      // A failure here is Apps Script's own (authorisation, quota, timeout), not one of ours.
      .withFailureHandler((error) => reject(new VerbatimError('INTERNAL', `${name}: ${error?.message ?? String(error)}`)));
    const fn = runner[name];
    if (typeof fn !== 'function') {
      reject(new VerbatimError('GDOCS_UNAVAILABLE', name));
      return;
    }
    (fn as (...a: unknown[]) => void).apply(runner, args);
  });
}

export function docsServerFrom(run: GoogleScriptRun | undefined): DocsServer {
  const unavailable = () => Promise.reject(new VerbatimError('GDOCS_UNAVAILABLE'));
  if (!run) return { getDocumentState: unavailable, insertQuoteAtCursor: unavailable, insertAnswerAtCursor: unavailable, refreshDocument: unavailable, getSelectedText: unavailable };
  return {
    getDocumentState: () => call(run, 'getDocumentState'),
    insertQuoteAtCursor: (payload) => call(run, 'insertQuoteAtCursor', payload),
    insertAnswerAtCursor: (payload) => call(run, 'insertAnswerAtCursor', payload),
    refreshDocument: (rendering) => call(run, 'refreshDocument', rendering),
    getSelectedText: () => call(run, 'getSelectedText'),
  };
}
