/**
 * `--dense` for `verbatim ask` and `verbatim search`: an on-device embedding model
 * (transformers.js, shared/search/embedding-model.ts) ranks paragraphs by meaning, and
 * its list joins the lexical one by reciprocal rank fusion. Opt-in: the model is
 * downloaded on the first use only (from the hub, or the mirror in VERBATIM_MODEL_HOST)
 * and kept in the cache folder, and so are the paragraphs' vectors (one file per model),
 * so a library is embedded once per model. If the model cannot be had, the command
 * says so by name and answers without it.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { messageFor } from '../shared/errors';
import type { LibraryPaper } from '../shared/model/paper';
import { DenseLibrary, type StoredVector, type VectorStorePort } from '../shared/search/dense-library';
import { DEFAULT_EMBEDDING_MODEL, embeddingModelSpec, loadEmbeddingModel, ModelEmbedder, type TransformersModule } from '../shared/search/embedding-model';
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
    const spec = choice['dense-model'] ? embeddingModelSpec(choice['dense-model']) : DEFAULT_EMBEDDING_MODEL;
    const cacheDir = defaultCacheDir(env);
    const announced = new Set<string>();
    err(`Loading the search model ${spec.id}${Number.isFinite(spec.downloadMegabytes) ? ` (about ${spec.downloadMegabytes} MB to download the first time)` : ''}…`);
    const model = await loadEmbeddingModel(await importTransformers(), spec, {
      ...(env.VERBATIM_MODEL_HOST ? { host: env.VERBATIM_MODEL_HOST } : {}),
      cacheDir: join(cacheDir, 'models'),
      onProgress: (progress) => {
        if (!progress.done || announced.has(progress.file)) return;
        announced.add(progress.file);
        err(`loaded ${spec.id} ${progress.file} (${(progress.total / 1e6).toFixed(2)} MB)`);
      },
    });
    const store = new VectorFileStore(join(cacheDir, 'vectors', `${createHash('sha256').update(spec.id).digest('hex').slice(0, 16)}.json`));
    const retriever = new DenseLibrary(new ModelEmbedder(spec.id, model), store);
    await retriever.indexPapers(papers, ({ done, total }) => {
      if (total >= 200 && (done === total || done % 1000 < 16)) err(`embedded ${done} of ${total} paragraphs`);
    });
    return { retriever, save: () => store.write(spec.id) };
  } catch (error) {
    err(`verbatim: ${messageFor(error)}`);
    return null;
  }
}
