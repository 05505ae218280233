import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assignCitationKeys } from '../../shared/cite/citation-keys';
import { toBibTeX, toCslJson, toRis } from '../../shared/cite/export-formats';
import { recordForPaper } from '../../shared/cite/work-record';
import type { Paper } from '../../shared/model/paper';
import { BOOK, CITE_LIBRARY, CONFERENCE, JOURNAL, PREPRINT } from '../support/cite-library';

const paper: Paper = {
  arxivId: '2104.01180', version: 'v2', source: 'arxiv-html', title: 'Qubit Routing using {GNN} & MCTS', authors: ['Animesh Sinha', 'Ludwig van Beethoven'], abstract: 'A.',
  sections: [], paragraphs: [], references: [],
  metadata: { submissions: [{ version: 'v1', date: '2021-04-02T17:05:27.000Z' }], subjects: ['quant-ph'], primaryCategory: 'quant-ph', published: '2021-04-02' },
};

describe('BibTeX', () => {
  it('writes an arXiv paper as @misc with eprint, arXiv DOI and the versioned abs URL', () => {
    const record = recordForPaper(paper);
    expect(toBibTeX([record], new Map())).toBe(`@misc{sinha2021qubit,
  title = {Qubit Routing using \\textbraceleft{}GNN\\textbraceright{} \\& MCTS},
  author = {Sinha, Animesh and van Beethoven, Ludwig},
  year = {2021},
  eprint = {2104.01180},
  archivePrefix = {arXiv},
  url = {https://arxiv.org/abs/2104.01180v2},
  doi = {10.48550/arXiv.2104.01180}
}
`);
  });

  it('writes each kind of work with its BibTeX type and fields, under the keys given', () => {
    const keys = assignCitationKeys(CITE_LIBRARY);
    const bib = toBibTeX([JOURNAL, CONFERENCE, BOOK], keys);
    expect(bib).toContain('@article{breiman2001random,\n  title = {Random forests},');
    expect(bib).toContain('journal = {Machine Learning}');
    expect(bib).toContain('pages = {5--32}');
    expect(bib).toContain('@inproceedings{vaswani2017attention,');
    expect(bib).toContain('booktitle = {Advances in Neural Information Processing Systems}');
    expect(bib).toContain('@book{goodfellow2016deep,');
    expect(bib).toContain('address = {Cambridge, MA}');
    expect(toBibTeX([JOURNAL], new Map([[JOURNAL.id, 'myKey']]))).toMatch(/^@article\{myKey,/);
  });
});

describe('RIS and CSL-JSON', () => {
  it('writes RIS with one tag per line, and a value cannot start a new tag', () => {
    const hostile = { ...JOURNAL, title: 'Random\nER  - \nTY  - JOUR\nTI  - injected' };
    const ris = toRis([hostile, PREPRINT]);
    expect(ris.split('\n').filter((line) => line.startsWith('TY  - '))).toEqual(['TY  - JOUR', 'TY  - UNPB']);
    expect(ris).toContain('TI  - Random ER  - TY  - JOUR TI  - injected\n');
    expect(ris).toContain('AU  - Breiman, Leo');
    expect(ris).toContain('SP  - 5\nEP  - 32');
    expect(ris).toContain('AN  - arXiv:2104.01180');
    expect(ris).toContain('DO  - 10.48550/arXiv.2104.01180');
    expect(ris.trimEnd().endsWith('ER  -')).toBe(true);
  });

  it('writes CSL-JSON that reads back as the same records', () => {
    expect(JSON.parse(toCslJson(CITE_LIBRARY))).toEqual(CITE_LIBRARY);
  });
});

describe('a .bib from toBibTeX, compiled by bibtex and pdflatex', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verbatim-bibtex-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function tool(name: string): string {
    for (const folder of (process.env.PATH ?? '').split(':')) if (existsSync(join(folder, name))) return join(folder, name);
    throw new Error(`${name} is not installed: apt-get install -y texlive-latex-base texlive-binaries poppler-utils`);
  }

  it('typesets every entry, hostile text included, and the PDF says what the records say', () => {
    const hostile = { ...CONFERENCE, id: 'hostile', title: 'Costs of 100% & $5 #1 under_score ~ ^ \\input{/etc/passwd} {unbalanced', author: [{ family: 'O\'Neil}', given: 'M{' }] };
    const records = [...CITE_LIBRARY, hostile];
    const keys = assignCitationKeys(records);
    writeFileSync(join(dir, 'refs.bib'), toBibTeX(records, keys));
    writeFileSync(join(dir, 'doc.tex'), `\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\usepackage[utf8]{inputenc}\n\\usepackage{url}\n\\begin{document}\nCited: ${[...keys.values()].map((k) => `\\cite{${k}}`).join(' ')}.\n\\bibliographystyle{plain}\n\\bibliography{refs}\n\\end{document}\n`);
    const run = (name: string, args: string[]) => execFileSync(tool(name), args, { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    run('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'doc.tex']);
    const bibtexLog = run('bibtex', ['doc']);
    expect(bibtexLog).not.toMatch(/error message/);
    run('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'doc.tex']);
    run('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'doc.tex']);
    run('pdftotext', ['-layout', 'doc.pdf', 'doc.txt']);
    const text = readFileSync(join(dir, 'doc.txt'), 'utf8').replace(/\s+/g, ' ');
    expect(text).not.toContain('[?]');
    expect(text).toMatch(/Random forests/);
    expect(text).toMatch(/Qubit routing/i);
    expect(text).toContain('Deep learning');
    expect(text).toMatch(/Costs of 100% & \$5 #1 under_score/);
    expect(text).not.toContain('root:');
    expect(readFileSync(join(dir, 'doc.bbl'), 'utf8').match(/\\bibitem/g)).toHaveLength(records.length);
  });
});
