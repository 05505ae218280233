import { createHash } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerExternalMessage } from '../../extension/external-dispatch';
import { externalHandlers } from '../../extension/external-handlers';
import { classifyExternalSender } from '../../extension/external-policy';
import { EXTENSION_PUBLIC_KEY, VERBATIM_EXTENSION_ID } from '../../shared/extension-key';
import { externalRequest, type ExternalHandlers } from '../../shared/external-protocol';
import { parseExternalReply, parseExternalRequest } from '../../shared/external-protocol-schema';
import { DexieLibraryStore } from '../../shared/library/dexie-store';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { LibraryService } from '../../shared/library/library-service';
import { PANE_MATCH_PATTERNS, paneForOrigin, RELEASE_PANE_ORIGIN } from '../../shared/pane-origins';
import { fixtureHtml } from '../support/fixtures';

const SELF = VERBATIM_EXTENSION_ID;
const DEV_PANE = 'https://localhost:3000';
const APPS_SCRIPT = 'https://n-aknwylqugtad7abe6fzh5c47svchxgv7l53qtjy-0lu-script.googleusercontent.com';

describe('which origins may reach the library', () => {
  it.each([
    [DEV_PANE, 'word-dev'],
    ['https://localhost:44321', 'word-dev'],
    [RELEASE_PANE_ORIGIN, 'word-release'],
    [APPS_SCRIPT, 'google-docs'],
  ])('lets %s in as %s', (origin, pane) => {
    expect(paneForOrigin(origin)).toBe(pane);
  });

  it.each([
    ['plain http on localhost', 'http://localhost:3000'],
    ['arXiv', 'https://arxiv.org'],
    ['a look-alike of the release host', `${RELEASE_PANE_ORIGIN}.evil.example`],
    ['the release host over http', RELEASE_PANE_ORIGIN.replace('https:', 'http:')],
    ['the release host on another port', `${RELEASE_PANE_ORIGIN}:8443`],
    ['a googleusercontent host that is not Apps Script', 'https://lh3.googleusercontent.com'],
    ['Drive-served user files', 'https://doc-0s-9k-docs.googleusercontent.com'],
    ['an Apps Script-like host under another domain', 'https://n-abc-0lu-script.googleusercontent.com.evil.example'],
    ['a URL rather than an origin', `${DEV_PANE}/taskpane.html`],
    ['an origin with credentials', 'https://user@localhost:3000'],
    ['nothing', undefined],
    ['the opaque origin', 'null'],
    ['another extension', 'chrome-extension://abcdefghijklmnopabcdefghijklmnop'],
  ])('refuses %s', (_name, origin) => {
    expect(paneForOrigin(origin)).toBeNull();
  });

  it('reads the origin the browser reports, and the URL only when there is no origin', () => {
    expect(classifyExternalSender({ origin: DEV_PANE, url: `${DEV_PANE}/taskpane.html` }, SELF)).toEqual({ pane: 'word-dev', origin: DEV_PANE });
    expect(classifyExternalSender({ url: `${APPS_SCRIPT}/userCodeAppPanel` }, SELF)).toEqual({ pane: 'google-docs', origin: APPS_SCRIPT });
    // A frame whose URL is not under its reported origin is not believed.
    expect(classifyExternalSender({ origin: DEV_PANE, url: 'https://evil.example/taskpane.html' }, SELF)).toBeNull();
    // Another extension, even naming a pane URL.
    expect(classifyExternalSender({ id: 'abcdefghijklmnopabcdefghijklmnop', url: `${DEV_PANE}/taskpane.html` }, SELF)).toBeNull();
  });

  it('lists in the manifest patterns that cover every allowed origin and no bare wildcard host', () => {
    for (const origin of [DEV_PANE, RELEASE_PANE_ORIGIN, APPS_SCRIPT]) {
      const host = new URL(origin).hostname;
      expect(PANE_MATCH_PATTERNS.some((pattern) => {
        const patternHost = new URL(pattern.replace('*.', 'wildcard.')).hostname.replace(/^wildcard\./, '');
        return pattern.includes('*.') ? host.endsWith(`.${patternHost}`) : host === patternHost;
      })).toBe(true);
    }
    expect(PANE_MATCH_PATTERNS.every((pattern) => pattern.startsWith('https://') && !pattern.startsWith('https://*/'))).toBe(true);
  });
});

describe('the extension id the panes address', () => {
  it('is the id Chrome derives from the manifest key', () => {
    const digest = createHash('sha256').update(Buffer.from(EXTENSION_PUBLIC_KEY, 'base64')).digest('hex').slice(0, 32);
    expect([...digest].map((hex) => String.fromCharCode(97 + parseInt(hex, 16))).join('')).toBe(VERBATIM_EXTENSION_ID);
  });
});

