import { describe, expect, it } from 'vitest';
import { installContextMenu, MENU_ITEMS, onMenuClick, type ContextMenuApi } from '../../extension/context-menu';
import { takePanelRequests, type SessionStorageApi } from '../../extension/panel-requests';
import { panelRequestFromSelection, readPanelRequest, type PanelRequest } from '../../shared/schema/panel-request-schema';
import { MAX_SELECTION_CHARS } from '../../shared/text/selection-query';

/** storage.session with its onChanged event, as Chrome runs it: a set notifies listeners after it resolves. */
function fakeSessionStorage(log: string[] = []): SessionStorageApi & { items: Record<string, unknown> } {
  const items: Record<string, unknown> = {};
  const listeners = new Set<(changes: Record<string, { newValue?: unknown }>, area: string) => void>();
  return {
    items,
    session: {
      async get(key) {
        // Read when the call reaches the store, after the caller's synchronous code, as Chrome's round trip does.
        await Promise.resolve();
        return key in items ? { [key]: items[key] } : {};
      },
      async set(next) {
        log.push('store');
        Object.assign(items, next);
        for (const [key, value] of Object.entries(next)) for (const l of [...listeners]) l({ [key]: { newValue: value } }, 'session');
      },
      async remove(key) {
        delete items[key];
        for (const l of [...listeners]) l({ [key]: {} }, 'session');
      },
    },
    onChanged: { addListener: (l) => void listeners.add(l), removeListener: (l) => void listeners.delete(l) },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a request from selected text', () => {
  it('makes the selection one line of single spaces, and is nothing for whitespace alone', () => {
    expect(panelRequestFromSelection('search', '  Monte Carlo\n tree\tsearch ', 'r1')).toEqual({ action: 'search', text: 'Monte Carlo tree search', id: 'r1' });
    expect(panelRequestFromSelection('ask', 'What is MCTS?', 'r2', 7)).toEqual({ action: 'ask', text: 'What is MCTS?', id: 'r2', windowId: 7 });
    expect(panelRequestFromSelection('search', ' \n\t ', 'r3')).toBeNull();
  });

  it('cuts a long selection at a word, within the limit', () => {
    const words = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    const { text } = panelRequestFromSelection('search', words, 'r')!;
    expect(text.length).toBeLessThanOrEqual(MAX_SELECTION_CHARS);
    expect(words.startsWith(`${text} `)).toBe(true);
    // One unbroken run of letters is cut at the limit.
    expect(panelRequestFromSelection('search', 'x'.repeat(5_000), 'r')!.text).toHaveLength(MAX_SELECTION_CHARS);
  });

  it('is read from storage only in its own shape', () => {
    const good: PanelRequest = { action: 'ask', text: 'Why?', id: 'r1' };
    expect(readPanelRequest(good)).toEqual(good);
    for (const bad of [undefined, null, 'Why?', { ...good, action: 'delete' }, { ...good, text: '' }, { ...good, text: 'x'.repeat(MAX_SELECTION_CHARS + 1) }, { action: 'ask', text: 'Why?' }, { ...good, windowId: 1.5 }]) {
      expect(readPanelRequest(bad)).toBeNull();
    }
  });
});

