import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { startEmbeddingWorker } from '../extension/embedding-worker-main';

// Runs as a dedicated worker of the side panel (new Worker('/embedding-worker.js')), never as a page script.
export default defineUnlistedScript(() => {
  startEmbeddingWorker(globalThis as unknown as Parameters<typeof startEmbeddingWorker>[0]);
});
