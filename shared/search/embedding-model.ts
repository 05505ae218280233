/**
 * The on-device embedding model for dense retrieval: transformers.js's
 * feature-extraction pipeline (ONNX Runtime; WebAssembly in the browser, native in
 * Node), loaded from the Hugging Face hub, or a mirror of it, only after the user opts
 * in, with download progress, and cached (the Cache API in a browser, a folder in
 * Node) so it is downloaded once.
 *
 * The transformers.js module is passed in by the adapter that runs it (the CLI, the
 * extension's worker): the engine never imports it, so nobody who does not opt in
 * loads it (lint-enforced: shared/ may import its types only).
 *
 * No quality is claimed for any model here: this machine has no model hub, so the
 * loading path is tested on a tiny model made in the test (tests/support/tiny-embedding-model.ts).
 */
import * as v from 'valibot';
import { VerbatimError } from '../errors';
import { unitVector, type Embedder, type EmbeddingRole } from './embedder';

export interface EmbeddingModelSpec {
  /** The model's repository on the hub. */
  id: string;
  revision: string;
  /** How token vectors become one vector: the model's training decides (bge: the [CLS] token; MiniLM: the mean). */
  pooling: 'mean' | 'cls';
  /** Prepended to a question (bge's retrieval instruction). */
  queryPrefix: string;
  /** Prepended to a paragraph. */
  passagePrefix: string;
  /** Which ONNX file: q8 is the 8-bit quantised one, a quarter of fp32's download. */
  dtype: 'q8' | 'fp32';
  /** Shown before the user opts in. */
  downloadMegabytes: number;
}

/**
 * Small English retrieval models with ONNX weights on the hub. bge-small is the default:
 * trained for question-to-passage retrieval (its query instruction), 384 dimensions.
 */
export const EMBEDDING_MODELS: readonly EmbeddingModelSpec[] = [
  { id: 'Xenova/bge-small-en-v1.5', revision: 'main', pooling: 'cls', queryPrefix: 'Represent this sentence for searching relevant passages: ', passagePrefix: '', dtype: 'q8', downloadMegabytes: 34 },
  { id: 'Xenova/all-MiniLM-L6-v2', revision: 'main', pooling: 'mean', queryPrefix: '', passagePrefix: '', dtype: 'q8', downloadMegabytes: 23 },
];

export const DEFAULT_EMBEDDING_MODEL: EmbeddingModelSpec = EMBEDDING_MODELS[0]!;

/** A known model's settings; any other hub id is taken as a sentence-transformers model (mean pooling, no prefixes). */
export function embeddingModelSpec(id: string): EmbeddingModelSpec {
  const known = EMBEDDING_MODELS.find((m) => m.id === id);
  if (known) return known;
  if (!/^[\w.-]+\/[\w.-]+$/.test(id)) throw new VerbatimError('EMBEDDING_MODEL_UNAVAILABLE', `"${id}" is not a model id (owner/name)`);
  return { id, revision: 'main', pooling: 'mean', queryPrefix: '', passagePrefix: '', dtype: 'q8', downloadMegabytes: NaN };
}

/** One vector per text (not yet unit length: the embedder normalises). */
export type EmbeddingModel = (texts: readonly string[], role: EmbeddingRole) => Promise<number[][]>;

interface PipelineOutput {
  tolist(): unknown;
}
type FeatureExtractor = (texts: string[], options: { pooling: 'mean' | 'cls'; normalize: boolean }) => Promise<PipelineOutput>;

/** What this file uses of `@huggingface/transformers` (the adapter passes the module itself). */
export interface TransformersModule {
  env: { allowLocalModels: boolean; allowRemoteModels: boolean; remoteHost: string; cacheDir: string | null };
  pipeline(task: 'feature-extraction', model: string, options: { dtype: EmbeddingModelSpec['dtype']; revision: string; progress_callback: (info: unknown) => void }): Promise<unknown>;
}

export interface ModelLoadProgress {
  file: string;
  loaded: number;
  total: number;
  done: boolean;
}

export interface LoadEmbeddingOptions {
  /** A mirror of the hub (an organisation's, or a loopback server in tests); default the hub. */
  host?: string;
  /** Node only: the folder downloads are kept in. The browser keeps them in the Cache API. */
  cacheDir?: string;
  onProgress?: (progress: ModelLoadProgress) => void;
}

const ProgressInfo = v.object({ status: v.string(), file: v.optional(v.string()), loaded: v.optional(v.number()), total: v.optional(v.number()) });
const Vectors = v.array(v.array(v.number()));

/** transformers.js reports bytes while a file streams in (from the network or the cache), then 'done' without sizes. */
function progressTracker(report: (progress: ModelLoadProgress) => void): (info: unknown) => void {
  const sizes = new Map<string, { loaded: number; total: number }>();
  return (info) => {
    const parsed = v.safeParse(ProgressInfo, info);
    if (!parsed.success || !parsed.output.file) return;
    const { status, file } = parsed.output;
    if (status === 'progress') {
      const size = { loaded: parsed.output.loaded ?? 0, total: parsed.output.total ?? 0 };
      sizes.set(file, size);
      report({ file, ...size, done: false });
    } else if (status === 'done') {
      const size = sizes.get(file) ?? { loaded: 0, total: 0 };
      report({ file, loaded: size.total || size.loaded, total: size.total || size.loaded, done: true });
    }
  };
}

function isExtractor(value: unknown): value is FeatureExtractor {
  return typeof value === 'function';
}

/** Downloads (or reads from the cache) and starts the model; a refusal of any kind is EMBEDDING_MODEL_UNAVAILABLE. */
export async function loadEmbeddingModel(transformers: TransformersModule, spec: EmbeddingModelSpec, options: LoadEmbeddingOptions = {}): Promise<EmbeddingModel> {
  const { env } = transformers;
  // Only the hub (or the given mirror): never a path next to the library, which a page could not vouch for.
  env.allowLocalModels = false;
  env.allowRemoteModels = true;
  if (options.host) env.remoteHost = options.host.endsWith('/') ? options.host : `${options.host}/`;
  if (options.cacheDir) env.cacheDir = options.cacheDir;
  let extractor: unknown;
  try {
    extractor = await transformers.pipeline('feature-extraction', spec.id, {
      dtype: spec.dtype,
      revision: spec.revision,
      progress_callback: progressTracker((progress) => options.onProgress?.(progress)),
    });
  } catch (error) {
    throw new VerbatimError('EMBEDDING_MODEL_UNAVAILABLE', `${spec.id}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isExtractor(extractor)) throw new VerbatimError('EMBEDDING_MODEL_UNAVAILABLE', `${spec.id}: not a feature-extraction pipeline`);
  return async (texts, role) => {
    const prefix = role === 'query' ? spec.queryPrefix : spec.passagePrefix;
    const output = await extractor([...texts].map((t) => prefix + t), { pooling: spec.pooling, normalize: true });
    const parsed = v.safeParse(Vectors, output.tolist());
    if (!parsed.success || parsed.output.length !== texts.length) throw new VerbatimError('EMBEDDING_MODEL_UNAVAILABLE', `${spec.id}: the model gave no vector per text`);
    return parsed.output;
  };
}

/** The Embedder port over a model run in this context (the CLI; the extension runs it in a worker instead). */
export class ModelEmbedder implements Embedder {
  constructor(readonly modelId: string, private readonly model: EmbeddingModel) {}

  async embed(texts: readonly string[], role: EmbeddingRole = 'passage'): Promise<Float32Array[]> {
    return (await this.model(texts, role)).map(unitVector);
  }
}
