/** The cited paragraph with the verified quote highlighted; Escape or ✕ closes it, "Open in paper" goes to the place in the paper. */
import { useEffect, useRef } from 'preact/hooks';
import type { Passage } from './passage';
import { spanToCollect, type CollectedQuote } from './quote-basket';
import { selectionOffsetsWithin } from './selection-offsets';

export interface PassageViewProps {
  passage: Passage;
  onClose: () => void;
  /** Shown when the paper can be opened at this place (an arXiv page, or a PDF at its page). */
  onOpenInPaper?: (passage: Passage) => void;
  /** Shown when quotes can be collected for export: adds the selected text, else the highlighted quote, else the paragraph. */
  onCollect?: (quote: CollectedQuote) => void;
}

export function PassageView({ passage, onClose, onOpenInPaper, onCollect }: PassageViewProps) {
  const article = useRef<HTMLElement>(null);
  const body = useRef<HTMLParagraphElement>(null);
  const mark = useRef<HTMLElement>(null);
  useEffect(() => {
    mark.current?.scrollIntoView({ block: 'nearest' });
    // Focus moves to the passage so the keyboard can read it, open the paper, or close it (Escape).
    article.current?.focus({ preventScroll: true });
  }, [passage]);
  const { text, highlightStart: start, highlightEnd: end } = passage;
  return (
    <article
      ref={article}
      class="passage"
      tabIndex={-1}
      aria-label={`Passage from ${passage.paperTitle}${passage.sectionTitle ? `, ${passage.sectionTitle}` : ''}`}
      data-testid="passage"
      data-paragraph-id={passage.paragraphId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <header>
        <strong>{passage.paperTitle}</strong>
        {passage.sectionTitle && <span class="muted"> · {passage.sectionTitle}</span>}
        {passage.page !== undefined && <span class="muted" data-testid="passage-page"> · p. {passage.page}</span>}
        <button type="button" class="link" onClick={onClose} aria-label="Close passage" data-testid="close-passage">
          ✕
        </button>
      </header>
      <p ref={body}>
        {text.slice(0, start)}
        <mark ref={mark} data-testid="highlight">{text.slice(start, end)}</mark>
        {text.slice(end)}
      </p>
      {onCollect && (
        <button
          type="button"
          data-testid="collect-quote"
          title="Select words in the passage to quote only them"
          // Keeps the selection: a mousedown on the button would otherwise clear it before the click.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            const span = spanToCollect(text, { start, end }, body.current ? selectionOffsetsWithin(body.current) : null);
            onCollect({ paperId: passage.paperId, paragraphId: passage.paragraphId, paperTitle: passage.paperTitle, start: span.start, end: span.end, text: text.slice(span.start, span.end) });
          }}
        >
          Add to quotes
        </button>
      )}
      {onOpenInPaper && (
        <button type="button" data-testid="open-in-paper" onClick={() => onOpenInPaper(passage)}>
          Open in paper{passage.page !== undefined ? ` (page ${passage.page})` : ''}
        </button>
      )}
    </article>
  );
}
