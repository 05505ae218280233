/**
 * Search over the saved papers: ranked paragraphs with where they are (paper,
 * section) and which of their words matched, for the CLI's `verbatim search` and
 * the side panel's search box.
 */
import { VerbatimError } from '../errors';
import { termSpans, termsOf, type ParagraphHit, type ParagraphIndex } from '../search/paragraph-index';
import { FUSION_DEPTH, fuseWithMeaning } from '../search/meaning-fusion';
import type { RankedHit, Retriever } from '../search/retriever';
import { RankedRetriever } from '../search/ranked-retriever';
import { markedTerms } from '../search/question-cues';
import { verifyQuote } from '../verify/verify-quote';
import { splitSentences } from '../text/sentences';

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
  /** Found only by search by meaning (no word of the query matched it anywhere, title fields included). */
  byMeaningOnly?: true;
  /** Where the query itself stands in the text, when it is a quotation the paragraph holds (checked as answer quotes are). */
  quoted?: { start: number; end: number };
}

/**
 * A query of this many words or more may be a quotation ("where did I read this?"): each hit is checked for it. Below
 * it, a query is a few search words, which any paragraph holding them would "quote".
 */
export const QUOTATION_MIN_WORDS = 8;

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
  return describeHits(index, lexicalSearchHits(index, query, searchPlan(query, options), false), query);
}

/**
 * The lexical hits a search starts from, ranked as an answer's passages are (the default ranking: BM25 lists fused,
 * then reranked by sentence-window coverage, section and paper titles, and place in the paper), as deep as the fusion
 * reads when other lists will join them. Plain BM25 put a paragraph that repeats the query's words in sentences far
 * apart above one that holds them in one sentence; on keyword queries the default ranking finds more gold evidence in
 * its top five (README, Decisions). Each hit carries the query's terms but pronouns and auxiliaries (`markedTerms`):
 * only those its text holds are marked. The reranker reads the hits' text: where a paper is not attached yet its
 * paragraphs sink, and the caller attaches `index.missingPapers()` and asks again.
 */
export function lexicalSearchHits(index: ParagraphIndex, query: string, plan: ReturnType<typeof searchPlan>, fusing: boolean): ParagraphHit[] {
  // A writer's "we" in a selected sentence matched nearly every paragraph and drew the eye (and a hit's focus) to nothing.
  const terms = markedTerms(query);
  const limit = fusing ? Math.max(plan.limit, FUSION_DEPTH) : plan.limit;
  return new RankedRetriever(index).retrieveNow({ text: query, limit, ...(plan.paperIds ? { paperIds: plan.paperIds } : {}) }).map((hit) => ({ ...hit, terms }));
}

/**
 * The lexical hits joined by other ranked lists (an on-device dense retriever's) by reciprocal rank,
 * where the words found little (meaning-fusion.ts). A paragraph only another list found has no highlighted words.
 * `lexical`: the lexical hits, when the caller has them already (lexicalSearchHits with `fusing` as here).
 */
export function fusedSearchHits(
  index: ParagraphIndex,
  query: string,
  plan: ReturnType<typeof searchPlan>,
  others: readonly (readonly RankedHit[])[],
  lexical: ParagraphHit[] = lexicalSearchHits(index, query, plan, others.length > 0),
): (ParagraphHit & { byMeaningOnly?: true })[] {
  if (!others.length) return lexical;
  const inScope = (h: RankedHit) => !plan.paperIds || plan.paperIds.has(h.paperId);
  const termsByKey = new Map(lexical.map((h) => [h.key, h.terms]));
  return fuseWithMeaning(index, query, lexical, others.map((list) => list.filter(inScope)), plan.limit).hits.map((h) => {
    const terms = termsByKey.get(h.key);
    return terms ? { ...h, terms } : { ...h, terms: [], byMeaningOnly: true as const };
  });
}

/** The same search with more retrievers (the CLI's dense one); a retriever that fails is left out. */
export async function searchIndexWith(index: ParagraphIndex, query: string, retrievers: readonly Retriever[], options: LibrarySearchOptions = {}): Promise<LibrarySearchHit[]> {
  const plan = searchPlan(query, options);
  const others = await Promise.all(retrievers.map((r) => r.retrieve({ text: query, limit: Math.max(plan.limit, FUSION_DEPTH), ...(plan.paperIds ? { paperIds: plan.paperIds } : {}) }).catch(() => [] as RankedHit[])));
  return describeHits(index, fusedSearchHits(index, query, plan, others), query);
}

/**
 * Hits whose paper text is attached to the index (the caller loads the papers of the hits first). When the query
 * reads as a quotation, the paragraphs that hold it (verified as an answer's quote is) come first, the quote marked.
 */
export function describeHits(index: ParagraphIndex, hits: readonly (ParagraphHit & { byMeaningOnly?: true })[], query: string): LibrarySearchHit[] {
  const quotation = query.trim().split(/\s+/).length >= QUOTATION_MIN_WORDS ? query : null;
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
      ...(hit.byMeaningOnly ? { byMeaningOnly: true as const } : {}),
      ...quotedIn(quotation, paragraph.text),
    });
  }
  // Stable: among the paragraphs that hold the quotation, and among the others, the ranking stands.
  return [...out.filter((h) => h.quoted), ...out.filter((h) => !h.quoted)];
}

function quotedIn(quotation: string | null, text: string): { quoted?: { start: number; end: number } } {
  if (!quotation) return {};
  const verdict = verifyQuote(quotation, text);
  return verdict.verified ? { quoted: { start: verdict.start, end: verdict.end } } : {};
}

/**
 * Where a hit opens as a passage, and what "Add to quotes" takes when nothing is selected: the quotation it holds,
 * else the sentence that holds the most of the query's words (the first of equals). The first matched word alone
 * was a one-word quote ("Monte").
 */
export function focusOf(hit: Pick<LibrarySearchHit, 'text' | 'highlights' | 'quoted'>): { start: number; end: number } {
  if (hit.quoted) return hit.quoted;
  let best: { start: number; end: number } | null = null;
  let most = 0;
  for (const sentence of splitSentences(hit.text)) {
    const inside = hit.highlights.filter((h) => h.start >= sentence.start && h.end <= sentence.end);
    const words = new Set(inside.flatMap((h) => termsOf(hit.text.slice(h.start, h.end))));
    if (words.size > most) {
      most = words.size;
      best = { start: sentence.start, end: sentence.end };
    }
  }
  return best ?? hit.highlights[0] ?? { start: 0, end: 0 };
}
