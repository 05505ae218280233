import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerExternalMessage } from '../../extension/external-dispatch';
import { externalHandlers } from '../../extension/external-handlers';
import { chromeExternalTransport } from '../../panes/chrome-external-transport';
import { choosePaneLibrary } from '../../panes/choose-library';
import { ExtensionPaneLibrary, type ExternalTransport } from '../../panes/extension-pane-library';
import { LOCAL_LIBRARY_LABEL, LocalPaneLibrary } from '../../panes/local-pane-library';
import { createTextFetcher } from '../../shared/capture/fetch-text';
import { VERBATIM_EXTENSION_ID } from '../../shared/extension-key';
import { DexieLibraryStore } from '../../shared/library/dexie-store';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { LibraryService } from '../../shared/library/library-service';
import { absPage } from '../../tools/arxiv-standin';
import { fixtureHtml } from '../support/fixtures';

const QROUTE = 'arxiv:2104.01180';

function libraryService(routes: Record<string, string> = {}) {
  return new LibraryService({
    store: new DexieLibraryStore({ indexedDB: new IDBFactory(), IDBKeyRange }),
    parseHtml: parseHtmlWithLinkedom,
    fetcher: createTextFetcher(async (url) => (routes[url] ? new Response(routes[url]) : new Response('not found', { status: 404 }))),
  });
}

/** The real endpoint in-process, with structured cloning both ways like Chrome's messaging. */
function inProcessTransport(extensionLibrary: LibraryService, origin: string): ExternalTransport {
  const handlers = externalHandlers(extensionLibrary, '0.1.0');
  return async (message) => structuredClone(await answerExternalMessage(structuredClone(message), { origin, url: `${origin}/taskpane.html` }, VERBATIM_EXTENSION_ID, handlers));
}

