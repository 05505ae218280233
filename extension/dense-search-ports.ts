/**
 * The side panel's ports for search by meaning (shared/library/dense-search.ts): the
 * library through the message protocol, vectors in IndexedDB, the model in a dedicated
 * worker (/embedding-worker.js), and the user's opt-in in storage.local (extension
 * pages only: the background restricts it to trusted contexts).
 */
import browser from 'webextension-polyfill';
import * as v from 'valibot';
import type { DenseSearchPorts, DenseSetting } from '../shared/library/dense-search';
import { DexieVectorStore } from '../shared/library/dexie-vector-store';
import { WorkerEmbedder } from '../shared/search/worker-embedder';
import { sendRequest } from './messaging';
import { USE_LITE_CACHE } from './use-lite-cache';

const DENSE_SETTING_KEY = 'verbatim.denseSearch';
const DenseSettingSchema = v.object({ modelId: v.pipe(v.string(), v.maxLength(200)) });

/** The Cache API caches downloads are kept in: transformers.js's (its env.cacheKey, and its file-hash cache) and the Universal Sentence Encoder's. */
const MODEL_CACHES = ['transformers-cache', 'experimental_transformers-hash-cache', USE_LITE_CACHE];

export function extensionDensePorts(): DenseSearchPorts {
  const store = new DexieVectorStore({ indexedDB, IDBKeyRange });
  return {
    listPapers: () => sendRequest('library/list', {}),
    getPaper: (paperId) => sendRequest('library/get', { paperId }),
    store,
    async forgetDownloads() {
      await Promise.all(MODEL_CACHES.map((name) => caches.delete(name)));
      await store.clear();
    },
    createEmbedder(modelId, onProgress) {
      const worker = new Worker(browser.runtime.getURL('/embedding-worker.js'));
      const embedder = new WorkerEmbedder(modelId, worker, onProgress);
      return {
        modelId,
        embed: (texts, role) => embedder.embed(texts, role),
        dispose: () => {
          // A terminated worker answers nothing: what waits on it is released first.
          embedder.close();
          worker.terminate();
        },
      };
    },
    settings: {
      async load(): Promise<DenseSetting | null> {
        const stored: unknown = (await browser.storage.local.get(DENSE_SETTING_KEY))[DENSE_SETTING_KEY];
        const parsed = v.safeParse(DenseSettingSchema, stored);
        return parsed.success ? parsed.output : null;
      },
      async save(setting) {
        if (setting) await browser.storage.local.set({ [DENSE_SETTING_KEY]: setting });
        else await browser.storage.local.remove(DENSE_SETTING_KEY);
      },
    },
  };
}
