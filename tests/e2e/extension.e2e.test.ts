/**
 * The extension end to end in real headless Chromium with real IndexedDB: a local
 * server plays arxiv.org; we click Save on the abs page, open the side panel, ask,
 * and check every shown quote against the paragraph stored in the library.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILURE_IDS } from '../../tools/arxiv-standin';
import { SAMPLE_PAPER } from '../../tools/fixture-papers';
import { clickSave, requestFromPage, screenshot, startExtensionHarness, type ExtensionHarness } from '../support/browser';
import { fixturePaper } from '../support/fixtures';

describe('Verbatim extension in Chromium', () => {
  let harness: ExtensionHarness;
  beforeAll(async () => {
    harness = await startExtensionHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('saves a paper from its abs page, then answers a question with quotes that are in the stored text', async () => {
    const page = await harness.browser.context.newPage();
    await page.goto(`https://arxiv.org/abs/${SAMPLE_PAPER.arxivId}`);
    const status = await clickSave(page);
    await screenshot(page, 'abs-page-saved');
    const expected = fixturePaper(SAMPLE_PAPER.folder);
    expect(status).toBe(`Saved v1: ${expected.paragraphs.length} paragraphs, ${expected.references.length} references, ${expected.paragraphs.reduce((n, p) => n + p.citations.length, 0)} citations.`);
    // The full text came from the stand-in's /html/ page, not from anywhere else.
    expect(harness.standIn.requests).toContain(`/html/${SAMPLE_PAPER.arxivId}v1`);

    const panel = await harness.openSidePanel();
    const entry = panel.getByTestId('library-paper');
    await entry.first().waitFor();
    expect(await entry.count()).toBe(1);
    expect(await entry.first().textContent()).toContain(expected.title);
    expect(await entry.first().textContent()).toContain('v1');

    await panel.getByTestId('question').fill('What does the graph neural network evaluate?');
    await panel.getByTestId('ask').click();
    await panel.getByTestId('answer').waitFor();
    const chips = panel.getByTestId('citation-chip');
    expect(await chips.count()).toBeGreaterThan(0);

    const stored = await requestFromPage(panel, 'library/get', { paperId: `arxiv:${SAMPLE_PAPER.arxivId}` });
    expect(stored.paragraphs).toHaveLength(expected.paragraphs.length);
    for (const chip of await chips.all()) {
      const paragraphId = (await chip.getAttribute('data-paragraph-id'))!;
      const start = Number(await chip.getAttribute('data-start'));
      const end = Number(await chip.getAttribute('data-end'));
      const quote = (await chip.getAttribute('data-quote'))!;
      const paragraph = stored.paragraphs.find((p) => p.id === paragraphId);
      expect(paragraph, paragraphId).toBeDefined();
      expect(quote.length).toBeGreaterThan(20);
      expect(paragraph!.text).toContain(quote);
      expect(paragraph!.text.slice(start, end)).toBe(quote);
    }

    // Clicking a citation opens the passage with the quote highlighted.
    await chips.first().click();
    const highlight = panel.getByTestId('highlight');
    await highlight.waitFor();
    expect(await highlight.textContent()).toBe(await chips.first().getAttribute('data-quote'));
    expect(await panel.getByTestId('answer-stats').textContent()).toMatch(/0 unsupported/);
    await screenshot(panel, 'side-panel-answer');
  });

  it('says so when the same version is saved again, and keeps one entry', async () => {
    const page = await harness.browser.context.newPage();
    await page.goto(`https://arxiv.org/html/${SAMPLE_PAPER.arxivId}v1`);
    expect(await clickSave(page)).toBe('Already in your library v1: nothing to do.');
    const panel = await harness.openSidePanel();
    await panel.getByTestId('library-paper').first().waitFor();
    expect(await panel.getByTestId('library-paper').count()).toBe(1);
  });

  it.each([
    [FAILURE_IDS.withdrawn, /withdrawn/],
    [FAILURE_IDS.conversionFailed, /could not convert this paper/],
    [FAILURE_IDS.oversized, /larger than 5 MB/],
    ['1810.02909', /no HTML full text/],
  ])('refuses %s with a clear message and leaves the library as it was', async (id, message) => {
    const page = await harness.browser.context.newPage();
    await page.goto(`https://arxiv.org/abs/${id}`);
    expect(await clickSave(page)).toMatch(message);
    const panel = await harness.openSidePanel();
    const papers = await requestFromPage(panel, 'library/list', {});
    expect(papers.map((p) => p.arxivId)).toEqual([SAMPLE_PAPER.arxivId]);
    await page.close();
    await panel.close();
  });

  it('abstains in the side panel when the library has no answer', async () => {
    const panel = await harness.openSidePanel();
    await panel.getByTestId('question').fill('Who won the 1998 football world cup?');
    await panel.getByTestId('ask').click();
    await panel.getByTestId('abstained').waitFor();
    expect(await panel.getByTestId('citation-chip').count()).toBe(0);
  });
});