describe('the extension library, from a pane', () => {
  let extensionLibrary: LibraryService;
  beforeAll(async () => {
    extensionLibrary = libraryService();
    await extensionLibrary.importFile('2104.01180v1.html', fixtureHtml('qroute-gnn-mcts-revtex'));
  });

  it('lists, searches, opens a paper and asks through the external protocol', async () => {
    const library = await ExtensionPaneLibrary.connect(inProcessTransport(extensionLibrary, 'https://localhost:3000'));
    expect(await library.describe()).toEqual({ kind: 'extension', label: 'Verbatim extension 0.1.0', papers: 1 });
    expect((await library.listPapers()).map((p) => p.id)).toEqual([QROUTE]);
    const hits = await library.search('monte carlo tree search', { limit: 2 });
    expect(hits).toHaveLength(2);
    const paper = await library.getPaper(hits[0]!.paperId);
    expect(paper.paragraphs.find((p) => p.id === hits[0]!.paragraphId)?.text).toBe(hits[0]!.text);
    const answer = await library.ask('What does the graph neural network evaluate?', { paperIds: [QROUTE] });
    expect(answer.sentences.some((s) => s.support === 'verified')).toBe(true);
  });

  it('is not used from an origin the extension refuses, and the pane says why', async () => {
    const local = new LocalPaneLibrary(libraryService());
    const choice = await choosePaneLibrary(inProcessTransport(extensionLibrary, 'https://evil.example'), local);
    expect(choice.library).toBe(local);
    expect(choice.extensionProblem).toMatch(/only the Word task pane and the Google Docs sidebar/);
  });

  it('falls back to the local library when no extension can reach the page, or it does not answer', async () => {
    const local = new LocalPaneLibrary(libraryService());
    expect((await choosePaneLibrary(null, local)).library.kind).toBe('local');
    const silent = await choosePaneLibrary(async () => undefined, local);
    expect(silent).toMatchObject({ extension: null, extensionProblem: expect.stringMatching(/could not be reached/) });
    await expect(ExtensionPaneLibrary.connect(async () => { throw new Error('Could not establish connection. Receiving end does not exist.'); })).rejects.toMatchObject({ code: 'EXTENSION_UNREACHABLE' });
  });

  it('refuses an extension speaking another protocol version, or replying in another shape', async () => {
    await expect(ExtensionPaneLibrary.connect(async () => ({ ok: true, value: { protocol: 2, extensionVersion: '9.0.0', label: 'x', papers: 0 } }))).rejects.toMatchObject({ code: 'EXTERNAL_PROTOCOL_MISMATCH' });
    await expect(ExtensionPaneLibrary.connect(async () => ({ ok: true, value: { protocol: 1 } }))).rejects.toMatchObject({ code: 'BAD_EXTERNAL_REPLY' });
  });

  it('stops waiting for an answer when the question is cancelled', async () => {
    const transport = inProcessTransport(extensionLibrary, 'https://localhost:3000');
    const library = await ExtensionPaneLibrary.connect(transport);
    const controller = new AbortController();
    const pending = library.ask('What does the graph neural network evaluate?', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});

describe("the pane's own library", () => {
  it('is filled from a bundle the extension exported, and then searched and asked like the extension library', async () => {
    const source = libraryService();
    await source.importFile('2104.01180v1.html', fixtureHtml('qroute-gnn-mcts-revtex'));
    await source.importFile('paper.latexml.html', fixtureHtml('cscw-paper-lengths-acmsmall'));
    const local = new LocalPaneLibrary(libraryService());
    const results = await local.importBundle(await source.exportBundle('2026-01-01T00:00:00.000Z'));
    expect(results.map((r) => r.status)).toEqual(['saved', 'saved']);
    expect(await local.describe()).toEqual({ kind: 'local', label: LOCAL_LIBRARY_LABEL, papers: 2 });
    const [hit] = await local.search('graph neural network', { paperIds: [QROUTE], limit: 1 });
    expect((await local.getPaper(QROUTE)).paragraphs.find((p) => p.id === hit!.paragraphId)?.text).toBe(hit!.text);
    expect((await local.ask('What does the graph neural network evaluate?')).sentences.length).toBeGreaterThan(0);
  });

  it('refuses a damaged bundle whole, writing nothing', async () => {
    const source = libraryService();
    await source.importFile('2104.01180v1.html', fixtureHtml('qroute-gnn-mcts-revtex'));
    const bundle = JSON.parse(await source.exportBundle('2026-01-01T00:00:00.000Z')) as { paragraphs: { text: unknown }[] };
    bundle.paragraphs[3]!.text = 42;
    const local = new LocalPaneLibrary(libraryService());
    await expect(local.importBundle(JSON.stringify(bundle))).rejects.toMatchObject({ code: 'BAD_BUNDLE' });
    expect(await local.listPapers()).toEqual([]);
  });

  it('saves an arXiv id through the capture engine, and refuses what is not one', async () => {
    const html = fixtureHtml('qroute-gnn-mcts-revtex');
    const abs = absPage({ arxivId: '2104.01180', version: 'v1', hasHtml: true }, { title: 'Qubit Routing using Graph Neural Network aided Monte Carlo Tree Search', authors: ['Animesh Sinha'], abstract: 'Near-term quantum hardware…' });
    const local = new LocalPaneLibrary(libraryService({ 'https://arxiv.org/abs/2104.01180v1': abs, 'https://arxiv.org/html/2104.01180v1': html }));
    expect(await local.saveArxivPaper(' arXiv:2104.01180v1 ')).toMatchObject({ status: 'saved', paper: { id: QROUTE } });
    await expect(local.saveArxivPaper('not an id')).rejects.toMatchObject({ code: 'BAD_IDENTIFIER' });
  });
});

describe('the page side of externally_connectable', () => {
  it('is absent when no extension lists the page', () => {
    expect(chromeExternalTransport(VERBATIM_EXTENSION_ID, {})).toBeNull();
    expect(chromeExternalTransport(VERBATIM_EXTENSION_ID, { chrome: {} })).toBeNull();
  });

  it('addresses our id, and turns runtime.lastError into a failure', async () => {
    const sent: { id: string; message: unknown }[] = [];
    const runtime = {
      lastError: undefined as { message: string } | undefined,
      sendMessage(id: string, message: unknown, callback: (reply: unknown) => void) {
        sent.push({ id, message });
        runtime.lastError = id === VERBATIM_EXTENSION_ID ? undefined : { message: 'Receiving end does not exist.' };
        callback(runtime.lastError ? undefined : { ok: true, value: 'pong' });
      },
    };
    expect(await chromeExternalTransport(VERBATIM_EXTENSION_ID, { chrome: { runtime } })!({ channel: 'verbatim-external', protocol: 1, type: 'external/papers', payload: {} })).toEqual({ ok: true, value: 'pong' });
    expect(sent[0]!.id).toBe(VERBATIM_EXTENSION_ID);
    await expect(chromeExternalTransport('someotherid', { chrome: { runtime } })!({ channel: 'verbatim-external', protocol: 1, type: 'external/papers', payload: {} })).rejects.toThrow('Receiving end does not exist.');
  });
});
