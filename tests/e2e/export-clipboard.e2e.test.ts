/**
 * The side panel's export actions in real Chromium with the built extension: a saved paper, an
 * answer, then "Copy rich text" and "Copy LaTeX" / "Copy .bib", read back from the clipboard;
 * "Download .docx" opened by LibreOffice; quotes collected from passages and exported together.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { SAMPLE_PAPER } from '../../tools/fixture-papers';
import { clickSave, screenshot, startExtensionHarness, type ExtensionHarness } from '../support/browser';
import { compileLatex } from '../support/compile-latex';
import { clipboardText } from '../support/clipboard';

async function clickExport(menu: Locator, testId: string): Promise<void> {
  await menu.getByTestId(testId).click();
  await menu.getByTestId('export-status').filter({ hasText: /^(Copied|Downloaded)/ }).waitFor();
}

/** The words of a .docx as LibreOffice lays it out (converted to PDF, read back by pdftotext). */
function docxWords(path: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'verbatim-panel-docx-'));
  execFileSync('soffice', [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, path], { stdio: 'ignore' });
  const pdf = join(dir, path.split('/').pop()!.replace(/\.docx$/, '.pdf'));
  return execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe('Export from the side panel', () => {
  let harness: ExtensionHarness;
  let panel: Page;
  let menu: Locator;
  beforeAll(async () => {
    harness = await startExtensionHarness();
    // Chromium refuses a grant for an extension origin by name; a grant for every origin covers the panel's page.
    await harness.browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await harness.openAbsPage();
    await clickSave(page);
    panel = await harness.openSidePanel();
    await panel.bringToFront();
    await panel.getByTestId('question').fill('What does the graph neural network evaluate?');
    await panel.getByTestId('ask').click();
    await panel.getByTestId('answer').waitFor();
    menu = panel.getByTestId('answer').getByTestId('export-menu');
    await menu.locator('summary').click();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('copies rich text: the quoted sentences, citations linked to the paper, the bibliography in the chosen style', async () => {
    await menu.getByTestId('export-style').selectOption('apa');
    await clickExport(menu, 'export-copy-rich');
    const html = await clipboardText(panel, 'text/html');
    const plain = await clipboardText(panel, 'text/plain');
    const firstSentence = (await panel.locator('.sentence.verified .sentence-text, .sentence.snapped .sentence-text').first().textContent())!;
    expect(html).toContain(`href="https://arxiv.org/abs/${SAMPLE_PAPER.arxivId}`);
    expect(html).toContain('<h3>References</h3>');
    expect(plain).toContain(firstSentence.slice(0, 60));
    // APA: author-date citations, and the entry carries the year in parentheses.
    expect(plain).toMatch(/\(\w[^()]*, \d{4}\)/);
    expect(plain).toMatch(/\nReferences\n/);
    await screenshot(panel, 'side-panel-export');
  });

  it('copies LaTeX whose \\cite keys are exactly the keys of the copied .bib, and the two compile with pdflatex + bibtex', async () => {
    await clickExport(menu, 'export-copy-latex');
    const latex = await clipboardText(panel, 'text/plain');
    expect(latex).toMatch(/\\cite\[\\S\{\}[\w.]+ \\P\{\}\d+\]\{[^}]+\}/);
    await clickExport(menu, 'export-copy-bib');
    const bib = await clipboardText(panel, 'text/plain');
    const cited = new Set([...latex.matchAll(/\\(?:no)?cite(?:\[[^\]]*\])?\{([^}]+)\}/g)].flatMap((m) => m[1]!.split(',')));
    const entries = new Set([...bib.matchAll(/@\w+\{([^,\s]+),/g)].map((m) => m[1]!));
    expect(cited.size).toBeGreaterThan(0);
    expect(entries).toEqual(cited);
    // From the saved paper to a compiled PDF: every citation resolves and the paper is in the bibliography.
    const { text, log } = compileLatex(latex, bib);
    expect(log).not.toMatch(/There were undefined references/);
    expect(text).not.toContain('[?');
    expect(text).toMatch(/\[\d+, §[\w.]+ ¶\d+\]/);
    expect(text.toLowerCase()).toContain('qubit routing using graph neural network');
  });

  it.each([
    ['apa', /\(Sinha et al\., 2021[^)]*\)/, 'Sinha, A., Azad, U., & Singh, H. (2021)'],
    ['ieee', /\[1\] \(§[^)]+\)/, '[1] A. Sinha, U. Azad, and H. Singh,'],
  ] as const)('downloads the answer as a .docx that LibreOffice opens, with the citations and bibliography in %s', async (style, citation, entry) => {
    await menu.getByTestId('export-style').selectOption(style);
    const [download] = await Promise.all([panel.waitForEvent('download'), menu.getByTestId('export-download-docx').click()]);
    expect(download.suggestedFilename()).toBe('verbatim-answer.docx');
    const path = join(mkdtempSync(join(tmpdir(), 'verbatim-panel-download-')), 'verbatim-answer.docx');
    await download.saveAs(path);
    const words = docxWords(path);
    expect(words).toMatch(citation);
    expect(words).toContain('References');
    expect(words).toContain(entry);
  });

  it('collects the words a reader selects in a passage, and exports exactly that quote as LaTeX', async () => {
    await panel.getByTestId('citation-chip').first().click();
    const passage = panel.getByTestId('passage');
    await passage.waitFor();
    const paragraph = (await passage.locator('p').first().textContent())!;
    // Select the paragraph's first ten words by hand, as a reader would.
    const words = paragraph.split(/\s+/).filter(Boolean).slice(0, 10).join(' ');
    await passage.locator('p').first().evaluate((p, wanted) => {
      const text = p.textContent ?? '';
      const start = text.indexOf(wanted);
      const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      let offset = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const length = node.textContent!.length;
        if (start >= offset && start <= offset + length) range.setStart(node, start - offset);
        if (start + wanted.length >= offset && start + wanted.length <= offset + length) {
          range.setEnd(node, start + wanted.length);
          break;
        }
        offset += length;
      }
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    }, words);
    await passage.getByTestId('collect-quote').click();
    const basket = panel.getByTestId('quote-basket');
    await basket.getByTestId('collected-quote').first().waitFor();
    expect(await basket.getByTestId('collected-quote').first().locator('q').textContent()).toBe(words);

    const basketMenu = basket.getByTestId('export-menu');
    await basketMenu.locator('summary').click();
    await clickExport(basketMenu, 'export-copy-latex');
    const latex = await clipboardText(panel, 'text/plain');
    expect(latex).toContain(`\`\`${words.slice(0, 40)}`);
    expect(latex).toMatch(/\\cite\[[^\]]*\]\{sinha2021qubit\}/);
    await screenshot(panel, 'side-panel-quote-basket');
  });
});
