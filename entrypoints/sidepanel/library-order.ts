/** Filtering and sorting the library list in the panel: typed words against title, authors, arXiv id and tags. */
import type { PaperSummary } from '../../shared/library/library-store';

export type LibrarySort = 'saved' | 'title' | 'year';

/** The year of a new-style arXiv id (2104.01180 → 2021); old-style and non-arXiv papers have none. */
export function paperYear(paper: Pick<PaperSummary, 'arxivId'>): number | undefined {
  const m = /^(\d{2})(\d{2})\.\d{4,5}$/.exec(paper.arxivId ?? '');
  return m ? 2000 + Number(m[1]) : undefined;
}

export function filterAndSortPapers(papers: readonly PaperSummary[], filter: string, sort: LibrarySort): PaperSummary[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (p: PaperSummary) => {
    const haystack = [p.title, ...p.authors, p.arxivId ?? '', ...(p.tags ?? [])].join(' ').toLowerCase();
    return words.every((w) => haystack.includes(w));
  };
  const kept = papers.filter(matches);
  if (sort === 'title') return kept.sort((a, b) => a.title.localeCompare(b.title));
  if (sort === 'year') return kept.sort((a, b) => (paperYear(b) ?? 0) - (paperYear(a) ?? 0) || b.savedAt.localeCompare(a.savedAt));
  return kept.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

/** "2.4 MB": storage as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
