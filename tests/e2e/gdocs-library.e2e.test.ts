/**
 * The Google Docs sidebar end to end, without Google: the built Sidebar.html is served over
 * https under an Apps Script sandbox host name (n-…-script.googleusercontent.com, sent to a
 * loopback server by Chromium's host resolver rules), so the extension's real
 * externally_connectable rule for Google Docs lets it in. google.script.run is a stub in the
 * page that calls the built Code.js, run in Node in an Apps Script-like scope against the
 * fake DocumentApp. From a saved paper to a cited quote and an inserted answer in the
 * (fake) document, then a style switch and a refresh with no library at all.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCitationUrl } from '../../gdocs/common/citation-url';
import { SAMPLE_PAPER } from '../../tools/fixture-papers';
import { screenshot } from '../support/browser';
import { SANDBOX_HOST } from '../support/apps-script-page';
import { startSidebarWithExtension, type SidebarWithExtension } from '../support/sidebar-with-extension';
import { fakeDocs, linkRuns, type FakeDocs } from '../support/fake-docs';


function documentText(docs: FakeDocs): string[] {
  return docs.document.body.children.map((p) => p.getText());
}

describe('Google Docs sidebar with the extension', () => {
  let sidebar: SidebarWithExtension;
  let page: Page;
  const docs = fakeDocs(['My draft on qubit routing.', '']);

  beforeAll(async () => {
    sidebar = await startSidebarWithExtension(docs);
    page = sidebar.page;
  });
  afterAll(async () => {
    await sidebar?.close();
  });

  it('reaches the extension library from the Apps Script origin, and inserts a picked sentence as a cited quote at the cursor', async () => {
    docs.user.clickAfter('My draft on qubit routing.');
    await page.goto(`https://${SANDBOX_HOST}/Sidebar.html`);
    await page.getByTestId('library').filter({ hasText: /1 papers?/ }).waitFor();

    await page.getByTestId('query').fill('Monte Carlo tree search');
    await page.getByTestId('search').click();
    await page.getByTestId('pick').first().click();
    const sentence = page.getByTestId('sentence').first();
    const quoted = (await sentence.textContent())!;
    await sentence.click();
    await page.getByTestId('insert-quote').click();
    await page.getByTestId('status').filter({ hasText: 'Inserted 1 passage' }).waitFor();

    const runs = linkRuns(docs.document);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.text).toMatch(/^\[1/);
    expect(parseCitationUrl(runs[0]!.url)!.paperId).toBe(`arxiv:${SAMPLE_PAPER.arxivId}`);
    const text = documentText(docs);
    expect(text[0]).toContain(`My draft on qubit routing.“${quoted.trim()}” ${runs[0]!.text}`);
    const references = text.slice(text.indexOf('References'));
    expect(references[1]).toMatch(/^\[1\].*Qubit Routing using Graph Neural Network aided Monte Carlo Tree Search/i);
    await screenshot(page, 'gdocs-sidebar-quote');
  });

  it('asks the library and inserts the supported sentences of the answer, numbered after the quote', async () => {
    docs.user.clickAt(1, 0);
    await page.getByTestId('question').fill('What does the graph neural network evaluate?');
    await page.getByTestId('ask').click();
    await page.getByTestId('answer').waitFor();
    await page.getByTestId('insert-answer').click();
    await page.getByTestId('status').filter({ hasText: /Inserted \d+ sentences/ }).waitFor();
    const runs = linkRuns(docs.document);
    expect(runs.length).toBeGreaterThan(1);
    // One paper cited throughout: every citation carries the same number.
    expect(new Set(runs.map((r) => r.text.replace(/,.*$/, '').replace(/\]$/, '')))).toEqual(new Set(['[1']));
  });

  it('switches to APA and refreshes from the records kept in the document', async () => {
    await page.getByTestId('style').selectOption('apa');
    await page.getByTestId('refresh').click();
    await page.getByTestId('status').filter({ hasText: /Refreshed\..*\(apa\)/ }).waitFor();
    const runs = linkRuns(docs.document);
    for (const run of runs) expect(run.text).toMatch(/^\(.+\d{4}.*\)$/);
    expect(documentText(docs).filter((p) => p === 'References')).toHaveLength(1);
    await screenshot(page, 'gdocs-sidebar-apa');
  });

  it('searches the library for the sentence selected in the document', async () => {
    docs.user.clickAt(0, 0);
    await page.getByTestId('find-selection').click();
    await page.getByTestId('status').filter({ hasText: /^Select the sentence to find in the document first/ }).waitFor();
    const claim = 'We guide Monte Carlo tree search with a graph neural network.';
    docs.user.type(0, 0, `${claim} `);
    docs.user.selectText(claim);
    await page.getByTestId('find-selection').click();
    await expect.poll(() => page.getByTestId('query').inputValue()).toBe(claim);
    await page.getByTestId('pick').first().waitFor();
    expect(await page.locator('.hits li').first().textContent()).toMatch(/Qubit Routing using Graph Neural Network/);
    // Each hit shows the words it matched.
    expect((await page.locator('.hits li').first().locator('mark').allTextContents()).length).toBeGreaterThan(0);
    await screenshot(page, 'gdocs-sidebar-find-selection');
  });
});
