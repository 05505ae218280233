import { describe, expect, it } from 'vitest';
import { formatAuthors, formatPrimary, formatSecondary } from '../../shared/references/format-reference';

describe('reference formatting (IEEE-like)', () => {
  it('abbreviates given names and joins authors', () => {
    expect(formatAuthors(['Animesh Sinha'])).toBe('A. Sinha');
    expect(formatAuthors(['Animesh Sinha', 'Utkarsh Azad'])).toBe('A. Sinha and U. Azad');
    expect(formatAuthors(['Animesh Sinha', 'Utkarsh Azad', 'Harjinder Singh'])).toBe('A. Sinha, U. Azad, and H. Singh');
    expect(formatAuthors(['A B', 'C D', 'E F', 'G H', 'I J', 'K L', 'M N'])).toBe('A. B et al.');
  });

  it('formats a saved paper and a cited work', () => {
    expect(formatPrimary({ paperId: 'arxiv:2104.01180', title: 'Qubit Routing', authors: ['Animesh Sinha'], arxivId: '2104.01180', version: 'v1', year: 2021 }))
      .toBe('A. Sinha, “Qubit Routing,” arXiv:2104.01180v1, 2021.');
    expect(formatSecondary({ id: 'b', raw: 'raw', title: 'Random forests', authors: ['L. Breiman'], venue: 'Machine learning', year: 2001, grain: 'fine', citedBy: [] }))
      .toBe('L. Breiman, “Random forests,” Machine learning, 2001.');
    expect(formatSecondary({ id: 'b', raw: 'Only the raw string.', grain: 'coarse', citedBy: [] })).toBe('Only the raw string.');
  });
});
