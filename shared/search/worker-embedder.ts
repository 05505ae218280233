/**
 * The Embedder port over a message channel, for running the embedding model in a
 * worker: the page (side panel) holds a WorkerEmbedder, the worker runs
 * `serveEmbeddings` with the model loader. Both sides take a structural port
 * ({ postMessage, addEventListener }), so this file touches no platform global and
 * tests run it over a MessageChannel with a fake model. The worker only loads the
 * model on the first request, i.e. after the user has opted in and the panel created
 * the worker; a load failure is reported per request and dense retrieval drops out.
 *
 * The model the worker loads is `loadEmbeddingModel` (embedding-model.ts), the
 * transformers.js pipeline.
 */
import * as v from 'valibot';
import { unitVector, type Embedder, type EmbeddingRole } from './embedder';
import type { EmbeddingModel } from './embedding-model';

export interface MessagePortLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

const Request = v.object({ id: v.number(), texts: v.array(v.string()), role: v.optional(v.picklist(['query', 'passage'])) });
const Reply = v.union([
  v.object({ id: v.number(), vectors: v.array(v.array(v.number())) }),
  v.object({ id: v.number(), error: v.string() }),
]);

export class WorkerEmbedder implements Embedder {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void }>();

  constructor(readonly modelId: string, private readonly port: MessagePortLike) {
    port.addEventListener('message', (event) => {
      const parsed = v.safeParse(Reply, event.data);
      if (!parsed.success) return; // not ours: another message on a shared channel
      const reply = parsed.output;
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if ('error' in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply.vectors.map(unitVector));
    });
  }

  embed(texts: readonly string[], role: EmbeddingRole = 'passage'): Promise<Float32Array[]> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.port.postMessage({ id, texts: [...texts], role });
    });
  }
}

/** The worker side: loads the model once, on first use, and answers each request in order. */
export function serveEmbeddings(port: MessagePortLike, loadModel: () => Promise<EmbeddingModel>): void {
  let model: Promise<EmbeddingModel> | null = null;
  port.addEventListener('message', (event) => {
    const parsed = v.safeParse(Request, event.data);
    if (!parsed.success) return;
    const { id, texts, role = 'passage' } = parsed.output;
    model ??= loadModel();
    model
      .then((embed) => embed(texts, role))
      .then((vectors) => port.postMessage({ id, vectors }))
      .catch((error: unknown) => {
        model = null; // a failed download may succeed on a later, user-started attempt
        port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
      });
  });
}
