import { describe, expect, it } from 'vitest';
import { parseRequest, REQUEST_SCHEMAS } from '../../shared/protocol-schema';
import type { MessageType } from '../../shared/protocol';
import { fixturePaper } from '../support/fixtures';

describe('message protocol schemas', () => {
  it('has a schema for every message type and accepts well-formed payloads', () => {
    const good: Record<MessageType, unknown> = {
      'library/save': { url: 'https://arxiv.org/abs/2104.01180' },
      'library/list': {},
      'library/get': { paperId: 'arxiv:2104.01180' },
      'library/import-paper': { paper: fixturePaper('qroute-gnn-mcts-revtex') },
      'library/delete': { paperId: 'arxiv:2104.01180' },
      'library/cite': { paperId: 'arxiv:2104.01180', format: 'bibtex' },
      'settings/get': {},
      'settings/set': { provider: 'ollama', baseURL: '', model: 'llama3.1:8b' },
      'answer/ask': { question: 'How is the tree search guided?', paperIds: ['arxiv:2104.01180'], denseHits: [{ paperId: 'arxiv:2104.01180', paragraphId: 'p3', score: 0.71 }] },
      'library/search': { query: 'tree search', paperIds: ['arxiv:2104.01180'], limit: 10 },
      'answer/cancel': { askId: 'ask-1' },
      'settings/test': { provider: 'ollama', baseURL: '', model: 'llama3.1:8b' },
      'history/list': {},
      'history/open': { id: '2026-01-01T00:00:00.000Z#0' },
      'history/delete': { id: '2026-01-01T00:00:00.000Z#0' },
      'library/status': { url: 'https://arxiv.org/abs/2104.01180v2' },
      'library/set-tags': { paperId: 'arxiv:2104.01180', tags: ['routing', 'to read'] },
      'library/export-bundle': {},
      'library/index-status': {},
    };
    expect(Object.keys(REQUEST_SCHEMAS).sort()).toEqual(Object.keys(good).sort());
    for (const [type, payload] of Object.entries(good)) expect(() => parseRequest(type, payload), type).not.toThrow();
    expect(parseRequest('answer/ask', { question: 'q', extra: 'dropped' })).toEqual({ question: 'q' });
  });

  it('refuses unknown types and malformed payloads with BAD_MESSAGE before any handler runs', () => {
    const bad: [string, unknown][] = [
      ['library/format-disk', {}],
      ['__proto__', {}],
      ['answer/ask', { question: 42 }],
      ['answer/ask', { question: 'q', paperIds: 'arxiv:1' }],
      ['library/search', { query: 'q', limit: 1000 }],
      ['answer/ask', { question: 'q', denseHits: Array.from({ length: 101 }, (_, i) => ({ paperId: 'a', paragraphId: `p${i}`, score: 0.5 })) }],
      ['library/search', { query: 'q', denseHits: [{ paperId: 'a', paragraphId: 'p1', score: Number.NaN }] }],
      ['library/search', { query: 'q', denseHits: [{ paperId: 'a', paragraphId: '', score: 0.5 }] }],
      ['library/save', { url: 'javascript:alert(1)' }],
      ['library/cite', { paperId: 'x', format: 'docx' }],
      ['library/cite', { paperId: 'x', format: 'text', style: 'mla' }],
      ['library/get', null],
      ['library/get', { paperId: '' }],
      ['library/set-tags', { paperId: 'x', tags: ['  '] }],
      ['library/set-tags', { paperId: 'x', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }],
      ['answer/cancel', { askId: '' }],
      ['settings/set', { provider: 'custom', baseURL: 'file:///etc/passwd' }],
      ['library/import-paper', { paper: { ...fixturePaper('qroute-gnn-mcts-revtex'), version: 'vX' } }],
    ];
    for (const [type, payload] of bad) expect(() => parseRequest(type, payload), type).toThrow(expect.objectContaining({ code: 'BAD_MESSAGE' }));
  });
});