describe('the panel takes requests', () => {
  it('runs the one waiting when it opens, once, and each one left while it is open', async () => {
    const storage = fakeSessionStorage();
    await storage.session.set({ 'verbatim.panelRequest': { action: 'search', text: 'first', id: 'a' } });
    const ran: string[] = [];
    const stop = takePanelRequests(storage, Promise.resolve(1), (r) => ran.push(r.text));
    await settle();
    expect(ran).toEqual(['first']);
    expect(storage.items).toEqual({});
    await storage.session.set({ 'verbatim.panelRequest': { action: 'ask', text: 'second', id: 'b', windowId: 1 } });
    await settle();
    expect(ran).toEqual(['first', 'second']);
    // A second panel opening later finds nothing to run again.
    const again: string[] = [];
    takePanelRequests(storage, Promise.resolve(1), (r) => again.push(r.text));
    await settle();
    expect(again).toEqual([]);
    stop();
    await storage.session.set({ 'verbatim.panelRequest': { action: 'ask', text: 'after', id: 'c' } });
    await settle();
    expect(ran).toEqual(['first', 'second']);
  });

  it('runs a request left while the panel is opening once, though both its first read and the change event see it', async () => {
    const storage = fakeSessionStorage();
    const ran: string[] = [];
    takePanelRequests(storage, Promise.resolve(1), (r) => ran.push(r.text));
    void storage.session.set({ 'verbatim.panelRequest': { action: 'ask', text: 'racing', id: 'r' } });
    await settle();
    expect(ran).toEqual(['racing']);
  });

  it("leaves another window's request, and ignores what is not a request", async () => {
    const storage = fakeSessionStorage();
    const ran: string[] = [];
    takePanelRequests(storage, Promise.resolve(1), (r) => ran.push(r.text));
    await storage.session.set({ 'verbatim.panelRequest': { action: 'search', text: 'theirs', id: 'a', windowId: 2 } });
    await settle();
    expect(ran).toEqual([]);
    expect(storage.items['verbatim.panelRequest']).toMatchObject({ text: 'theirs' });
    await storage.session.set({ 'verbatim.panelRequest': { action: 'search', text: '', id: 'b' } });
    await settle();
    expect(ran).toEqual([]);
  });
});

function fakeMenuApi(options: { openFails?: boolean } = {}) {
  const log: string[] = [];
  const storage = fakeSessionStorage(log);
  const created: { id: string; title: string; contexts: string[] }[] = [];
  let installed: (() => void) | undefined;
  let clicked: Parameters<ContextMenuApi['contextMenus']['onClicked']['addListener']>[0] | undefined;
  const api: ContextMenuApi = {
    contextMenus: {
      create: (p) => created.push(p),
      removeAll: async () => void created.splice(0),
      onClicked: { addListener: (l) => void (clicked = l) },
    },
    sidePanel: {
      open: (o) => {
        log.push(`open ${o.windowId}`);
        return options.openFails ? Promise.reject(new Error('sidePanel.open() may only be called in response to a user gesture.')) : Promise.resolve();
      },
    },
    runtime: { onInstalled: { addListener: (l) => void (installed = l) } },
    storage,
  };
  return { api, log, storage, created, install: () => installed?.(), click: (...args: Parameters<NonNullable<typeof clicked>>) => clicked?.(...args) };
}

describe('the context menu', () => {
  it('offers its items on selected text, made when the extension is installed or updated', async () => {
    const menu = fakeMenuApi();
    installContextMenu(menu.api, () => 'id');
    expect(menu.created).toEqual([]);
    menu.install();
    await settle();
    menu.install();
    await settle();
    expect(menu.created.map((c) => [c.id, c.contexts])).toEqual(MENU_ITEMS.map((m) => [m.id, ['selection']]));
  });

  it('opens the panel of the window before anything is awaited, then leaves the selection for it', async () => {
    const menu = fakeMenuApi();
    installContextMenu(menu.api, () => 'click-1');
    menu.click({ menuItemId: 'ask', selectionText: 'How is the tree search guided?' }, { windowId: 3 });
    // Synchronously, within the click's listener: the panel was asked to open before the request was stored.
    expect(menu.log).toEqual(['open 3', 'store']);
    await settle();
    expect(menu.log).toEqual(['open 3', 'store']);
    expect(menu.storage.items['verbatim.panelRequest']).toEqual({ action: 'ask', text: 'How is the tree search guided?', id: 'click-1', windowId: 3 });
  });

  it('still leaves the request when the panel cannot be opened, and nothing for an unknown item or an empty selection', async () => {
    const menu = fakeMenuApi({ openFails: true });
    await onMenuClick(menu.api, { menuItemId: 'search', selectionText: 'tree search' }, { windowId: 1 }, 'r');
    expect(menu.storage.items['verbatim.panelRequest']).toMatchObject({ action: 'search', text: 'tree search' });
    const quiet = fakeMenuApi();
    await onMenuClick(quiet.api, { menuItemId: 'other', selectionText: 'tree search' }, { windowId: 1 }, 'r');
    await onMenuClick(quiet.api, { menuItemId: 'search', selectionText: '   ' }, { windowId: 1 }, 'r');
    expect(quiet.log).toEqual([]);
  });
});
