/**
 * The Word task pane in a plain Chromium, without Office: it imports papers into its
 * own IndexedDB library, answers with verified citations, accepts a pasted answer, and
 * says clearly that inserting needs Word.
 */
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../tools/chromium';
import { PROJECT_ROOT, fixturePath } from '../../tools/fixture-papers';
import { startStaticServer, type StaticServer } from '../../tools/static-server';
import { screenshot } from '../support/browser';

describe('Word task pane outside Office', () => {
  let server: StaticServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startStaticServer(join(PROJECT_ROOT, '.output', 'addin'));
    const executablePath = findChromium();
    if (!executablePath) throw new Error('Chromium is required for the e2e tests (apt-get install chromium, or set CHROME_PATH).');
    browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
    page = await browser.newPage();
    await page.goto(`${server.url}/taskpane.html`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders without Office and says inserting needs Word', async () => {
    await page.getByTestId('office-unavailable').waitFor();
    expect(await page.getByTestId('office-unavailable').textContent()).toMatch(/Not running inside Word/);
  });

  it('imports a LaTeXML paper and answers from it with verified citations', async () => {
    await page.getByTestId('import').setInputFiles(fixturePath('author-disambiguation-natbib', 'paper.latexml.html'));
    await page.getByTestId('library-paper').first().waitFor();
    expect(await page.getByTestId('status').textContent()).toMatch(/paper\.latexml\.html: saved, \d+ paragraphs/);

    await page.getByTestId('question').fill('How are signatures grouped into clusters?');
    await page.getByTestId('ask').click();
    await page.getByTestId('answer').waitFor();
    const chips = await page.getByTestId('citation-chip').all();
    expect(chips.length).toBeGreaterThan(0);
    await chips[0]!.click();
    const highlight = await page.getByTestId('highlight').textContent();
    expect(highlight).toBe(await chips[0]!.getAttribute('data-quote'));
    expect(await page.getByTestId('insert').isDisabled()).toBe(true);
    await screenshot(page, 'word-pane-answer');
  });

  it('imports a PDF, and refuses a file it cannot read and a pasted payload that is not an answer', async () => {
    await page.getByTestId('import').setInputFiles(fixturePath('alce-paper', 'paper.pdf'));
    await page.getByTestId('status').filter({ hasText: /paper\.pdf: saved, \d{3,} paragraphs/ }).waitFor({ timeout: 60_000 });
    await page.getByTestId('import').setInputFiles(fixturePath('alce-paper', 'LICENSE'));
    await page.getByTestId('status').filter({ hasText: 'This file type is not supported' }).waitFor();
    await page.locator('details.paste summary').click();
    await page.getByTestId('answer-json').fill('{"not": "an answer"}');
    await page.getByRole('button', { name: 'Use this answer' }).click();
    await page.getByTestId('status').filter({ hasText: 'That is not a Verbatim answer' }).waitFor();
  });
});
