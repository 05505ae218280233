/**
 * Finding the passage to quote: search the library, or open a paper's outline (sections and
 * their paragraphs). A hit or a paragraph opens in the PassagePicker.
 */
import { useState } from 'preact/hooks';
import type { LibraryPaper } from '../../shared/model/paper';
import type { LibrarySearchHit, PaneLibrary, PaperSummary } from '../../panes/pane-library';
import type { RunPaneAction } from './pane-outcome';
import { sectionLabel } from '../../ui/passage';
import { queryForSelection } from '../../panes/selection-search';
import { HitExcerpt } from '../../ui/HitExcerpt';

const EXCERPT_CHARS = 160;

export interface PassageFinderProps {
  library: PaneLibrary;
  papers: PaperSummary[];
  busy: boolean;
  run: RunPaneAction;
  onOpen: (paper: LibraryPaper, paragraphId: string) => void;
  onCitePaper: (paper: LibraryPaper) => void;
  canInsert: boolean;
  /** The text selected in the document (Word only): "Find selected text" searches for where it comes from. */
  readSelection?: () => Promise<string>;
}

function excerpt(text: string): string {
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;
}

function Outline({ paper, onOpen }: { paper: LibraryPaper; onOpen: (paragraphId: string) => void }) {
  const groups = [{ id: null as string | null, title: 'Before the first section' }, ...paper.sections.map((s) => ({ id: s.id as string | null, title: sectionLabel(s) }))];
  return (
    <div class="outline" data-testid="outline">
      {groups.map((group) => {
        const paragraphs = paper.paragraphs.filter((p) => p.sectionId === group.id && p.kind === 'text');
        if (!paragraphs.length) return null;
        return (
          <details key={group.id ?? 'front'} open={group.id === paper.sections[0]?.id}>
            <summary>{group.title}</summary>
            <ol>
              {paragraphs.map((p) => (
                <li key={p.id}>
                  <button type="button" class="hit" data-testid="outline-paragraph" onClick={() => onOpen(p.id)}>
                    {excerpt(p.text)}
                  </button>
                </li>
              ))}
            </ol>
          </details>
        );
      })}
    </div>
  );
}

export function PassageFinder({ library, papers, busy, run, onOpen, onCitePaper, canInsert, readSelection }: PassageFinderProps) {
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<LibrarySearchHit[] | null>(null);
  const [open, setOpen] = useState<LibraryPaper | null>(null);

  const searchFor = async (text: string) => {
    setOpen(null);
    const found = await library.search(text, { limit: 20 });
    setHits(found);
    return found.length ? undefined : 'No paragraph matches.';
  };
  const search = () => run(() => searchFor(query));
  // A sentence the writer selected: its source, or the passages that support it. "Cite only" then cites after it.
  const findSelection = (read: () => Promise<string>) =>
    run(async () => {
      const selected = await queryForSelection(read);
      if ('notice' in selected) return selected.notice;
      setQuery(selected.query);
      return searchFor(selected.query);
    });
  const openHit = (hit: LibrarySearchHit) => run(async () => onOpen(await library.getPaper(hit.paperId), hit.paragraphId));
  const openPaper = (summary: PaperSummary) => run(async () => setOpen(await library.getPaper(summary.id)));

  return (
    <section aria-label="Find a passage">
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <input type="search" aria-label="Search the library" data-testid="pane-query" placeholder="Search the library…" value={query} onInput={(e) => setQuery((e.currentTarget as HTMLInputElement).value)} />
        <button type="submit" data-testid="pane-search" disabled={busy || !query.trim()}>Search</button>
        {readSelection && (
          <button type="button" data-testid="pane-find-selection" disabled={busy} title="Search the library for the text selected in the document" onClick={() => void findSelection(readSelection)}>
            Find selected text
          </button>
        )}
      </form>
      {hits && hits.length > 0 && !open && (
        <ol class="hits" data-testid="pane-hits">
          {hits.map((hit) => (
            <li key={`${hit.paperId}#${hit.paragraphId}`}>
              <button type="button" class="hit" data-testid="pane-hit" onClick={() => void openHit(hit)}>
                <span class="meta">{hit.paperTitle}{hit.sectionTitle ? ` · ${hit.sectionTitle}` : ''}</span>
                <HitExcerpt hit={hit} chars={EXCERPT_CHARS} />
              </button>
            </li>
          ))}
        </ol>
      )}
      {open ? (
        <div data-testid="pane-paper">
          <div class="row">
            <strong>{open.title}</strong>
            <button type="button" data-testid="cite-paper" disabled={busy || !canInsert} onClick={() => onCitePaper(open)}>Cite paper</button>
            <button type="button" class="link" aria-label="Back to the papers" onClick={() => setOpen(null)}>✕</button>
          </div>
          <Outline paper={open} onOpen={(paragraphId) => onOpen(open, paragraphId)} />
        </div>
      ) : (
        <ul class="papers" data-testid="pane-papers">
          {papers.map((p) => (
            <li key={p.id}>
              <button type="button" class="hit" data-testid="pane-paper-item" onClick={() => void openPaper(p)}>
                <span class="title">{p.title}</span>
                <span class="meta">{p.paragraphCount} paragraphs · {p.referenceCount} references</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
