import { describe, expect, it } from 'vitest';
import { authorYearLabel, cslFromPrimary, cslFromSecondary, formatPrimaryEntries, formatSecondaryEntries, toBibTeXEntries } from '../../shared/references/reference-styles';

const primary = { paperId: 'arxiv:2104.01180', title: 'Qubit Routing using Graph Neural Network aided Monte Carlo Tree Search', authors: ['Animesh Sinha', 'Utkarsh Azad', 'Harjinder Singh'], arxivId: '2104.01180', version: 'v2', year: 2021, doi: '10.48550/arXiv.2104.01180' };
const secondary = { id: 'bib.bib30', raw: 'L. Breiman (2001) Random forests.', title: 'Random forests', authors: ['L. Breiman'], year: 2001, venue: 'Machine learning', grain: 'fine' as const, citedBy: [] };

describe('reference styles', () => {
  it('formats numeric entries IEEE-like and author-year entries as APA', () => {
    expect(formatPrimaryEntries([primary], 'numeric')).toEqual(['A. Sinha, U. Azad, and H. Singh, “Qubit Routing using Graph Neural Network aided Monte Carlo Tree Search,” arXiv:2104.01180v2, 2021.']);
    expect(formatPrimaryEntries([primary], 'author-year')).toEqual(['Sinha, A., Azad, U., & Singh, H. (2021). Qubit Routing using Graph Neural Network aided Monte Carlo Tree Search. arXiv:2104.01180v2. https://doi.org/10.48550/arXiv.2104.01180']);
    expect(formatSecondaryEntries([secondary], 'author-year')).toEqual(['Breiman, L. (2001). Random forests. Machine Learning.']);
    expect(authorYearLabel(cslFromPrimary(primary))).toBe('(Sinha et al., 2021)');
  });

  it("exports BibTeX for an answer's sources", () => {
    const bibtex = toBibTeXEntries([cslFromPrimary(primary), cslFromSecondary(secondary, 's0')]);
    expect(bibtex).toMatch(/@article\{Sinha2021Qubit,[\s\S]*doi = \{10\.48550\/arXiv\.2104\.01180\}/);
    expect(bibtex).toMatch(/@article\{Breiman2001Random,[\s\S]*journal = \{Machine learning\}/);
  });
});
