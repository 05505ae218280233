/**
 * The Word task pane in a plain Chromium, without Office: it imports papers into its
 * own IndexedDB library, answers with verified citations, accepts a pasted answer, and
 * says clearly that inserting needs Word.
 */
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../tools/chromium';
import { libraryIdFor } from '../../shared/model/paper';
import { PROJECT_ROOT, fixturePath } from '../../tools/fixture-papers';
import { startStaticServer, type StaticServer } from '../../tools/static-server';
import { screenshot } from '../support/browser';
import { fixturePaper } from '../support/fixtures';

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
    // An error stays until the user dismisses it (issue 13: old errors no longer linger in the pane).
    expect(await page.getByTestId('status').getAttribute('role')).toBe('alert');
    await page.getByTestId('status-dismiss').click();
    expect(await page.getByTestId('status').count()).toBe(0);
  });

  // Issue 8 (c): a pasted answer's "verified" flags are not trusted; it is checked against this pane's library.
  it('re-verifies a pasted answer: a forged citation is dropped, a sentence its real quote does not support asks to check the source', async () => {
    const paper = fixturePaper('author-disambiguation-natbib');
    const paperId = libraryIdFor(paper);
    const paragraph = paper.paragraphs.find((p) => p.kind === 'text' && p.text.length > 200)!;
    const realQuote = paragraph.text.split(' ').slice(0, 14).join(' ');
    const stats = { llmCalls: 1, inputTokens: 1, outputTokens: 1, ms: 1, sentences: 2, cited: 2, verified: 2, snapped: 0, unsupported: 0 };
    const forged = {
      question: 'q', mode: 'llm', abstained: false, stats,
      references: { primary: [{ paperId, title: 'Forged title', authors: ['Mallory'], arxivId: null, version: null }], secondary: [] },
      sentences: [
        { text: 'This method is proven optimal.', support: 'verified', citations: [{ paperId, paragraphId: 'p9999', quote: 'proven optimal', verified: true, score: 100, start: 0, end: 14 }] },
        { text: 'Visit https://evil.example/data for the dataset.', support: 'verified', citations: [{ paperId, paragraphId: paragraph.id, quote: realQuote, verified: true, score: 100, start: 0, end: realQuote.length }] },
      ],
    };
    await page.getByTestId('answer-json').fill(JSON.stringify(forged));
    await page.getByRole('button', { name: 'Use this answer' }).click();
    await page.getByTestId('status').filter({ hasText: '1 citation(s) could not be found in the stored text' }).waitFor();
    const sentences = page.locator('li.sentence');
    expect(await sentences.evaluateAll((items) => items.map((li) => li.getAttribute('data-support')))).toEqual(['unsupported', 'check-source']);
    expect(await page.getByTestId('check-source').textContent()).toContain(realQuote);
    expect(await page.getByTestId('citation-chip').count()).toBe(1);
    expect(await page.locator('.references').textContent()).not.toMatch(/Forged title/);
    await screenshot(page, 'word-pane-reverified-paste');
  });
});
