/** Real pdflatex + bibtex on a LaTeX body and its .bib, the PDF read back with pdftotext (CI installs TeX Live and poppler). */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** pdftotext's words, one space apart (line breaks and hyphenation of long entries aside). */
export function pdfWords(pdf: string, cwd: string): string {
  return run('pdftotext', ['-enc', 'UTF-8', pdf, '-'], cwd).replace(/-\n/g, '-').replace(/\s+/g, ' ');
}

export function compileLatex(body: string, bib: string): { text: string; bbl: string; log: string } {
  const dir = mkdtempSync(join(tmpdir(), 'verbatim-latex-'));
  writeFileSync(join(dir, 'verbatim.bib'), bib);
  writeFileSync(
    join(dir, 'main.tex'),
    ['\\documentclass{article}', '\\usepackage{lmodern}', '\\usepackage[T1]{fontenc}', '\\begin{document}', body, '\\bibliographystyle{plain}', '\\bibliography{verbatim}', '\\end{document}', ''].join('\n'),
  );
  const latex = ['-interaction=nonstopmode', '-halt-on-error', '-no-shell-escape', 'main.tex'];
  run('pdflatex', latex, dir);
  run('bibtex', ['main'], dir);
  run('pdflatex', latex, dir);
  run('pdflatex', latex, dir);
  return { text: pdfWords('main.pdf', dir), bbl: readFileSync(join(dir, 'main.bbl'), 'utf8'), log: readFileSync(join(dir, 'main.log'), 'utf8') };
}
