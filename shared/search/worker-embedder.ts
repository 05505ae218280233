/**
 * The Embedder port over a message channel, for running the embedding model in a
 * worker: the page (side panel) holds a WorkerEmbedder, the worker runs
 * `serveEmbeddings` with the model loader. Both sides take a structural port
 * ({ postMessage, addEventListener }), so this file touches no platform global and
 * tests run it over a MessageChannel with a fake model. The worker only loads a
 * model on the first request for it, i.e. after the user has opted in and the panel
 * created the worker; the download's progress comes back as messages, and a load
 * failure is reported per request (its error code kept), so dense retrieval drops out.
 *
 * The model the worker loads is `loadEmbeddingModel` (embedding-model.ts), the
 * transformers.js pipeline (extension/embedding-worker-main.ts).
 */
import * as v from 'valibot';
import { rebuildError, serializeError, VerbatimError, type SerializedError } from '../errors';
import { unitVector, type Embedder, type EmbeddingRole } from './embedder';
import type { EmbeddingModel, ModelLoadProgress } from './embedding-model';

export interface MessagePortLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/** A worker as the page sees it: a port that can also fail as a whole (its script did not load, it crashed). */
export interface WorkerLike extends MessagePortLike {
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'error', listener: (event: { message?: string }) => void): void;
}

function isWorkerLike(port: MessagePortLike): port is WorkerLike {
  return 'terminate' in port;
}

const Request = v.object({ id: v.number(), modelId: v.string(), texts: v.array(v.string()), role: v.optional(v.picklist(['query', 'passage'])) });
const ErrorData = v.object({ code: v.string(), detail: v.optional(v.string()) });
const Reply = v.union([
  v.object({ id: v.number(), vectors: v.array(v.array(v.number())) }),
  v.object({ id: v.number(), error: ErrorData }),
  v.object({ modelId: v.string(), progress: v.object({ file: v.string(), loaded: v.number(), total: v.number(), done: v.boolean() }) }),
]);

export class WorkerEmbedder implements Embedder {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void }>();

  /** Set once the worker itself failed: every request after it fails at once. */
  private failure: VerbatimError | null = null;

  constructor(readonly modelId: string, private readonly port: MessagePortLike | WorkerLike, onProgress?: (progress: ModelLoadProgress) => void) {
    if (isWorkerLike(port)) {
      // A worker that dies answers nothing: its waiting requests must fail, not hang (a question waits on one).
      port.addEventListener('error', (event) => {
        this.failure = new VerbatimError('EMBEDDING_MODEL_UNAVAILABLE', `the embedding worker failed${event.message ? `: ${event.message}` : ''}`);
        for (const waiting of this.pending.values()) waiting.reject(this.failure);
        this.pending.clear();
      });
    }
    port.addEventListener('message', (event) => {
      const parsed = v.safeParse(Reply, event.data);
      if (!parsed.success) return; // not ours: another message on a shared channel
      const reply = parsed.output;
      if ('progress' in reply) {
        if (reply.modelId === modelId) onProgress?.(reply.progress);
        return;
      }
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if ('error' in reply) waiting.reject(rebuildError(reply.error as SerializedError));
      else waiting.resolve(reply.vectors.map(unitVector));
    });
  }

  /** Stops waiting for the worker (the caller terminates it): every pending and later request fails as CANCELLED. */
  close(): void {
    this.failure ??= new VerbatimError('CANCELLED', 'the embedding worker was stopped');
    for (const waiting of this.pending.values()) waiting.reject(this.failure);
    this.pending.clear();
  }

  embed(texts: readonly string[], role: EmbeddingRole = 'passage'): Promise<Float32Array[]> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.port.postMessage({ id, modelId: this.modelId, texts: [...texts], role });
    });
  }
}

export type ModelLoader = (modelId: string, onProgress: (progress: ModelLoadProgress) => void) => Promise<EmbeddingModel>;

/** The worker side: loads each model once, on first use, and answers each request in order. */
export function serveEmbeddings(port: MessagePortLike, loadModel: ModelLoader): void {
  const models = new Map<string, Promise<EmbeddingModel>>();
  port.addEventListener('message', (event) => {
    const parsed = v.safeParse(Request, event.data);
    if (!parsed.success) return;
    const { id, modelId, texts, role = 'passage' } = parsed.output;
    let model = models.get(modelId);
    if (!model) {
      model = loadModel(modelId, (progress) => port.postMessage({ modelId, progress }));
      models.set(modelId, model);
    }
    model
      .then((embed) => embed(texts, role))
      .then((vectors) => port.postMessage({ id, vectors }))
      .catch((error: unknown) => {
        models.delete(modelId); // a failed download may succeed on a later, user-started attempt
        port.postMessage({ id, error: serializeError(error) });
      });
  });
}
