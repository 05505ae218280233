/**
 * "Copy with citations" from the Google Docs sidebar (the built Sidebar.html, served as in
 * gdocs-library.e2e), for pasting into any editor: the same builder and rich text as the side
 * panel's export menu. A picked sentence and an answer are copied, then read back from the clipboard.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GDOCS_OUTPUT, buildGdocs } from '../../tools/build-gdocs';
import { SAMPLE_PAPER } from '../../tools/fixture-papers';
import { selfSignedCertificate } from '../../tools/self-signed';
import { startStaticServer, type StaticServer } from '../../tools/static-server';
import { clickSave, startExtensionHarness, type ExtensionHarness } from '../support/browser';
import { appsScriptOver, SANDBOX_HOST, stubScriptRun } from '../support/apps-script-page';
import { fakeDocs } from '../support/fake-docs';

async function clipboard(page: Page, type: 'text/html' | 'text/plain'): Promise<string> {
  return page.evaluate(async (wanted) => {
    for (const item of await navigator.clipboard.read()) if (item.types.includes(wanted)) return (await item.getType(wanted)).text();
    return '';
  }, type);
}

describe('Google Docs sidebar: copy with citations', () => {
  let harness: ExtensionHarness;
  let sidebarServer: StaticServer;
  let page: Page;

  beforeAll(async () => {
    await buildGdocs();
    const tls = selfSignedCertificate(SANDBOX_HOST);
    if (!tls) throw new Error('openssl is needed to serve the sidebar over https');
    sidebarServer = await startStaticServer(GDOCS_OUTPUT, { tls });
    const port = new URL(sidebarServer.url).port;
    harness = await startExtensionHarness({ extraHostRules: [`MAP ${SANDBOX_HOST}:443 127.0.0.1:${port}`] });
    await harness.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: `https://${SANDBOX_HOST}` });
    const arxiv = await harness.browser.context.newPage();
    await arxiv.goto(`https://arxiv.org/abs/${SAMPLE_PAPER.arxivId}`);
    await clickSave(arxiv);
    await arxiv.close();
    page = await harness.browser.context.newPage();
    await stubScriptRun(page, appsScriptOver(fakeDocs(['A draft.', ''])));
    await page.goto(`https://${SANDBOX_HOST}/Sidebar.html`);
    await page.getByTestId('library').filter({ hasText: /1 papers?/ }).waitFor();
  });
  afterAll(async () => {
    await harness?.close();
    await sidebarServer?.close();
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
    const plain = await clipboard(page, 'text/plain');
    expect(plain).toContain(`“${quoted}” [1] (§`);
    expect(plain).toMatch(/\nReferences\n\[1\] A\. Sinha, U\. Azad, and H\. Singh,/);
    expect(await clipboard(page, 'text/html')).toContain(`<a class="citation" href="https://arxiv.org/abs/${SAMPLE_PAPER.arxivId}`);
  });

  it('copies an answer in the chosen style: its supported sentences only, then the bibliography', async () => {
    await page.getByTestId('style').selectOption('apa');
    await page.getByTestId('question').fill('What does the graph neural network evaluate?');
    await page.getByTestId('ask').click();
    await page.getByTestId('answer').waitFor();
    await page.getByTestId('copy-answer').click();
    await page.getByTestId('status').filter({ hasText: 'Copied the answer' }).waitFor();
    const plain = await clipboard(page, 'text/plain');
    const supported = await page.locator('[data-testid=answer] .answer-sentence:not(.unsupported)').allTextContents();
    expect(supported.length).toBeGreaterThan(0);
    for (const text of supported) expect(plain).toContain(`${text} (Sinha et al., `);
    expect(plain).toMatch(/\nReferences\nSinha, A\., Azad, U\., & Singh, H\./);
  });
});
