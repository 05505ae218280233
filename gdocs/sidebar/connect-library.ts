/**
 * The sidebar's library is the extension's, reached over externally_connectable: Chrome
 * gives the sidebar's Apps Script origin (n-…-script.googleusercontent.com) a
 * chrome.runtime.sendMessage only when an installed extension lists it.
 * PARTIAL: the extension adapter (panes/extension-pane-library.ts, from the pane-library
 * work) is not on main yet; until it is wired here, the sidebar reports that it cannot reach
 * the library and offers Refresh only (which needs nothing but the document).
 */
import type { LibraryConnection } from './library-connection';

export const NO_EXTENSION = 'The Verbatim extension is not installed in this browser (or does not allow Google Docs): citations can be refreshed, not added.';
export const NO_ADAPTER = 'The Verbatim extension is here, but this build of the sidebar cannot read its library yet: citations can be refreshed, not added.';

export async function connectLibrary(scope: unknown = globalThis): Promise<LibraryConnection> {
  const runtime = (scope as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime;
  if (typeof runtime?.sendMessage !== 'function') return { library: null, problem: NO_EXTENSION };
  return { library: null, problem: NO_ADAPTER };
}
