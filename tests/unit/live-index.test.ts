import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { DexieLibraryStore } from '../../shared/library/dexie-store';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { LibraryService } from '../../shared/library/library-service';
import { VerbatimError } from '../../shared/errors';
import { HTML_FIXTURES, fixturePaper } from '../support/fixtures';

// fake-indexeddb is slow on a shared machine: a limit, not a timing check.
vi.setConfig({ testTimeout: 60_000 });

const QUESTION = 'What does the graph neural network evaluate in qubit routing?';
const papers = HTML_FIXTURES.map((f) => fixturePaper(f));

/** One IndexedDB, opened afresh for each "service-worker start". */
function library() {
  const indexedDB = new IDBFactory();
  const open = () => {
    const store = new DexieLibraryStore({ name: 'live-index-test', indexedDB, IDBKeyRange });
    return { store, service: new LibraryService({ store, parseHtml: parseHtmlWithLinkedom }) };
  };
  return { open };
}

async function filled() {
  const lib = library();
  const first = lib.open();
  for (const paper of papers) await first.service.importPaper(paper);
  await first.service.index.flush();
  return { ...lib, first };
}

describe('LiveIndex through LibraryService', () => {
  it('indexes each save paper by paper, and a restart loads the persisted index instead of rebuilding', async () => {
    const { open, first } = await filled();
    expect(first.service.index.lastOrigin).toBe('incremental');
    const answerBefore = await first.service.ask(QUESTION);
    await first.service.index.flush();
    first.store.close();

    const restarted = open();
    const answerAfter = await restarted.service.ask(QUESTION);
    expect(restarted.service.index.lastOrigin).toBe('disk');
    expect(answerAfter.sentences).toEqual(answerBefore.sentences);
    expect(answerAfter.references).toEqual(answerBefore.references);
  });

  it('reports its status: persisted after a flush, and loaded from disk after a restart', async () => {
    const lib = library();
    const first = lib.open();
    await first.service.importPaper(papers[0]!);
    const unsaved = await first.service.indexStatus();
    expect(unsaved).toMatchObject({ papers: 1, origin: 'incremental', persisted: false });
    expect(unsaved.paragraphs).toBeGreaterThan(papers[0]!.paragraphs.length / 2);
    expect(unsaved.paragraphs).toBeLessThanOrEqual(papers[0]!.paragraphs.length);
    await first.service.index.flush();
    expect(await first.service.indexStatus()).toMatchObject({ persisted: true });
    first.store.close();

    const restarted = lib.open();
    expect(await restarted.service.indexStatus()).toEqual({ ...unsaved, origin: 'disk', persisted: true });
  });

  it('warms up from the persisted index before the first question, and then answers the same', async () => {
    const { open, first } = await filled();
    const expected = await first.service.ask(QUESTION);
    await first.service.index.flush();
    first.store.close();

    const restarted = open();
    await restarted.service.warmUp();
    expect(restarted.service.index.lastOrigin).toBe('disk');
    expect((await restarted.service.ask(QUESTION)).sentences).toEqual(expected.sentences);
  });

  it('rebuilds from the store when the persisted index is corrupt, with the same answer', async () => {
    const { open, first } = await filled();
    const expected = await first.service.ask(QUESTION);
    await first.service.index.flush();
    await first.store.saveSearchIndex({ revision: await first.store.revision(), snapshot: { format: 2, paragraphCount: 1 } });
    first.store.close();

    const restarted = open();
    const answer = await restarted.service.ask(QUESTION);
    expect(restarted.service.index.lastOrigin).toBe('rebuilt');
    expect(answer.sentences).toEqual(expected.sentences);
  });

  it('never answers from a stale persisted index: a paper deleted elsewhere is gone from results', async () => {
    const { open, first } = await filled();
    const qroute = (await first.service.listPapers()).find((p) => /Qubit Routing/i.test(p.title))!;
    first.store.close();

    // Another context deletes the paper directly in the store: the persisted index still has it.
    const elsewhere = open();
    await elsewhere.store.deletePaper(qroute.id);
    elsewhere.store.close();

    const restarted = open();
    const hits = await restarted.service.search('graph neural network qubit routing', { limit: 20 });
    expect(restarted.service.index.lastOrigin).toBe('rebuilt');
    expect(hits.every((h) => h.paperId !== qroute.id)).toBe(true);
  });

  it('adds a paper saved elsewhere without a rebuild', async () => {
    const lib = library();
    const first = lib.open();
    await first.service.importPaper(papers[1]!);
    await first.service.importPaper(papers[2]!);
    await first.service.index.flush();
    first.store.close();
    const elsewhere = lib.open();
    await elsewhere.store.savePaper(papers[0]!);
    elsewhere.store.close();

    const restarted = lib.open();
    const answer = await restarted.service.ask(QUESTION);
    expect(restarted.service.index.lastOrigin).toBe('incremental');
    expect(answer.abstained).toBe(false);
    expect(answer.references.primary[0]!.title).toMatch(/Qubit Routing/i);
  });

  it('updates the index on delete and on a newer version, after a restart too', async () => {
    const { open, first } = await filled();
    first.store.close();
    const restarted = open();
    const qroute = (await restarted.service.listPapers()).find((p) => /Qubit Routing/i.test(p.title))!;
    await restarted.service.deletePaper(qroute.id);
    expect(restarted.service.index.lastOrigin).toBe('incremental');
    expect((await restarted.service.search('qubit routing')).some((h) => h.paperId === qroute.id)).toBe(false);

    const v1 = { ...papers[0]!, arxivId: '2104.01180', version: 'v1' };
    const newer = { ...v1, version: 'v2', paragraphs: papers[0]!.paragraphs.map((p) => ({ ...p, text: p.text.replace(/qubit/gi, 'quokka') })) };
    const saved = await restarted.service.importPaper(v1);
    expect((await restarted.service.importPaper(newer)).status).toBe('updated');
    expect(restarted.service.index.lastOrigin).toBe('incremental');
    expect((await restarted.service.search('quokka')).length).toBeGreaterThan(0);
    // The old text is out of the index: "qubit" now matches only the title and section names, never a paragraph's text.
    const qubitHits = await restarted.service.search('qubit', { paperIds: [saved.paper.id], limit: 100 });
    expect(qubitHits.every((h) => !/qubit/i.test(h.text))).toBe(true);
  });

  it('searches: ranked paragraphs with paper, section and highlighted words, filtered by paper', async () => {
    const { first } = await filled();
    const hits = await first.service.search('Monte Carlo tree search', { limit: 5 });
    expect(hits.length).toBe(5);
    expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((a, b) => b - a));
    expect(hits[0]!.highlights.length).toBeGreaterThan(0); // a hit may also match by its section or paper title alone
    for (const hit of hits) {
      for (const span of hit.highlights) expect(hit.text.slice(span.start, span.end)).toMatch(/^(Monte|Carlo|tree|trees|search|searches|searching|searched)$/i);
    }
    expect(hits[0]!.paperTitle).toMatch(/Qubit Routing/i);
    const cscw = (await first.service.listPapers()).find((p) => /CSCW/.test(p.title))!;
    const scoped = await first.service.search('paper length', { paperIds: [cscw.id], limit: 50 });
    expect(scoped.length).toBeGreaterThan(0);
    expect(scoped.every((h) => h.paperId === cscw.id)).toBe(true);
  });

  it('names bad searches', async () => {
    const { first } = await filled();
    const code = (p: Promise<unknown>) => p.then(() => 'ok', (e: unknown) => (e instanceof VerbatimError ? e.code : 'other'));
    expect(await code(first.service.search('the of and'))).toBe('EMPTY_SEARCH');
    expect(await code(first.service.search('routing', { limit: 0 }))).toBe('BAD_SEARCH_LIMIT');
    expect(await code(first.service.search('routing', { limit: 1.5 }))).toBe('BAD_SEARCH_LIMIT');
  });
});
