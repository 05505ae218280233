import { DEFAULT_SEARCH_MODEL } from '../../shared/search/search-models';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DenseSearch, type DenseSetting, type DenseState } from '../../shared/library/dense-search';
import { DexieVectorStore } from '../../shared/library/dexie-vector-store';
import type { PaperSummary } from '../../shared/library/library-store';
import type { LibraryPaper } from '../../shared/model/paper';
import { VerbatimError } from '../../shared/errors';
import { FakeEmbedder } from '../support/fake-embedder';

function paper(id: string, savedAt: string, texts: string[]): LibraryPaper {
  return {
    id, arxivId: null, version: null, source: 'arxiv-html', title: id, authors: [], abstract: '', savedAt, references: [],
    sections: [{ id: 's1', title: 'Body', level: 1, parentId: null }],
    paragraphs: texts.map((text, i) => ({ id: `p${i + 1}`, sectionId: 's1', kind: 'text' as const, text, citations: [] })),
  };
}

function summary(p: LibraryPaper): PaperSummary {
  return { id: p.id, arxivId: null, version: null, source: p.source, title: p.title, authors: [], savedAt: p.savedAt, paragraphCount: p.paragraphs.length, referenceCount: 0, citationCount: 0 };
}

/** A library the panel reaches through messages, with the calls it gets counted. */
function harness(store = new DexieVectorStore({ indexedDB: new IDBFactory(), IDBKeyRange })) {
  const papers = new Map<string, LibraryPaper>();
  let setting: DenseSetting | null = null;
  const fetched: string[] = [];
  const embedders: FakeEmbedder[] = [];
  let failLoad = false;
  let forgotten = 0;
  const states: DenseState[] = [];
  const dense = new DenseSearch({
    listPapers: () => Promise.resolve([...papers.values()].map(summary)),
    getPaper: (id) => {
      fetched.push(id);
      return Promise.resolve(papers.get(id)!);
    },
    store,
    createEmbedder: (modelId, onProgress) => {
      const fake = new FakeEmbedder();
      embedders.push(fake);
      return {
        modelId,
        embed: async (texts, role) => {
          if (failLoad) throw new VerbatimError('EMBEDDING_MODEL_UNAVAILABLE', 'download refused');
          if (!fake.calls) onProgress({ file: 'onnx/model_quantized.onnx', loaded: 5, total: 10, done: false });
          return fake.embed(texts, role);
        },
      };
    },
    settings: { load: () => Promise.resolve(setting), save: (s) => { setting = s; return Promise.resolve(); } },
    forgetDownloads: async () => {
      forgotten++;
      await (store as DexieVectorStore).clear();
    },
  });
  dense.subscribe((s) => states.push(s));
  return { dense, papers, fetched, embedders, states, store, setting: () => setting, forgotten: () => forgotten, failNextLoads: () => { failLoad = true; } };
}

const routing = paper('routing', '2026-01-01', ['Swap gates are inserted by a tree search over the coupling graph.', 'A graph neural network estimates the value of each state.']);
const surveys = paper('surveys', '2026-01-02', ['Reminder emails raised the survey response rate by nine points.']);

