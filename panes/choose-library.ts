/**
 * Which library a pane opens on: the extension's when it answers (Word on the web in a
 * browser with Verbatim), else the pane's own. The reason the extension was not used is
 * kept, so the pane can say how to connect it.
 */
import { messageFor } from '../shared/errors';
import { ExtensionPaneLibrary, type ExternalTransport } from './extension-pane-library';
import type { PaneLibrary } from './pane-library';

export interface PaneLibraryChoice {
  library: PaneLibrary;
  /** The extension library when it answered (so the user can switch back to it). */
  extension: ExtensionPaneLibrary | null;
  /** Why the extension's library is not available, in the user's words. */
  extensionProblem: string | null;
}

export async function choosePaneLibrary(transport: ExternalTransport | null, local: PaneLibrary): Promise<PaneLibraryChoice> {
  if (!transport) return { library: local, extension: null, extensionProblem: 'No Verbatim extension can reach this page (Word on Windows or Mac, or a browser without the extension).' };
  try {
    const extension = await ExtensionPaneLibrary.connect(transport);
    return { library: extension, extension, extensionProblem: null };
  } catch (error) {
    return { library: local, extension: null, extensionProblem: messageFor(error) };
  }
}
