/**
 * Issue 12 end to end in real Chromium with the built extension: a paper saved from its arXiv
 * page, a question asked in the side panel, then the export menu: rich text and LaTeX copied and
 * read back from the clipboard; the copied LaTeX and .bib compiled with pdflatex + bibtex, the PDF
 * showing the cited quote and its bibliography entries; the downloaded .docx opened by LibreOffice,
 * its citations and bibliography in the chosen style (a numeric and an author-date one).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, startExtensionHarness, type ExtensionHarness } from '../support/browser';
import { compileLatex, docxText } from '../support/export-programs';
import { askInPanel, QROUTE, saveFromAbsPage } from '../support/panel';

const QUESTION = 'What does the graph neural network evaluate?';

async function clipboardText(panel: Page, type: 'text/html' | 'text/plain'): Promise<string> {
  return panel.evaluate(async (wanted) => {
    for (const item of await navigator.clipboard.read()) if (item.types.includes(wanted)) return (await item.getType(wanted)).text();
    return '';
  }, type);
}

async function clickExport(panel: Page, testId: string): Promise<void> {
  await panel.getByTestId(testId).click();
  await panel.getByTestId('export-status').filter({ hasText: /^(Copied|Downloaded)/ }).waitFor();
}

function citedKeys(latex: string): Set<string> {
  return new Set([...latex.matchAll(/\\(?:no)?cite(?:\[[^\]]*\])?\{([^}]+)\}/g)].flatMap((m) => m[1]!.split(',')));
}

describe('Export from the side panel', () => {
  let harness: ExtensionHarness;
  let panel: Page;
  let firstSentence: string;
  beforeAll(async () => {
    harness = await startExtensionHarness();
    // An extension origin cannot be named here (Chromium calls it opaque): granted to the context.
    await harness.browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await saveFromAbsPage(harness, QROUTE);
    panel = await harness.openSidePanel();
    await panel.bringToFront();
    await askInPanel(panel, QUESTION);
    firstSentence = (await panel.locator('.sentence.verified .sentence-text, .sentence.snapped .sentence-text').first().textContent())!;
    await panel.getByTestId('export-menu').locator('summary').click();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('copies rich text: the supported sentences, citations linked to the paper, the bibliography in the chosen style', async () => {
    await panel.getByTestId('export-style').selectOption('apa');
    await clickExport(panel, 'export-copy-rich');
    const html = await clipboardText(panel, 'text/html');
    const plain = await clipboardText(panel, 'text/plain');
    expect(html).toContain(`href="https://arxiv.org/abs/${QROUTE}`);
    expect(html).toContain('<h3>References</h3>');
    expect(plain).toContain(firstSentence.slice(0, 60));
    // APA: author-date citations ("(Sinha et al., 2021)"), then the reference list.
    expect(plain).toMatch(/\(Sinha et al\., (\d{4}|n\.d\.)\)/);
    expect(plain).toMatch(/\nReferences\nSinha, A\./);
    await screenshot(panel, 'side-panel-export');
  });

  it('copies LaTeX and its .bib, which compile with pdflatex + bibtex into a PDF showing the quote and its entries', async () => {
    await panel.getByTestId('export-style').selectOption('ieee');
    await clickExport(panel, 'export-copy-latex');
    const latex = await clipboardText(panel, 'text/plain');
    expect(latex).toMatch(/\\cite\[\\S\{\}[\w.]+ \\P\{\}\d+\]\{[^}]+\}/);
    await clickExport(panel, 'export-copy-bib');
    const bib = await clipboardText(panel, 'text/plain');
    const entries = new Set([...bib.matchAll(/@\w+\{([^,\s]+),/g)].map((m) => m[1]!));
    expect(citedKeys(latex).size).toBeGreaterThan(0);
    expect(entries).toEqual(citedKeys(latex));

    const { text, bbl, log } = compileLatex(latex, bib);
    expect(log).not.toMatch(/There were undefined references/);
    expect(text).not.toContain('[?');
    expect(new Set([...bbl.matchAll(/\\bibitem\{([^}]+)\}/g)].map((m) => m[1]!))).toEqual(entries);
    expect(text).toContain(firstSentence.slice(0, 40));
    // BibTeX's plain style: "[n] Animesh Sinha, …" and the title, lowercased after its first word.
    expect(text).toMatch(/\[\d+\] Animesh Sinha, Utkarsh Azad, and Harjinder Singh\. Qubit routing using graph neural network/);
  });

  it.each([
    ['ieee', /\[1\]/, /References \[1\] A\. Sinha, U\. Azad, and H\. Singh,/],
    ['apa', /\(Sinha et al\., (\d{4}|n\.d\.)\)/, /References Sinha, A\., Azad, U\., & Singh, H\./],
  ] as const)('downloads a .docx that LibreOffice opens, with its citations and bibliography in %s', async (style, citation, bibliography) => {
    await panel.getByTestId('export-style').selectOption(style);
    const download = panel.waitForEvent('download');
    await clickExport(panel, 'export-download-docx');
    const path = await (await download).path();
    const text = docxText(readFileSync(path));
    expect(text).toContain(firstSentence.slice(0, 40));
    expect(text).toMatch(citation);
    expect(text).toMatch(bibliography);
    expect(text).toContain('Works cited in the quoted passages');
  });

  it('exports a selection: the quotes of the chosen sentences only; choosing none is refused by name', async () => {
    const sentences = await panel.locator('.sentence.verified .sentence-text, .sentence.snapped .sentence-text').allTextContents();
    const boxes = panel.getByTestId('export-choose');
    expect(await boxes.count()).toBe(sentences.length);
    for (let i = 1; i < sentences.length; i++) await boxes.nth(i).uncheck();
    await panel.getByTestId('export-content-quotes').check();
    await panel.getByTestId('export-style').selectOption('ieee');
    await clickExport(panel, 'export-copy-rich');
    const plain = await clipboardText(panel, 'text/plain');
    // Chosen quotes carry no question heading: the passages, then the reference lists.
    const blocks = plain.split('\n\nReferences\n')[0]!.split('\n');
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatch(/^“[^”]+” \[1\] \(§[^)]+\)$/);
    for (const other of sentences.slice(1)) expect(plain).not.toContain(other.slice(0, 60));

    await boxes.nth(0).uncheck();
    await panel.getByTestId('export-copy-rich').click();
    await panel.getByTestId('export-status').filter({ hasText: 'nothing cited to export' }).waitFor();
    for (let i = 0; i < sentences.length; i++) await boxes.nth(i).check();
    await panel.getByTestId('export-content-sentences').check();
  });
});
