/** The cited paragraph with the verified quote highlighted. */
import { useEffect, useRef } from 'preact/hooks';
import type { Passage } from './passage';

export function PassageView({ passage, onClose }: { passage: Passage; onClose: () => void }) {
  const mark = useRef<HTMLElement>(null);
  useEffect(() => mark.current?.scrollIntoView({ block: 'nearest' }), [passage]);
  const { text, highlightStart: start, highlightEnd: end } = passage;
  return (
    <article class="passage" data-testid="passage" data-paragraph-id={passage.paragraphId}>
      <header>
        <strong>{passage.paperTitle}</strong>
        {passage.sectionTitle && <span class="muted"> · {passage.sectionTitle}</span>}
        <button type="button" class="link" onClick={onClose} aria-label="Close passage">
          ✕
        </button>
      </header>
      <p>
        {text.slice(0, start)}
        <mark ref={mark} data-testid="highlight">{text.slice(start, end)}</mark>
        {text.slice(end)}
      </p>
    </article>
  );
}
