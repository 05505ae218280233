/**
 * Text selected on a page, "Find in my Verbatim library" or "Ask my Verbatim library" from the context
 * menu: the click reaches the background's real listener (dispatched on `chrome.contextMenus.onClicked`
 * in the service worker, since a headless browser draws no menu to click), which leaves the selection for
 * the panel; the panel runs it as if typed. The panel is opened as a tab here, so `sidePanel.open` (which
 * wants the user's gesture) fails, and the request waits for the panel, as it does when a browser refuses.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { TEST_OUTPUT, type ExtensionHarness } from '../support/browser';
import { DISAMBIGUATION, QROUTE, withSavedPapers } from '../support/panel';

/** Chooses a menu item on `selection` in the tab at `pageUrl`, through the background's own listener. */
async function chooseMenuItem(harness: ExtensionHarness, pageUrl: string, menuItemId: string, selection: string): Promise<void> {
  const [worker] = harness.browser.context.serviceWorkers();
  const windowId = await worker!.evaluate(async (url) => {
    const tabs = await (globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<{ url?: string; windowId: number }[]> } } }).chrome.tabs.query({});
    return tabs.find((t) => t.url === url)!.windowId;
  }, pageUrl);
  await worker!.evaluate(
    ([id, text, window]) => {
      const menus = (globalThis as unknown as { chrome: { contextMenus: { onClicked: { dispatch(info: unknown, tab: unknown): void } } } }).chrome.contextMenus;
      menus.onClicked.dispatch({ menuItemId: id, selectionText: text, editable: false }, { id: 1, windowId: window });
    },
    [menuItemId, selection, windowId] as const,
  );
}

describe('Side panel: text selected on a page', () => {
  const harness = withSavedPapers([QROUTE, DISAMBIGUATION]);

  it('has both menu items, and finds or asks the selection in the panel', async () => {
    const [worker] = harness.current.browser.context.serviceWorkers();
    // The items exist (update fails on an id that was never made).
    const updated = await worker!.evaluate(async () => {
      const menus = (globalThis as unknown as { chrome: { contextMenus: { update(id: string, p: object): Promise<void> } } }).chrome.contextMenus;
      return Promise.all(['search', 'ask', 'nothing'].map((id) => menus.update(id, {}).then(() => true, () => false)));
    });
    expect(updated).toEqual([true, true, false]);

    const reading = await harness.current.openAbsPage(QROUTE);
    const panel = await harness.current.openSidePanel();
    await expect.poll(() => panel.getByTestId('beside-hint').textContent()).toContain('Qubit Routing');
    // Ask: the selection is the question, asked as if typed; "the authors" means the paper beside the panel.
    await chooseMenuItem(harness.current, reading.url(), 'ask', 'What do the authors propose?');
    await expect.poll(() => panel.getByTestId('question').inputValue()).toBe('What do the authors propose?');
    await expect.poll(() => panel.getByTestId('asked-of').textContent()).toContain('Qubit Routing');
    const cited = await panel.getByTestId('citation-chip').evaluateAll((chips) => chips.map((c) => c.getAttribute('data-paper-id')));
    expect(cited.length).toBeGreaterThan(0);
    expect(new Set(cited)).toEqual(new Set([`arxiv:${QROUTE}`]));

    // A side panel's size: under an answer, the search box is below the fold.
    await panel.setViewportSize({ width: 400, height: 600 });
    const searchBoxInView = () => panel.getByTestId('search-query').evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= innerHeight);
    expect(await searchBoxInView()).toBe(false);

    // Find: a selection across lines becomes one query, run over every paper; its hits are the sample paper's.
    await chooseMenuItem(harness.current, reading.url(), 'search', 'Monte Carlo\n  tree search');
    await expect.poll(() => panel.getByTestId('search-query').inputValue()).toBe('Monte Carlo tree search');
    const hits = panel.getByTestId('search-hit');
    await hits.first().waitFor();
    expect(await hits.first().getAttribute('data-paper-id')).toBe(`arxiv:${QROUTE}`);
    expect(await panel.getByTestId('search-scope').inputValue()).toBe('all');
    // The search box is brought into view, with its hits under it.
    expect(await searchBoxInView()).toBe(true);
    await panel.screenshot({ path: join(TEST_OUTPUT, 'selection-search.png') });

    // With no panel open, the request waits: the next panel to open runs it, once, after reading the tab beside it
    // (a question about "the authors" is asked of the paper the reader selected it in).
    await panel.close();
    await chooseMenuItem(harness.current, reading.url(), 'ask', 'How do the authors evaluate their method?');
    const next = await harness.current.openSidePanel();
    await expect.poll(() => next.getByTestId('question').inputValue()).toBe('How do the authors evaluate their method?');
    await expect.poll(() => next.getByTestId('asked-of').textContent()).toContain('Qubit Routing');
    await next.close();
    const third = await harness.current.openSidePanel();
    await third.getByTestId('library-paper').first().waitFor();
    expect(await third.getByTestId('question').inputValue()).toBe('');
    expect(await third.getByTestId('search-query').inputValue()).toBe('');
  });
});
