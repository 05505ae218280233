/**
 * The real programs writers open exports with: pdflatex + bibtex for LaTeX and its .bib,
 * LibreOffice for a .docx; each PDF read back with pdftotext. A missing program throws
 * (ENOENT), so a test that needs it fails loudly rather than skipping. Needs the apt packages
 * texlive-latex-base, texlive-binaries, lmodern, libreoffice-writer-nogui, poppler-utils.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** pdftotext's words, one space apart (line breaks and hyphenation of long entries aside). */
function pdfWords(pdf: string, cwd: string): string {
  return run('pdftotext', ['-enc', 'UTF-8', pdf, '-'], cwd).replace(/-\n/g, '-').replace(/\s+/g, ' ');
}

export interface CompiledLatex {
  /** The PDF's text. */
  text: string;
  /** The bibliography bibtex wrote. */
  bbl: string;
  log: string;
}

/** `body` in a small article with `\bibliography{verbatim}` over `bib`, compiled as authors do (pdflatex, bibtex, pdflatex twice). */
export function compileLatex(body: string, bib: string): CompiledLatex {
  const dir = mkdtempSync(join(tmpdir(), 'verbatim-latex-'));
  writeFileSync(join(dir, 'verbatim.bib'), bib);
  writeFileSync(
    join(dir, 'main.tex'),
    ['\\documentclass{article}', '\\usepackage{lmodern}', '\\usepackage[T1]{fontenc}', '\\usepackage[utf8]{inputenc}', '\\begin{document}', body, '\\bibliographystyle{plain}', '\\bibliography{verbatim}', '\\end{document}', ''].join('\n'),
  );
  const latex = ['-interaction=nonstopmode', '-halt-on-error', '-no-shell-escape', 'main.tex'];
  run('pdflatex', latex, dir);
  run('bibtex', ['main'], dir);
  run('pdflatex', latex, dir);
  run('pdflatex', latex, dir);
  return { text: pdfWords('main.pdf', dir), bbl: readFileSync(join(dir, 'main.bbl'), 'utf8'), log: readFileSync(join(dir, 'main.log'), 'utf8') };
}

/** The text of a .docx as LibreOffice lays it out (converted to PDF headless, read with pdftotext). */
export function docxText(docx: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'verbatim-docx-'));
  writeFileSync(join(dir, 'answer.docx'), docx);
  // Its own profile folder: several LibreOffice runs at once would share (and lock) one.
  run('soffice', [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, 'answer.docx'], dir);
  return pdfWords('answer.pdf', dir);
}

/** Whitespace as pdftotext gives it: one space. */
export function words(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
