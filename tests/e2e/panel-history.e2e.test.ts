/**
 * Issue 13, history: questions and answers are kept in the library's database, listed,
 * reopened after a reload or a new panel, and deleted; a reopened answer is re-verified
 * against the library as it is now (a deleted paper's citations are dropped, not shown as verified).
 */
import { describe, expect, it } from 'vitest';
import { requestFromPage, screenshot } from '../support/browser';
import { withSavedPapers, askInPanel, DISAMBIGUATION, QROUTE, TWO_PAPER_QUESTION } from '../support/panel';

describe('Side panel history', () => {
  const harness = withSavedPapers([QROUTE, DISAMBIGUATION]);

  it('keeps questions and answers across reloads and new panels, reopens and deletes them', async () => {
    const panel = await harness.current.openSidePanel();
    await askInPanel(panel, 'What does the graph neural network evaluate?');
    const first = await panel.locator('.sentence-text').allTextContents();
    await askInPanel(panel, TWO_PAPER_QUESTION);
    const second = await panel.locator('.sentence-text').allTextContents();

    // A reload keeps the question and the answer on screen.
    await panel.reload();
    await panel.getByTestId('answer').waitFor();
    expect(await panel.getByTestId('question').inputValue()).toBe(TWO_PAPER_QUESTION);
    expect(await panel.locator('.sentence-text').allTextContents()).toEqual(second);
    expect(await panel.getByTestId('reverified').textContent()).toMatch(/every quote still verified/);

    // A new panel lists both, newest first, and reopens the older one.
    const fresh = await harness.current.openSidePanel();
    await fresh.getByTestId('history').locator('summary').click();
    const entries = fresh.getByTestId('history-entry');
    await entries.nth(1).waitFor();
    expect(await entries.count()).toBe(2);
    expect(await entries.first().textContent()).toContain(TWO_PAPER_QUESTION);
    await entries.nth(1).getByTestId('history-open').click();
    await fresh.getByTestId('answer').waitFor();
    expect(await fresh.locator('.sentence-text').allTextContents()).toEqual(first);
    expect(await fresh.getByTestId('question').inputValue()).toBe('What does the graph neural network evaluate?');
    await screenshot(fresh, 'panel-history');

    // Delete one: it is gone from the list and from the database.
    await entries.nth(1).getByTestId('history-delete').click();
    await expect.poll(() => entries.count()).toBe(1);
    expect((await requestFromPage(fresh, 'history/list', {})).map((e) => e.question)).toEqual([TWO_PAPER_QUESTION]);
  });

  it('re-verifies an answer from the history against the library as it is now', async () => {
    const panel = await harness.current.openSidePanel();
    const [entry] = await requestFromPage(panel, 'history/list', {});
    const before = await requestFromPage(panel, 'history/open', { id: entry!.id });
    const cited = new Set(before.answer.sentences.flatMap((s) => s.citations.map((c) => c.paperId)));
    expect(cited.size).toBe(2);
    await requestFromPage(panel, 'library/delete', { paperId: `arxiv:${DISAMBIGUATION}` });

    await panel.reload();
    await panel.getByTestId('history').locator('summary').click();
    await panel.getByTestId('history-open').first().click();
    await expect.poll(() => panel.getByTestId('reverified').textContent()).toMatch(/citations? dropped; 1 paper is no longer in the library/);
    // No chip points at the deleted paper, and its sentences are not shown as verified.
    const chipPapers = await panel.getByTestId('citation-chip').evaluateAll((chips) => chips.map((c) => c.getAttribute('data-paper-id')));
    expect(chipPapers).not.toContain(`arxiv:${DISAMBIGUATION}`);
    const supports = await panel.locator('li.sentence').evaluateAll((items) => items.map((li) => li.getAttribute('data-support')));
    expect(supports.filter((s) => s === 'verified').length).toBeLessThan(before.answer.sentences.filter((s) => s.support === 'verified').length);
  });
});
