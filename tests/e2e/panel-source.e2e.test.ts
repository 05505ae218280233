/**
 * Issue 13, citations that go to the source: chips in a two-paper answer name their paper;
 * hovering a chip previews the quote, the paper and the section; "Open in paper" opens the
 * arXiv HTML page (the stand-in) scrolled to the quote, marked by the content script; a PDF
 * passage shows its page and opens the PDF at that page.
 */
import { describe, expect, it } from 'vitest';
import type { Paper } from '../../shared/model/paper';
import type { Page } from 'playwright-core';
import { requestFromPage, screenshot, type ExtensionHarness } from '../support/browser';
import { fixturePaper } from '../support/fixtures';
import { withSavedPapers, askInPanel, saveFromAbsPage, DISAMBIGUATION, QROUTE, TWO_PAPER_QUESTION } from '../support/panel';
import { textSkeleton } from '../../ui/pdf-quote-boxes';

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('Citations that go to the source', () => {
  const harness = withSavedPapers([QROUTE, DISAMBIGUATION]);

  it('names the paper on each chip of a two-paper answer, and previews quote, paper and section on hover', async () => {
    const panel = await harness.current.openSidePanel();
    await askInPanel(panel, TWO_PAPER_QUESTION);
    const chips = panel.getByTestId('citation-chip');
    const labels = await chips.allTextContents();
    const papers = await chips.evaluateAll((all) => all.map((c) => c.getAttribute('data-paper-id')));
    expect(new Set(papers).size).toBe(2);
    // "[1 · Sinha et al. 2021]": the number and the paper, never a bare "[1]" beside the paper's own [1].
    for (const [i, label] of labels.entries()) {
      const surname = papers[i] === `arxiv:${QROUTE}` ? 'Sinha' : 'Louppe';
      expect(label).toMatch(new RegExp(`^\\[\\d+ · ${surname} et al\\. (2021|2015)\\]$`));
    }

    await chips.first().hover();
    const preview = panel.getByTestId('chip-preview');
    await preview.waitFor();
    const stored = await requestFromPage(panel, 'library/get', { paperId: papers[0]! });
    const paragraphId = (await chips.first().getAttribute('data-paragraph-id'))!;
    const section = stored.sections.find((s) => s.id === stored.paragraphs.find((p) => p.id === paragraphId)!.sectionId)!;
    await expect.poll(() => preview.textContent()).toContain(section.title);
    expect(await preview.textContent()).toContain(stored.title);
    expect(await preview.locator('q').textContent()).toBe(await chips.first().getAttribute('data-quote'));
    await screenshot(panel, 'panel-chip-preview');
  });

  it('opens the arXiv HTML page scrolled to the quote, marked by the content script', async () => {
    const panel = await harness.current.openSidePanel();
    await askInPanel(panel, 'What does the graph neural network evaluate?');
    await panel.getByTestId('citation-chip').first().click();
    const highlighted = collapse((await panel.getByTestId('highlight').textContent())!);
    const opened = harness.current.browser.context.waitForEvent('page');
    await panel.getByTestId('open-in-paper').click();
    const paper = await opened;
    await paper.waitForLoadState('domcontentloaded');
    expect(paper.url()).toMatch(new RegExp(`^https://arxiv\\.org/html/${QROUTE.replace('.', '\\.')}v1`));
    const mark = paper.locator('mark[data-verbatim-highlight]');
    await mark.waitFor({ state: 'attached', timeout: 20_000 });
    expect(collapse((await mark.textContent())!)).toBe(highlighted);
    // The quote is in view (the page scrolled to it, unless it already sat in the first screen), and
    // the address no longer carries the quote. (Polled: a stylesheet may ask for smooth scrolling.)
    const viewOf = () => mark.evaluate((el) => ({ top: el.getBoundingClientRect().top, scrolled: scrollY, height: innerHeight, hash: location.hash }));
    await expect.poll(async () => { const v = await viewOf(); return v.top >= 0 && v.top < v.height; }, { timeout: 10_000 }).toBe(true);
    const view = await viewOf();
    if (view.top + view.scrolled > view.height) expect(view.scrolled).toBeGreaterThan(0);
    expect(view.hash).toBe('');
    await screenshot(paper, 'paper-open-at-quote');
    await paper.close();
  });

  it('shows the page of a PDF passage and opens it in the extension viewer at that page, its boxes drawn', async () => {
    const panel = await harness.current.openSidePanel();
    // A paper read from a PDF: the same text, with the page of each paragraph stored.
    const base = fixturePaper('cscw-paper-lengths-acmsmall');
    const pdfPaper: Paper = { ...base, source: 'pdf', arxivId: 'cs/0112017', version: 'v1', paragraphs: base.paragraphs.map((p, i) => ({ ...p, page: 1 + Math.floor(i / 6), boxes: [{ page: 1 + Math.floor(i / 6), x: 72, y: 660 - (i % 6) * 100, width: 450, height: 80 }] })) };
    const saved = await requestFromPage(panel, 'library/import-paper', { paper: pdfPaper });
    await panel.reload();
    await panel.getByLabel('Scope').selectOption(saved.paper.id);
    await askInPanel(panel, 'How long should CSCW papers be?');
    const chip = panel.getByTestId('citation-chip').first();
    const paragraphId = (await chip.getAttribute('data-paragraph-id'))!;
    const page = pdfPaper.paragraphs.find((p) => p.id === paragraphId)!.page!;
    await chip.click();
    expect(await panel.getByTestId('passage-page').textContent()).toBe(` · p. ${page}`);
    expect(await panel.getByTestId('open-in-paper').textContent()).toBe(`Open in paper (page ${page})`);
    const opened = harness.current.browser.context.waitForEvent('page');
    await panel.getByTestId('open-in-paper').click();
    const viewer = await opened;
    expect(viewer.url().startsWith(`chrome-extension://${harness.current.browser.extensionId}/pdf-viewer.html?`)).toBe(true);
    expect(new URL(viewer.url()).searchParams.get('src')).toBe('https://arxiv.org/pdf/cs/0112017v1');
    const sheet = viewer.locator('[data-testid=pdf-page][data-rendered=true]');
    await sheet.waitFor({ timeout: 60_000 });
    expect(await sheet.getAttribute('data-page')).toBe(String(page));
    // The canvas has ink on it (a rendered page, not a blank box), and the passage's box is drawn where the stored box says.
    const inked = await sheet.locator('canvas').evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 3]! > 0) dark++;
      return dark;
    });
    expect(inked).toBeGreaterThan(1000);
    const stored = pdfPaper.paragraphs.find((p) => p.id === paragraphId)!.boxes![0]!;
    const highlight = viewer.getByTestId('pdf-highlight');
    expect(await highlight.count()).toBe(1);
    const drawn = await highlight.evaluate((el) => ({ left: parseFloat(el.style.left), top: parseFloat(el.style.top), width: parseFloat(el.style.width) }));
    const pageHeight = await sheet.evaluate((el) => parseFloat((el as HTMLElement).style.height) / 1.5);
    expect(drawn.left).toBeCloseTo(stored.x * 1.5, 0);
    expect(drawn.width).toBeCloseTo(stored.width * 1.5, 0);
    expect(drawn.top).toBeCloseTo((pageHeight - stored.y - stored.height) * 1.5, 0);
    await screenshot(viewer, 'pdf-viewer-passage');
    await viewer.close();
  });

  it('opens a paper read from ar5iv on its ar5iv page, the quote marked there by the content script', async () => {
    // arxiv.org/html has no page for this older paper; the extension read it from ar5iv.
    const { quote, page: paper } = await openFirstCitationInPaper(harness.current, AR5IV_ONLY, 'What does the graph neural network evaluate?');
    const highlighted = collapse(quote);
    await paper.waitForLoadState('domcontentloaded');
    expect(paper.url()).toMatch(new RegExp(`^https://ar5iv\\.labs\\.arxiv\\.org/html/${AR5IV_ONLY.replace('.', '\\.')}`));
    const mark = paper.locator('mark[data-verbatim-highlight]');
    await mark.waitFor({ state: 'attached', timeout: 20_000 });
    expect(collapse((await mark.textContent())!)).toBe(highlighted);
    await screenshot(paper, 'ar5iv-open-at-quote');
    await paper.close();
  });

  it("highlights the quote's own characters in the PDF viewer for a paper captured from its PDF", async () => {
    // arXiv has only a PDF of this paper: the extension reads it with pdf.js and stores each paragraph's page and boxes.
    const { quote, page: viewer } = await openFirstCitationInPaper(harness.current, XAI_PDF_ONLY, 'What are common misconceptions about explainable machine learning?');
    const sheet = viewer.locator('[data-testid=pdf-page][data-rendered=true]');
    await sheet.waitFor({ timeout: 60_000 });
    expect(await sheet.getAttribute('data-quote')).toBe('exact');
    // What the viewer matched on the page is the quote, letter for letter (line breaks and hyphens aside).
    expect(textSkeleton((await sheet.getAttribute('data-matched-text'))!)).toBe(textSkeleton(quote));
    const marks = viewer.getByTestId('pdf-quote-highlight');
    expect(await marks.count()).toBeGreaterThan(0);
    // The quote's marks sit inside the paragraph's outline.
    const inside = await sheet.evaluate((el) => {
      const outline = [...el.querySelectorAll<HTMLElement>('[data-testid=pdf-highlight]')].map((o) => o.getBoundingClientRect());
      return [...el.querySelectorAll<HTMLElement>('[data-testid=pdf-quote-highlight]')].every((m) => {
        const r = m.getBoundingClientRect();
        return outline.some((o) => r.left >= o.left - 4 && r.right <= o.right + 4 && r.top >= o.top - 8 && r.bottom <= o.bottom + 8);
      });
    });
    expect(inside).toBe(true);
    await screenshot(viewer, 'pdf-viewer-quote');
    await viewer.close();
  });
});

/** A paper arXiv has only as PDF (the stand-in serves the fixture's PDF). */
const XAI_PDF_ONLY = '1810.02909';
/** An older paper: no arxiv.org/html page, ar5iv has it (the stand-in serves a fixture there). */
const AR5IV_ONLY = '1801.00001';

/** Saves a paper from its abs page, asks about it alone, opens the answer's first citation, then "Open in paper": the quote and the page that opened. */
async function openFirstCitationInPaper(harness: ExtensionHarness, arxivId: string, question: string): Promise<{ quote: string; page: Page }> {
  await saveFromAbsPage(harness, arxivId);
  const panel = await harness.openSidePanel();
  await panel.getByLabel('Scope').selectOption(`arxiv:${arxivId}`);
  await askInPanel(panel, question);
  await panel.getByTestId('citation-chip').first().click();
  const quote = (await panel.getByTestId('highlight').textContent())!;
  const opened = harness.browser.context.waitForEvent('page');
  await panel.getByTestId('open-in-paper').click();
  return { quote, page: await opened };
}
