import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractPdf } from '../../shared/pdf/extract-pdf';
import { nodePdfReader } from '../../cli/pdf-node';
import { fixturePath } from '../../tools/fixture-papers';
import { scorePdfAgainstHtml } from '../../tools/eval/pdf-eval';
import { fixturePaper } from '../support/fixtures';
import { makePdf } from '../support/make-pdf';

const read = (bytes: Uint8Array, extra: Parameters<typeof extractPdf>[1] extends infer O ? Partial<O> : never = {}) => extractPdf(bytes, { reader: nodePdfReader, ...extra });

describe('PDF extraction on the fixture papers', () => {
  it.each(['qroute-gnn-mcts-revtex', 'cscw-paper-lengths-acmsmall', 'author-disambiguation-natbib'])('recovers the structure of %s close to its LaTeXML HTML', { timeout: 30_000 }, async (folder) => {
    const paper = await read(new Uint8Array(readFileSync(fixturePath(folder, 'paper.pdf'))));
    expect(paper.source).toBe('pdf');
    const truth = fixturePaper(folder);
    const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
    expect(letters(paper.title)).toBe(letters(truth.title));
    const score = scorePdfAgainstHtml(folder, truth, paper, 0);
    // Floors a little under today's figures (npm run eval:pdf), so a regression fails here.
    expect(score.sectionTitles.recall).toBeGreaterThanOrEqual(0.95);
    expect(score.paragraphs.f1).toBeGreaterThanOrEqual(0.86);
    expect(score.references.f1).toBeGreaterThanOrEqual(0.9);
    expect(score.citationLinks.accuracy).toBeGreaterThanOrEqual(0.95);
    for (const p of paper.paragraphs) {
      expect(p.page).toBeGreaterThanOrEqual(1);
      expect(p.boxes?.length).toBeGreaterThan(0);
    }
  });
});

describe('PDF bad input', () => {
  it('refuses a damaged file', async () => {
    await expect(read(new TextEncoder().encode('%PDF-1.4\nthis is not really a pdf'))).rejects.toMatchObject({ code: 'PDF_CORRUPT' });
    await expect(read(new Uint8Array([1, 2, 3, 4]))).rejects.toMatchObject({ code: 'PDF_CORRUPT' });
  });

  it('says a scanned PDF has no text layer', async () => {
    await expect(read(makePdf({ pages: [[], [], []] }))).rejects.toMatchObject({ code: 'PDF_NO_TEXT' });
  });

  it('says an encrypted PDF needs its password', async () => {
    await expect(read(makePdf({ pages: [['Secret text on a page.']], encrypted: true }))).rejects.toMatchObject({ code: 'PDF_ENCRYPTED' });
  });

  it('reads a 500-page document page by page, reports progress, and stops when cancelled', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a long report, with enough words to be prose rather than a label.`);
    const bytes = makePdf({ pages: Array.from({ length: 500 }, () => lines) });
    const controller = new AbortController();
    const seen: number[] = [];
    const extraction = read(bytes, { signal: controller.signal, onPage: (done, total) => { seen.push(done); expect(total).toBe(500); if (done === 25) controller.abort(); } });
    await expect(extraction).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(seen.at(-1)).toBe(25);
  });

  it('reads all pages of a long document when not cancelled', async () => {
    const bytes = makePdf({ pages: Array.from({ length: 60 }, (_, p) => [`Page ${p + 1} begins a paragraph that goes on for a while, long enough to reach the margin of the page.`, 'It ends here.']) });
    let pages = 0;
    const paper = await read(bytes, { onPage: (done) => (pages = done) });
    expect(pages).toBe(60);
    expect(paper.paragraphs.length).toBeGreaterThan(0);
  });
});
