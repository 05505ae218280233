import { describe, expect, it } from 'vitest';
import { MessageChannel } from 'node:worker_threads';
import { serveEmbeddings, WorkerEmbedder, type MessagePortLike } from '../../shared/search/worker-embedder';
import { FakeEmbedder } from '../support/fake-embedder';
import { VerbatimError } from '../../shared/errors';

function channel(): [MessagePortLike, MessagePortLike, () => void] {
  const { port1, port2 } = new MessageChannel();
  const wrap = (port: typeof port1): MessagePortLike => ({
    postMessage: (m) => port.postMessage(m),
    addEventListener: (_type, listener) => port.on('message', (data: unknown) => listener({ data })),
  });
  return [wrap(port1), wrap(port2), () => { port1.close(); port2.close(); }];
}

describe('the Embedder port over a worker channel', () => {
  it('loads the model on first use only, and returns unit vectors in order', async () => {
    const [page, worker, close] = channel();
    const fake = new FakeEmbedder(64);
    let loads = 0;
    const progress: unknown[] = [];
    serveEmbeddings(worker, (modelId, onProgress) => {
      loads++;
      expect(modelId).toBe('fake');
      onProgress({ file: 'onnx/model_quantized.onnx', loaded: 10, total: 10, done: true });
      return Promise.resolve(async (texts) => (await fake.embed(texts)).map((v) => [...v].map((x) => x * 3)));
    });
    const embedder = new WorkerEmbedder('fake', page, (p) => progress.push(p));
    expect(loads).toBe(0);
    const [a, b] = await embedder.embed(['monte carlo tree search', 'survey response rates']);
    const [again] = await embedder.embed(['monte carlo tree search']);
    expect(loads).toBe(1);
    expect(progress).toEqual([{ file: 'onnx/model_quantized.onnx', loaded: 10, total: 10, done: true }]);
    expect(Math.hypot(...a!)).toBeCloseTo(1, 5);
    expect([...again!]).toEqual([...a!]);
    expect([...a!]).not.toEqual([...b!]);
    close();
  });

  it('rejects when the model cannot be loaded, and retries the load on the next request', async () => {
    const [page, worker, close] = channel();
    let loads = 0;
    serveEmbeddings(worker, () => (++loads === 1 ? Promise.reject(new VerbatimError('EMBEDDING_MODEL_UNAVAILABLE', 'download refused')) : Promise.resolve((texts) => Promise.resolve(texts.map(() => [1, 0])))));
    const embedder = new WorkerEmbedder('fake', page);
    const refused = embedder.embed(['x']);
    await expect(refused).rejects.toThrow(/download refused/);
    await expect(refused).rejects.toMatchObject({ code: 'EMBEDDING_MODEL_UNAVAILABLE' });
    await expect(embedder.embed(['x'])).resolves.toHaveLength(1);
    expect(loads).toBe(2);
    close();
  });

  it('fails every waiting and later request by name when the worker itself dies, instead of leaving them waiting', async () => {
    const listeners: { message: ((e: { data: unknown }) => void)[]; error: ((e: { message?: string }) => void)[] } = { message: [], error: [] };
    const worker = {
      posted: [] as unknown[],
      postMessage(message: unknown) { this.posted.push(message); },
      addEventListener(type: 'message' | 'error', listener: never) { (listeners[type] as unknown[]).push(listener); },
      terminate() {},
    };
    const embedder = new WorkerEmbedder('fake', worker);
    const waiting = embedder.embed(['a paragraph']);
    expect(worker.posted).toHaveLength(1);
    for (const listener of listeners.error) listener({ message: 'out of memory' });
    await expect(waiting).rejects.toMatchObject({ code: 'EMBEDDING_MODEL_UNAVAILABLE', detail: 'the embedding worker failed: out of memory' });
    await expect(embedder.embed(['another'])).rejects.toMatchObject({ code: 'EMBEDDING_MODEL_UNAVAILABLE' });
    expect(worker.posted).toHaveLength(1);
  });

  it('releases what waits on a worker that is stopped', async () => {
    const worker = { postMessage: () => undefined, addEventListener: () => undefined };
    const embedder = new WorkerEmbedder('fake', worker);
    const waiting = embedder.embed(['a paragraph']);
    embedder.close();
    await expect(waiting).rejects.toMatchObject({ code: 'CANCELLED' });
    await expect(embedder.embed(['later'])).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});
