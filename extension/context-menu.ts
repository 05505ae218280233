/**
 * "Find in my Verbatim library" and "Ask my Verbatim library" on selected text, on any page: a
 * claim being written in Overleaf or a web editor, a sentence of a paper, a question in a
 * review. The click opens the side panel and leaves the selection for it (panel-requests.ts);
 * the panel runs the search or the question as if typed. Reading the selection needs no host
 * permission: the browser hands the menu its text.
 */
import { panelRequestFromSelection, type PanelAction } from '../shared/schema/panel-request-schema';
import { leavePanelRequest, type SessionStorageApi } from './panel-requests';

export const MENU_ITEMS: readonly { id: PanelAction; title: string }[] = [
  { id: 'search', title: 'Find “%s” in my Verbatim library' },
  { id: 'ask', title: 'Ask my Verbatim library: “%s”' },
];

interface MenuClick {
  menuItemId: string | number;
  selectionText?: string;
}

/** The part of the chrome API the menu uses (a fake in unit tests). */
export interface ContextMenuApi {
  contextMenus: {
    create(properties: { id: string; title: string; contexts: ['selection'] }): unknown;
    removeAll(): Promise<void>;
    onClicked: { addListener(listener: (info: MenuClick, tab?: { windowId?: number }) => void): void };
  };
  sidePanel?: { open(options: { windowId: number }): Promise<void> };
  runtime: { onInstalled: { addListener(listener: () => void): void } };
  storage: SessionStorageApi;
}

/** Menu items persist across worker restarts, so they are made on install and update only (made twice, an id is refused). */
export function installContextMenu(api: ContextMenuApi, newId: () => string = () => crypto.randomUUID()): void {
  api.runtime.onInstalled.addListener(() => {
    void api.contextMenus.removeAll().then(() => {
      for (const item of MENU_ITEMS) api.contextMenus.create({ id: item.id, title: item.title, contexts: ['selection'] });
    });
  });
  api.contextMenus.onClicked.addListener((info, tab) => void onMenuClick(api, info, tab, newId()));
}

export async function onMenuClick(api: ContextMenuApi, info: MenuClick, tab: { windowId?: number } | undefined, id: string): Promise<void> {
  const item = MENU_ITEMS.find((m) => m.id === info.menuItemId);
  if (!item) return;
  const request = panelRequestFromSelection(item.id, info.selectionText ?? '', id, tab?.windowId);
  if (!request) return;
  // Opening must come first: the browser allows it only while the click is still the user's gesture, before any await.
  const opened = tab?.windowId !== undefined ? api.sidePanel?.open({ windowId: tab.windowId }) : undefined;
  // Not opened (no gesture left, or no side panel API): the request still waits for the panel's next opening.
  void opened?.catch(() => undefined);
  await leavePanelRequest(api.storage, request);
}
