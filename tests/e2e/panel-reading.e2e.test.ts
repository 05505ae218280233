/**
 * Issue 13, reading comfort: the panel at Chrome's 75% zoom, at 320 and 480 px, in light and
 * dark, read by size, overflow, colours, focus and keyboard; screenshots of each view go to
 * test-output/ (panel-<theme>-<width>.png) and are looked at by a person.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PROJECT_ROOT } from '../../tools/fixture-papers';
import { startStaticServer } from '../../tools/static-server';
import { screenshot } from '../support/browser';
import { withSavedPapers, askInPanel, DISAMBIGUATION, emulateView, QROUTE, renderedFontPx, screenshotView, TWO_PAPER_QUESTION } from '../support/panel';

describe('Side panel reading comfort', () => {
  const harness = withSavedPapers([QROUTE, DISAMBIGUATION]);

  it('renders the answer at 14–15 px under 75% zoom, fits 320 and 480 px, in light and dark', async () => {
    const panel = await harness.current.openSidePanel();
    await emulateView(panel, { width: 480, zoom: 0.75, colorScheme: 'light' });
    await askInPanel(panel, TWO_PAPER_QUESTION);
    await panel.getByTestId('citation-chip').first().click();
    await panel.getByTestId('passage').waitFor();

    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [320, 480]) {
        await emulateView(panel, { width, zoom: 0.75, colorScheme });
        await panel.waitForFunction((w) => innerWidth === w, width);
        // Measure after the new width has been laid out and painted: two animation frames after the resize.
        await panel.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
        expect(await panel.evaluate(() => devicePixelRatio)).toBe(0.75);
        // The answer, the question and the library read at 14–15 px whatever the zoom.
        for (const selector of ['.sentence-text', '[data-testid=question]', '.papers .title', '.passage p']) {
          const px = await renderedFontPx(panel, selector);
          expect(px, `${selector} at ${width}px ${colorScheme}`).toBeGreaterThanOrEqual(14);
          expect(px, `${selector} at ${width}px ${colorScheme}`).toBeLessThanOrEqual(15.5);
        }
        // Secondary text (meta lines, chips) stays at 12 px or more.
        for (const selector of ['.papers .meta', '.chip', '.stats']) expect(await renderedFontPx(panel, selector), selector).toBeGreaterThanOrEqual(12);
        // Nothing is cut: no horizontal scrolling, and no element wider than the panel.
        const overflow = await panel.evaluate(() => {
          const wide = [...document.querySelectorAll('main *')].filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5 && getComputedStyle(el).position !== 'absolute');
          return { scroll: document.documentElement.scrollWidth - innerWidth, wide: wide.slice(0, 3).map((el) => el.outerHTML.slice(0, 80)) };
        });
        expect(overflow.scroll, `horizontal scroll at ${width}px`).toBeLessThanOrEqual(0);
        expect(overflow.wide, `elements past the edge at ${width}px`).toEqual([]);
        // The theme follows the system: dark background and light text in dark mode, the reverse in light.
        const luminance = await panel.evaluate(() => {
          const lum = (css: string) => {
            const [r, g, b] = css.match(/\d+(\.\d+)?/g)!.map(Number) as [number, number, number];
            return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
          };
          return { background: lum(getComputedStyle(document.body).backgroundColor), text: lum(getComputedStyle(document.body).color) };
        });
        const dark = colorScheme === 'dark';
        expect(dark ? luminance.background < 0.2 && luminance.text > 0.7 : luminance.background > 0.9 && luminance.text < 0.3, JSON.stringify(luminance)).toBe(true);
        await screenshotView(panel, `panel-${colorScheme}-${width}`);
      }
    }
  });

  it('uses the same type scale in the Word pane (the shared stylesheet)', async () => {
    const server = await startStaticServer(join(PROJECT_ROOT, '.output', 'addin'));
    const pane = await harness.current.browser.context.newPage();
    try {
      await pane.goto(`${server.url}/taskpane.html`);
      await pane.getByTestId('question').waitFor();
      const panel = await harness.current.openSidePanel();
      const sizes = async (page: Page) => page.evaluate(() => ['body', '[data-testid=question]', 'h1'].map((s) => getComputedStyle(document.querySelector(s)!).fontSize));
      expect(await sizes(pane)).toEqual(await sizes(panel));
      expect((await sizes(pane))[0]).toBe('15px');
    } finally {
      await pane.close();
      await server.close();
    }
  });

  it('is usable from the keyboard with visible focus and named controls', async () => {
    const panel = await harness.current.openSidePanel();
    await emulateView(panel, { width: 400, zoom: 1, colorScheme: 'light' });
    // Ask with the keyboard only: focus the question, type, Enter.
    await panel.getByTestId('question').focus();
    await panel.keyboard.type(TWO_PAPER_QUESTION);
    await panel.keyboard.press('Enter');
    await panel.getByTestId('answer').waitFor();
    const chips = panel.getByTestId('citation-chip');
    expect(await chips.count()).toBeGreaterThan(1);

    // Tab reaches the first chip, with a visible focus ring.
    await chips.first().focus();
    await panel.keyboard.press('Shift+Tab');
    await panel.keyboard.press('Tab');
    const ring = await panel.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { testId: document.activeElement!.getAttribute('data-testid'), outline: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(ring).toMatchObject({ testId: 'citation-chip', outline: 'solid' });
    expect(ring.width).toBeGreaterThanOrEqual(2);
    // Focus on a chip previews its quote; arrow keys move between chips.
    await panel.getByTestId('chip-preview').waitFor();
    const first = await chips.nth(0).getAttribute('data-quote');
    await panel.keyboard.press('ArrowRight');
    expect(await panel.evaluate(() => document.activeElement?.getAttribute('data-quote'))).toBe(await chips.nth(1).getAttribute('data-quote'));
    await panel.keyboard.press('ArrowLeft');
    expect(await panel.evaluate(() => document.activeElement?.getAttribute('data-quote'))).toBe(first);
    // Enter opens the passage and moves focus into it; Escape closes it.
    await panel.keyboard.press('Enter');
    await panel.getByTestId('passage').waitFor();
    // Focus moves once the passage has rendered (an effect), so it is polled.
    await expect.poll(() => panel.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('passage');
    await screenshot(panel, 'panel-keyboard-passage');
    await panel.keyboard.press('Escape');
    await panel.getByTestId('passage').waitFor({ state: 'detached' });

    // Every button, field and list control has a name a screen reader can say.
    const unnamed = await panel.evaluate(() =>
      [...document.querySelectorAll('button, input, select, textarea')]
        .filter((el) => !(el.getAttribute('aria-label') || el.textContent?.trim() || (el as HTMLInputElement).labels?.[0]?.textContent?.trim() || el.getAttribute('title')))
        .map((el) => el.outerHTML.slice(0, 100)),
    );
    expect(unnamed).toEqual([]);
  });
});
