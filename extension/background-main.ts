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
import { broadcastEvent, listenForRequests, sendEventToTab } from './messaging';
import { listenForPaneRequests } from './external-endpoint';
import { externalHandlers } from './external-handlers';

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
    'library/cite': async ({ paperId, format }) => ({ text: await library.citePaper(paperId, format) }),
    'answer/ask': async ({ question, paperIds }) => library.ask(question, paperIds, { onProgress: (stage) => void broadcastEvent('answer/progress', { stage }) }),
    'settings/get': async () => settings.publicSettings(),
    'settings/set': async (next) => settings.update(next),
    'library/search': async ({ query, paperIds, limit }) => library.search(query, { ...(paperIds ? { paperIds } : {}), ...(limit !== undefined ? { limit } : {}) }),
  });

  // The writing panes (Word, Google Docs) on their own web origins: read-only, plus ask.
  listenForPaneRequests(externalHandlers(library, browser.runtime.getManifest().version));

  // The toolbar button opens the side panel (Chrome); elsewhere the panel opens from the browser's menu.
  const sidePanel = (globalThis as { chrome?: { sidePanel?: { setPanelBehavior(o: { openPanelOnActionClick: boolean }): Promise<void> } } }).chrome?.sidePanel;
  void sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);
}
