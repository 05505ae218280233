/**
 * Search over the saved papers: ranked paragraphs with where they are (paper,
 * section) and which of their words matched, for the CLI's `verbatim search` and
 * the side panel's search box.
 */
import { VerbatimError } from '../errors';
import { termSpans, termsOf, type ParagraphIndex } from '../search/paragraph-index';

export interface LibrarySearchHit {
  paperId: string;
  paperTitle: string;
  arxivId: string | null;
  paragraphId: string;
  sectionTitle: string;
  score: number;
  text: string;
  /** Offsets into text of the words that matched the query. */
  highlights: { start: number; end: number }[];
  /** The matched words as they appear in the text, de-duplicated, in order of appearance. */
  terms: string[];
}

export interface LibrarySearchOptions {
  paperIds?: readonly string[];
  limit?: number;
}

export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 100;

/** Checks the query and options before any work: named errors for empty queries and bad limits. */
export function searchPlan(query: string, options: LibrarySearchOptions): { limit: number; paperIds?: ReadonlySet<string> } {
  if (!termsOf(query).length) throw new VerbatimError('EMPTY_SEARCH');
  const limit = options.limit ?? DEFAULT_SEARCH_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) throw new VerbatimError('BAD_SEARCH_LIMIT', String(options.limit));
  return { limit, ...(options.paperIds?.length ? { paperIds: new Set(options.paperIds) } : {}) };
}

/** A search over an index whose papers are all attached (the CLI's folder library). */
export function searchIndex(index: ParagraphIndex, query: string, options: LibrarySearchOptions = {}): LibrarySearchHit[] {
  return describeHits(index, index.query(query, searchPlan(query, options)));
}

/** Hits whose paper text is attached to the index (the caller loads the papers of the hits first). */
export function describeHits(index: ParagraphIndex, hits: ReturnType<ParagraphIndex['query']>): LibrarySearchHit[] {
  const out: LibrarySearchHit[] = [];
  for (const hit of hits) {
    const found = index.lookup(hit.key);
    if (!found) continue;
    const { paper, paragraph } = found;
    const highlights = termSpans(paragraph.text, new Set(hit.terms));
    const terms = [...new Set(highlights.map((h) => paragraph.text.slice(h.start, h.end)))];
    out.push({
      paperId: paper.id,
      paperTitle: paper.title,
      arxivId: paper.arxivId,
      paragraphId: paragraph.id,
      sectionTitle: paper.sections.find((s) => s.id === paragraph.sectionId)?.title ?? '',
      score: hit.score,
      text: paragraph.text,
      highlights,
      terms,
    });
  }
  return out;
}