describe('DenseSearch: the side panel’s search by meaning', () => {
  it('is off until the user opts in, and then embeds the library with progress', async () => {
    const h = harness();
    h.papers.set('routing', routing);
    h.papers.set('surveys', surveys);
    await h.dense.start();
    expect(h.dense.current()).toEqual({ status: 'off' });
    expect(await h.dense.hitsFor('reminder emails')).toEqual([]);

    await h.dense.enable();
    expect(h.setting()).toEqual({ modelId: DEFAULT_SEARCH_MODEL.id });
    expect(h.states).toContainEqual({ status: 'loading', modelId: DEFAULT_SEARCH_MODEL.id, file: 'onnx/model_quantized.onnx', loaded: 5, total: 10 });
    expect(h.states.map((s) => s.status)).toEqual(expect.arrayContaining(['loading', 'indexing', 'ready']));
    expect(h.dense.current()).toEqual({ status: 'ready', modelId: DEFAULT_SEARCH_MODEL.id, paragraphs: 3 });
    const hits = await h.dense.hitsFor('How much did reminder emails raise the response rate?');
    expect(hits[0]).toMatchObject({ paperId: 'surveys', paragraphId: 'p1' });
    expect((await h.dense.hitsFor('reminder emails', ['routing'])).every((x) => x.paperId === 'routing')).toBe(true);
  });

  it('after a library change, fetches and embeds only the new or re-saved papers, and forgets deleted ones', async () => {
    const h = harness();
    h.papers.set('routing', routing);
    await h.dense.enable();
    h.papers.set('surveys', surveys);
    h.fetched.length = 0;
    await h.dense.sync();
    expect(h.fetched).toEqual(['surveys']);
    h.papers.delete('routing');
    await h.dense.sync();
    expect((await h.dense.hitsFor('swap gates tree search')).every((x) => x.paperId === 'surveys')).toBe(true);
    expect(h.dense.current()).toMatchObject({ status: 'ready', paragraphs: 1 });
  });

  it('reopened (a new panel), loads the stored vectors, reads only papers saved since, and embeds nothing else but the question', async () => {
    const store = new DexieVectorStore({ indexedDB: new IDBFactory(), IDBKeyRange });
    const first = harness(store);
    first.papers.set('routing', routing);
    await first.dense.enable();
    const second = harness(store);
    second.papers.set('routing', routing);
    second.papers.set('surveys', surveys);
    await second.dense.enable();
    // Only the paper saved since is read from the library; nothing already embedded is embedded again.
    expect(second.fetched).toEqual(['surveys']);
    expect(second.embedders[0]!.textsEmbedded).toBe(1);
    expect(second.dense.current()).toMatchObject({ status: 'ready', paragraphs: 3 });
    await second.dense.hitsFor('graph neural network');
    expect(second.embedders[0]!.textsEmbedded).toBe(2);
  });

  it('names a model that cannot be loaded, answers without it, and is off again when turned off', async () => {
    const h = harness();
    h.papers.set('routing', routing);
    h.failNextLoads();
    await h.dense.enable();
    expect(h.dense.current()).toMatchObject({ status: 'failed', message: expect.stringContaining('The on-device search model could not be loaded') });
    expect(await h.dense.hitsFor('graph neural network')).toEqual([]);
    await h.dense.disable();
    expect(h.dense.current()).toEqual({ status: 'off' });
    expect(h.setting()).toBeNull();
  });

  it('forgets: off, and the next opt-in embeds the library again', async () => {
    const h = harness();
    h.papers.set('routing', routing);
    await h.dense.enable();
    await h.dense.forget();
    expect(h.dense.current()).toEqual({ status: 'off' });
    expect(h.forgotten()).toBe(1);
    expect(await h.store.load(DEFAULT_SEARCH_MODEL.id)).toEqual([]);
    await h.dense.enable();
    expect(h.embedders.at(-1)!.textsEmbedded).toBe(2);
  });

  it('asks without dense hits when the question\'s embedding does not come in time, and stays on', async () => {
    let stall = false;
    const papers = [routing];
    const fake = new FakeEmbedder();
    const dense = new DenseSearch({
      listPapers: () => Promise.resolve(papers.map(summary)),
      getPaper: (id) => Promise.resolve(papers.find((p) => p.id === id)!),
      store: new DexieVectorStore({ indexedDB: new IDBFactory(), IDBKeyRange }),
      createEmbedder: (modelId) => ({ modelId, embed: (texts, role) => (stall ? new Promise<Float32Array[]>(() => undefined) : fake.embed(texts, role)) }),
      settings: { load: () => Promise.resolve(null), save: () => Promise.resolve() },
      forgetDownloads: () => Promise.resolve(),
    }, 20);
    await dense.enable();
    stall = true;
    expect(await dense.hitsFor('graph neural network')).toEqual([]);
    expect(dense.current()).toMatchObject({ status: 'ready' });
    stall = false;
    expect((await dense.hitsFor('graph neural network')).length).toBeGreaterThan(0);
  });

  it('turned off while a sync waits on the model, then on again: the new model syncs at once', async () => {
    const papers = [routing];
    let first = true;
    const dense = new DenseSearch({
      listPapers: () => Promise.resolve(papers.map(summary)),
      getPaper: (id) => Promise.resolve(papers.find((p) => p.id === id)!),
      store: new DexieVectorStore({ indexedDB: new IDBFactory(), IDBKeyRange }),
      createEmbedder: (modelId) => {
        const stalls = first;
        first = false;
        const fake = new FakeEmbedder();
        return { modelId, embed: (texts, role) => (stalls ? new Promise<Float32Array[]>(() => undefined) : fake.embed(texts, role)) };
      },
      settings: { load: () => Promise.resolve(null), save: () => Promise.resolve() },
      forgetDownloads: () => Promise.resolve(),
    });
    void dense.enable();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await dense.disable();
    await dense.enable();
    expect(dense.current()).toMatchObject({ status: 'ready', paragraphs: 2 });
  });

  it('stays off when a question of the model turned off meanwhile fails as cancelled', async () => {
    const papers = [routing];
    const fake = new FakeEmbedder();
    let rejectQuestion: (error: Error) => void = () => undefined;
    const dense = new DenseSearch({
      listPapers: () => Promise.resolve(papers.map(summary)),
      getPaper: (id) => Promise.resolve(papers.find((p) => p.id === id)!),
      store: new DexieVectorStore({ indexedDB: new IDBFactory(), IDBKeyRange }),
      createEmbedder: (modelId) => ({
        modelId,
        embed: (texts, role) => (role === 'query' ? new Promise<Float32Array[]>((_, reject) => (rejectQuestion = reject)) : fake.embed(texts, role)),
      }),
      settings: { load: () => Promise.resolve(null), save: () => Promise.resolve() },
      forgetDownloads: () => Promise.resolve(),
    });
    await dense.enable();
    const hits = dense.hitsFor('graph neural network');
    await dense.disable();
    rejectQuestion(new VerbatimError('CANCELLED', 'the embedding worker was stopped'));
    expect(await hits).toEqual([]);
    expect(dense.current()).toEqual({ status: 'off' });
  });
});
