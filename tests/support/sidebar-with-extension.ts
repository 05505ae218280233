/**
 * The built Google Docs sidebar under an Apps Script sandbox host, over https, in Chromium with
 * the built extension (which admits that origin) and the sample paper saved from its abs page;
 * google.script.run calls the built Code.js against a fake document.
 */
import type { Page } from 'playwright-core';
import { GDOCS_OUTPUT, buildGdocs } from '../../tools/build-gdocs';
import { SAMPLE_PAPER } from '../../tools/fixture-papers';
import { selfSignedCertificate } from '../../tools/self-signed';
import { startStaticServer } from '../../tools/static-server';
import { clickSave, startExtensionHarness, type ExtensionHarness } from './browser';
import { appsScriptOver, SANDBOX_HOST, stubScriptRun } from './apps-script-page';
import type { FakeDocs } from './fake-docs';

export interface SidebarWithExtension {
  harness: ExtensionHarness;
  /** The sidebar's page, its google.script.run stubbed (not yet navigated). */
  page: Page;
  close(): Promise<void>;
}

export async function startSidebarWithExtension(docs: FakeDocs, options: { clipboard?: boolean } = {}): Promise<SidebarWithExtension> {
  await buildGdocs();
  const tls = selfSignedCertificate(SANDBOX_HOST);
  if (!tls) throw new Error('openssl is needed to serve the sidebar over https');
  const server = await startStaticServer(GDOCS_OUTPUT, { tls });
  const port = new URL(server.url).port;
  const harness = await startExtensionHarness({ extraHostRules: [`MAP ${SANDBOX_HOST}:443 127.0.0.1:${port}`] });
  if (options.clipboard) await harness.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: `https://${SANDBOX_HOST}` });
  const arxiv = await harness.browser.context.newPage();
  await arxiv.goto(`https://arxiv.org/abs/${SAMPLE_PAPER.arxivId}`);
  await clickSave(arxiv);
  await arxiv.close();
  const page = await harness.browser.context.newPage();
  await stubScriptRun(page, appsScriptOver(docs));
  return {
    harness,
    page,
    async close() {
      await harness.close();
      await server.close();
    },
  };
}
