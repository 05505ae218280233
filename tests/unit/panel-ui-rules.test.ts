/** The side panel's small rules: zoom compensation, the library's order and filter, chip names, where "open in paper" goes. */
import { describe, expect, it } from 'vitest';
import { filterAndSortPapers, formatBytes, paperYear } from '../../entrypoints/sidepanel/library-order';
import type { PaperSummary } from '../../shared/library/library-store';
import { quoteFromHash } from '../../shared/library/quote-fragment';
import { shortPaperName } from '../../ui/CitationChip';
import { paperLocationUrl } from '../../ui/open-in-paper';
import { readPdfViewerQuery } from '../../ui/pdf-viewer-link';
import type { Passage } from '../../ui/passage';
import { pageZoomFromPixelRatio } from '../../ui/zoom-compensation';

const paper = (over: Partial<PaperSummary>): PaperSummary => ({ id: 'x', arxivId: null, version: null, source: 'arxiv-html', title: 'T', authors: [], savedAt: '2026-01-01T00:00:00Z', paragraphCount: 1, referenceCount: 0, citationCount: 0, ...over });

describe('side panel rules', () => {
  it('compensates page zoom only when the ratio says the page is zoomed out', () => {
    expect(pageZoomFromPixelRatio(0.75)).toBe(0.75);
    expect(pageZoomFromPixelRatio(0.5)).toBe(0.5);
    for (const ratio of [1, 1.5, 2, 0, Number.NaN]) expect(pageZoomFromPixelRatio(ratio)).toBe(1);
  });

  it('filters by every typed word over title, authors, arXiv id and tags, and sorts by saved date, title or year', () => {
    const a = paper({ id: 'a', title: 'Qubit routing', authors: ['A. Sinha'], arxivId: '2104.01180', savedAt: '2026-01-01T00:00:01Z', tags: ['to read'] });
    const b = paper({ id: 'b', title: 'Author disambiguation', authors: ['G. Louppe'], arxivId: '1508.07744', savedAt: '2026-01-01T00:00:02Z' });
    const c = paper({ id: 'c', title: 'Notes', arxivId: 'cs/0112017', savedAt: '2026-01-01T00:00:03Z' });
    const ids = (list: PaperSummary[]) => list.map((p) => p.id);
    expect(ids(filterAndSortPapers([a, b, c], '', 'saved'))).toEqual(['c', 'b', 'a']);
    expect(ids(filterAndSortPapers([a, b, c], '', 'title'))).toEqual(['b', 'c', 'a']);
    expect(ids(filterAndSortPapers([a, b, c], '', 'year'))).toEqual(['a', 'b', 'c']);
    expect(ids(filterAndSortPapers([a, b, c], 'ROUTING sinha', 'saved'))).toEqual(['a']);
    expect(ids(filterAndSortPapers([a, b, c], 'to read', 'saved'))).toEqual(['a']);
    expect(ids(filterAndSortPapers([a, b, c], '1508', 'saved'))).toEqual(['b']);
    expect(ids(filterAndSortPapers([a, b, c], 'routing louppe', 'saved'))).toEqual([]);
    expect([paperYear(a), paperYear(c)]).toEqual([2021, undefined]);
    expect([formatBytes(512), formatBytes(4_500_000), formatBytes(25 * 1024 * 1024)]).toEqual(['512 B', '4.3 MB', '25 MB']);
  });

  it('names a paper on a chip by its first author and year, else by its first title words', () => {
    expect(shortPaperName({ title: 'Qubit Routing', authors: ['Animesh Sinha', 'Utkarsh Azad'], year: 2021 })).toBe('Sinha et al. 2021');
    expect(shortPaperName({ title: 'Notes', authors: ['R. Stuart Geiger'] })).toBe('Geiger');
    expect(shortPaperName({ title: 'The Rise and Fall of the Note', authors: [] })).toBe('The Rise and Fall…');
  });

  it('opens arXiv HTML at the quote, a PDF at its page, and nothing for a paper with no address', () => {
    const base: Passage = { paperId: 'arxiv:2104.01180', paragraphId: 'p1', paperTitle: 'T', sectionTitle: '', text: 'We propose a routing method.', highlightStart: 3, highlightEnd: 20, arxivId: '2104.01180', version: 'v1', source: 'arxiv-html' };
    const html = paperLocationUrl(base)!;
    expect(html.startsWith('https://arxiv.org/html/2104.01180v1#')).toBe(true);
    expect(quoteFromHash(new URL(html).hash)).toBe('propose a routing');
    expect(paperLocationUrl({ ...base, source: 'pdf', page: 4 })).toBe('https://arxiv.org/pdf/2104.01180v1#page=4');
    const boxes = [{ page: 4, x: 72.04, y: 600, width: 450, height: 80 }, { page: 5, x: 72, y: 700, width: 450, height: 40 }];
    const viewer = paperLocationUrl({ ...base, source: 'pdf', page: 4, boxes }, { pdfViewer: (query) => `chrome-extension://id/pdf-viewer.html?${query}` })!;
    expect(readPdfViewerQuery(new URL(viewer).search)).toEqual({ src: 'https://arxiv.org/pdf/2104.01180v1', page: 4, boxes: [{ x: 72, y: 600, width: 450, height: 80 }], quote: 'propose a routing' });
    // A paper read from ar5iv goes back to ar5iv (arxiv.org/html has no page for it).
    const ar5iv = paperLocationUrl({ ...base, fullTextUrl: 'https://ar5iv.labs.arxiv.org/html/2104.01180' })!;
    expect(ar5iv.startsWith('https://ar5iv.labs.arxiv.org/html/2104.01180#')).toBe(true);
    expect(quoteFromHash(new URL(ar5iv).hash)).toBe('propose a routing');
    expect(paperLocationUrl({ ...base, fullTextUrl: 'https://arxiv.org/html/2104.01180v1' })!.startsWith('https://arxiv.org/html/2104.01180v1#')).toBe(true);
    expect(readPdfViewerQuery('?src=https://arxiv.org/pdf/1&page=0&boxes=')).toBeNull();
    expect(readPdfViewerQuery('?src=https://arxiv.org/pdf/1&page=2&boxes=1,2,x,4')).toBeNull();
    expect(paperLocationUrl({ ...base, source: 'pdf', arxivId: null, url: 'https://example.org/paper.pdf', page: 2 })).toBe('https://example.org/paper.pdf#page=2');
    expect(paperLocationUrl({ ...base, arxivId: null })).toBeNull();
  });
});
