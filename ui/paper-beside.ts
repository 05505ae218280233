/**
 * The paper the reader has open beside the side panel, and the scope a question gets from it. A reader who
 * asks "What is this paper about?" or "How did they obtain the dataset?" beside a saved paper means that
 * paper, not the library; the question is asked of it, and the panel says so and offers the whole library.
 * Pure: the panel's adapter (entrypoints/sidepanel/tab-beside.ts) reads the tabs.
 */
import { parseArxivUrl } from '../shared/extract/arxiv-id';
import type { PaperSummary } from '../shared/library/library-store';
import { pointsAtOnePaper } from '../shared/search/question-cues';

/** What the panel reads of a tab (the subset of `chrome.tabs.Tab` it needs). */
export interface TabSnapshot {
  url?: string;
  active: boolean;
  windowId: number;
  lastAccessed?: number;
}

/**
 * The URL of the tab beside the panel: the active tab of the panel's window. When that tab is the panel itself
 * (the panel page opened as a tab), the tab of that window the reader was in last.
 */
export function urlBeside(tabs: readonly TabSnapshot[], panelWindowId: number, isPanel: (url: string) => boolean): string | null {
  const others = tabs.filter((t) => t.windowId === panelWindowId && t.url && !isPanel(t.url));
  const active = others.find((t) => t.active);
  if (active) return active.url!;
  if (tabs.some((t) => t.windowId === panelWindowId && t.active && t.url && isPanel(t.url))) {
    const last = [...others].sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0];
    return last?.url ?? null;
  }
  return null;
}

/**
 * The saved paper a page shows: an arXiv abs, HTML, PDF or ar5iv page (any version) of a saved arXiv paper, the
 * extension's PDF viewer showing one, or the very address a paper was saved from.
 */
export function paperAt(url: string, papers: readonly PaperSummary[], pdfViewerUrl: string): PaperSummary | null {
  let page = url;
  if (url.startsWith(`${pdfViewerUrl}?`)) page = new URLSearchParams(url.slice(pdfViewerUrl.length + 1)).get('src') ?? '';
  const arxiv = parseArxivUrl(page);
  if (arxiv) return papers.find((p) => p.arxivId === arxiv.id) ?? null;
  const withoutFragment = page.split('#')[0];
  return papers.find((p) => p.url !== undefined && p.url.split('#')[0] === withoutFragment) ?? null;
}

export interface QuestionScope {
  /** The papers to ask; absent: the whole library. */
  paperIds?: string[];
  /** Set when the scope came from the paper beside the panel, not from the reader's choice. */
  beside?: PaperSummary;
}

/**
 * The scope a question is asked in. A paper the reader chose wins; else a question that points at one paper is
 * asked of the paper beside the panel, when that paper is saved (scoped, so the lenient in-scope bar applies: the
 * reader says the answer is there); else the library.
 */
export function scopeOfQuestion(question: string, chosen: readonly string[] | undefined, beside: PaperSummary | null): QuestionScope {
  if (chosen?.length) return { paperIds: [...chosen] };
  if (beside && pointsAtOnePaper(question)) return { paperIds: [beside.id], beside };
  return {};
}
