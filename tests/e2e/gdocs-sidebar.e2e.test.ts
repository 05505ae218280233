/**
 * The built Google Docs sidebar in headless Chromium, without Google: Sidebar.html is served
 * over https under an Apps Script sandbox host name (n-…-script.googleusercontent.com, sent to
 * a loopback server by Chromium's host resolver rules), and google.script.run is a stub in the
 * page that calls the built Code.js, run in Node in an Apps Script-like global scope against
 * the fake DocumentApp. Here a co-author with no extension refreshes a document whose citations
 * were inserted elsewhere: the sidebar's bundled cite engine renders from the records the
 * document keeps. (The path through the extension library is gdocs-library.e2e.test.ts.)
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordForPaper } from '../../shared/cite';
import { hashText } from '../../shared/model/paper';
import { GDOCS_OUTPUT, buildGdocs } from '../../tools/build-gdocs';
import { findChromium } from '../../tools/chromium';
import { PROJECT_ROOT } from '../../tools/fixture-papers';
import { selfSignedCertificate } from '../../tools/self-signed';
import { startStaticServer, type StaticServer } from '../../tools/static-server';
import { screenshot } from '../support/browser';
import { appsScriptOver, SANDBOX_HOST, stubScriptRun } from '../support/apps-script-page';
import { fakeDocs, linkRuns } from '../support/fake-docs';
import { asLibraryPaper, fixturePaper } from '../support/fixtures';


describe('Google Docs sidebar (built), co-author without the extension', () => {
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  const docs = fakeDocs(['My draft on qubit routing.', '']);
  const paper = asLibraryPaper(fixturePaper('qroute-gnn-mcts-revtex'));

  beforeAll(async () => {
    await buildGdocs();
    const tls = selfSignedCertificate(SANDBOX_HOST);
    if (!tls) throw new Error('openssl is needed to serve the sidebar over https');
    server = await startStaticServer(GDOCS_OUTPUT, { tls });
    const executablePath = findChromium();
    if (!executablePath) throw new Error('Chromium is required for the e2e tests (apt-get install chromium, or set CHROME_PATH).');
    browser = await chromium.launch({
      executablePath, headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--ignore-certificate-errors', `--host-resolver-rules=MAP ${SANDBOX_HOST}:443 127.0.0.1:${new URL(server.url).port}`],
    });
    page = await browser.newPage();
    // Someone else inserted a quote with the add-on: its citation and the paper's record are in the document.
    const call = appsScriptOver(docs);
    docs.user.clickAfter('My draft on qubit routing.');
    const paragraph = paper.paragraphs.find((p) => p.kind === 'text' && p.text.length > 80)!;
    const quote = paragraph.text.slice(0, paragraph.text.indexOf(' ', 60));
    const inserted = call('insertQuoteAtCursor', {
      quote, records: [recordForPaper(paper)],
      citation: { anchor: { paperId: paper.id, paragraphId: paragraph.id, quoteHash: hashText(quote), locator: { section: 'I', paragraph: 1 } }, citedWorkIds: [] },
    }) as { ok: boolean };
    expect(inserted.ok).toBe(true);
    await stubScriptRun(page, call);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('builds exactly the three files clasp pushes', () => {
    const project = mkdtempSync(join(tmpdir(), 'verbatim-clasp-'));
    try {
      for (const file of readdirSync(GDOCS_OUTPUT)) copyFileSync(join(GDOCS_OUTPUT, file), join(project, file));
      writeFileSync(join(project, '.clasp.json'), JSON.stringify({ scriptId: 'verbatim-offline-check', rootDir: '.' }));
      // clasp lists what it would push without signing in; HOME is the temp folder, so no real credentials are read.
      const status = JSON.parse(execFileSync(join(PROJECT_ROOT, 'node_modules', '.bin', 'clasp'), ['show-file-status', '--json'], { cwd: project, env: { ...process.env, HOME: project }, encoding: 'utf8' })) as { filesToPush: string[] };
      expect(status.filesToPush.sort()).toEqual(['Code.js', 'Sidebar.html', 'appsscript.json']);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('says there is no library, and refreshes the document in IEEE then APA from its own records', async () => {
    await page.goto(`https://${SANDBOX_HOST}/Sidebar.html`);
    await page.getByTestId('library').filter({ hasText: 'not installed in this browser' }).waitFor();
    expect(await page.getByTestId('query').count()).toBe(0);

    await page.getByTestId('refresh').click();
    await page.getByTestId('status').filter({ hasText: /Refreshed\. 1 citations, 1 references.*\(ieee\)/ }).waitFor();
    expect(linkRuns(docs.document)).toHaveLength(1);
    expect(linkRuns(docs.document)[0]!.text).toMatch(/^\[1\b/);
    const text = docs.document.body.children.map((p) => p.getText());
    expect(text[text.indexOf('References') + 1]).toMatch(/^\[1\].*Qubit Routing using Graph Neural Network/i);

    await page.getByTestId('style').selectOption('apa');
    await page.getByTestId('refresh').click();
    await page.getByTestId('status').filter({ hasText: /\(apa\)/ }).waitFor();
    const family = recordForPaper(paper).author![0]!.family;
    expect(linkRuns(docs.document)[0]!.text).toMatch(new RegExp(`^\\(${family} et al\\.`));
    expect(docs.document.body.children.filter((p) => p.getText() === 'References')).toHaveLength(1);
    await screenshot(page, 'gdocs-sidebar-refresh');
  });
});
