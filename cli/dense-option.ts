/**
 * `--dense` for `verbatim ask` and `verbatim search`: an on-device embedding model ranks
 * paragraphs by meaning, and its list joins the lexical one where the words find little
 * (shared/search/meaning-fusion.ts). The default is the Universal Sentence Encoder (lite),
 * installed with the package (cli/use-lite-node.ts): nothing is downloaded. A hub id
 * (owner/name) runs a transformers.js model instead, downloaded on first use (from the hub,
 * or the mirror in VERBATIM_MODEL_HOST) and kept in the cache folder. The paragraphs'
 * vectors are cached too (one file per model), so a library is embedded once per model.
 * If the model cannot be had, the command says so by name and answers without it.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { messageFor } from '../shared/errors';
import type { LibraryPaper } from '../shared/model/paper';
import { DenseLibrary, type StoredVector, type VectorStorePort } from '../shared/search/dense-library';
import { embeddingModelSpec, loadEmbeddingModel, ModelEmbedder, type EmbeddingModel, type TransformersModule } from '../shared/search/embedding-model';
import { USE_LITE_ID } from '../shared/search/use-lite-model';
import { loadUseLiteInNode } from './use-lite-node';
import { defaultCacheDir, writeCacheFile } from './extraction-cache';

export const DENSE_OPTIONS = {
  dense: { type: 'boolean', default: false },
  'dense-model': { type: 'string' },
} as const;

export interface DenseChoice {
  dense?: boolean;
  'dense-model'?: string;
}

/** --dense, or a model named with --dense-model (which implies it). */
export function wantsDense(choice: DenseChoice): boolean {
  return Boolean(choice.dense || choice['dense-model']);
}

export interface DenseSearch {
  retriever: DenseLibrary;
  /** Writes the vectors computed by this command for the next one. */
  save(): Promise<void>;
}

const VectorFile = v.object({
  format: v.literal('vectors-2'),
  modelId: v.string(),
  entries: v.array(v.object({ key: v.string(), paperId: v.string(), paragraphId: v.string(), textHash: v.string(), vector: v.string() })),
});

/** A model's paragraph vectors in one file of the cache folder, written whole (rename) when the command ends. */
class VectorFileStore implements VectorStorePort {
  private readonly entries = new Map<string, StoredVector>();
  private changed = false;

  constructor(private readonly path: string) {}

  async load(modelId: string): Promise<StoredVector[]> {
    try {
      const parsed = v.safeParse(VectorFile, JSON.parse(await readFile(this.path, 'utf8')));
      if (parsed.success && parsed.output.modelId === modelId) {
        for (const { vector, ...entry } of parsed.output.entries) {
          const bytes = Buffer.from(vector, 'base64');
          this.entries.set(entry.key, { ...entry, vector: new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)) });
        }
      }
    } catch {
      // missing or unreadable: the vectors are computed again
    }
    return [...this.entries.values()];
  }

  put(_modelId: string, vectors: readonly StoredVector[]): Promise<void> {
    for (const vector of vectors) this.entries.set(vector.key, vector);
    this.changed ||= vectors.length > 0;
    return Promise.resolve();
  }

  deletePaper(paperId: string): Promise<void> {
    for (const [key, entry] of this.entries) if (entry.paperId === paperId) this.entries.delete(key);
    this.changed = true;
    return Promise.resolve();
  }

  /** The CLI reads its whole folder each run and DenseLibrary skips unchanged paragraphs by hash: no per-paper record needed. */
  indexedPapers(): Promise<Map<string, string>> {
    return Promise.resolve(new Map());
  }

  markIndexed(): Promise<void> {
    return Promise.resolve();
  }

  async write(modelId: string): Promise<void> {
    if (!this.changed) return;
    const entries = [...this.entries.values()].map(({ vector, ...entry }) => ({ ...entry, vector: Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64') }));
    await writeCacheFile(this.path, JSON.stringify({ format: 'vectors-2', modelId, entries }));
  }
}

/** `--dense` without a model: the one measured here, installed with the package, nothing to download. */
export const CLI_DEFAULT_DENSE_MODEL = USE_LITE_ID;

/**
 * A model for Node by id: the Universal Sentence Encoder (lite) from its installed package, any other id a
 * transformers.js model from the hub (or the mirror in VERBATIM_MODEL_HOST), cached in the cache folder.
 */
export async function loadNodeEmbeddingModel(
  modelId: string,
  err: (text: string) => void,
  env: NodeJS.ProcessEnv = process.env,
  importTransformers: () => Promise<TransformersModule> = () => import('@huggingface/transformers'),
): Promise<EmbeddingModel> {
  if (modelId === USE_LITE_ID) {
    err(`Loading the search model ${USE_LITE_ID}…`);
    return loadUseLiteInNode();
  }
  const spec = embeddingModelSpec(modelId);
  const announced = new Set<string>();
  err(`Loading the search model ${spec.id}${Number.isFinite(spec.downloadMegabytes) ? ` (about ${spec.downloadMegabytes} MB to download the first time)` : ''}…`);
  return loadEmbeddingModel(await importTransformers(), spec, {
    ...(env.VERBATIM_MODEL_HOST ? { host: env.VERBATIM_MODEL_HOST } : {}),
    cacheDir: join(defaultCacheDir(env), 'models'),
    onProgress: (progress) => {
      if (!progress.done || announced.has(progress.file)) return;
      announced.add(progress.file);
      err(`loaded ${spec.id} ${progress.file} (${(progress.total / 1e6).toFixed(2)} MB)`);
    },
  });
}

/** The dense list for these papers (embedded now if not yet), or null when not asked for or when the model cannot be had (said on `err`). */
export async function denseSearchFor(
  choice: DenseChoice,
  papers: readonly LibraryPaper[],
  err: (text: string) => void,
  env: NodeJS.ProcessEnv = process.env,
  importTransformers: () => Promise<TransformersModule> = () => import('@huggingface/transformers'),
): Promise<DenseSearch | null> {
  if (!wantsDense(choice)) return null;
  try {
    const modelId = choice['dense-model'] ?? CLI_DEFAULT_DENSE_MODEL;
    const model = await loadNodeEmbeddingModel(modelId, err, env, importTransformers);
    const store = new VectorFileStore(join(defaultCacheDir(env), 'vectors', `${createHash('sha256').update(modelId).digest('hex').slice(0, 16)}.json`));
    const retriever = new DenseLibrary(new ModelEmbedder(modelId, model), store);
    await retriever.indexPapers(papers, ({ done, total }) => {
      if (total >= 200 && (done === total || done % 1000 < 16)) err(`embedded ${done} of ${total} paragraphs`);
    });
    return { retriever, save: () => store.write(modelId) };
  } catch (error) {
    err(`verbatim: ${messageFor(error)}`);
    return null;
  }
}
