import { describe, expect, it } from 'vitest';
import { readAbsPage } from '../../shared/extract/abs-page';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import type { Paper } from '../../shared/model/paper';
import { toBibTeX as recordsToBibTeX, toCslJson } from '../../shared/cite/export-formats';
import { recordForPaper } from '../../shared/cite/work-record';

const toBibTeX = (p: Paper) => recordsToBibTeX([recordForPaper(p)], new Map());

const paper = (overrides: Partial<Paper>): Paper => ({
  arxivId: '2104.01180', version: 'v1', source: 'arxiv-html', title: 'Qubit {Routing} 100% \\fast', authors: ['Ada {Lovelace}'],
  abstract: '', sections: [], paragraphs: [], references: [], ...overrides,
});

/**
 * The field names of a BibTeX entry, read the way BibTeX reads it: only at brace depth 1, and
 * every brace counts, escaped or not (BibTeX matches braces before LaTeX sees a backslash).
 */
function bibtexFieldNames(entry: string): string[] {
  const names: string[] = [];
  let depth = 0;
  let token = '';
  for (let i = 0; i < entry.length; i++) {
    const ch = entry[i]!;
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (depth === 1 && ch === '=') names.push(token.trim().split(/[\s,]+/).pop()!);
    if (ch === ',' && depth === 1) token = '';
    else if (depth === 1) token += ch;
  }
  expect(depth).toBe(0);
  return names;
}

describe('BibTeX output', () => {
  it('omits a DOI that fails validation, so a paper cannot inject fields', () => {
    const hostile = paper({ metadata: { submissions: [], subjects: [], doi: '10.9999/x},title={Owned' } });
    const bibtex = toBibTeX(hostile);
    expect(bibtex).not.toContain('Owned');
    expect(bibtexFieldNames(bibtex).filter((name) => name === 'title')).toHaveLength(1);
    // arXiv's own DOI stands in for the refused one.
    expect(bibtex).toContain('doi = {10.48550/arXiv.2104.01180}');
    expect(JSON.parse(toCslJson([recordForPaper(hostile)]))[0].DOI).toBe('10.48550/arXiv.2104.01180');
  });

  it('escapes every free-text field and keeps braces balanced', () => {
    const bibtex = toBibTeX(paper({ authors: ['Ada {Lovelace', 'B}, and C'], metadata: { submissions: [], subjects: [], primaryCategory: 'cs.AI},x={y', doi: '10.1103/x', journalRef: 'J. {Tests} 1, 2 (2020)}' } }));
    expect(bibtexFieldNames(bibtex)).toEqual(['title', 'author', 'year', 'journal', 'url', 'doi']);
    expect(bibtex).toContain('title = {Qubit \\textbraceleft{}Routing\\textbraceright{} 100\\% \\textbackslash{}fast}');
    expect(bibtex).toContain('journal = {J. \\textbraceleft{}Tests\\textbraceright{} 1, 2 (2020)\\textbraceright{}}');
  });

  it('leaves out an invalid arXiv id and version rather than copying them', () => {
    const bibtex = toBibTeX(paper({ arxivId: '2104.01180},x={y', version: 'v1},z={w' }));
    expect(bibtexFieldNames(bibtex)).toEqual(['title', 'author']);
  });

  it('keeps a DOI with braces from the abs page out of the metadata', () => {
    const page = parseHtmlWithLinkedom(`<html><head>
      <meta name="citation_title" content="T"><meta name="citation_arxiv_id" content="2104.01180">
      <meta name="citation_doi" content="10.9999/x},title={Owned"></head><body></body></html>`);
    const metadata = readAbsPage(page, 'https://arxiv.org/abs/2104.01180');
    expect(metadata.metadata.doi).toBeUndefined();
    expect(metadata.metadata.arxivDoi).toBe('10.48550/arXiv.2104.01180');
  });
});
