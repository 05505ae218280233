/**
 * `--dense` for `verbatim ask` and `verbatim search`: an on-device embedding model
 * (transformers.js, shared/search/embedding-model.ts) ranks paragraphs by meaning, and
 * its list joins the lexical one by reciprocal rank fusion. Opt-in: the model is
 * downloaded on the first use only (from the hub, or the mirror in VERBATIM_MODEL_HOST),
 * kept in the cache folder, and each paragraph's vector is kept there too, so a
 * library is embedded once per model. If the model cannot be had, the command says so
 * by name and answers without it.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { messageFor } from '../shared/errors';
import type { LibraryPaper } from '../shared/model/paper';
import { DenseRetriever } from '../shared/search/dense-retriever';
import { DEFAULT_EMBEDDING_MODEL, embeddingModelSpec, loadEmbeddingModel, ModelEmbedder, type TransformersModule } from '../shared/search/embedding-model';
import { defaultCacheDir } from './extraction-cache';

export const DENSE_OPTIONS = {
  dense: { type: 'boolean', default: false },
  'dense-model': { type: 'string' },
} as const;

export interface DenseChoice {
  dense?: boolean;
  'dense-model'?: string;
}

export interface DenseSearch {
  retriever: DenseRetriever;
  /** Writes the vectors computed by this command for the next one. */
  save(): Promise<void>;
}

const VectorFile = v.object({ format: v.literal('vectors-1'), modelId: v.string(), entries: v.array(v.tuple([v.string(), v.string()])) });

/** Paragraph vectors of one model, by paragraph text, in the cache folder. */
class VectorStore {
  readonly vectors = new Map<string, Float32Array>();
  private loadedCount = 0;

  constructor(private readonly path: string, private readonly modelId: string) {}

  async load(): Promise<void> {
    try {
      const parsed = v.safeParse(VectorFile, JSON.parse(await readFile(this.path, 'utf8')));
      if (!parsed.success || parsed.output.modelId !== this.modelId) return;
      for (const [key, base64] of parsed.output.entries) {
        const bytes = Buffer.from(base64, 'base64');
        this.vectors.set(key, new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
      }
      this.loadedCount = this.vectors.size;
    } catch {
      // missing or unreadable: the vectors are computed again
    }
  }

  async save(): Promise<void> {
    if (this.vectors.size === this.loadedCount) return;
    const entries = [...this.vectors].map(([key, vector]) => [key, Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64')]);
    try {
      await mkdir(join(this.path, '..'), { recursive: true });
      const partial = `${this.path}.${process.pid}.tmp`;
      await writeFile(partial, JSON.stringify({ format: 'vectors-1', modelId: this.modelId, entries }));
      await rename(partial, this.path);
    } catch {
      // A cache that cannot be written costs time, never a result.
    }
  }
}

/** The dense list for these papers, or null when not asked for or when the model cannot be had (said on `err`). */
export async function denseSearchFor(
  choice: DenseChoice,
  papers: readonly LibraryPaper[],
  err: (text: string) => void,
  env: NodeJS.ProcessEnv = process.env,
  importTransformers: () => Promise<TransformersModule> = () => import('@huggingface/transformers'),
): Promise<DenseSearch | null> {
  if (!choice.dense && !choice['dense-model']) return null;
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
    const store = new VectorStore(join(cacheDir, 'vectors', `${createHash('sha256').update(spec.id).digest('hex').slice(0, 16)}.json`), spec.id);
    await store.load();
    const retriever = new DenseRetriever(papers, new ModelEmbedder(spec.id, model), store.vectors);
    return { retriever, save: () => store.save() };
  } catch (error) {
    err(`verbatim: ${messageFor(error)}`);
    return null;
  }
}
