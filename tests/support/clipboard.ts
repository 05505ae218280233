/** What a page's clipboard holds in one form (the e2e tests grant clipboard-read to the page first). */
import type { Page } from 'playwright-core';

export async function clipboardText(page: Page, type: 'text/html' | 'text/plain'): Promise<string> {
  return page.evaluate(async (wanted) => {
    for (const item of await navigator.clipboard.read()) if (item.types.includes(wanted)) return (await item.getType(wanted)).text();
    return '';
  }, type);
}
