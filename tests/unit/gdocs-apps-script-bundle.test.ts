/**
 * The built Code.js, run as Apps Script runs it: one script in a fresh global scope with
 * only ECMAScript built-ins (no TextEncoder, URL or module system) plus DocumentApp,
 * PropertiesService and HtmlService, here backed by the fake. Entry points are found by
 * name, as google.script.run finds them.
 */
import { createContext, runInContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCitationUrl } from '../../gdocs/common/citation-url';
import type { DocumentState, ServerResult } from '../../gdocs/common/document-contract';
import { buildServerScript } from '../../tools/build-gdocs';
import { FAKE_TEXT_ALIGNMENT, fakeDocs, linkRuns, type FakeDocs } from '../support/fake-docs';
import { plainRendering } from '../support/fake-docs/plain-rendering';

let code = '';
beforeAll(async () => {
  code = await buildServerScript();
}, 120_000);

function appsScript(docs: FakeDocs) {
  const menu: string[] = [];
  const ui = {
    createAddonMenu: () => ({ addItem(label: string, fn: string) { menu.push(`${label} -> ${fn}`); return this; }, addToUi() {} }),
    showSidebar: (html: { title: string }) => menu.push(`sidebar: ${html.title}`),
  };
  const context = createContext({
    DocumentApp: { getActiveDocument: () => docs.document, getUi: () => ui, TextAlignment: { NORMAL: FAKE_TEXT_ALIGNMENT.normal, SUPERSCRIPT: FAKE_TEXT_ALIGNMENT.superscript } },
    PropertiesService: { getDocumentProperties: () => docs.properties },
    HtmlService: { createHtmlOutputFromFile: (file: string) => ({ setTitle: (title: string) => ({ file, title }) }) },
  });
  runInContext(code, context, { filename: 'Code.js' });
  const call = <T>(name: string, arg?: unknown): T => {
    const fn = (context as Record<string, unknown>)[name];
    if (typeof fn !== 'function') throw new Error(`${name} is not a top-level function`);
    return (fn as (a: unknown) => T)(arg);
  };
  return { call, menu };
}

describe('Code.js in an Apps Script-like global scope', () => {
  it('declares every entry point at top level and opens its menu and sidebar', () => {
    const docs = fakeDocs(['Text.']);
    const { call, menu } = appsScript(docs);
    call('onOpen');
    call('showSidebar');
    expect(menu).toEqual(['Cite from library -> showSidebar', 'sidebar: Verbatim']);
    expect(code).not.toMatch(/\b(?:TextEncoder|URLSearchParams|new URL)\b/);
  });

  it('inserts a quote at the cursor and writes a rendering into the fake document', () => {
    const docs = fakeDocs(['Routing is hard.', '']);
    docs.user.clickAfter('Routing is hard.');
    const { call } = appsScript(docs);
    const anchor = { paperId: 'arxiv:2104.01180', paragraphId: 'p3', quoteHash: '0a0b0c0d', locator: { section: '2', paragraph: 1 } };
    const inserted = call<ServerResult<{ state: DocumentState }>>('insertQuoteAtCursor', {
      quote: 'the tree search is guided', citation: { anchor, citedWorkIds: [] }, records: [{ id: anchor.paperId, type: 'article', title: 'Qubit routing' }],
    });
    if (!inserted.ok) throw new Error(inserted.error.code);
    const refreshed = call<ServerResult<unknown>>('refreshDocument', plainRendering(inserted.value.state));
    expect(refreshed.ok).toBe(true);
    expect(linkRuns(docs.document)).toEqual([{ text: '[1]', url: formatCitationUrl(anchor), paragraph: 0, superscript: false }]);
    expect(docs.document.body.children.map((p) => p.getText())).toContain('[1] Qubit routing');
  });

  it('answers a bad call with a named error, not an exception', () => {
    const { call } = appsScript(fakeDocs());
    expect(call<ServerResult<unknown>>('insertQuoteAtCursor', { quote: 42 })).toMatchObject({ ok: false, error: { code: 'GDOCS_BAD_PAYLOAD' } });
  });
});
