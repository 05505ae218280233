import { describe, expect, it } from 'vitest';
import { formatCitations, parseCitationFormat } from '../../shared/cite/cite-formats';
import { citationLabel, citationLabels, formatEntries } from '../../shared/cite/format-entries';
import { citedLocator, passageLocator } from '../../shared/cite/locator';
import { recordForPrimary, recordForSecondary } from '../../shared/cite/work-record';
import type { Paper } from '../../shared/model/paper';
import { CITE_LIBRARY, JOURNAL, PREPRINT, SAME_YEAR_A, SAME_YEAR_B } from '../support/cite-library';

const primary = { paperId: 'arxiv:2104.01180', title: 'Qubit Routing using Graph Neural Network aided Monte Carlo Tree Search', authors: ['Animesh Sinha', 'Utkarsh Azad', 'Harjinder Singh'], arxivId: '2104.01180', version: 'v2', year: 2021, doi: '10.48550/arXiv.2104.01180' };
const secondary = { id: 'bib.bib30', raw: 'L. Breiman (2001) Random forests.', title: 'Random forests', authors: ['L. Breiman'], year: 2001, venue: 'Machine learning', grain: 'fine' as const, citedBy: [] };

describe('single entries and labels', () => {
  it('gives entries without numbers, in the order asked, in any style', () => {
    expect(formatEntries([recordForPrimary(primary), recordForSecondary(secondary)], 'ieee').map((e) => e.text)).toEqual([
      'A. Sinha, U. Azad, and H. Singh, “Qubit Routing using Graph Neural Network aided Monte Carlo Tree Search,” 2021, arXiv: 2104.01180. doi: 10.48550/arXiv.2104.01180.',
      'L. Breiman, “Random forests,” Machine learning, 2001.',
    ]);
    expect(formatEntries([recordForSecondary(secondary)], 'apa')[0]!.text).toBe('Breiman, L. (2001). Random forests. Machine Learning.');
    expect(formatEntries([JOURNAL, PREPRINT], 'nature').map((e) => e.id)).toEqual([JOURNAL.id, PREPRINT.id]);
  });

  it('labels works cited alone, disambiguated among the works labelled together', () => {
    expect(citationLabel(recordForPrimary(primary), 'apa')).toBe('(Sinha et al., 2021)');
    expect(citationLabel(recordForPrimary(primary), 'harvard')).toBe('(Sinha, Azad and Singh, 2021)');
    expect([...citationLabels([SAME_YEAR_A, SAME_YEAR_B], 'apa').values()]).toEqual(['(Smith, 2020b)', '(Smith, 2020a)']);
  });
});

describe('formatCitations', () => {
  it('writes the works as a reference list in a style, or as BibTeX, RIS, CSL-JSON', () => {
    expect(formatCitations([PREPRINT], 'text', 'ieee')).toMatch(/^\[1\] A\. Sinha, U\. Azad, and H\. Singh/);
    expect(formatCitations([PREPRINT, JOURNAL], 'text', 'apa').split('\n')).toHaveLength(2);
    expect(formatCitations([PREPRINT], 'html', 'apa')).toMatch(/^<div class="csl-entry">Sinha, A\./);
    expect(formatCitations([PREPRINT], 'bibtex', 'apa')).toMatch(/^@misc\{sinha2021qubit,/);
    expect(formatCitations([PREPRINT], 'ris', 'apa')).toMatch(/^TY {2}- UNPB/);
    expect(JSON.parse(formatCitations(CITE_LIBRARY, 'csl-json', 'apa'))).toHaveLength(CITE_LIBRARY.length);
  });

  it('names an unknown format', () => {
    expect(parseCitationFormat('RIS')).toBe('ris');
    expect(() => parseCitationFormat('docx')).toThrow(expect.objectContaining({ code: 'CITATION_FORMAT_UNKNOWN' }));
  });
});

describe('passage locators', () => {
  const paper: Paper = {
    arxivId: null, version: null, source: 'pdf', title: 'T', authors: [], abstract: '', references: [],
    sections: [{ id: 's1', title: 'Introduction', level: 1, parentId: null, number: '1' }, { id: 's2', title: 'Related work', level: 1, parentId: null }],
    paragraphs: [
      { id: 'p1', sectionId: 's1', kind: 'text', text: 'a', citations: [], page: 1 },
      { id: 'p2', sectionId: 's1', kind: 'text', text: 'b', citations: [], page: 2 },
      { id: 'p3', sectionId: 's2', kind: 'text', text: 'c', citations: [] },
    ],
  };

  it('names the section by its number (else its title), the paragraph by its place in it, and the page', () => {
    expect(passageLocator(paper, 'p2')).toEqual({ section: '1', paragraph: 2, page: 2 });
    expect(passageLocator(paper, 'p3')).toEqual({ section: 'Related work', paragraph: 1 });
    expect(passageLocator(paper, 'nope')).toEqual({});
  });

  it('turns a locator into the one CSL locator a citation carries', () => {
    expect(citedLocator({ section: '1', paragraph: 2, page: 2 })).toEqual({ locator: '2', label: 'page' });
    expect(citedLocator({ section: '2.1', paragraph: 3 })).toEqual({ locator: '2.1, ¶ 3', label: 'section' });
    expect(citedLocator({})).toEqual({});
  });
});
