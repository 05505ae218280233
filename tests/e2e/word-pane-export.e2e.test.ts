/**
 * "Copy with citations" from the Word task pane (the built pane over https with the fake Word
 * model, as in word-pane.e2e): the answer's export menu is the side panel's (ui/AnswerView), so
 * Word users on any platform can also copy the answer for another editor. Read back from the clipboard.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, SAMPLE_PAPER } from '../../tools/fixture-papers';
import { selfSignedCertificate } from '../../tools/self-signed';
import { startStaticServer, type StaticServer } from '../../tools/static-server';
import { clickSave, startExtensionHarness, type ExtensionHarness } from '../support/browser';
import { serveFakeWord } from '../support/fake-word-page';
import { clipboardText } from '../support/clipboard';

describe('Word pane: copy the answer with citations', () => {
  let harness: ExtensionHarness;
  let server: StaticServer;
  let page: Page;

  beforeAll(async () => {
    const tls = selfSignedCertificate('localhost');
    if (!tls) throw new Error('openssl is needed to serve the pane over https');
    server = await startStaticServer(join(PROJECT_ROOT, '.output', 'addin'), { tls });
    const origin = `https://localhost:${new URL(server.url).port}`;
    harness = await startExtensionHarness();
    await harness.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const arxiv = await harness.browser.context.newPage();
    await arxiv.goto(`https://arxiv.org/abs/${SAMPLE_PAPER.arxivId}`);
    await clickSave(arxiv);
    await arxiv.close();
    page = await harness.browser.context.newPage();
    await serveFakeWord(page);
    await page.goto(`${origin}/taskpane.html`);
    await page.locator('[data-testid=pane-library][data-kind=extension]').waitFor();
  });
  afterAll(async () => {
    await harness?.close();
    await server?.close();
  });

  it('copies rich text and LaTeX of the supported sentences, in the chosen style', async () => {
    await page.getByTestId('question').fill('What does the graph neural network evaluate?');
    await page.getByTestId('ask').click();
    await page.getByTestId('export-menu').locator('summary').click();
    const supported = await page.locator('li.sentence.verified .sentence-text, li.sentence.snapped .sentence-text').allTextContents();
    expect(supported.length).toBeGreaterThan(0);

    await page.getByTestId('export-style').selectOption('nature');
    await page.getByTestId('export-copy-rich').click();
    await page.getByTestId('export-status').filter({ hasText: /^Copied as rich text/ }).waitFor();
    const plain = await clipboardText(page, 'text/plain');
    // Nature raises its citations: superscript characters against the sentence in plain text, <sup> in rich text.
    for (const sentence of supported) expect(plain).toContain(`${sentence}¹ (§`);
    expect(plain).toMatch(/\nReferences\n1\.\s+Sinha, A\., Azad, U\. & Singh, H\./);
    const html = await clipboardText(page, 'text/html');
    expect(html).toContain(`<a class="citation" href="https://arxiv.org/abs/${SAMPLE_PAPER.arxivId}`);
    expect(html).toContain('<sup>1</sup>');

    await page.getByTestId('export-copy-latex').click();
    await page.getByTestId('export-status').filter({ hasText: /^Copied LaTeX/ }).waitFor();
    expect(await clipboardText(page, 'text/plain')).toMatch(/\\cite\[\\S\{\}[\w.]+ \\P\{\}\d+\]\{sinha2021\w+\}/);
  });
});
