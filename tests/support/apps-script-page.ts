/**
 * The Google Docs sidebar in a test page without Google: the built Code.js runs in Node in a fresh
 * Apps Script-like global scope bound to a fake document, and google.script.run in the page calls it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import type { Page } from 'playwright-core';
import { GDOCS_OUTPUT } from '../../tools/build-gdocs';
import { TOP_LEVEL_FUNCTIONS } from '../../gdocs/server/apps-script-entry';
import { FAKE_TEXT_ALIGNMENT, type FakeDocs } from './fake-docs';

export const SANDBOX_HOST = 'n-verbatime2e0test-0lu-script.googleusercontent.com';
/** What google.script.run can call: every top-level function of Code.js, as in Apps Script. */
const SERVER_FUNCTIONS: string[] = [...TOP_LEVEL_FUNCTIONS];

/** The built Code.js in a fresh global scope, bound to a fake document. */
export function appsScriptOver(docs: FakeDocs): (name: string, argument: unknown) => unknown {
  const context = createContext({
    DocumentApp: { getActiveDocument: () => docs.document, TextAlignment: { NORMAL: FAKE_TEXT_ALIGNMENT.normal, SUPERSCRIPT: FAKE_TEXT_ALIGNMENT.superscript } },
    PropertiesService: { getDocumentProperties: () => docs.properties },
  });
  runInContext(readFileSync(join(GDOCS_OUTPUT, 'Code.js'), 'utf8'), context, { filename: 'Code.js' });
  return (name, argument) => (context[name] as (a: unknown) => unknown)(argument);
}

/** google.script.run in the page: each call goes to Node as JSON and comes back as JSON. */
export async function stubScriptRun(page: Page, call: (name: string, argument: unknown) => unknown): Promise<void> {
  await page.exposeFunction('__verbatimScriptRun', (name: string, json: string) => JSON.stringify(call(name, JSON.parse(json))));
  await page.addInitScript((names: string[]) => {
    type Handler = (value: unknown) => void;
    const bridge = (globalThis as unknown as { __verbatimScriptRun(name: string, json: string): Promise<string> }).__verbatimScriptRun;
    const runner = (ok: Handler, fail: Handler): Record<string, unknown> => {
      const target: Record<string, unknown> = { withSuccessHandler: (h: Handler) => runner(h, fail), withFailureHandler: (h: Handler) => runner(ok, h) };
      for (const name of names) target[name] = (argument?: unknown) => void bridge(name, JSON.stringify(argument ?? null)).then((json) => ok(JSON.parse(json)), fail);
      return target;
    };
    (globalThis as unknown as { google: unknown }).google = { script: { run: runner(() => {}, () => {}) } };
  }, SERVER_FUNCTIONS);
}
