/**
 * Issue 8's findings, tried as an attacker against the built extension in Chromium: the API
 * key following a changed endpoint, requests to origins never granted, messages from the
 * content-script world, clicks synthesised by script, redirects and links off arXiv, a
 * service worker stopped mid-save. Each test here failed before the fix.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILURE_IDS } from '../../tools/arxiv-standin';
import { SAMPLE_PAPER, fixturePath } from '../../tools/fixture-papers';
import { promptKind, startOpenAiStandIn, type OpenAiStandIn } from '../../tools/openai-standin';
import { saveButton } from '../../tools/save-button-driver';
import { ERROR_MESSAGES } from '../../shared/errors';
import type { Reply } from '../../shared/protocol';
import { clickSave, requestFromPage, startExtensionHarness, type ExtensionHarness } from '../support/browser';
import { openInContentScriptWorld } from '../support/content-script-world';

/** A loopback server off arXiv, with CORS, serving a real LaTeXML paper: what a forged full text would look like. */
async function startElsewhere(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html', 'access-control-allow-origin': '*' }).end(readFileSync(fixturePath(SAMPLE_PAPER.folder, 'paper.latexml.html')));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

/** A model that plans one query and finds nothing relevant: enough to see where requests go. */
const script = (request: Parameters<typeof promptKind>[0]) =>
  promptKind(request) === 'plan' ? { content: '{"queries": ["graph neural network"]}' } : { content: '{"relevant": [], "sufficient": false}' };

const firstMessageLine = (code: keyof typeof ERROR_MESSAGES) => new RegExp(ERROR_MESSAGES[code].slice(0, 40).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

describe('Verbatim extension under attack', () => {
  let harness: ExtensionHarness;
  let elsewhere: Awaited<ReturnType<typeof startElsewhere>>;
  let modelA: OpenAiStandIn;
  let modelB: OpenAiStandIn;
  let remoteModel: OpenAiStandIn;

  beforeAll(async () => {
    elsewhere = await startElsewhere();
    modelA = await startOpenAiStandIn(script);
    modelB = await startOpenAiStandIn(script);
    remoteModel = await startOpenAiStandIn(script, { tlsHost: 'models.example' });
    harness = await startExtensionHarness({ standIn: { elsewhere: elsewhere.url }, extraHostRules: [`MAP models.example:443 127.0.0.1:${remoteModel.port}`] });
  });
  afterAll(async () => {
    await harness?.close();
    await Promise.all([elsewhere?.close(), modelA?.close(), modelB?.close(), remoteModel?.close()]);
  });

  it('keeps the Save button in a closed shadow root that page scripts cannot reach', async () => {
    const page = await harness.openAbsPage();
    const button = await saveButton(page);
    expect(button.shadowRootType).toBe('closed');
    expect(await page.evaluate(() => document.querySelector('verbatim-save')?.shadowRoot ?? null)).toBeNull();
    await button.detach();
    await page.close();
  });

  it('ignores a click synthesised by script, and saves on a real click', async () => {
    const page = await harness.openAbsPage();
    const button = await saveButton(page);
    // The click handler runs synchronously inside click(): a save that started would have disabled the button by now.
    expect(await button.scriptClick()).toEqual({ started: false, status: '' });
    const panel = await harness.openSidePanel();
    expect(await requestFromPage(panel, 'library/list', {})).toEqual([]);
    await button.click();
    expect(await button.settled()).toMatch(/^Saved v1: /);
    await button.detach();
    await page.close();
    await panel.close();
  });

  it('refuses the content-script world everything but saving the page it is on', async () => {
    const world = await openInContentScriptWorld(harness.browser.context, `https://arxiv.org/abs/${SAMPLE_PAPER.arxivId}`, harness.browser.extensionId);
    const send = (type: string, payload: unknown) => world.evaluate<Reply<unknown>>(`chrome.runtime.sendMessage({ channel: 'verbatim', type: ${JSON.stringify(type)}, payload: ${JSON.stringify(payload)} })`);
    const refusedCode = async (type: string, payload: unknown) => {
      const reply = await send(type, payload);
      return 'ok' in reply && !reply.ok ? reply.error.code : JSON.stringify(reply);
    };
    expect(await refusedCode('settings/get', {})).toBe('SENDER_NOT_ALLOWED');
    expect(await refusedCode('settings/set', { provider: 'custom', baseURL: elsewhere.url, model: 'm' })).toBe('SENDER_NOT_ALLOWED');
    expect(await refusedCode('library/list', {})).toBe('SENDER_NOT_ALLOWED');
    expect(await refusedCode('library/get', { paperId: `arxiv:${SAMPLE_PAPER.arxivId}` })).toBe('SENDER_NOT_ALLOWED');
    expect(await refusedCode('library/delete', { paperId: `arxiv:${SAMPLE_PAPER.arxivId}` })).toBe('SENDER_NOT_ALLOWED');
    expect(await refusedCode('library/import-paper', { paper: { id: 'forged', title: 'v99' } })).toBe('SENDER_NOT_ALLOWED');
    expect(await refusedCode('answer/ask', { question: 'What does the graph neural network evaluate?' })).toBe('SENDER_NOT_ALLOWED');
    expect(await refusedCode('library/save', { url: 'https://arxiv.org/abs/cs/0112017' })).toBe('SENDER_NOT_ALLOWED');
    // Storage, where the settings and the key live, is closed to content scripts.
    expect(await world.evaluate('chrome.storage.local.get(null)')).toEqual({ thrown: expect.stringMatching(/not allowed from this context/) });
    // So is storage.session, where a context-menu request waits for the panel: a content script cannot plant a question.
    expect(await world.evaluate(`chrome.storage.session.set({ 'verbatim.panelRequest': { action: 'ask', text: 'planted', id: 'x' } })`)).toEqual({ thrown: expect.stringMatching(/not allowed from this context|Access to storage is not allowed/) });
    // Saving the page it is on is what the content script is for.
    expect(await send('library/save', { url: `https://arxiv.org/abs/${SAMPLE_PAPER.arxivId}` })).toMatchObject({ ok: true, value: { status: 'unchanged' } });
    const panel = await harness.openSidePanel();
    expect((await requestFromPage(panel, 'library/list', {})).map((p) => p.id)).toEqual([`arxiv:${SAMPLE_PAPER.arxivId}`]);
    await world.detach();
    await world.page.close();
    await panel.close();
  });

  it('follows a redirect that stays on arXiv, reading the hop the browser hides from the service worker', async () => {
    const page = await harness.browser.context.newPage();
    await page.goto('https://arxiv.org/abs/0001.00008');
    expect(await clickSave(page)).toMatch(/^Saved v1: /);
    expect(harness.standIn.requests).toEqual(expect.arrayContaining(['/html/0001.00008v1/', '/html/0001.00008v1']));
    await page.close();
  });

  it('still shows the background\'s progress on the button (events are checked for their sender too)', async () => {
    const page = await harness.browser.context.newPage();
    await page.goto('https://arxiv.org/abs/0001.00008');
    const held = harness.standIn.hold('/html/0001.00008v1/');
    const button = await saveButton(page);
    await button.click();
    await held.arrived;
    try {
      // While the full text is held back, the button says what the background is doing.
      expect(await button.statusBecomes('Fetching the full text…')).toBe('Fetching the full text…');
    } finally {
      held.release();
    }
    expect(await button.settled()).toBe('Already in your library v1: nothing to do.');
    await button.detach();
    await page.close();
  });

  it('refuses a full text redirected or linked off arXiv, without contacting that server', async () => {
    for (const [id, code] of [[FAILURE_IDS.redirectsAway, 'REDIRECT_NOT_ALLOWED'], [FAILURE_IDS.linksAway, 'URL_NOT_ALLOWED']] as const) {
      const page = await harness.browser.context.newPage();
      await page.goto(`https://arxiv.org/abs/${id}`);
      const status = await clickSave(page);
      expect(status).toMatch(firstMessageLine(code));
      // The hop was read (from webRequest) and judged, not refused for being unreadable.
      expect(status).toContain(elsewhere.url);
      await page.close();
    }
    expect(harness.standIn.requests).toContain(`/html/${FAILURE_IDS.redirectsAway}v1`);
    expect(elsewhere.requests).toEqual([]);
    const panel = await harness.openSidePanel();
    const saved = (await requestFromPage(panel, 'library/list', {})).map((p) => p.arxivId);
    expect(saved).not.toContain(FAILURE_IDS.redirectsAway);
    expect(saved).not.toContain(FAILURE_IDS.linksAway);
    await panel.close();
  });

  it('sends the API key only to the origin it was entered for', async () => {
    const panel = await harness.openSidePanel();
    const ask = () => panel.evaluate(() => (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime.sendMessage({ channel: 'verbatim', type: 'answer/ask', payload: { question: 'What does the graph neural network evaluate?' } }));
    try {
      expect(await requestFromPage(panel, 'settings/set', { provider: 'custom', baseURL: modelA.baseURL, model: 'scripted', apiKey: 'sk-for-origin-a' })).toMatchObject({ hasKey: true });
      await ask();
      expect(modelA.authorizations.length).toBeGreaterThan(0);
      expect(modelA.authorizations.every((h) => h === 'Bearer sk-for-origin-a')).toBe(true);
      // Another port is another origin: "leave empty to keep" must not carry the key there.
      expect(await requestFromPage(panel, 'settings/set', { provider: 'custom', baseURL: modelB.baseURL, model: 'scripted' })).toMatchObject({ hasKey: false });
      await ask();
      expect(modelB.authorizations.length).toBeGreaterThan(0);
      expect(modelB.authorizations).not.toContain('Bearer sk-for-origin-a');
    } finally {
      await requestFromPage(panel, 'settings/set', { provider: 'extractive' });
      await panel.close();
    }
  });

  it('sends nothing to a model origin the user never granted, whatever CORS says, and no plain http off this computer', async () => {
    const panel = await harness.openSidePanel();
    try {
      await requestFromPage(panel, 'settings/set', { provider: 'custom', baseURL: remoteModel.baseURL, model: 'scripted', apiKey: 'sk-remote' });
      await expect(requestFromPage(panel, 'answer/ask', { question: 'What does the graph neural network evaluate?' })).rejects.toThrow(/^ENDPOINT_NOT_GRANTED/);
      expect(remoteModel.requests).toEqual([]);
      await expect(requestFromPage(panel, 'settings/set', { provider: 'custom', baseURL: 'http://models.example/v1', model: 'scripted', apiKey: 'sk-remote' })).rejects.toThrow(/^ENDPOINT_INSECURE/);
    } finally {
      await requestFromPage(panel, 'settings/set', { provider: 'extractive' });
      await panel.close();
    }
  });

  it('names a save cut off by a stopped service worker', async () => {
    const page = await harness.browser.context.newPage();
    await page.goto('https://arxiv.org/abs/0001.00005');
    const held = harness.standIn.hold('/abs/0001.00005');
    const button = await saveButton(page);
    await button.click();
    await held.arrived;
    const panel = await harness.openSidePanel();
    const cdp = await harness.browser.context.newCDPSession(panel);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    const status = await button.settled().finally(() => held.release());
    expect(status).toMatch(/^Verbatim's background stopped before it answered/);
    expect(status).not.toMatch(/^A listener|^Something went wrong/);
    // The worker starts again on the next request, and nothing half-saved is left behind.
    expect((await requestFromPage(panel, 'library/list', {})).map((p) => p.arxivId)).not.toContain('0001.00005');
    await cdp.detach();
    await button.detach();
  });
});
