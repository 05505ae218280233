/**
 * Exported documents opened by the real programs writers use: the LaTeX and its .bib compiled
 * with pdflatex + bibtex, the .docx (from the builder and from `verbatim ask --docx`) converted
 * by LibreOffice; the PDFs read back with pdftotext.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main';
import { answerExtractively, LibrarySnapshot } from '../../shared/answer/extractive';
import { exportAnswer, exportQuotes } from '../../shared/export/build-export-document';
import type { ExportDocument } from '../../shared/export/export-document';
import { bibFile } from '../../shared/export/export-files';
import { toDocx } from '../../shared/export/to-docx';
import { toLatex } from '../../shared/export/to-latex';
import { fixturePath } from '../../tools/fixture-papers';
import { compileLatex, docxText, words } from '../support/export-programs';
import { asLibraryPaper, fixturePaper } from '../support/fixtures';

const QROUTE = asLibraryPaper(fixturePaper('qroute-gnn-mcts-revtex'));
const PAPERS = new Map([[QROUTE.id, QROUTE]]);
const QUESTION = 'How is the Monte Carlo tree search guided?';

function answerDocument(style: 'ieee' | 'apa'): ExportDocument {
  return exportAnswer(answerExtractively(QUESTION, LibrarySnapshot.fromPapers([QROUTE])), PAPERS, { style });
}

/** The citation marks and every entry of the bibliography, in the document's style, are in the text. */
function expectCitationsAndBibliography(text: string, document: ExportDocument): void {
  for (const block of document.blocks) for (const c of block.citations) expect(text).toContain(words(c.text));
  expect(text).toContain('References');
  for (const entry of [...document.bibliography, ...document.secondary]) expect(text).toContain(words(entry.text).slice(0, 40));
  expect(text).toContain('Works cited in the quoted passages');
}

describe('LaTeX + .bib with pdflatex and bibtex', () => {
  it('compiles an answer; the PDF lists exactly the cited works and resolves every citation', () => {
    const document = answerDocument('ieee');
    const { text, bbl, log } = compileLatex(toLatex(document), bibFile(document));
    expect(log).not.toMatch(/Citation `[^']+' .*undefined/);
    expect(log).not.toMatch(/There were undefined references/);
    expect(text).not.toContain('[?');
    expect([...bbl.matchAll(/\\bibitem\{([^}]+)\}/g)].map((m) => m[1]).sort()).toEqual([...document.keys.values()].sort());
    // BibTeX's plain style lowercases titles: the paper's title, whatever its case, and the citation with its locator.
    expect(text.toLowerCase()).toContain(QROUTE.title.split(' ').slice(0, 4).join(' ').toLowerCase());
    expect(text).toMatch(/\[\d+, §[\w.]+ ¶\d+\]/);
  });

  it('prints a quote full of TeX as written: no command runs, nothing is swallowed', () => {
    const hostile = String.raw`Loss is 5% lower}\input{/etc/hostname} & \def\x{y} $a_b^c$ #1 ~ \\ end.`;
    const paragraph = QROUTE.paragraphs.find((p) => p.kind === 'text')!;
    const poisoned = { ...QROUTE, paragraphs: QROUTE.paragraphs.map((p) => (p.id === paragraph.id ? { ...p, text: hostile, citations: [] } : p)) };
    const document = exportQuotes([{ paperId: QROUTE.id, paragraphId: paragraph.id, start: 0, end: hostile.length }], new Map([[QROUTE.id, poisoned]]), { style: 'ieee' });
    const { text, log } = compileLatex(toLatex(document), bibFile(document));
    expect(log).not.toContain('/etc/hostname)');
    expect(text).toContain(hostile);
  });
});

describe('.docx with LibreOffice', () => {
  it.each(['apa', 'ieee'] as const)('opens; the citations and the bibliography in %s are in its text', async (style) => {
    const document = answerDocument(style);
    expectCitationsAndBibliography(docxText(await toDocx(document)), document);
  });

  it('`verbatim ask --docx --style` writes one that opens, in that style', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verbatim-cli-docx-'));
    process.env.VERBATIM_CACHE_DIR = join(dir, 'cache');
    const library = join(fixturePath('qroute-gnn-mcts-revtex', 'paper.latexml.html'), '..');
    const errors: string[] = [];
    for (const style of ['apa', 'ieee'] as const) {
      const file = join(dir, `${style}.docx`);
      const code = await main(['ask', QUESTION, '--library', library, '--docx', file, '--style', style], () => {}, (t) => errors.push(t));
      expect(code, errors.join('\n')).toBe(0);
      const text = docxText(readFileSync(file));
      // The CLI reads the same fixture, so its document is the one the builder makes.
      expectCitationsAndBibliography(text, answerDocument(style));
    }
  });
});
