/** The background's wiring: the library service over IndexedDB, the message table, the side panel. */
import { createTextFetcher } from '../shared/capture/fetch-text';
import { DexieLibraryStore } from '../shared/library/dexie-store';
import { parseHtmlWithLinkedom } from '../shared/library/html-parser-linkedom';
import { LibraryService } from '../shared/library/library-service';
import { serviceWorkerPdfReader } from './pdf-in-service-worker';
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
    'answer/ask': async ({ question, paperIds }) => library.ask(question, paperIds),
  });

  // The toolbar button opens the side panel (Chrome); elsewhere the panel opens from the browser's menu.
  const sidePanel = (globalThis as { chrome?: { sidePanel?: { setPanelBehavior(o: { openPanelOnActionClick: boolean }): Promise<void> } } }).chrome?.sidePanel;
  void sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);
}
