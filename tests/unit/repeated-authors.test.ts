import { describe, expect, it } from 'vitest';
import { toReferences } from '../../shared/pdf/references';
import { findCitations } from '../../shared/pdf/citations';
import { REPEATED_AUTHORS } from '../../shared/references/repeated-authors';

describe('repeated authors', () => {
  it('a dash rule for the names is told from a dash in a title or a page range', () => {
    for (const raw of ['—. 2011, 1331, 56', '———, A second paper, 2019.', '--. 2011, AJ, 1', '— 2011, ApJ']) expect(REPEATED_AUTHORS.test(raw), raw).toBe(true);
    for (const raw of ['Perets, H. B. 2010, arXiv e-prints', '-based methods, 2011', '12–15, 2011']) expect(REPEATED_AUTHORS.test(raw), raw).toBe(false);
  });

  it('an entry that opens with a dash has the authors of the entry before it, in its record too, so an author-year citation links to it', () => {
    const references = toReferences([
      { text: 'Perets, H. B. 2010, arXiv e-prints, arXiv:1001.0581.' },
      { text: '—. 2011, AIP Conference Proceedings, 1331, 56, doi: 10.1063/1.3556185' },
      { text: 'Perets, H. B., & Kratter, K. M. 2012, The Astrophysical Journal, 760, 99' },
    ]);
    expect(references[1]!.authors).toEqual(references[0]!.authors);
    expect(references[1]!.csl?.author?.[0]?.family).toBe('Perets');
    expect(references[2]!.authors).toHaveLength(2);
    const citations = findCitations('Perets (2010, 2011) describe a formation channel.', references);
    expect(citations.map((c) => c.referenceIds)).toEqual([['ref1', 'ref2']]);
  });
});
