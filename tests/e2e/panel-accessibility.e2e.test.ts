/**
 * What a screen reader is given, read from Chromium's accessibility tree (the DevTools protocol's
 * Accessibility.getFullAXTree, the same tree screen readers query): in each state of the side
 * panel and the PDF viewer, every control has a name, live notices are status or alert regions,
 * and the keyboard reaches ask → citation → open → close. The trees are written to test-output/
 * as ARIA snapshots. No screen reader itself runs here.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_OUTPUT } from '../support/browser';
import { fixturePath } from '../../tools/fixture-papers';
import { askInPanel, QROUTE, withSavedPapers } from '../support/panel';

interface AxNode {
  ignored?: boolean;
  role?: { value?: string };
  name?: { value?: string };
  properties?: { name: string; value: { value?: unknown } }[];
}

const CONTROL_ROLES = new Set(['button', 'textbox', 'combobox', 'searchbox', 'checkbox', 'link', 'slider', 'spinbutton', 'switch', 'tab', 'menuitem', 'listbox']);

/** Controls in the tree with no accessible name: what a screen reader would announce as just "button". */
async function unnamedControls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] };
  await cdp.detach();
  return nodes
    .filter((n) => !n.ignored && CONTROL_ROLES.has(n.role?.value ?? '') && !(n.name?.value ?? '').trim())
    .map((n) => `${n.role?.value} ${JSON.stringify(n.properties?.map((p) => p.name) ?? [])}`);
}

async function saveSnapshot(page: Page, name: string): Promise<void> {
  mkdirSync(TEST_OUTPUT, { recursive: true });
  writeFileSync(join(TEST_OUTPUT, `${name}.aria.yml`), await page.locator('body').ariaSnapshot());
}

describe('What a screen reader is given', () => {
  const harness = withSavedPapers([QROUTE]);

  it('names every control of the panel, empty, with an answer, and with a passage open', async () => {
    const panel = await harness.current.openSidePanel();
    await panel.getByTestId('question').waitFor();
    expect(await unnamedControls(panel)).toEqual([]);
    await saveSnapshot(panel, 'panel-empty');
    // The check itself sees an icon-only button with no label.
    await panel.evaluate(() => document.body.append(Object.assign(document.createElement('button'), { id: 'unnamed-probe' })));
    expect(await unnamedControls(panel)).toHaveLength(1);
    await panel.evaluate(() => document.getElementById('unnamed-probe')!.remove());

    await askInPanel(panel, 'What does the graph neural network evaluate?');
    expect(await unnamedControls(panel)).toEqual([]);
    await panel.getByTestId('citation-chip').first().click();
    await panel.getByTestId('passage').waitFor();
    expect(await unnamedControls(panel)).toEqual([]);
    await saveSnapshot(panel, 'panel-answer-passage');
  });

  it('announces notices as live regions: information as status, errors as alerts', async () => {
    const panel = await harness.current.openSidePanel();
    await askInPanel(panel, 'What does the graph neural network evaluate?');
    const menu = panel.getByTestId('answer').getByTestId('export-menu');
    await menu.locator('summary').click();
    await menu.getByTestId('export-download-bib').click();
    await expect.poll(() => menu.getByTestId('export-status').getAttribute('role')).toBe('status');
    await panel.getByTestId('import').setInputFiles(fixturePath('alce-paper', 'LICENSE'));
    const notice = panel.getByTestId('notice');
    await notice.filter({ hasText: 'not supported' }).waitFor();
    expect(await notice.getAttribute('role')).toBe('alert');
  });

  it('reaches ask, a citation, its passage, "open in paper" and close by keyboard alone', async () => {
    const panel = await harness.current.openSidePanel();
    await panel.getByTestId('question').fill('What does the graph neural network evaluate?');
    await panel.getByTestId('question').focus();
    // Tab from the question to the Ask button, and press it.
    for (let i = 0; i < 5 && !(await panel.getByTestId('ask').evaluate((el) => el === document.activeElement)); i++) await panel.keyboard.press('Tab');
    expect(await panel.getByTestId('ask').evaluate((el) => el === document.activeElement)).toBe(true);
    await panel.keyboard.press('Enter');
    await panel.getByTestId('answer').waitFor();
    // Tab on until the first citation chip has focus; Enter opens its passage, which takes focus.
    let onChip = false;
    for (let i = 0; i < 20 && !onChip; i++) {
      await panel.keyboard.press('Tab');
      onChip = await panel.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'citation-chip');
    }
    expect(onChip).toBe(true);
    await panel.keyboard.press('Enter');
    await panel.getByTestId('passage').waitFor();
    // The passage takes focus once it has rendered (an effect after the paint), so poll for it.
    await expect.poll(() => panel.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('passage');
    let onOpen = false;
    for (let i = 0; i < 6 && !onOpen; i++) {
      await panel.keyboard.press('Tab');
      onOpen = await panel.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'open-in-paper');
    }
    expect(onOpen).toBe(true);
    await panel.keyboard.press('Escape');
    await expect.poll(() => panel.getByTestId('passage').count()).toBe(0);
  });
});
