/** The background's wiring: the library service over IndexedDB, the message table, the side panel. */
import browser from 'webextension-polyfill';
import { createTextFetcher } from '../shared/capture/fetch-text';
import { DexieLibraryStore } from '../shared/library/dexie-store';
import { parseHtmlWithLinkedom } from '../shared/library/html-parser-linkedom';
import { LibraryService } from '../shared/library/library-service';
import { serviceWorkerPdfReader } from './pdf-in-service-worker';
import { createPromptApiModel, type LanguageModelApi } from '../shared/llm/prompt-api';
import { ModelSettingsService } from '../shared/settings/model-settings-service';
import { VerbatimError } from '../shared/errors';
import { browserOriginPermissions, restrictStorageToTrustedContexts, storageSettings } from './storage-settings';
import { watchRedirects } from './redirect-watch';
import { HistoryService } from '../shared/library/history-service';
import { savedStatusFor } from '../shared/library/saved-status';
import { broadcastEvent, listenForRequests, sendEventToTab } from './messaging';
import { listenForPaneRequests } from './external-endpoint';
import { externalHandlers } from './external-handlers';
import { installContextMenu, type ContextMenuApi } from './context-menu';

/** Chrome's built-in model, where this browser has one. */
function builtInModel() {
  const api = (globalThis as { LanguageModel?: LanguageModelApi }).LanguageModel;
  if (!api) throw new VerbatimError('LLM_NOT_CONFIGURED', "this browser has no built-in model (the Prompt API's LanguageModel)");
  return createPromptApiModel(api);
}

export function startBackground(): void {
  // Before any read or write: content scripts must not see the settings (the API key lives there).
  const storageReady = restrictStorageToTrustedContexts();
  const locateRedirect = watchRedirects((globalThis as { chrome?: { webRequest?: Parameters<typeof watchRedirects>[0] } }).chrome?.webRequest);
  const store = new DexieLibraryStore({ indexedDB, IDBKeyRange });
  const settings = new ModelSettingsService({ store: storageSettings(storageReady), permissions: browserOriginPermissions, fetch: (input, init) => fetch(input, init), builtInModel });
  const library = new LibraryService({
    store,
    parseHtml: parseHtmlWithLinkedom,
    fetcher: createTextFetcher((url, init) => fetch(url, init), { locateRedirect }),
    pdfReader: serviceWorkerPdfReader,
    models: settings,
  });
  const history = new HistoryService(store, (paperId) => store.getPaper(paperId).then((p) => p ?? null));
  // Asks in flight by the panel's askId, so a Cancel aborts the model calls of that ask.
  const asks = new Map<string, AbortController>();
  // The worker wakes when the panel opens: load the index now rather than at the first question.
  void library.warmUp();
  const announceChange = async () => broadcastEvent('library/changed', { revision: await store.revision() });

  listenForRequests({
    'library/save': async ({ url }, { tabId }) => {
      const result = await library.saveFromUrl(url, (stage) => {
        if (tabId !== undefined) void sendEventToTab(tabId, 'save/progress', { url, stage });
      });
      if (result.status !== 'unchanged') await announceChange();
      return result;
    },
    'library/import-paper': async ({ paper }) => {
      const result = await library.importPaper(paper);
      if (result.status !== 'unchanged') await announceChange();
      return result;
    },
    'library/list': async () => library.listPapers(),
    'library/get': async ({ paperId }) => library.getPaper(paperId),
    'library/delete': async ({ paperId }) => {
      await library.deletePaper(paperId);
      await announceChange();
      return { deleted: paperId };
    },
    'library/cite': async ({ paperId, format, style }) => ({ text: await library.citePaper(paperId, format, style) }),
    'answer/ask': async ({ question, paperIds, askId, denseHits, besidePaper }) => {
      const controller = new AbortController();
      if (askId) asks.set(askId, controller);
      try {
        const answer = await library.ask(question, paperIds, { signal: controller.signal, onProgress: (stage) => void broadcastEvent('answer/progress', { stage }), ...(denseHits ? { denseHits } : {}) });
        // An extractive answer does not look at the signal: a cancelled ask is not answered, nor remembered.
        if (controller.signal.aborted) throw new VerbatimError('CANCELLED');
        await history.record(question, paperIds, answer, besidePaper === true);
        return answer;
      } finally {
        if (askId) asks.delete(askId);
      }
    },
    'answer/cancel': async ({ askId }) => {
      const controller = asks.get(askId);
      controller?.abort();
      return { cancelled: controller !== undefined };
    },
    'settings/test': async (candidate) => settings.testConnection(candidate),
    'history/list': async () => history.list(),
    'history/open': async ({ id }) => history.reopen(id),
    'history/delete': async ({ id }) => {
      await history.delete(id);
      return { deleted: id };
    },
    'library/status': async ({ url }) => savedStatusFor(url, await library.listPapers()),
    'library/set-tags': async ({ paperId, tags }) => {
      const summary = await store.setTags(paperId, tags);
      await announceChange();
      return summary;
    },
    'library/export-bundle': async () => {
      const json = await library.exportBundle();
      return { json, papers: (await library.listPapers()).length };
    },
    'settings/get': async () => settings.publicSettings(),
    'settings/set': async (next) => settings.update(next),
    'library/search': async ({ query, paperIds, limit, denseHits }) => library.search(query, { ...(paperIds ? { paperIds } : {}), ...(limit !== undefined ? { limit } : {}), ...(denseHits ? { denseHits } : {}) }),
    'library/index-status': async () => library.indexStatus(),
  });

  // The writing panes (Word, Google Docs) on their own web origins: read-only, plus ask.
  listenForPaneRequests(externalHandlers(library, browser.runtime.getManifest().version));

  // "Find in my Verbatim library" and "Ask my Verbatim library" on selected text: the listener is registered at start, as MV3 requires.
  const chromeApi = (globalThis as { chrome?: ContextMenuApi }).chrome;
  if (chromeApi?.contextMenus) installContextMenu(chromeApi);

  // The toolbar button opens the side panel (Chrome); elsewhere the panel opens from the browser's menu.
  const sidePanel = (globalThis as { chrome?: { sidePanel?: { setPanelBehavior(o: { openPanelOnActionClick: boolean }): Promise<void> } } }).chrome?.sidePanel;
  void sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);
}
