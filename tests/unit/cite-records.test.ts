import { describe, expect, it } from 'vitest';
import { primaryReference } from '../../shared/references/collect-references';
import { recordForPaper, recordForPrimary, recordForSecondary } from '../../shared/cite/work-record';
import type { LibraryPaper, Paper, Reference } from '../../shared/model/paper';
import { parseName } from '../../shared/references/parse-names';

const paper: Paper = {
  arxivId: '2104.01180', version: 'v2', source: 'arxiv-html', title: 'Qubit Routing using {GNN} & MCTS', authors: ['Animesh Sinha', 'Ludwig van Beethoven'], abstract: 'A.',
  sections: [], paragraphs: [], references: [],
  metadata: { submissions: [{ version: 'v1', date: '2021-04-02T17:05:27.000Z' }], subjects: ['quant-ph'], primaryCategory: 'quant-ph', published: '2021-04-02' },
};
const saved: LibraryPaper = { ...paper, id: 'arxiv:2104.01180', savedAt: '2026-01-01T00:00:00Z' };

describe('work records', () => {
  it('cites an arXiv paper as a preprint with its id, arXiv DOI and abs URL', () => {
    expect(recordForPaper(saved)).toEqual({
      id: 'arxiv:2104.01180', type: 'article', title: 'Qubit Routing using {GNN} & MCTS',
      author: [{ family: 'Sinha', given: 'Animesh' }, { family: 'van Beethoven', given: 'Ludwig' }],
      issued: { 'date-parts': [[2021]] }, number: 'arXiv:2104.01180', genre: 'Preprint', publisher: 'arXiv',
      DOI: '10.48550/arXiv.2104.01180', URL: 'https://arxiv.org/abs/2104.01180v2',
    });
    // A Paper that is not yet in the library gets the id it will have there.
    expect(recordForPaper(paper).id).toBe('arxiv:2104.01180');
  });

  it('cites a paper with a published DOI and journal reference as the journal article', () => {
    const published = { ...saved, metadata: { ...saved.metadata!, doi: '10.1103/x', journalRef: 'Phys. Rev. A 105' } };
    expect(recordForPaper(published)).toMatchObject({ type: 'article-journal', DOI: '10.1103/x', 'container-title': 'Phys. Rev. A 105' });
    expect(recordForPaper(published).number).toBeUndefined();
  });

  it('gives the primary reference the same record as its paper', () => {
    expect(recordForPrimary(primaryReference(saved))).toEqual(recordForPaper(saved));
    const published = { ...saved, metadata: { ...saved.metadata!, doi: '10.1103/x', journalRef: 'Phys. Rev. A 105' } };
    expect(recordForPrimary(primaryReference(published))).toEqual(recordForPaper(published));
    const local: LibraryPaper = { ...saved, id: 'doc:abc', arxivId: null, version: null, metadata: undefined, url: 'https://example.org/p.pdf' };
    expect(recordForPrimary(primaryReference(local))).toEqual(recordForPaper(local));
  });

  it('leaves out identifiers that fail the strict checks', () => {
    const hostile = { ...saved, arxivId: '2104.01180},x={y', metadata: { ...saved.metadata!, doi: '10.9999/x},title={Owned' }, url: 'javascript:alert(1)' };
    const record = recordForPaper(hostile);
    expect(record.DOI).toBeUndefined();
    expect(record.number).toBeUndefined();
    expect(record.URL).toBeUndefined();
  });

  it('builds a secondary record from the parsed CSL record when there is one, else from the flat fields', () => {
    const parsed: Reference = {
      id: 'bib.1', raw: 'L. Breiman. Random forests. Machine Learning, 45(1):5–32, 2001.', title: 'Random forests', authors: ['L. Breiman'], year: 2001, venue: 'Machine Learning',
      doi: '10.1023/A:1010933404324',
      csl: { type: 'article-journal', title: 'Random forests', author: [{ family: 'Breiman', given: 'L.' }], 'container-title': 'Machine Learning', volume: '45', issue: '1', page: '5–32', issued: { 'date-parts': [[2001]] }, DOI: '10.1023/A:1010933404324' },
    };
    expect(recordForSecondary(parsed)).toEqual({
      id: 'doi:10.1023/a:1010933404324', type: 'article-journal', title: 'Random forests', author: [{ family: 'Breiman', given: 'L.' }],
      issued: { 'date-parts': [[2001]] }, 'container-title': 'Machine Learning', volume: '45', issue: '1', page: '5–32', DOI: '10.1023/A:1010933404324',
    });
    const flat: Reference = { id: 'bib.2', raw: 'A. Sinha et al. Qubit routing. arXiv:2104.01180', title: 'Qubit routing', authors: ['Animesh Sinha'], year: 2021, arxivId: '2104.01180' };
    expect(recordForSecondary(flat)).toEqual({
      id: 'arxiv:2104.01180', type: 'article', title: 'Qubit routing', author: [{ family: 'Sinha', given: 'Animesh' }], issued: { 'date-parts': [[2021]] },
      number: 'arXiv:2104.01180', genre: 'Preprint', publisher: 'arXiv', DOI: '10.48550/arXiv.2104.01180', URL: 'https://arxiv.org/abs/2104.01180',
    });
    const preprintCsl: Reference = { id: 'bib.3', raw: 'x', csl: { type: 'article', title: 'Q', arxiv: '2104.01180v2' } };
    expect(recordForSecondary(preprintCsl)).toMatchObject({ type: 'article', number: 'arXiv:2104.01180', publisher: 'arXiv', DOI: '10.48550/arXiv.2104.01180' });
  });

  it('keeps an entry it could not parse, with its printed text as the title', () => {
    expect(recordForSecondary({ id: 'bib.9', raw: 'Some unparsable entry, 1999' })).toMatchObject({ title: 'Some unparsable entry, 1999' });
  });
});

describe('parseName', () => {
  it('reads one author written either way', () => {
    expect(parseName('Animesh Sinha')).toEqual({ family: 'Sinha', given: 'Animesh' });
    expect(parseName('Ludwig van Beethoven')).toEqual({ family: 'van Beethoven', given: 'Ludwig' });
    expect(parseName('Sinha, Animesh')).toEqual({ family: 'Sinha', given: 'Animesh' });
    expect(parseName('Smith JM')).toEqual({ family: 'Smith', given: 'JM' });
    expect(parseName('Plato')).toEqual({ family: 'Plato' });
    expect(parseName('Martin Luther King Jr.')).toEqual({ family: 'King Jr.', given: 'Martin Luther' });
  });
});
