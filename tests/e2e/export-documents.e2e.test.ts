/**
 * Exported documents opened by the real programs writers use: the LaTeX and its .bib compiled
 * with pdflatex + bibtex, the .docx converted by LibreOffice; the PDFs read back with pdftotext.
 * (CI installs texlive-latex-base, texlive-binaries, libreoffice-writer-nogui, poppler-utils.)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerExtractively, LibrarySnapshot } from '../../shared/answer/extractive';
import { exportAnswer, exportQuotes } from '../../shared/export/build-export-document';
import type { ExportDocument } from '../../shared/export/export-document';
import { bibFile } from '../../shared/export/export-files';
import { toDocx } from '../../shared/export/to-docx';
import { toLatex } from '../../shared/export/to-latex';
import { asLibraryPaper, fixturePaper } from '../support/fixtures';
import { compileLatex, pdfWords } from '../support/compile-latex';
import { fixturePath, SAMPLE_PAPER } from '../../tools/fixture-papers';
import { main } from '../../cli/main';

// As the extension saves it: with its arXiv id, which gives the year and the abs-page link.
const QROUTE = asLibraryPaper({ ...fixturePaper(SAMPLE_PAPER.folder), arxivId: SAMPLE_PAPER.arxivId, version: SAMPLE_PAPER.version });
const PAPERS = new Map([[QROUTE.id, QROUTE]]);

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function compileDocument(document: ExportDocument) {
  return compileLatex(toLatex(document), bibFile(document));
}

describe('LaTeX + .bib with pdflatex and bibtex', () => {
  it('compiles an answer; the PDF lists exactly the cited works and resolves every citation', () => {
    const answer = answerExtractively('How is the Monte Carlo tree search guided?', LibrarySnapshot.fromPapers([QROUTE]));
    const document = exportAnswer(answer, PAPERS, { style: 'ieee' });
    const { text, bbl, log } = compileDocument(document);
    expect(log).not.toMatch(/Citation `[^']+' .*undefined/);
    expect(log).not.toMatch(/There were undefined references/);
    expect(text).not.toContain('[?');
    expect([...bbl.matchAll(/\\bibitem\{([^}]+)\}/g)].map((m) => m[1]).sort()).toEqual([...document.keys.values()].sort());
    // The paper's title (plain.bst sets titles in sentence case) and the citation with its locator are in the PDF.
    expect(text.toLowerCase()).toContain(QROUTE.title.split(' ').slice(0, 4).join(' ').toLowerCase());
    expect(text).toMatch(/\[\d+, §[\w.]+ ¶\d+\]/);
  });

  it('prints a quote full of TeX as written: no command runs, nothing is swallowed', () => {
    const hostile = String.raw`Loss is 5% lower}\input{/etc/hostname} & \def\x{y} $a_b^c$ #1 ~ \\ end.`;
    const paragraph = QROUTE.paragraphs.find((p) => p.kind === 'text')!;
    const poisoned = { ...QROUTE, paragraphs: QROUTE.paragraphs.map((p) => (p.id === paragraph.id ? { ...p, text: hostile, citations: [] } : p)) };
    const document = exportQuotes([{ paperId: QROUTE.id, paragraphId: paragraph.id, start: 0, end: hostile.length }], new Map([[QROUTE.id, poisoned]]), { style: 'ieee' });
    const { text, log } = compileDocument(document);
    expect(log).not.toContain('/etc/hostname)');
    expect(text).toContain(String.raw`Loss is 5% lower}\input{/etc/hostname} & \def\x{y} $a_b^c$ #1 ~ \\ end.`);
  });
});

describe('.docx with LibreOffice', () => {
  it.each(['apa', 'ieee'] as const)('opens; the citations and the bibliography in %s are in its text', async (style) => {
    const answer = answerExtractively('How is the Monte Carlo tree search guided?', LibrarySnapshot.fromPapers([QROUTE]));
    const document = exportAnswer(answer, PAPERS, { style });
    const dir = mkdtempSync(join(tmpdir(), 'verbatim-docx-'));
    writeFileSync(join(dir, 'answer.docx'), await toDocx(document));
    // Its own profile folder: several LibreOffice runs at once would share (and lock) one.
    run('soffice', [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, 'answer.docx'], dir);
    const text = pdfWords('answer.pdf', dir);
    const words = (s: string) => s.replace(/\s+/g, ' ').trim();
    for (const block of document.blocks) for (const c of block.citations) expect(text).toContain(words(c.text));
    expect(text).toContain('References');
    for (const entry of [...document.bibliography, ...document.secondary]) expect(text).toContain(words(entry.text).slice(0, 40));
    expect(text).toContain('Works cited in the quoted passages');
  });

  it('sets a raised style\'s citations (Nature) as superscript, which LibreOffice reads back as such', async () => {
    const answer = answerExtractively('How is the Monte Carlo tree search guided?', LibrarySnapshot.fromPapers([QROUTE]));
    const document = exportAnswer(answer, PAPERS, { style: 'nature' });
    expect(document.blocks.flatMap((b) => b.citations).every((c) => c.superscript)).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'verbatim-docx-sup-'));
    writeFileSync(join(dir, 'answer.docx'), await toDocx(document));
    run('soffice', [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', 'html', '--outdir', dir, 'answer.docx'], dir);
    const html = readFileSync(join(dir, 'answer.html'), 'utf8');
    // The number raised, right after the passage's closing mark; the locator after it, on the line.
    expect(html).toMatch(/<sup>(?:<[^>]+>)*1(?:<\/[^>]+>)*<\/sup>/);
  });

  it('`verbatim ask --docx FILE --style NAME` writes one that opens, in that style (numeric and author-date)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verbatim-cli-docx-'));
    process.env.VERBATIM_CACHE_DIR = join(dir, 'cache');
    const library = join(fixturePath(SAMPLE_PAPER.folder, 'paper.latexml.html'), '..');
    for (const [style, citation, entry] of [
      ['ieee', /\[1\] \(§[^)]+\)/, /References \[1\] A\. Sinha, U\. Azad, and H\. Singh,/],
      ['apa', /\(Sinha et al\., [^)]+\) \(§[^)]+\)/, /References Sinha, A\., Azad, U\., & Singh, H\./],
    ] as const) {
      const errors: string[] = [];
      const code = await main(['ask', 'How is the Monte Carlo tree search guided?', '--library', library, '--docx', join(dir, `${style}.docx`), '--style', style], () => {}, (t) => errors.push(t));
      expect(code, errors.join('\n')).toBe(0);
      run('soffice', [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, `${style}.docx`], dir);
      const text = pdfWords(`${style}.pdf`, dir);
      expect(text).toMatch(citation);
      expect(text).toMatch(entry);
      expect(text).toContain('Works cited in the quoted passages');
    }
  });
});
