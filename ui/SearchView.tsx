/** Search over the saved papers: ranked paragraphs with the matched words marked; a hit opens as a passage. */
import { useEffect, useRef, useState } from 'preact/hooks';
import { messageFor } from '../shared/errors';
import { focusOf, type LibrarySearchHit } from '../shared/library/library-search';
import { HitExcerpt } from './HitExcerpt';
import type { PaperSummary } from '../shared/library/library-store';
import type { Passage } from './passage';
import { PassageView } from './PassageView';
import type { CollectedQuote } from './quote-basket';

export interface SearchViewProps {
  papers: PaperSummary[];
  search: (query: string, paperIds?: string[]) => Promise<LibrarySearchHit[]>;
  /** Collects a quote from an open hit for export (the side panel's quote list). */
  onCollect?: (quote: CollectedQuote) => void;
  /** A search asked for from outside the box (text selected on a page, "Find in my Verbatim library"): run once per id, in all papers. */
  request?: { query: string; id: string } | null;
}

const EXCERPT_CHARS = 220;
const SEARCH_AS_YOU_TYPE_MS = 250;

/** The hit as a passage: the whole paragraph, with the quotation it holds, else its sentence with the most matched words, highlighted. */
export function passageFromHit(hit: LibrarySearchHit): Passage {
  const focus = focusOf(hit);
  return { paperId: hit.paperId, paragraphId: hit.paragraphId, paperTitle: hit.paperTitle, sectionTitle: hit.sectionTitle, text: hit.text, highlightStart: focus.start, highlightEnd: focus.end };
}

export function SearchView({ papers, search, onCollect, request }: SearchViewProps) {
  const [query, setQuery] = useState('');
  const [scope, setScope] = useState('all');
  const [hits, setHits] = useState<LibrarySearchHit[] | null>(null);
  const [passage, setPassage] = useState<Passage | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Only the latest search may show its results: typing fast starts several.
  const latest = useRef(0);
  const run = async (text = query, inScope = scope) => {
    const ticket = ++latest.current;
    setError(null);
    setPassage(null);
    try {
      const found = await search(text, inScope === 'all' ? undefined : [inScope]);
      if (ticket === latest.current) setHits(found);
    } catch (e) {
      if (ticket !== latest.current) return;
      setHits(null);
      setError(messageFor(e));
    }
  };

  // Search as you type: a pause of a quarter second after three or more characters.
  // A search the user asked for (Enter, the button) replaces the pending one.
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The query a request put in the box has run already; it is not run again as if typed.
  const ranFromRequest = useRef<string | null>(null);
  useEffect(() => {
    const ranAlready = query === ranFromRequest.current;
    ranFromRequest.current = null;
    if (ranAlready) return;
    if (query.trim().length < 3) return;
    pending.current = setTimeout(() => void run(query), SEARCH_AS_YOU_TYPE_MS);
    return () => clearTimeout(pending.current);
  }, [query, scope]);

  // A search from a page's selection: shown in the box, run at once over every paper, and brought into view.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!request) return;
    clearTimeout(pending.current);
    setScope('all');
    ranFromRequest.current = request.query;
    setQuery(request.query);
    section.current?.scrollIntoView({ block: 'start' });
    void run(request.query, 'all');
  }, [request?.id]);

  return (
    <section class="search" ref={section}>
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          clearTimeout(pending.current);
          void run();
        }}
      >
        <input type="search" aria-label="Search the papers' paragraphs" data-testid="search-query" placeholder="Search the papers…" value={query} onInput={(e) => setQuery((e.target as HTMLInputElement).value)} />
        <select aria-label="Search in" data-testid="search-scope" value={scope} onChange={(e) => setScope((e.target as HTMLSelectElement).value)}>
          <option value="all">All papers</option>
          {papers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title.length > 40 ? `${p.title.slice(0, 37)}…` : p.title}
            </option>
          ))}
        </select>
        <button type="submit" data-testid="search">Search</button>
      </form>
      {error && <p class="notice error" data-testid="search-error">{error}</p>}
      {hits && hits.length === 0 && <p class="empty" data-testid="search-empty">No paragraph matches.</p>}
      {passage && <PassageView passage={passage} onClose={() => setPassage(null)} {...(onCollect ? { onCollect } : {})} />}
      {hits && hits.length > 0 && (
        <ol class="hits" data-testid="search-hits">
          {hits.map((hit) => (
            <li key={`${hit.paperId}#${hit.paragraphId}`}>
              <button type="button" class="hit" data-testid="search-hit" data-paper-id={hit.paperId} data-paragraph-id={hit.paragraphId} onClick={() => setPassage(passageFromHit(hit))}>
                <span class="meta">
                  {hit.paperTitle}
                  {hit.sectionTitle ? ` · ${hit.sectionTitle}` : ''}
                  {/* Search by meaning found it: no word of the query is in it, so nothing is marked; say why it is here. */}
                  {hit.byMeaningOnly && <span data-testid="found-by-meaning"> · found by meaning</span>}
                  {/* The query is a sentence this paragraph holds: the reader is looking for where it comes from. */}
                  {hit.quoted && <span data-testid="quoted-here"> · quoted here</span>}
                </span>
                <HitExcerpt hit={hit} chars={EXCERPT_CHARS} />
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
