/** Serves the fake Word model in place of the pane's office.js (same origin, so the pane's CSP admits it). */
import { buildSync } from 'esbuild';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PROJECT_ROOT } from '../../tools/fixture-papers';

let bundle: string | null = null;

function fakeOfficeJs(): string {
  bundle ??= buildSync({ entryPoints: [join(PROJECT_ROOT, 'tests', 'support', 'fake-word', 'page-entry.ts')], bundle: true, format: 'iife', platform: 'browser', write: false }).outputFiles[0]!.text;
  return bundle;
}

export async function serveFakeWord(page: Page): Promise<void> {
  await page.route('**/office.js', (route) => route.fulfill({ contentType: 'text/javascript', body: fakeOfficeJs() }));
}

export interface FakeWordState {
  paragraphs: string[];
  controls: { tag: string; title: string; text: string }[];
}

export function readFakeWord(page: Page): Promise<FakeWordState> {
  return page.evaluate(() => {
    const word = (globalThis as unknown as { __fakeWord: { paragraphs(): string[]; controls(): { tag: string; title: string; text: string }[] } }).__fakeWord;
    return { paragraphs: word.paragraphs(), controls: word.controls() };
  });
}
