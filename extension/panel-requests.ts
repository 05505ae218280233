/**
 * The background leaves a panel request in storage.session and the side panel takes it: the
 * panel may not be open yet when the reader picks a menu item (it opens with the click), and a
 * message sent before it listens would be lost. storage.session is readable by trusted contexts
 * only (the default), so a content script cannot plant a request.
 */
import { readPanelRequest, type PanelRequest } from '../shared/schema/panel-request-schema';

const PANEL_REQUEST_KEY = 'verbatim.panelRequest';

type StorageChangeListener = (changes: Record<string, { newValue?: unknown }>, areaName: string) => void;

/** The part of chrome.storage the requests use (a fake in unit tests). */
export interface SessionStorageApi {
  session: {
    get(key: string): Promise<Record<string, unknown>>;
    set(items: Record<string, unknown>): Promise<void>;
    remove(key: string): Promise<void>;
  };
  onChanged: {
    addListener(listener: StorageChangeListener): void;
    removeListener(listener: StorageChangeListener): void;
  };
}

export function chromeSessionStorage(): SessionStorageApi {
  return (globalThis as unknown as { chrome: { storage: SessionStorageApi } }).chrome.storage;
}

export async function leavePanelRequest(storage: SessionStorageApi, request: PanelRequest): Promise<void> {
  await storage.session.set({ [PANEL_REQUEST_KEY]: request });
}

/**
 * Calls `run` with each request for this panel's window: the one waiting when the panel opens, then each one left
 * while it is open. A request is removed once taken, so a reopened panel does not run it again. Returns the unsubscribe.
 */
export function takePanelRequests(storage: SessionStorageApi, windowId: Promise<number | undefined>, run: (request: PanelRequest) => void): () => void {
  let stopped = false;
  // A request left while the panel opens reaches it twice, by the first read and by the change event.
  const taken = new Set<string>();
  const take = async (value: unknown) => {
    const request = readPanelRequest(value);
    if (!request || stopped) return;
    const mine = await windowId;
    if (taken.has(request.id) || (request.windowId !== undefined && mine !== undefined && request.windowId !== mine)) return;
    taken.add(request.id);
    await storage.session.remove(PANEL_REQUEST_KEY);
    run(request);
  };
  const listener: StorageChangeListener = (changes, areaName) => {
    const change = changes[PANEL_REQUEST_KEY];
    if (areaName === 'session' && change?.newValue !== undefined) void take(change.newValue);
  };
  storage.onChanged.addListener(listener);
  void storage.session.get(PANEL_REQUEST_KEY).then((items) => take(items[PANEL_REQUEST_KEY]));
  return () => {
    stopped = true;
    storage.onChanged.removeListener(listener);
  };
}
