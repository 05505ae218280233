/**
 * A question that points at one paper ("What is this paper about?") asked in the panel beside a saved paper is
 * asked of that paper, and the panel says so and offers the whole library; other questions go to the library.
 * The panel is opened here as a tab, so the page beside it is the tab the reader was in last (ui/paper-beside.ts).
 */
import { describe, expect, it } from 'vitest';
import { askInPanel, DISAMBIGUATION, QROUTE, withSavedPapers } from '../support/panel';

describe('Side panel: the paper beside it', () => {
  const harness = withSavedPapers([QROUTE, DISAMBIGUATION]);

  it('asks a question about "this paper" of the paper open beside the panel, and the library on request', async () => {
    const reading = await harness.current.openAbsPage(DISAMBIGUATION);
    const panel = await harness.current.openSidePanel();
    // Before asking, the panel says which paper "this paper" will mean.
    await expect.poll(() => panel.getByTestId('beside-hint').textContent()).toContain('Ethnicity sensitive author disambiguation');
    // A screen reader hears it with the question box.
    expect(await panel.getByTestId('question').getAttribute('aria-describedby')).toBe('beside-hint');
    await askInPanel(panel, 'What is this paper about?');
    await expect.poll(() => panel.getByTestId('asked-of').textContent()).toMatch(/Ethnicity sensitive author disambiguation.*the paper open beside this panel/);
    const cited = await panel.getByTestId('citation-chip').evaluateAll((chips) => chips.map((c) => c.getAttribute('data-paper-id')));
    expect(cited.length).toBeGreaterThan(0);
    expect(new Set(cited)).toEqual(new Set([`arxiv:${DISAMBIGUATION}`]));

    // The reader asks the whole library instead: the same question, no scope, no notice; of two papers, "this
    // paper" names none, so the answer asks which one and lists the papers at their abstracts.
    await panel.getByTestId('ask-whole-library').click();
    await panel.getByTestId('asked-of').waitFor({ state: 'detached' });
    expect(await panel.getByTestId('abstained').textContent()).toContain('This question is about one paper, and the library holds 2.');
    expect(await panel.getByTestId('question').inputValue()).toBe('What is this paper about?');

    // Reading the other paper now: "the authors" means its authors.
    const other = await harness.current.openAbsPage(QROUTE);
    await other.bringToFront();
    await panel.bringToFront();
    await expect.poll(() => panel.getByTestId('beside-hint').textContent()).toContain('Qubit Routing');
    await askInPanel(panel, 'What do the authors propose?');
    await expect.poll(() => panel.getByTestId('asked-of').textContent()).toContain('Qubit Routing');
    expect(new Set(await panel.getByTestId('citation-chip').evaluateAll((chips) => chips.map((c) => c.getAttribute('data-paper-id'))))).toEqual(new Set([`arxiv:${QROUTE}`]));

    // A question about a topic, or across the papers, still goes to the library.
    await askInPanel(panel, 'Which of my papers use MCTS?');
    expect(await panel.getByTestId('asked-of').count()).toBe(0);

    // Chosen in the scope menu, or reopened from the history, an answer of one paper says which, without "beside".
    await panel.getByRole('combobox', { name: 'Scope' }).selectOption(`arxiv:${DISAMBIGUATION}`);
    await askInPanel(panel, 'How are the clusters evaluated?');
    await expect.poll(() => panel.getByTestId('asked-of').textContent()).toMatch(/Ethnicity sensitive author disambiguation.*” only\./);

    // Reopened from the history, the answer asked beside the paper names it and says it was the paper beside then;
    // the one chosen in the scope menu says "only".
    await panel.getByTestId('history').locator('summary').click();
    const entry = panel.getByTestId('history-entry').filter({ hasText: 'What do the authors propose?' });
    await entry.getByTestId('history-open').click();
    await expect.poll(() => panel.getByTestId('asked-of').textContent()).toMatch(/Qubit Routing.*”, the paper open beside this panel when it was asked\./);
    await panel.getByTestId('history-entry').filter({ hasText: 'How are the clusters evaluated?' }).getByTestId('history-open').click();
    await expect.poll(() => panel.getByTestId('asked-of').textContent()).toMatch(/Ethnicity sensitive author disambiguation.*” only\./);
    await reading.close();
    await other.close();
    await panel.close();
  });
});
