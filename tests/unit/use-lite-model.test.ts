/**
 * The Universal Sentence Encoder (lite) path: the real weights from the installed package
 * (an optional dependency that `npm ci` installs), run on TensorFlow.js's WebAssembly
 * backend; the sparse input the graph takes, on a fake runtime; and broken model folders,
 * which must fail by name. No retrieval quality is claimed here (that is eval:qa --dense).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderFiles, loadUseLiteInNode } from '../../cli/use-lite-node';
import { VerbatimError } from '../../shared/errors';
import { dot } from '../../shared/search/embedder';
import { ModelEmbedder } from '../../shared/search/embedding-model';
import { loadUseLiteModel, USE_LITE_MAX_CHARS, type GraphModelArtifacts, type TensorLike, type UseLiteRuntime } from '../../shared/search/use-lite-model';
import { WORD_START } from '../../shared/search/unigram-tokenizer';

const broken = mkdtempSync(join(tmpdir(), 'verbatim-use-lite-'));
afterAll(() => rmSync(broken, { recursive: true, force: true }));

describe('Universal Sentence Encoder (lite), real weights', () => {
  it('embeds texts into 512 dimensions, a paraphrase nearer than an unrelated sentence', async () => {
    const embedder = new ModelEmbedder('use-lite', await loadUseLiteInNode());
    const [question, paraphrase, unrelated, empty] = await embedder.embed(['How did they collect the tweets?', 'We gathered the tweets through the Twitter streaming API.', 'The optimiser uses a learning rate of 0.001 and a batch size of 32.', ''], 'query');
    expect(question).toHaveLength(512);
    expect(dot(question!, question!)).toBeCloseTo(1, 5);
    expect(dot(question!, paraphrase!)).toBeGreaterThan(dot(question!, unrelated!) + 0.1);
    expect(empty!.every(Number.isFinite)).toBe(true);
  });

  it('gives each text its own vector in a batch, as it would alone', async () => {
    const model = await loadUseLiteInNode();
    const texts = Array.from({ length: 20 }, (_, i) => `Paragraph ${i} about ${i % 2 ? 'protein folding' : 'qubit routing'}.`);
    const together = await model(texts, 'passage');
    const alone = await model([texts[17]!], 'passage');
    expect(together).toHaveLength(20);
    together[17]!.forEach((x, i) => expect(x).toBeCloseTo(alone[0]![i]!, 4));
  });
});

/** A runtime that records what the graph is given and answers one row per text. */
function recordingRuntime(): { runtime: UseLiteRuntime<TensorLike & { data: unknown }>; calls: { indices: number[][]; values: number[] }[]; artifacts: GraphModelArtifacts[] } {
  const calls: { indices: number[][]; values: number[] }[] = [];
  const artifacts: GraphModelArtifacts[] = [];
  const tensor = (data: unknown) => ({ data, dispose: () => {} });
  return {
    calls,
    artifacts,
    runtime: {
      tensor2d: (values) => tensor(values),
      tensor1d: (values) => tensor(values),
      loadGraphModel: (loaded) => {
        artifacts.push(loaded);
        return Promise.resolve({
          executeAsync: (inputs) => {
            const indices = inputs.indices!.data as number[][];
            calls.push({ indices, values: inputs.values!.data as number[] });
            const rows = new Set(indices.map(([row]) => row)).size;
            return Promise.resolve({ array: () => Promise.resolve(Array.from({ length: rows }, (_, r) => [r, 1])), dispose: () => {} });
          },
        });
      },
    },
  };
}

function modelFolder(files: Record<string, string | Uint8Array>): string {
  const folder = mkdtempSync(join(broken, 'model-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(folder, name), content);
  return folder;
}

const vocabulary = JSON.stringify([['<unk>', 0], ['<s>', 0], ['</s>', 0], ['c1', 0], ['c2', 0], ['c3', 0], [WORD_START, -3], [`${WORD_START}a`, -1], ['b', -2], [':', null]]);
const modelJson = JSON.stringify({ modelTopology: { node: [] }, weightsManifest: [{ paths: ['shard1', 'shard2'], weights: [{ name: 'w', shape: [2], dtype: 'float32' }] }] });

describe('Universal Sentence Encoder (lite), loading and input', () => {
  it('reads the shards in order into one buffer and sends each text as rows of (text, position) with its piece ids, 16 texts a call', async () => {
    const { runtime, calls, artifacts } = recordingRuntime();
    const folder = modelFolder({ 'model.json': modelJson, 'vocab.json': vocabulary, shard1: new Uint8Array([1, 2, 3]), shard2: new Uint8Array([4, 5]) });
    const loaded: string[] = [];
    const model = await loadUseLiteModel(runtime, folderFiles(folder), (p) => loaded.push(p.file));
    expect(loaded).toEqual(['shard1', 'shard2']);
    expect([...new Uint8Array(artifacts[0]!.weightData)]).toEqual([1, 2, 3, 4, 5]);
    expect(artifacts[0]!.weightSpecs).toEqual([{ name: 'w', shape: [2], dtype: 'float32' }]);

    const vectors = await model(['ab', 'a:', ...Array.from({ length: 17 }, () => 'b')], 'passage');
    expect(vectors).toHaveLength(19);
    expect(calls).toHaveLength(2);
    // "ab" -> ▁a b; "a:" -> ▁a : (the null-scored piece counts as 0, as the model's own tokenizer adds it).
    expect(calls[0]!.values.slice(0, 4)).toEqual([7, 8, 7, 9]);
    expect(calls[0]!.indices.slice(0, 4)).toEqual([[0, 0], [0, 1], [1, 0], [1, 1]]);
    expect(calls[1]!.indices.map(([row]) => row)).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('cuts a long text at the length the eval measured, and gives an empty text the unknown piece', async () => {
    const { runtime, calls } = recordingRuntime();
    const model = await loadUseLiteModel(runtime, folderFiles(modelFolder({ 'model.json': modelJson, 'vocab.json': vocabulary, shard1: '', shard2: '' })));
    await model(['a'.repeat(USE_LITE_MAX_CHARS * 2), ''], 'passage');
    const rows = calls[0]!.indices.map(([row]) => row);
    expect(rows.filter((r) => r === 0).length).toBeLessThanOrEqual(USE_LITE_MAX_CHARS);
    expect(calls[0]!.values.slice(rows.indexOf(1))).toEqual([0]);
  });

  it('fails by name on a missing file, a bad vocabulary, or a shard name that leaves the folder', async () => {
    const { runtime } = recordingRuntime();
    const attempt = (files: Record<string, string>) => loadUseLiteModel(runtime, folderFiles(modelFolder(files)));
    await expect(attempt({ 'vocab.json': vocabulary })).rejects.toMatchObject({ code: 'EMBEDDING_MODEL_UNAVAILABLE' });
    await expect(attempt({ 'model.json': modelJson, 'vocab.json': '{"not": "a list"}', shard1: '', shard2: '' })).rejects.toMatchObject({ code: 'EMBEDDING_MODEL_UNAVAILABLE', detail: expect.stringContaining('vocab.json') });
    await expect(attempt({ 'model.json': modelJson.replace('shard1', '../../etc/passwd'), 'vocab.json': vocabulary })).rejects.toBeInstanceOf(VerbatimError);
    await expect(folderFiles(broken).read('../secret')).rejects.toMatchObject({ code: 'EMBEDDING_MODEL_UNAVAILABLE' });
  });
});
