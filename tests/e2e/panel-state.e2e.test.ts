/**
 * Issue 13, state that behaves: a new answer closes the old passage; notices sit next to what
 * caused them and can be dismissed; a slow model shows elapsed time and Cancel aborts its call;
 * model settings are tested (reachable, key, model) and incomplete ones are refused; a stopped
 * server is named as such. The model is a loopback stand-in.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startOpenAiStandIn } from '../../tools/openai-standin';
import { requestFromPage, screenshot } from '../support/browser';
import { withSavedPapers, askInPanel, DISAMBIGUATION, QROUTE, TWO_PAPER_QUESTION } from '../support/panel';

/** A loopback port with nothing listening: what a stopped Ollama looks like. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('Side panel state', () => {
  const harness = withSavedPapers([QROUTE, DISAMBIGUATION]);

  it('closes the open passage when a new answer comes, and shows notices next to their cause until dismissed', async () => {
    const panel = await harness.current.openSidePanel();
    await askInPanel(panel, TWO_PAPER_QUESTION);
    await panel.getByTestId('citation-chip').first().click();
    await panel.getByTestId('passage').waitFor();
    await askInPanel(panel, 'What does the graph neural network evaluate?');
    expect(await panel.getByTestId('passage').count()).toBe(0);
    expect(await panel.getByTestId('question').inputValue()).toBe('What does the graph neural network evaluate?');

    // An error from asking sits under the question box, and goes when dismissed.
    await panel.getByTestId('question').fill('   ');
    await panel.getByTestId('ask').click();
    const error = panel.getByTestId('error');
    await expect.poll(() => error.textContent()).toMatch(/Type a question first/);
    expect(await error.getAttribute('role')).toBe('alert');
    const placed = await panel.evaluate(() => {
      const notice = document.querySelector('[data-testid=error]')!;
      return notice.previousElementSibling?.matches('form.ask') ?? false;
    });
    expect(placed).toBe(true);
    await panel.getByTestId('error-dismiss').click();
    await error.waitFor({ state: 'detached' });
  });

  it('shows elapsed time while a model is slow, and Cancel aborts the model call', async () => {
    const model = await startOpenAiStandIn({ delayMs: 600_000, content: '{}' });
    const panel = await harness.current.openSidePanel();
    try {
      await requestFromPage(panel, 'settings/set', { provider: 'custom', baseURL: model.baseURL, model: 'scripted' });
      await panel.getByTestId('question').fill('What does the graph neural network evaluate?');
      await panel.getByTestId('ask').click();
      const progress = panel.getByTestId('progress');
      await progress.waitFor();
      expect(await panel.getByTestId('elapsed').textContent()).toMatch(/^\d+ s$/);
      await expect.poll(() => model.requests.length, { timeout: 30_000 }).toBeGreaterThan(0);
      await screenshot(panel, 'panel-slow-model');
      await panel.getByTestId('cancel').click();
      await progress.waitFor({ state: 'detached' });
      await expect.poll(() => panel.getByTestId('error').textContent()).toMatch(/Cancelled/);
      // The request the model was working on was dropped by the browser, not left running.
      await expect.poll(() => model.abandoned, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
      expect(await panel.getByTestId('answer').count()).toBe(0);
    } finally {
      await requestFromPage(panel, 'settings/set', { provider: 'extractive' });
      await model.close();
    }
  });

  it('tests a connection before saving: reachable, model found, key accepted or refused', async () => {
    const model = await startOpenAiStandIn(null, { models: ['scripted', 'other'], requiredKey: 'sk-right' });
    const panel = await harness.current.openSidePanel();
    try {
      await panel.getByTestId('model-settings').locator('summary').click();
      await panel.getByTestId('provider').selectOption('custom');
      await panel.getByTestId('base-url').fill(model.baseURL);
      await panel.getByTestId('model-name').fill('scripted');
      const result = panel.getByTestId('settings-notice');

      await panel.getByTestId('api-key').fill('sk-wrong');
      await panel.getByTestId('test-connection').click();
      await expect.poll(() => result.textContent()).toMatch(/Reachable, but the server refused the API key \(HTTP 401\)/);

      await panel.getByTestId('api-key').fill('sk-right');
      await panel.getByTestId('model-name').fill('missing-model');
      await panel.getByTestId('test-connection').click();
      await expect.poll(() => result.textContent()).toMatch(/Reachable, key accepted, but the server has no model "missing-model" \(it has: scripted, other\)/);

      await panel.getByTestId('model-name').fill('scripted');
      await panel.getByTestId('test-connection').click();
      await expect.poll(() => result.textContent()).toMatch(/Reachable, key accepted, model "scripted" found/);
      // Testing stored nothing.
      expect(await requestFromPage(panel, 'settings/get', {})).toMatchObject({ provider: 'extractive' });
      await screenshot(panel, 'panel-test-connection');

      // A stopped server: "not reachable", named as such.
      const port = await closedPort();
      await panel.getByTestId('base-url').fill(`http://127.0.0.1:${port}/v1`);
      await panel.getByTestId('test-connection').click();
      await expect.poll(() => result.textContent()).toMatch(/Not reachable: nothing answers at http:\/\/127\.0\.0\.1:\d+/);
    } finally {
      await model.close();
    }
  });

  it('refuses an incomplete custom endpoint, and names a stopped server when asking', async () => {
    const panel = await harness.current.openSidePanel();
    try {
      await panel.getByTestId('model-settings').locator('summary').click();
      await panel.getByTestId('provider').selectOption('custom');
      await panel.getByTestId('save-settings').click();
      await expect.poll(() => panel.getByTestId('settings-notice').textContent()).toMatch(/The model settings are incomplete\. \(enter the endpoint's base URL/);
      expect(await panel.locator('[data-testid=model-settings] summary').textContent()).toBe('Model: extractive: quotes only, no model, no network');
      await panel.getByTestId('base-url').fill('http://127.0.0.1:9/v1');
      await panel.getByTestId('save-settings').click();
      await expect.poll(() => panel.getByTestId('settings-notice').textContent()).toMatch(/enter a model name/);

      const port = await closedPort();
      await requestFromPage(panel, 'settings/set', { provider: 'custom', baseURL: `http://127.0.0.1:${port}/v1`, model: 'llama3.1:8b' });
      await panel.reload();
      await panel.getByTestId('question').fill('What does the graph neural network evaluate?');
      await panel.getByTestId('ask').click();
      await expect.poll(() => panel.getByTestId('error').textContent(), { timeout: 60_000 }).toMatch(/Nothing answers at the model endpoint: start the server \(for Ollama: `ollama serve`\)/);
    } finally {
      await requestFromPage(panel, 'settings/set', { provider: 'extractive' });
    }
  });
});
