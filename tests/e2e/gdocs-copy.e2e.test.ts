/**
 * "Copy with citations" from the Google Docs sidebar (the built Sidebar.html, served as in
 * gdocs-library.e2e), for pasting into any editor: the same builder and rich text as the side
 * panel's export menu. A picked sentence and an answer are copied, then read back from the clipboard.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PAPER } from '../../tools/fixture-papers';
import { SANDBOX_HOST } from '../support/apps-script-page';
import { startSidebarWithExtension, type SidebarWithExtension } from '../support/sidebar-with-extension';
import { fakeDocs } from '../support/fake-docs';
import { clipboardText } from '../support/clipboard';

describe('Google Docs sidebar: copy with citations', () => {
  let sidebar: SidebarWithExtension;
  let page: Page;

  beforeAll(async () => {
    sidebar = await startSidebarWithExtension(fakeDocs(['A draft.', '']), { clipboard: true });
    page = sidebar.page;
    await page.goto(`https://${SANDBOX_HOST}/Sidebar.html`);
    await page.getByTestId('library').filter({ hasText: /1 papers?/ }).waitFor();
  });
  afterAll(async () => {
    await sidebar?.close();
  });

  it('copies a picked sentence as a quote, its citation linked to the paper, with the bibliography', async () => {
    await page.getByTestId('style').selectOption('ieee');
    await page.getByTestId('query').fill('Monte Carlo tree search');
    await page.getByTestId('search').click();
    await page.getByTestId('pick').first().click();
    const sentence = page.getByTestId('sentence').first();
    const quoted = (await sentence.textContent())!.trim();
    await sentence.click();
    await page.getByTestId('copy-quote').click();
    await page.getByTestId('status').filter({ hasText: 'Copied the quote' }).waitFor();
    const plain = await clipboardText(page, 'text/plain');
    expect(plain).toContain(`“${quoted}” [1] (§`);
    expect(plain).toMatch(/\nReferences\n\[1\] A\. Sinha, U\. Azad, and H\. Singh,/);
    expect(await clipboardText(page, 'text/html')).toContain(`<a class="citation" href="https://arxiv.org/abs/${SAMPLE_PAPER.arxivId}`);
  });

  it('copies an answer in the chosen style: its supported sentences only, then the bibliography', async () => {
    await page.getByTestId('style').selectOption('apa');
    await page.getByTestId('question').fill('What does the graph neural network evaluate?');
    await page.getByTestId('ask').click();
    await page.getByTestId('answer').waitFor();
    await page.getByTestId('copy-answer').click();
    await page.getByTestId('status').filter({ hasText: 'Copied the answer' }).waitFor();
    const plain = await clipboardText(page, 'text/plain');
    const supported = await page.locator('[data-testid=answer] .answer-sentence:not(.unsupported)').allTextContents();
    expect(supported.length).toBeGreaterThan(0);
    for (const text of supported) expect(plain).toContain(`${text} (Sinha et al., `);
    expect(plain).toMatch(/\nReferences\nSinha, A\., Azad, U\., & Singh, H\./);
  });
});
