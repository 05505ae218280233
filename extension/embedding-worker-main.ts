/**
 * The embedding model's worker (created by the side panel once the user opts in to
 * search by meaning). The Universal Sentence Encoder (lite) runs on TensorFlow.js
 * (use-lite-worker.ts); any hub model on transformers.js with ONNX Runtime's WebAssembly
 * build, which ships inside the extension (`/ort/`, copied at build: MV3 runs no code
 * from the network), with weights from the hub. Downloads are kept in the Cache API after
 * the first. It answers the WorkerEmbedder protocol (shared/search/worker-embedder.ts).
 */
import * as transformers from '@huggingface/transformers';
import { embeddingModelSpec, loadEmbeddingModel } from '../shared/search/embedding-model';
import { serveEmbeddings, type MessagePortLike } from '../shared/search/worker-embedder';
import { ORT_WASM_FILE } from './ort-files';
import { USE_LITE_ID } from '../shared/search/use-lite-model';
import { loadUseLiteInWorker } from './use-lite-worker';

export function startEmbeddingWorker(scope: MessagePortLike & { location: { origin: string } }): void {
  const onnx = transformers.env.backends.onnx;
  if (onnx.wasm) {
    // Our own copy, never the CDN transformers.js defaults to; fetched by ONNX Runtime itself (no blob: import, which the CSP forbids).
    onnx.wasm.wasmPaths = { wasm: `${scope.location.origin}/ort/${ORT_WASM_FILE}` };
    // Threads need a cross-origin-isolated page; an extension page is not one.
    onnx.wasm.numThreads = 1;
  }
  transformers.env.useWasmCache = false;
  serveEmbeddings(scope, (modelId, onProgress) =>
    modelId === USE_LITE_ID ? loadUseLiteInWorker(scope.location.origin, onProgress) : loadEmbeddingModel(transformers, embeddingModelSpec(modelId), { onProgress }),
  );
}
