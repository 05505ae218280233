/**
 * The real transformers.js loading path (hub URLs, WordPiece tokenizer, ONNX Runtime,
 * pooling, the download cache) on a tiny model made here and served by a loopback
 * "hub". What is asserted is what the loader must get right for any model; nothing
 * here says how well a real model retrieves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as transformers from '@huggingface/transformers';
import { embeddingModelSpec, loadEmbeddingModel, ModelEmbedder, type EmbeddingModelSpec, type ModelLoadProgress } from '../../shared/search/embedding-model';
import { dot } from '../../shared/search/embedder';
import { DenseLibrary, MemoryVectorStore } from '../../shared/search/dense-library';
import { VerbatimError } from '../../shared/errors';
import { makeTinyModel } from '../support/tiny-embedding-model';
import { startLoopbackHub, type LoopbackHub } from '../support/loopback-hub';
import type { LibraryPaper } from '../../shared/model/paper';

const WORDS = ['graph', 'neural', 'network', 'qubit', 'routing', 'tree', 'search', 'protein', 'folding', 'survey', 'reminder', 'email', 'response', 'rate', 'the', 'a', 'of', 'what', 'does', 'estimate', '##s'];
const tiny = makeTinyModel(WORDS, 8);
let hub: LoopbackHub;
let host = '';
let cacheDir = '';
let requests: string[] = [];

function spec(id: string, pooling: 'mean' | 'cls' = 'mean', queryPrefix = ''): EmbeddingModelSpec {
  return { id, revision: 'main', pooling, queryPrefix, passagePrefix: '', dtype: 'q8', downloadMegabytes: 0 };
}

beforeAll(async () => {
  cacheDir = mkdtempSync(join(tmpdir(), 'verbatim-models-'));
  hub = await startLoopbackHub(new Map([['tests/tiny', tiny.files]]));
  host = hub.host;
  requests = hub.requests;
});

afterAll(async () => {
  await hub.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

function meanOf(tokens: string[]): Float32Array {
  const out = new Float32Array(tiny.dims);
  for (const t of tokens) tiny.rowOf(t).forEach((x, i) => (out[i]! += x));
  return out;
}

function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const fa = Float32Array.from(a);
  const fb = Float32Array.from(b);
  return dot(fa, fb) / Math.sqrt(dot(fa, fa) * dot(fb, fb));
}

describe('the transformers.js embedding model, loaded from a hub', () => {
  it('downloads the files with progress, tokenizes with the model’s vocabulary, and mean-pools', async () => {
    const progress: ModelLoadProgress[] = [];
    const model = await loadEmbeddingModel(transformers, spec('tests/tiny'), { host, cacheDir, onProgress: (p) => progress.push(p) });
    const fetched = requests.filter((r) => r.startsWith('/tests/tiny/'));
    expect(fetched).toEqual(expect.arrayContaining(['/tests/tiny/resolve/main/config.json', '/tests/tiny/resolve/main/tokenizer.json', '/tests/tiny/resolve/main/onnx/model_quantized.onnx']));
    const modelFile = progress.filter((p) => p.file.endsWith('model_quantized.onnx'));
    expect(modelFile.at(-1)).toEqual({ file: 'onnx/model_quantized.onnx', loaded: tiny.files.get('onnx/model_quantized.onnx')!.length, total: tiny.files.get('onnx/model_quantized.onnx')!.length, done: true });

    const [vector, reordered, other] = await model(['Graph neural network', 'network graph NEURAL', 'protein folding'], 'passage');
    expect(vector).toHaveLength(tiny.dims);
    // Lower-cased by the tokenizer, special tokens zero, so the pooled vector points along the words' mean.
    expect(cosine(vector!, meanOf(['graph', 'neural', 'network']))).toBeCloseTo(1, 5);
    expect(cosine(vector!, reordered!)).toBeCloseTo(1, 5);
    expect(cosine(vector!, other!)).toBeLessThan(0.99);
    // A word split into pieces ("graphs" = graph + ##s) is pooled over its pieces.
    const [plural] = await model(['graphs'], 'passage');
    expect(cosine(plural!, meanOf(['graph', '##s']))).toBeCloseTo(1, 5);
  });

  it('loads from the cache the second time, without asking the hub', async () => {
    const before = requests.length;
    const model = await loadEmbeddingModel(transformers, spec('tests/tiny'), { host, cacheDir });
    expect(requests.slice(before).filter((r) => r.endsWith('.onnx') || r.endsWith('tokenizer.json'))).toEqual([]);
    const [vector] = await model(['qubit routing'], 'query');
    expect(cosine(vector!, meanOf(['qubit', 'routing']))).toBeCloseTo(1, 5);
  });

  it('prepends the model’s query instruction to questions only', async () => {
    const model = await loadEmbeddingModel(transformers, spec('tests/tiny', 'mean', 'protein '), { host, cacheDir });
    const [query] = await model(['qubit routing'], 'query');
    const [passage] = await model(['qubit routing'], 'passage');
    expect(cosine(query!, meanOf(['protein', 'qubit', 'routing']))).toBeCloseTo(1, 5);
    expect(cosine(passage!, meanOf(['qubit', 'routing']))).toBeCloseTo(1, 5);
  });

  it('names the failure when the hub has no such model, and when the id is not a model id', async () => {
    const attempt = loadEmbeddingModel(transformers, spec('tests/missing'), { host, cacheDir: join(cacheDir, 'empty') });
    await expect(attempt).rejects.toBeInstanceOf(VerbatimError);
    await expect(attempt).rejects.toMatchObject({ code: 'EMBEDDING_MODEL_UNAVAILABLE' });
    expect(() => embeddingModelSpec('../../etc/passwd')).toThrow(VerbatimError);
    expect(embeddingModelSpec('Xenova/bge-small-en-v1.5').pooling).toBe('cls');
  });

  it('ranks paragraphs through the Embedder port and the dense retriever', async () => {
    const model = await loadEmbeddingModel(transformers, spec('tests/tiny'), { host, cacheDir });
    const paper: LibraryPaper = {
      id: 'p', arxivId: null, version: null, source: 'arxiv-html', title: 'T', authors: [], abstract: '', savedAt: '', references: [],
      sections: [{ id: 's1', title: 'One', level: 1, parentId: null }],
      paragraphs: [
        { id: 'p1', sectionId: 's1', kind: 'text', text: 'Protein folding of a survey.', citations: [] },
        { id: 'p2', sectionId: 's1', kind: 'text', text: 'A graph neural network for qubit routing.', citations: [] },
        { id: 'p3', sectionId: 's1', kind: 'text', text: 'The reminder email response rate.', citations: [] },
      ],
    };
    const dense = new DenseLibrary(new ModelEmbedder('tests/tiny', model), new MemoryVectorStore());
    await dense.indexPapers([paper]);
    const hits = await dense.retrieve({ text: 'graph neural network routing', limit: 3 });
    expect(hits[0]!.paragraphId).toBe('p2');
    expect(hits.map((h) => h.paragraphId).sort()).toEqual(['p1', 'p2', 'p3']);
  });
});
