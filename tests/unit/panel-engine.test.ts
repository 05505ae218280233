/** The engine pieces behind the side panel of issue 13: history, tags, saved status, connection test, settings completeness, the quote fragment. */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { answerExtractively, LibrarySnapshot } from '../../shared/answer/extractive';
import type { Answer } from '../../shared/answer/answer';
import { DexieLibraryStore } from '../../shared/library/dexie-store';
import { HISTORY_LIMIT } from '../../shared/library/history';
import { HistoryService } from '../../shared/library/history-service';
import { quoteFromHash, urlWithQuote } from '../../shared/library/quote-fragment';
import { savedStatusFor } from '../../shared/library/saved-status';
import type { PaperSummary } from '../../shared/library/library-store';
import { MemoryOriginPermissions, MemorySettingsStore } from '../../shared/settings/memory-settings';
import { ModelSettingsService } from '../../shared/settings/model-settings-service';
import { testEndpoint } from '../../shared/settings/connection-test';
import { startOpenAiStandIn } from '../../tools/openai-standin';
import { fixturePaper } from '../support/fixtures';
import { libraryIdFor, type Paper } from '../../shared/model/paper';

function newStore() {
  let tick = 0;
  return new DexieLibraryStore({ indexedDB: new IDBFactory(), IDBKeyRange, clock: { now: () => tick, isoNow: () => new Date(Date.UTC(2026, 0, 1, 0, 0, tick++)).toISOString() } });
}

const qroute = (version = 'v1'): Paper => ({ ...fixturePaper('qroute-gnn-mcts-revtex'), arxivId: '2104.01180', version });

describe('history per library', () => {
  it('records, lists newest first, reopens re-verified, deletes, and keeps at most HISTORY_LIMIT entries', async () => {
    const store = newStore();
    await store.savePaper(qroute());
    const paperId = libraryIdFor(qroute());
    const paper = (await store.getPaper(paperId))!;
    const answer = answerExtractively('What does the graph neural network evaluate?', LibrarySnapshot.fromPapers([paper]));
    expect(answer.abstained).toBe(false);
    let clock = 0;
    const history = new HistoryService(store, (id) => store.getPaper(id).then((p) => p ?? null), { now: () => clock, isoNow: () => new Date(Date.UTC(2026, 1, 1, 0, 0, clock++)).toISOString() });
    const older = await history.record('first question', undefined, answer);
    const newer = await history.record('second question', [paperId], answer);
    expect((await history.list()).map((e) => e.id)).toEqual([newer.id, older.id]);

    const reopened = await history.reopen(newer.id);
    expect(reopened).toMatchObject({ question: 'second question', paperIds: [paperId], report: { droppedCitations: 0, missingPapers: [], downgradedSentences: 0 } });
    expect(reopened.answer.sentences.map((s) => s.support)).toEqual(answer.sentences.map((s) => s.support));
    expect(reopened.besidePaper).toBeUndefined();
    // Asked of the paper open beside the panel: the history keeps that it was, for one paper only.
    const beside = await history.record('what do they propose', [paperId], answer, true);
    expect(await history.reopen(beside.id)).toMatchObject({ paperIds: [paperId], besidePaper: true });
    const two = await history.record('what do they propose', [paperId, 'arxiv:0000.00000'], answer, true);
    expect((await history.reopen(two.id)).besidePaper).toBeUndefined();

    // A tampered stored answer (a quote that is not in the paper, marked verified) is not shown as verified.
    const forged: Answer = structuredClone(answer);
    forged.sentences[0]!.citations[0]!.quote = 'The graph neural network evaluates nothing at all.';
    const forgedEntry = await history.record('forged', undefined, forged);
    const checked = await history.reopen(forgedEntry.id);
    expect(checked.report.droppedCitations).toBeGreaterThan(0);
    expect(checked.answer.sentences[0]!.support).not.toBe('verified');

    // The paper goes: its citations are dropped on reopen.
    await store.deletePaper(paperId);
    expect((await history.reopen(older.id)).report.missingPapers).toEqual([paperId]);

    await history.delete(older.id);
    await expect(history.reopen(older.id)).rejects.toMatchObject({ code: 'HISTORY_NOT_FOUND' });
    await expect(history.delete(older.id)).rejects.toMatchObject({ code: 'HISTORY_NOT_FOUND' });

    for (let i = 0; i < HISTORY_LIMIT + 3; i++) await store.addHistory({ id: `bulk-${String(i).padStart(4, '0')}`, question: `q${i}`, askedAt: new Date(Date.UTC(2027, 0, 1, 0, 0, i)).toISOString(), answer });
    const kept = await store.listHistory();
    expect(kept).toHaveLength(HISTORY_LIMIT);
    expect(kept[0]!.question).toBe(`q${HISTORY_LIMIT + 2}`);
  });
});

