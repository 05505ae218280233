/**
 * Runs code in the extension's content-script world of a page (the isolated world the
 * arXiv content script runs in), through the DevTools protocol: what an attacker who got
 * code into that world could do.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

interface ExecutionContext {
  id: number;
  name: string;
  origin: string;
  auxData?: { type?: string; isDefault?: boolean };
}

export interface ContentScriptWorld {
  page: Page;
  /** Evaluates an expression (awaiting a promise) in the content-script world; errors come back as { thrown: message }. */
  evaluate<T>(expression: string): Promise<T | { thrown: string }>;
  detach(): Promise<void>;
}

export async function openInContentScriptWorld(context: BrowserContext, url: string, extensionId: string): Promise<ContentScriptWorld> {
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  const contexts: ExecutionContext[] = [];
  cdp.on('Runtime.executionContextCreated', (event: { context: ExecutionContext }) => contexts.push(event.context));
  await cdp.send('Runtime.enable');
  await page.goto(url);
  await page.locator('verbatim-save').waitFor({ state: 'attached' });
  const world = contexts.filter((c) => c.auxData?.type === 'isolated' && c.origin === `chrome-extension://${extensionId}`).at(-1);
  if (!world) throw new Error(`no content-script world on ${url}`);
  return {
    page,
    async evaluate<T>(expression: string) {
      const wrapped = `(async () => { try { return await (${expression}); } catch (error) { return { thrown: String(error && error.message || error) }; } })()`;
      const { result } = await cdp.send('Runtime.evaluate', { contextId: world.id, expression: wrapped, awaitPromise: true, returnByValue: true });
      return result.value as T | { thrown: string };
    },
    detach: () => cdp.detach(),
  };
}
