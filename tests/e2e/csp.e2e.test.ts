/**
 * Every page has a strict CSP: the side panel (the extension's CSP, which also covers its
 * service worker) and the Word pane (a meta CSP). Probed in the pages themselves: inline
 * script, eval and a remote image must all be refused.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSION_DIR, findChromium } from '../../tools/chromium';
import { PROJECT_ROOT } from '../../tools/fixture-papers';
import { startStaticServer, type StaticServer } from '../../tools/static-server';
import { startExtensionHarness, type ExtensionHarness } from '../support/browser';

interface Probe {
  inlineScriptRan: boolean;
  evalRan: boolean;
  violations: string[];
}

/** Tries what a strict CSP refuses; reports what ran and which directives the browser says it enforced. */
async function probe(page: Page): Promise<Probe> {
  return page.evaluate(async () => {
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (event) => violations.push(event.effectiveDirective));
    const script = document.createElement('script');
    script.textContent = 'document.documentElement.dataset.inlineRan = "yes"';
    document.head.append(script);
    // In a later task: code run by DevTools itself may eval whatever the CSP says; page code may not.
    const evalRan = await new Promise<boolean>((resolve) =>
      setTimeout(() => {
        try {
          resolve((0, eval)('true') === true);
        } catch {
          resolve(false);
        }
      }, 0),
    );
    // A closed loopback port: refused at once without a CSP, blocked before any request with one.
    const image = new Image();
    await new Promise((resolve) => {
      image.onerror = resolve;
      image.onload = resolve;
      image.src = 'https://127.0.0.1:1/pixel.png';
    });
    // Violation events are queued as tasks: let them arrive.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { inlineScriptRan: document.documentElement.dataset.inlineRan === 'yes', evalRan, violations };
  });
}

describe('strict CSP on every page', () => {
  let harness: ExtensionHarness;
  let server: StaticServer;
  let browser: Browser;
  beforeAll(async () => {
    harness = await startExtensionHarness();
    server = await startStaticServer(join(PROJECT_ROOT, '.output', 'addin'));
    browser = await chromium.launch({ executablePath: findChromium()!, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  });
  afterAll(async () => {
    await harness?.close();
    await browser?.close();
    await server?.close();
  });

  it('declares the extension pages CSP: own scripts only, no eval (WebAssembly only, for the embedding worker), no plugins, no framing', () => {
    const manifest = JSON.parse(readFileSync(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as { content_security_policy?: { extension_pages?: string } };
    const csp = manifest.content_security_policy?.extension_pages ?? '';
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    // 'wasm-unsafe-eval' compiles WebAssembly only; JavaScript eval and inline script stay refused (probed below).
    expect(csp).not.toMatch(/'unsafe-/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/connect-src 'self' https: http:\/\/127\.0\.0\.1:\* http:\/\/localhost:\* http:\/\/\[::1\]:\*$/);
  });

  it('enforces it in the side panel', async () => {
    const panel = await harness.openSidePanel();
    await panel.getByTestId('question').waitFor();
    expect(await probe(panel)).toEqual({ inlineScriptRan: false, evalRan: false, violations: expect.arrayContaining(['script-src-elem', 'script-src', 'img-src']) });
    await panel.close();
  });

  it('enforces a meta CSP in the Word pane that allows office.js from Microsoft\'s CDN and nothing else remote', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/taskpane.html`);
    await page.getByTestId('office-unavailable').waitFor();
    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(csp).toMatch(/script-src 'self' https:\/\/appsforoffice\.microsoft\.com;/);
    expect((csp ?? '').match(/https?:\/\/[^\s;]+/g)).toEqual(['https://appsforoffice.microsoft.com']);
    expect(await probe(page)).toEqual({ inlineScriptRan: false, evalRan: false, violations: expect.arrayContaining(['script-src-elem', 'script-src', 'img-src']) });
    await page.close();
  });
});
