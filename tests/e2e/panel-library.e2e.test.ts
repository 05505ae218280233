/**
 * Issue 13, a library you can manage: filter as you type, sort by date saved, title or year,
 * tags (kept in the database, matched by the filter), remove with Undo, the library's size and
 * the storage it uses; and the Save button on an arXiv page says the paper is already saved.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveButton } from '../../tools/save-button-driver';
import { requestFromPage, screenshot, startExtensionHarness, type ExtensionHarness } from '../support/browser';
import { DISAMBIGUATION, QROUTE, saveFromAbsPage } from '../support/panel';

const CSCW = 'cs/0112017';

describe('Managing the library in the side panel', () => {
  let harness: ExtensionHarness;
  beforeAll(async () => {
    harness = await startExtensionHarness();
    // Saved in this order: the newest first is CSCW (2001), then disambiguation (2015), then qroute (2021).
    await saveFromAbsPage(harness, QROUTE);
    await saveFromAbsPage(harness, DISAMBIGUATION);
    await saveFromAbsPage(harness, CSCW);
  });
  afterAll(async () => {
    await harness?.close();
  });

  const ids = (panel: Page) => panel.getByTestId('library-paper').evaluateAll((items) => items.map((li) => li.getAttribute('data-paper-id')));

  it('filters as you type, sorts, tags, and shows size and storage', async () => {
    const panel = await harness.openSidePanel();
    await panel.getByTestId('library-paper').nth(2).waitFor();
    expect(await ids(panel)).toEqual([`arxiv:${CSCW}`, `arxiv:${DISAMBIGUATION}`, `arxiv:${QROUTE}`]);
    expect(await panel.getByTestId('library-size').textContent()).toMatch(/^3 papers · [\d.]+ (kB|MB) of browser storage used$/);

    const titles = (await requestFromPage(panel, 'library/list', {})).map((p) => p.title);
    await panel.getByTestId('library-sort').selectOption('title');
    expect(await panel.locator('.papers .title').evaluateAll((els) => els.map((e) => e.firstChild!.textContent))).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    await panel.getByTestId('library-sort').selectOption('year');
    expect(await ids(panel)).toEqual([`arxiv:${QROUTE}`, `arxiv:${DISAMBIGUATION}`, `arxiv:${CSCW}`]);

    // Typing narrows the list at each keystroke: by title words, author, then arXiv id.
    const filter = panel.getByTestId('library-filter');
    await filter.pressSequentially('monte carlo');
    expect(await ids(panel)).toEqual([`arxiv:${QROUTE}`]);
    await filter.fill('louppe');
    expect(await ids(panel)).toEqual([`arxiv:${DISAMBIGUATION}`]);
    await filter.fill('nothing like this');
    expect(await ids(panel)).toEqual([]);
    await filter.fill('');

    // Tags are stored with the paper and found by the filter.
    const qroute = panel.locator(`[data-paper-id="arxiv:${QROUTE}"]`);
    await qroute.getByTestId('edit-tags').click();
    await qroute.getByTestId('tags-input').fill('quantum, to read');
    await qroute.getByTestId('tags-save').click();
    await expect.poll(() => qroute.getByTestId('paper-tags').textContent()).toBe('quantumto read');
    expect((await requestFromPage(panel, 'library/list', {})).find((p) => p.id === `arxiv:${QROUTE}`)!.tags).toEqual(['quantum', 'to read']);
    await filter.fill('to read');
    expect(await ids(panel)).toEqual([`arxiv:${QROUTE}`]);
    await filter.fill('');
    await screenshot(panel, 'panel-library');
  });

  it('removes a paper with Undo, and deletes it only when the notice goes', async () => {
    const panel = await harness.openSidePanel();
    const cscw = panel.locator(`[data-paper-id="arxiv:${CSCW}"]`);
    await cscw.waitFor();
    await cscw.getByTestId('remove-paper').click();
    await cscw.waitFor({ state: 'detached' });
    expect(await panel.getByTestId('notice').textContent()).toMatch(/^Removed “.+”\./);
    await panel.getByTestId('notice-action').click();
    await cscw.waitFor();
    expect((await requestFromPage(panel, 'library/list', {})).some((p) => p.id === `arxiv:${CSCW}`)).toBe(true);

    await cscw.getByTestId('remove-paper').click();
    await cscw.waitFor({ state: 'detached' });
    // Still there until the notice is dismissed (or times out): then it is deleted.
    expect((await requestFromPage(panel, 'library/list', {})).some((p) => p.id === `arxiv:${CSCW}`)).toBe(true);
    await panel.getByTestId('notice-dismiss').click();
    await expect.poll(async () => (await requestFromPage(panel, 'library/list', {})).some((p) => p.id === `arxiv:${CSCW}`)).toBe(false);
    await expect.poll(() => panel.getByTestId('library-size').textContent()).toMatch(/^2 papers/);
  });

  it('says on the arXiv page that the paper is already saved, and which version', async () => {
    const page = await harness.browser.context.newPage();
    await page.goto(`https://arxiv.org/abs/${QROUTE}`);
    const button = await saveButton(page);
    try {
      expect(await button.labelBecomes('Already saved (v1)')).toBe('Already saved (v1)');
      expect(await button.status()).toBe('');
    } finally {
      await button.detach();
    }
    await page.close();
  });
});
