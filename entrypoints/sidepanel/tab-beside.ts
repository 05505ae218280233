/** Reads the tabs for ui/paper-beside.ts: the address of the page beside the panel. */
import browser from 'webextension-polyfill';
import { urlBeside, type TabSnapshot } from '../../ui/paper-beside';

export const PDF_VIEWER_URL = browser.runtime.getURL('/pdf-viewer.html');
const PANEL_URL = browser.runtime.getURL('/sidepanel.html');

/** null when the panel's window has no tab beside it, or the tabs cannot be read. */
export async function urlOfTabBeside(): Promise<string | null> {
  try {
    const [own, tabs] = await Promise.all([browser.windows.getCurrent(), browser.tabs.query({})]);
    if (own.id === undefined) return null;
    // A tab's address is readable for arxiv.org (a host permission) and the extension's own pages; others read as none.
    const snapshots: TabSnapshot[] = tabs.map((t) => ({ active: t.active, windowId: t.windowId ?? -1, ...(t.url ? { url: t.url } : {}), ...(t.lastAccessed !== undefined ? { lastAccessed: t.lastAccessed } : {}) }));
    return urlBeside(snapshots, own.id, (url) => url.startsWith(PANEL_URL));
  } catch {
    return null;
  }
}

/** Calls `onChange` whenever the page beside the panel may have changed (another tab, a new address, another window). */
export function watchTabBeside(onChange: () => void): () => void {
  const onUpdated = (_id: number, change: { url?: string }) => {
    if (change.url) onChange();
  };
  browser.tabs.onActivated.addListener(onChange);
  browser.tabs.onUpdated.addListener(onUpdated);
  browser.windows.onFocusChanged.addListener(onChange);
  return () => {
    browser.tabs.onActivated.removeListener(onChange);
    browser.tabs.onUpdated.removeListener(onUpdated);
    browser.windows.onFocusChanged.removeListener(onChange);
  };
}
