/**
 * Search in the side panel, end to end in headless Chromium with the built extension and
 * real IndexedDB: save two papers, search all of them and one of them, open a hit as a
 * passage. What the panel shows is checked against the stored paragraphs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PAPER } from '../../tools/fixture-papers';
import { clickSave, requestFromPage, screenshot, startExtensionHarness, type ExtensionHarness } from '../support/browser';
import { fixturePaper } from '../support/fixtures';

describe('Search in the side panel', () => {
  let harness: ExtensionHarness;
  beforeAll(async () => {
    harness = await startExtensionHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('finds ranked paragraphs across papers, filters by paper, and opens a hit as a passage', async () => {
    const page = await harness.openAbsPage();
    await clickSave(page);
    const panel = await harness.openSidePanel();
    const other = fixturePaper('cscw-paper-lengths-acmsmall');
    await requestFromPage(panel, 'library/import-paper', { paper: other });
    await panel.getByTestId('library-paper').nth(1).waitFor();

    // All papers: the tree-search paragraphs of the sample paper come first, with the matched words marked.
    await panel.getByTestId('search-query').fill('Monte Carlo tree search');
    await panel.getByTestId('search').click();
    const hits = panel.getByTestId('search-hit');
    await hits.first().waitFor();
    expect(await hits.count()).toBe(10);
    const sampleId = `arxiv:${SAMPLE_PAPER.arxivId}`;
    expect(await hits.first().getAttribute('data-paper-id')).toBe(sampleId);
    const marked = await hits.first().locator('mark').allTextContents();
    expect(marked.map((w) => w.toLowerCase())).toEqual(expect.arrayContaining(['monte', 'carlo']));

    // The hit opens as the stored paragraph, the sentence with the most matched words highlighted (what "Add to quotes" takes).
    await hits.first().click();
    const passage = panel.getByTestId('passage');
    await passage.waitFor();
    const stored = await requestFromPage(panel, 'library/get', { paperId: sampleId });
    const paragraphId = (await hits.first().getAttribute('data-paragraph-id'))!;
    expect(await passage.getAttribute('data-paragraph-id')).toBe(paragraphId);
    const paragraph = stored.paragraphs.find((p) => p.id === paragraphId)!;
    expect(await passage.locator('p').textContent()).toBe(paragraph.text);
    const highlighted = (await passage.getByTestId('highlight').textContent())!;
    expect(paragraph.text).toContain(highlighted);
    expect(highlighted.toLowerCase()).toContain('monte carlo tree search');
    await screenshot(panel, 'search-passage');

    // One paper: only its paragraphs.
    const otherId = (await requestFromPage(panel, 'library/list', {})).find((p) => p.title === other.title)!.id;
    await panel.getByTestId('search-scope').selectOption(otherId);
    await panel.getByTestId('search-query').fill('paper length');
    await panel.getByTestId('search').click();
    await hits.first().waitFor();
    await panel.waitForFunction((id) => [...document.querySelectorAll('[data-testid=search-hit]')].every((el) => el.getAttribute('data-paper-id') === id), otherId);
    expect(await hits.count()).toBeGreaterThan(0);

    // A sentence pasted from a paper (a word dropped): the paragraph holding it comes first, "quoted here", and
    // opens with the quotation itself highlighted.
    await panel.getByTestId('search-scope').selectOption('all');
    const sentence = stored.paragraphs.map((p) => p.text.split(/(?<=\.) /).find((t) => t.split(' ').length >= 14 && /^[A-Z][^[\]()]*\.$/.test(t))).find(Boolean)!;
    const source = stored.paragraphs.find((p) => p.text.includes(sentence))!;
    const words = sentence.split(' ');
    await panel.getByTestId('search-query').fill([...words.slice(0, 5), ...words.slice(6)].join(' '));
    await panel.getByTestId('search').click();
    await expect.poll(() => hits.first().getAttribute('data-paragraph-id')).toBe(source.id);
    expect(await hits.first().getByTestId('quoted-here').count()).toBe(1);
    expect(await hits.nth(1).getByTestId('quoted-here').count()).toBe(0);
    await hits.first().click();
    expect(await panel.getByTestId('highlight').textContent()).toBe(sentence.slice(0, -1));

    // Nothing searchable: the shared error message.
    await panel.getByTestId('search-query').fill('the of and');
    await panel.getByTestId('search').click();
    await expect.poll(() => panel.getByTestId('search-error').textContent()).toMatch(/Type words to search for/);
  });

  it('drops a deleted paper from search results at once', async () => {
    const panel = await harness.openSidePanel();
    const before = await requestFromPage(panel, 'library/search', { query: 'paper length notes', limit: 50 });
    const cscw = before.find((h) => /Paper Lengths/.test(h.paperTitle))!;
    expect(cscw).toBeDefined();
    await requestFromPage(panel, 'library/delete', { paperId: cscw.paperId });
    const after = await requestFromPage(panel, 'library/search', { query: 'paper length notes', limit: 50 });
    expect(after.some((h) => h.paperId === cscw.paperId)).toBe(false);
  });
});
