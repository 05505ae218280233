/** The background's wiring: the library service over IndexedDB, the message table, the side panel. */
import { createTextFetcher } from '../shared/capture/fetch-text';
import { DexieLibraryStore } from '../shared/library/dexie-store';
import { parseHtmlWithLinkedom } from '../shared/library/html-parser-linkedom';
import { LibraryService } from '../shared/library/library-service';
import { serviceWorkerPdfReader } from './pdf-in-service-worker';
import browser from 'webextension-polyfill';
import { DEFAULT_SETTINGS, modelFor, type ModelSettings } from '../shared/llm/model-settings';
import { createPromptApiModel, type LanguageModelApi } from '../shared/llm/prompt-api';
import type { ChatModel } from '../shared/llm/chat-model';
import { VerbatimError } from '../shared/errors';
import type { PublicModelSettings } from '../shared/protocol';

const SETTINGS_KEY = 'verbatim.modelSettings';

async function loadSettings(): Promise<ModelSettings> {
  const stored = (await browser.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY] as ModelSettings | undefined;
  return stored ?? DEFAULT_SETTINGS;
}

function publicSettings({ apiKey, ...rest }: ModelSettings): PublicModelSettings {
  return { ...rest, hasKey: Boolean(apiKey) };
}

/** The model the user set up, or none (extractive mode). */
async function chosenModel(): Promise<{ model?: ChatModel }> {
  const settings = await loadSettings();
  if (settings.provider === 'chrome-ai') {
    const api = (globalThis as { LanguageModel?: LanguageModelApi }).LanguageModel;
    if (!api) throw new VerbatimError('LLM_NOT_CONFIGURED', "this browser has no built-in model (the Prompt API's LanguageModel)");
    return { model: createPromptApiModel(api) };
  }
  const model = modelFor(settings, { fetch: (input, init) => fetch(input, init) });
  return model ? { model } : {};
}
import { broadcastEvent, listenForRequests, sendEventToTab } from './messaging';

export function startBackground(): void {
  const store = new DexieLibraryStore({ indexedDB, IDBKeyRange });
  const library = new LibraryService({
    store,
    parseHtml: parseHtmlWithLinkedom,
    fetcher: createTextFetcher((url, init) => fetch(url, init)),
    pdfReader: serviceWorkerPdfReader,
  });
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
    'answer/ask': async ({ question, paperIds }) =>
      library.ask(question, paperIds, { ...(await chosenModel()), onProgress: (stage) => void broadcastEvent('answer/progress', { stage }) }),
    'library/search': async ({ query, paperIds, limit }) => library.search(query, { ...(paperIds ? { paperIds } : {}), ...(limit !== undefined ? { limit } : {}) }),
    'settings/get': async () => publicSettings(await loadSettings()),
    'settings/set': async (next) => {
      const current = await loadSettings();
      const merged: ModelSettings = { ...next, ...(next.apiKey ? {} : current.apiKey ? { apiKey: current.apiKey } : {}) };
      await browser.storage.local.set({ [SETTINGS_KEY]: merged });
      return publicSettings(merged);
    },
  });

  // The toolbar button opens the side panel (Chrome); elsewhere the panel opens from the browser's menu.
  const sidePanel = (globalThis as { chrome?: { sidePanel?: { setPanelBehavior(o: { openPanelOnActionClick: boolean }): Promise<void> } } }).chrome?.sidePanel;
  void sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);
}
