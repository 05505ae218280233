/**
 * What the browser's messaging throws when the other side went away, as errors from the
 * shared table: the background service worker stopped (or the extension was reloaded)
 * before it answered. Users see "try again", not "message channel closed".
 */
import { VerbatimError } from '../shared/errors';

const CONTEXT_GONE = [
  /message channel closed before a response was received/i,
  /message port closed before a response was received/i,
  /receiving end does not exist/i,
  /extension context invalidated/i,
  /could not establish connection/i,
];

export function transportError(error: unknown, requestType: string): unknown {
  if (error instanceof VerbatimError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return CONTEXT_GONE.some((pattern) => pattern.test(message)) ? new VerbatimError('CONTEXT_LOST', `${requestType}: ${message}`) : error;
}