describe('the external endpoint', () => {
  let handlers: ExternalHandlers;
  beforeAll(async () => {
    const library = new LibraryService({ store: new DexieLibraryStore({ indexedDB: new IDBFactory(), IDBKeyRange }), parseHtml: parseHtmlWithLinkedom });
    await library.importFile('2104.01180v1.html', fixtureHtml('qroute-gnn-mcts-revtex'));
    handlers = externalHandlers(library, '0.1.0');
  });
  const fromPane = { origin: DEV_PANE, url: `${DEV_PANE}/taskpane.html` };

  it('answers a pane: hello, papers, search, paper, ask, each reply passing the pane-side schema', async () => {
    const hello = parseExternalReply('external/hello', await answerExternalMessage(externalRequest('external/hello', {}), fromPane, SELF, handlers));
    expect(hello).toEqual({ ok: true, value: { protocol: 1, extensionVersion: '0.1.0', label: 'Verbatim extension 0.1.0', papers: 1 } });
    const papers = parseExternalReply('external/papers', await answerExternalMessage(externalRequest('external/papers', {}), fromPane, SELF, handlers));
    expect(papers.ok && papers.value.map((p) => p.id)).toEqual(['arxiv:2104.01180']);
    const hits = parseExternalReply('external/search', await answerExternalMessage(externalRequest('external/search', { query: 'graph neural network', limit: 3 }), fromPane, SELF, handlers));
    expect(hits.ok && hits.value.length).toBe(3);
    expect(hits.ok && hits.value[0]!.paperId).toBe('arxiv:2104.01180');
    const paper = parseExternalReply('external/paper', await answerExternalMessage(externalRequest('external/paper', { paperId: 'arxiv:2104.01180' }), fromPane, SELF, handlers));
    expect(paper.ok && paper.value.sections.length).toBeGreaterThan(3);
    expect(paper.ok && paper.value.references.length).toBeGreaterThan(10);
    const answer = parseExternalReply('external/ask', await answerExternalMessage(externalRequest('external/ask', { question: 'What does the graph neural network evaluate?' }), fromPane, SELF, handlers));
    expect(answer.ok && answer.value.sentences.some((s) => s.support === 'verified')).toBe(true);
  });

  it('refuses an origin that is not a pane before reading the message', async () => {
    const reply = await answerExternalMessage({ nonsense: true }, { origin: 'https://evil.example', url: 'https://evil.example/' }, SELF, handlers);
    expect(reply).toMatchObject({ ok: false, error: { code: 'PANE_ORIGIN_NOT_ALLOWED', detail: 'https://evil.example' } });
  });

  it.each([
    ['an internal message (delete)', { channel: 'verbatim-external', protocol: 1, type: 'library/delete', payload: { paperId: 'arxiv:2104.01180' } }],
    ['an internal settings read', { channel: 'verbatim-external', protocol: 1, type: 'settings/get', payload: {} }],
    ['the internal channel', { channel: 'verbatim', type: 'library/list', payload: {} }],
    ['another protocol version', { channel: 'verbatim-external', protocol: 2, type: 'external/papers', payload: {} }],
    ['a bad payload', { channel: 'verbatim-external', protocol: 1, type: 'external/search', payload: { query: 'x', limit: 1000 } }],
    ['a missing payload field', { channel: 'verbatim-external', protocol: 1, type: 'external/paper', payload: {} }],
    ['not an object', 'external/papers'],
  ])('refuses %s as BAD_MESSAGE', async (_name, message) => {
    expect(await answerExternalMessage(message, fromPane, SELF, handlers)).toMatchObject({ ok: false, error: { code: 'BAD_MESSAGE' } });
  });

  it('passes a handler failure on under its own code', async () => {
    expect(await answerExternalMessage(externalRequest('external/paper', { paperId: 'arxiv:0000.00000' }), fromPane, SELF, handlers)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('parses a request envelope by its type', () => {
    expect(parseExternalRequest(externalRequest('external/search', { query: 'routing' }))).toEqual(externalRequest('external/search', { query: 'routing' }));
  });

  it('refuses, on the pane side, a reply that does not match its type', () => {
    expect(() => parseExternalReply('external/papers', { ok: true, value: [{ id: 3 }] })).toThrow(expect.objectContaining({ code: 'BAD_EXTERNAL_REPLY' }));
    expect(() => parseExternalReply('external/hello', 'hello')).toThrow(expect.objectContaining({ code: 'BAD_EXTERNAL_REPLY' }));
    expect(parseExternalReply('external/hello', { ok: false, error: { code: 'PANE_ORIGIN_NOT_ALLOWED' } })).toEqual({ ok: false, error: { code: 'PANE_ORIGIN_NOT_ALLOWED' } });
  });
});
