import { describe, expect, it } from 'vitest';
import { readAbsPage, readSubmissionHistory } from '../../shared/extract/abs-page';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { absPage } from '../../tools/arxiv-standin';

const INFO = { title: 'Qubit Routing using Graph Neural Network aided Monte Carlo Tree Search', authors: ['Animesh Sinha', 'Utkarsh Azad', 'Harjinder Singh'], abstract: 'Near-term quantum hardware can support two-qubit operations.' };

describe('readAbsPage', () => {
  const page = absPage({ arxivId: '2104.01180', version: 'v1', hasHtml: true }, INFO, {
    versions: ['v1', 'v2'],
    comments: '12 pages, 9 figures',
    journalRef: 'Phys. Rev. A 105, 012345 (2022)',
    doi: '10.1103/PhysRevA.105.012345',
  });
  const abs = readAbsPage(parseHtmlWithLinkedom(page), 'https://arxiv.org/abs/2104.01180');

  it('reads the citation_* tags, authors in order as "Given Family"', () => {
    expect(abs).toMatchObject({ arxivId: '2104.01180', title: INFO.title, authors: INFO.authors, abstract: INFO.abstract, withdrawn: false });
    expect(abs.pdfUrl).toBe('https://arxiv.org/pdf/2104.01180');
  });

  it('takes the latest version from the submission history, and the HTML link for it', () => {
    expect(abs.version).toBe('v2');
    expect(abs.htmlUrl).toBe('https://arxiv.org/html/2104.01180v2');
    expect(abs.metadata.submissions).toEqual([
      { version: 'v1', date: '2021-04-02T17:05:27.000Z', size: '1,004 KB' },
      { version: 'v2', date: '2021-07-12T09:41:03.000Z', size: '1,014 KB' },
    ]);
  });

  it('reads subjects, comments, journal reference, DOIs and license', () => {
    expect(abs.metadata).toMatchObject({
      primaryCategory: 'quant-ph',
      subjects: ['quant-ph', 'cs.LG'],
      comments: '12 pages, 9 figures',
      journalRef: 'Phys. Rev. A 105, 012345 (2022)',
      doi: '10.1103/PhysRevA.105.012345',
      arxivDoi: '10.48550/arXiv.2104.01180',
      license: 'http://creativecommons.org/licenses/by/4.0/',
      published: '2021-04-02',
    });
  });

  it('keeps the version asked for in the URL', () => {
    expect(readAbsPage(parseHtmlWithLinkedom(page), 'https://arxiv.org/abs/2104.01180v1').version).toBe('v1');
  });

  it('reads old-style ids and withdrawal notices', () => {
    const old = readAbsPage(parseHtmlWithLinkedom(absPage({ arxivId: 'hep-th/9901001', version: 'v3', hasHtml: false }, INFO, { versions: ['v1', 'v2', 'v3'], withdrawn: true })), 'https://arxiv.org/abs/hep-th/9901001');
    expect(old).toMatchObject({ arxivId: 'hep-th/9901001', version: 'v3', withdrawn: true });
    expect(old.htmlUrl).toBeUndefined();
  });

  it('parses history lines as arXiv prints them', () => {
    expect(readSubmissionHistory('[v1] Wed, 31 May 2023 17:59:10 UTC (8,190 KB) [v2] Tue, 31 Oct 2023 00:50:19 UTC (8,281 KB)').map((v) => v.date)).toEqual(['2023-05-31T17:59:10.000Z', '2023-10-31T00:50:19.000Z']);
  });
});
