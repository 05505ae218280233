import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DexieLibraryStore } from '../../shared/library/dexie-store';
import { libraryIdFor, type Paper } from '../../shared/model/paper';
import { fixturePaper } from '../support/fixtures';

function newStore(factory = new IDBFactory()) {
  let tick = 0;
  return new DexieLibraryStore({
    indexedDB: factory,
    IDBKeyRange,
    clock: { now: () => tick, isoNow: () => new Date(Date.UTC(2026, 0, 1, 0, 0, tick++)).toISOString() },
  });
}

function arxivPaper(version: string): Paper {
  return { ...fixturePaper('qroute-gnn-mcts-revtex'), arxivId: '2104.01180', version };
}

describe('DexieLibraryStore', () => {
  it('stores a paper and gives back exactly the same paper', async () => {
    const store = newStore();
    const paper = arxivPaper('v1');
    const result = await store.savePaper(paper);
    expect(result.status).toBe('saved');
    expect(result.paper).toMatchObject({ id: 'arxiv:2104.01180', paragraphCount: paper.paragraphs.length, referenceCount: paper.references.length });
    const { id, savedAt, ...stored } = (await store.getPaper('arxiv:2104.01180'))!;
    expect(id).toBe('arxiv:2104.01180');
    expect(savedAt).toMatch(/^2026-01-01/);
    expect(stored).toEqual(paper);
  });

  it('keeps where the full text was read and the DOI a PDF printed (open in paper and citations need them)', async () => {
    const store = newStore();
    const paper: Paper = { ...arxivPaper('v1'), url: 'https://arxiv.org/abs/2104.01180', fullTextUrl: 'https://ar5iv.labs.arxiv.org/html/2104.01180', doi: '10.1103/PhysRevA.1.1' };
    await store.savePaper(paper);
    const { id: _id, savedAt: _savedAt, ...stored } = (await store.getPaper('arxiv:2104.01180'))!;
    expect(stored).toEqual(paper);
  });

  it('does nothing, and says so, when the same version is saved twice', async () => {
    const store = newStore();
    await store.savePaper(arxivPaper('v1'));
    const revision = await store.revision();
    expect((await store.savePaper(arxivPaper('v1'))).status).toBe('unchanged');
    expect(await store.revision()).toBe(revision);
  });

  it('replaces an older version with a newer one, one entry per arXiv id', async () => {
    const store = newStore();
    await store.savePaper(arxivPaper('v1'));
    const v2 = arxivPaper('v2');
    v2.paragraphs = v2.paragraphs.slice(0, 10);
    const result = await store.savePaper(v2);
    expect(result).toMatchObject({ status: 'updated', previousVersion: 'v1' });
    expect(await store.listPapers()).toHaveLength(1);
    expect((await store.getPaper('arxiv:2104.01180'))!.paragraphs).toHaveLength(10);
    // An older version arriving later does not overwrite the newer text.
    expect((await store.savePaper(arxivPaper('v1'))).status).toBe('unchanged');
    expect((await store.getPaper('arxiv:2104.01180'))!.version).toBe('v2');
  });

  it('leaves the library as it was when a save fails half-way', async () => {
    const store = newStore();
    await store.savePaper(arxivPaper('v1'));
    const before = await store.getPaper('arxiv:2104.01180');
    const broken = arxivPaper('v2');
    broken.paragraphs = broken.paragraphs.slice(0, 5);
    // A value IndexedDB cannot store (a function) fails the references write, after the
    // paper, section and paragraph rows of v2 were already written in the same transaction.
    broken.references = [...broken.references, { id: 'bib.extra', raw: 'x', notCloneable: () => 1 } as never];
    await expect(store.savePaper(broken)).rejects.toMatchObject({ code: 'STORAGE' });
    expect(await store.getPaper('arxiv:2104.01180')).toEqual(before);
    expect(await store.listPapers()).toHaveLength(1);
  });

  it('lists papers newest first, deletes them, and bumps the revision on every change', async () => {
    const store = newStore();
    const local = fixturePaper('cscw-paper-lengths-acmsmall');
    await store.savePaper(arxivPaper('v1'));
    await store.savePaper(local);
    expect((await store.listPapers()).map((p) => p.id)).toEqual([libraryIdFor(local), 'arxiv:2104.01180']);
    const revision = await store.revision();
    await store.deletePaper('arxiv:2104.01180');
    expect(await store.revision()).toBe(revision + 1);
    expect(await store.getPaper('arxiv:2104.01180')).toBeUndefined();
    await expect(store.deletePaper('arxiv:2104.01180')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await store.getAllPapers()).map((p) => p.title)).toEqual([local.title]);
  });
});
