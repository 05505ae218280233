/** Finding a Chromium and starting it with the built extension loaded (playwright-core, no browser downloads). */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { PROJECT_ROOT } from './fixture-papers';

export const EXTENSION_DIR = resolve(PROJECT_ROOT, '.output', 'chrome-mv3');

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/opt/google/chrome/chrome', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', '/Applications/Chromium.app/Contents/MacOS/Chromium'];

export const HOW_TO_GET_CHROMIUM = 'No Chromium found. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROME_PATH to a Chrome or Chromium binary.';

export function findChromium(): string | null {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

export interface LaunchOptions {
  headless: boolean;
  hostResolverRules?: string;
  userDataDir?: string;
}

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  close(): Promise<void>;
}

export async function launchWithExtension(options: LaunchOptions): Promise<ExtensionBrowser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(HOW_TO_GET_CHROMIUM);
  if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) throw new Error(`The extension is not built: run "npm run build" (expected ${EXTENSION_DIR}).`);
  const args = [
    `--disable-extensions-except=${EXTENSION_DIR}`,
    `--load-extension=${EXTENSION_DIR}`,
    '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run', '--disable-quic', '--ignore-certificate-errors',
  ];
  if (options.hostResolverRules) args.push(`--host-resolver-rules=${options.hostResolverRules}`);
  const context = await chromium.launchPersistentContext(options.userDataDir ?? mkdtempSync(join(tmpdir(), 'verbatim-chromium-')), {
    executablePath,
    headless: options.headless,
    ignoreHTTPSErrors: true,
    args,
    viewport: { width: 1280, height: 900 },
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 20_000 }));
  const extensionId = new URL(worker.url()).host;
  return { context, extensionId, close: () => context.close() };
}
