/**
 * A citation chip: its number, and in an answer drawn from several papers the paper's short
 * name, so "[1]" never reads as the paper's own reference [1]. Hover or focus shows the quote,
 * the paper and the section; Enter or a click opens the passage. Arrow keys move between chips.
 */
import { useEffect, useState } from 'preact/hooks';
import type { AnswerCitation, PrimaryReference } from '../shared/answer/answer';
import type { PassageLoader } from './passage';
import { sectionLabel } from './passage';

export interface CitationChipProps {
  citation: AnswerCitation;
  number: number;
  /** Set when the answer cites more than one paper. */
  paperName?: string;
  paper?: PrimaryReference;
  loadPaper: PassageLoader;
  onOpen: () => void;
}

/** "Surname et al. 2021", else the title's first words: short enough for a chip. */
export function shortPaperName(paper: Pick<PrimaryReference, 'title' | 'authors' | 'year'>): string {
  const surname = paper.authors[0]?.trim().split(/\s+/).at(-1);
  if (surname) return `${surname}${paper.authors.length > 1 ? ' et al.' : ''}${paper.year ? ` ${paper.year}` : ''}`;
  const words = paper.title.split(/\s+/);
  return words.length > 4 ? `${words.slice(0, 4).join(' ')}…` : paper.title;
}

/** Arrow keys move focus to the previous or next chip of the answer (roving between buttons). */
function moveBetweenChips(event: KeyboardEvent): void {
  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
  const chip = event.currentTarget as HTMLElement;
  const chips = [...(chip.closest('[data-testid=answer]')?.querySelectorAll<HTMLElement>('[data-testid=citation-chip]') ?? [])];
  const next = chips[chips.indexOf(chip) + (event.key === 'ArrowRight' ? 1 : -1)];
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

export function CitationChip({ citation, number, paperName, paper, loadPaper, onOpen }: CitationChipProps) {
  const [previewing, setPreviewing] = useState(false);
  const [section, setSection] = useState<string | null>(null);
  useEffect(() => {
    if (!previewing || section !== null) return;
    let live = true;
    void loadPaper(citation.paperId, citation.paragraphId)
      .then((loaded) => {
        const paragraph = loaded.paragraphs.find((p) => p.id === citation.paragraphId);
        const found = loaded.sections.find((s) => s.id === paragraph?.sectionId);
        if (live) setSection(found ? sectionLabel(found) : '');
      })
      .catch(() => live && setSection(''));
    return () => {
      live = false;
    };
  }, [previewing, section, citation, loadPaper]);
  const paperTitle = paper?.title ?? citation.paperId;
  return (
    <span class="chip-wrap" onMouseEnter={() => setPreviewing(true)} onMouseLeave={() => setPreviewing(false)}>
      <button
        type="button"
        class="chip"
        data-testid="citation-chip"
        data-paper-id={citation.paperId}
        data-paragraph-id={citation.paragraphId}
        data-start={citation.start}
        data-end={citation.end}
        data-quote={citation.quote}
        aria-label={`Citation ${number}: ${paperTitle}. Open the passage.`}
        aria-describedby={previewing ? `preview-${number}-${citation.start}` : undefined}
        onFocus={() => setPreviewing(true)}
        onBlur={() => setPreviewing(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setPreviewing(false);
          moveBetweenChips(e);
        }}
        onClick={onOpen}
      >
        [{number}{paperName ? ` · ${paperName}` : ''}]
      </button>
      {previewing && (
        <span class="chip-preview" role="tooltip" id={`preview-${number}-${citation.start}`} data-testid="chip-preview">
          <strong>{paperTitle}</strong>
          {section ? <span class="muted"> · {section}</span> : null}
          <q>{citation.quote}</q>
        </span>
      )}
    </span>
  );
}
