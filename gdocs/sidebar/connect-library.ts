/**
 * The sidebar's library is the extension's, reached over externally_connectable: Chrome
 * gives the sidebar's Apps Script origin (n-…-script.googleusercontent.com) a
 * chrome.runtime.sendMessage only when an installed extension lists it. The sidebar has no
 * library of its own (Apps Script serves one HTML file and keeps no IndexedDB worth trusting
 * across sandbox origins), so without the extension it offers Refresh only, which needs
 * nothing but the document.
 */
import { messageFor } from '../../shared/errors';
import { VERBATIM_EXTENSION_ID } from '../../shared/extension-key';
import { chromeExternalTransport } from '../../panes/chrome-external-transport';
import { ExtensionPaneLibrary } from '../../panes/extension-pane-library';
import type { LibraryConnection } from './library-connection';

export const NO_EXTENSION = 'The Verbatim extension is not installed in this browser (or does not allow Google Docs): citations can be refreshed, not added.';

export async function connectLibrary(scope: unknown = globalThis): Promise<LibraryConnection> {
  const transport = chromeExternalTransport(VERBATIM_EXTENSION_ID, scope);
  if (!transport) return { library: null, problem: NO_EXTENSION };
  try {
    return { library: await ExtensionPaneLibrary.connect(transport), problem: null };
  } catch (error) {
    return { library: null, problem: `${messageFor(error)} Citations can be refreshed, not added.` };
  }
}
