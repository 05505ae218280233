import { describe, expect, it } from 'vitest';
import { DenseLibrary, MemoryVectorStore, textHash } from '../../shared/search/dense-library';
import { dot, unitVector } from '../../shared/search/embedder';
import { mulberry32 } from '../../tools/seeded-random';
import type { LibraryPaper } from '../../shared/model/paper';
import { FakeEmbedder } from '../support/fake-embedder';

function paper(id: string, texts: string[]): LibraryPaper {
  return {
    id, arxivId: null, version: null, source: 'arxiv-html', title: id, authors: [], abstract: '', savedAt: '', references: [],
    sections: [{ id: 's1', title: 'Body', level: 1, parentId: null }],
    paragraphs: [
      ...texts.map((text, i) => ({ id: `p${i + 1}`, sectionId: 's1', kind: 'text' as const, text, citations: [] })),
      { id: 'eq', sectionId: 's1', kind: 'equation' as const, text: 'x = y + z', citations: [] },
    ],
  };
}

const routing = paper('routing', ['Swap gates are inserted by a tree search over the coupling graph.', 'A graph neural network estimates the value of each routing state.']);
const surveys = paper('surveys', ['Reminder emails raised the survey response rate by nine points.', 'Respondents were paid for each completed survey.']);

describe('DenseLibrary: search by meaning over a persisted, incremental index', () => {
  it('embeds each paragraph once (no formulas), and a restart loads the vectors instead of embedding again', async () => {
    const store = new MemoryVectorStore();
    const embedder = new FakeEmbedder();
    const dense = new DenseLibrary(embedder, store);
    const progress: { done: number; total: number }[] = [];
    await dense.indexPapers([routing, surveys], (p) => progress.push(p));
    expect(embedder.textsEmbedded).toBe(4);
    expect(progress.at(-1)).toEqual({ done: 4, total: 4 });
    await dense.indexPapers([routing, surveys]);
    expect(embedder.textsEmbedded).toBe(4);

    const restarted = new FakeEmbedder();
    const again = new DenseLibrary(restarted, store);
    await again.indexPapers([routing, surveys]);
    expect(restarted.textsEmbedded).toBe(0);
    const hits = await again.retrieve({ text: 'How much did reminder emails raise the response rate?', limit: 2 });
    expect(hits[0]).toMatchObject({ paperId: 'surveys', paragraphId: 'p1' });
    expect(restarted.textsEmbedded).toBe(1); // the question only
  });

  it('re-embeds only the paragraphs a new version changed, and forgets those it dropped', async () => {
    const store = new MemoryVectorStore();
    const embedder = new FakeEmbedder();
    const dense = new DenseLibrary(embedder, store);
    await dense.indexPapers([routing]);
    const edited = paper('routing', ['Swap gates are inserted by a tree search over the coupling graph.']);
    edited.paragraphs[0] = { ...edited.paragraphs[0]!, text: 'Swap gates are chosen by a Monte Carlo tree search.' };
    await dense.indexPapers([edited]);
    expect(embedder.textsEmbedded).toBe(3);
    const stored = await store.load(embedder.modelId);
    expect(stored.map((v) => [v.key, v.textHash])).toEqual([['routing#p1', textHash('Swap gates are chosen by a Monte Carlo tree search.')]]);
    expect(dense.size).toBe(1);
  });

  it('ranks like a naive scan of cosine similarities, within scope, and drops a deleted paper', async () => {
    const store = new MemoryVectorStore();
    const embedder = new FakeEmbedder(64);
    const dense = new DenseLibrary(embedder, store);
    const papers = [routing, surveys];
    await dense.indexPapers(papers);
    const question = 'graph search for routing';
    const [q] = await embedder.embed([question]);
    const vectors = await embedder.embed(papers.flatMap((p) => p.paragraphs.filter((x) => x.kind === 'text').map((x) => x.text)));
    const keys = papers.flatMap((p) => p.paragraphs.filter((x) => x.kind === 'text').map((x) => `${p.id}#${x.id}`));
    const naive = keys.map((key, i) => ({ key, score: dot(q!, vectors[i]!) })).sort((a, b) => b.score - a.score);
    const hits = await dense.retrieve({ text: question, limit: 4 });
    expect(hits.map((h) => h.key)).toEqual(naive.map((n) => n.key));
    const scoped = await dense.retrieve({ text: question, limit: 4, paperIds: new Set(['surveys']) });
    expect(scoped.every((h) => h.paperId === 'surveys')).toBe(true);
    await dense.deletePaper('routing');
    expect((await dense.retrieve({ text: question, limit: 4 })).every((h) => h.paperId === 'surveys')).toBe(true);
    expect((await store.load(embedder.modelId)).every((v) => v.paperId === 'surveys')).toBe(true);
  });

  it('keeps what an interrupted run embedded', async () => {
    const store = new MemoryVectorStore();
    const controller = new AbortController();
    const embedder = new FakeEmbedder();
    const many = paper('many', Array.from({ length: 40 }, (_, i) => `Paragraph number ${i} talks about topic ${i * 7} at some length.`));
    await new DenseLibrary(embedder, store).indexPapers([many], (p) => { if (p.done >= 16) controller.abort(); }, controller.signal);
    const kept = (await store.load(embedder.modelId)).length;
    expect(kept).toBeGreaterThanOrEqual(16);
    expect(kept).toBeLessThan(40);
    const resumed = new FakeEmbedder();
    await new DenseLibrary(resumed, store).indexPapers([many]);
    expect(resumed.textsEmbedded).toBe(40 - kept);
  });

  it('keeps exactly the naive scan\'s top k on random libraries (property test against the naive twin)', async () => {
    const next = mulberry32(11);
    for (let trial = 0; trial < 20; trial++) {
      const store = new MemoryVectorStore();
      const count = 1 + Math.floor(next() * 300);
      const vectors = Array.from({ length: count }, (_, i) => ({ key: `p#${i}`, paperId: i % 3 ? 'p' : 'q', paragraphId: String(i), textHash: 'h', vector: unitVector(Array.from({ length: 16 }, () => next() * 2 - 1)) }));
      await store.put('m', vectors);
      const question = unitVector(Array.from({ length: 16 }, () => next() * 2 - 1));
      const dense = new DenseLibrary({ modelId: 'm', embed: (texts) => Promise.resolve(texts.map(() => question)) }, store);
      const limit = 1 + Math.floor(next() * 40);
      const scope = trial % 2 ? new Set(['q']) : undefined;
      const naive = vectors.filter((v) => !scope || scope.has(v.paperId)).map((v) => ({ key: v.key, score: dot(question, v.vector) })).sort((a, b) => b.score - a.score).slice(0, limit);
      const hits = await dense.retrieve({ text: 'q', limit, ...(scope ? { paperIds: scope } : {}) });
      expect(hits.map((h) => h.key)).toEqual(naive.map((n) => n.key));
    }
  });
});