describe('tags', () => {
  it('are kept with the paper when a newer version replaces its content, and de-duplicated', async () => {
    const store = newStore();
    await store.savePaper(qroute('v1'));
    const id = libraryIdFor(qroute());
    expect((await store.setTags(id, ['quantum', 'quantum', 'to read'])).tags).toEqual(['quantum', 'to read']);
    await store.savePaper(qroute('v2'));
    expect((await store.listPapers())[0]).toMatchObject({ version: 'v2', tags: ['quantum', 'to read'] });
    expect((await store.setTags(id, [])).tags).toBeUndefined();
    await expect(store.setTags('arxiv:0000.00000', ['x'])).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('saved status of an arXiv page', () => {
  const summary = { id: 'arxiv:2104.01180', arxivId: '2104.01180', version: 'v2' } as PaperSummary;
  it('says saved and which version, and whether the page shows a newer one', () => {
    expect(savedStatusFor('https://arxiv.org/abs/2104.01180', [summary])).toEqual({ saved: true, paperId: 'arxiv:2104.01180', version: 'v2' });
    expect(savedStatusFor('https://arxiv.org/html/2104.01180v3', [summary])).toMatchObject({ saved: true, newerOnPage: true });
    expect(savedStatusFor('https://arxiv.org/pdf/2104.01180v1', [summary])).not.toHaveProperty('newerOnPage');
    expect(savedStatusFor('https://arxiv.org/abs/2104.01181', [summary])).toEqual({ saved: false });
    expect(savedStatusFor('https://example.org/abs/2104.01180', [summary])).toEqual({ saved: false });
  });
});

describe('the quote fragment for "open in paper"', () => {
  it('round-trips any quote and ignores other fragments', () => {
    const quote = 'a “quoted” span with #, % and = in it';
    const url = urlWithQuote('https://arxiv.org/html/2104.01180v1#S2', quote);
    expect(url.startsWith('https://arxiv.org/html/2104.01180v1#verbatim-quote=')).toBe(true);
    expect(quoteFromHash(new URL(url).hash)).toBe(quote);
    expect(quoteFromHash('#S2')).toBeNull();
    expect(quoteFromHash('#verbatim-quote=%E0%A4%A')).toBeNull();
  });
});

describe('Test connection', () => {
  it('tells reachable, key and model apart, and stores nothing', async () => {
    const standIn = await startOpenAiStandIn(null, { models: ['llama3.1:8b'], requiredKey: 'sk-ok' });
    try {
      const origin = new URL(standIn.baseURL).origin;
      const store = new MemorySettingsStore();
      const settings = new ModelSettingsService({ store, permissions: new MemoryOriginPermissions([origin]), fetch: (input, init) => fetch(input, init) });
      const base = { provider: 'custom', baseURL: standIn.baseURL, model: 'llama3.1:8b' };
      expect(await settings.testConnection({ ...base, apiKey: 'sk-ok' })).toMatchObject({ ok: true, reachable: true, keyAccepted: true, modelFound: true });
      expect(await settings.testConnection({ ...base, apiKey: 'sk-bad' })).toMatchObject({ ok: false, reachable: true, keyAccepted: false });
      expect(await settings.testConnection({ ...base, model: 'mistral', apiKey: 'sk-ok' })).toMatchObject({ ok: false, modelFound: false, models: ['llama3.1:8b'] });
      expect(await store.load()).toBeNull();
      // The saved key is used for the same endpoint only.
      await settings.update({ ...base, apiKey: 'sk-ok' });
      expect(await settings.testConnection(base)).toMatchObject({ ok: true, keyAccepted: true });
      await expect(settings.testConnection({ provider: 'custom', model: 'm' })).rejects.toMatchObject({ code: 'SETTINGS_INCOMPLETE' });
      await expect(new ModelSettingsService({ store, permissions: new MemoryOriginPermissions([]), fetch }).testConnection(base)).rejects.toMatchObject({ code: 'ENDPOINT_NOT_GRANTED' });
    } finally {
      await standIn.close();
    }
    // Nothing listening: not reachable.
    const report = await testEndpoint({ baseURL: 'http://127.0.0.1:9/v1', model: 'm' }, (input, init) => fetch(input, init));
    expect(report).toMatchObject({ ok: false, reachable: false });
    expect(report.message).toMatch(/^Not reachable: nothing answers at http:\/\/127\.0\.0\.1:9/);
  });

  it('refuses to save settings that cannot answer', async () => {
    const settings = new ModelSettingsService({ store: new MemorySettingsStore(), permissions: new MemoryOriginPermissions([]), fetch });
    await expect(settings.update({ provider: 'custom', baseURL: '', model: 'm' })).rejects.toMatchObject({ code: 'SETTINGS_INCOMPLETE' });
    await expect(settings.update({ provider: 'ollama', model: '' })).rejects.toMatchObject({ code: 'SETTINGS_INCOMPLETE' });
    await expect(settings.update({ provider: 'openai', model: 'gpt-4o-mini' })).rejects.toMatchObject({ code: 'SETTINGS_INCOMPLETE', detail: 'OpenAI needs an API key' });
    expect(await settings.update({ provider: 'ollama', model: 'llama3.1:8b' })).toMatchObject({ provider: 'ollama' });
    expect(await settings.update({ provider: 'extractive' })).toMatchObject({ provider: 'extractive' });
  });
});
