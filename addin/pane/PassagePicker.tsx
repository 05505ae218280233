/**
 * One paragraph, its sentences as buttons: click one to quote only it (click again to go back
 * to the whole paragraph), then insert the quote with its citation and locator, or the
 * citation alone. With the paragraph already open, that is the third click.
 */
import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import type { LibraryPaper } from '../../shared/model/paper';
import { splitSentences } from '../../shared/text/sentences';
import { sectionLabel } from '../../ui/passage';

export interface PickedSpan {
  paper: LibraryPaper;
  paragraphId: string;
  start: number;
  end: number;
}

export interface PassagePickerProps {
  paper: LibraryPaper;
  paragraphId: string;
  busy: boolean;
  /** False outside Word: the buttons explain that inserting needs Word. */
  canInsert: boolean;
  onInsertQuote: (span: PickedSpan) => void;
  onCite: (span: PickedSpan) => void;
  onBack: () => void;
}

export function PassagePicker({ paper, paragraphId, busy, canInsert, onInsertQuote, onCite, onBack }: PassagePickerProps) {
  const [sentence, setSentence] = useState<{ start: number; end: number } | null>(null);
  const paragraph = paper.paragraphs.find((p) => p.id === paragraphId);
  if (!paragraph) return null;
  const section = paper.sections.find((s) => s.id === paragraph.sectionId);
  const span: PickedSpan = { paper, paragraphId, ...(sentence ?? { start: 0, end: paragraph.text.length }) };
  const why = canInsert ? undefined : 'Inserting needs Word: open this pane inside Word.';
  return (
    <article class="passage" data-testid="pane-passage" aria-label={`Paragraph from ${paper.title}`}>
      <header>
        <strong>{paper.title}</strong>
        {section && <span class="muted"> · {sectionLabel(section)}</span>}
        {paragraph.page !== undefined && <span class="muted"> · p. {paragraph.page}</span>}
        <button type="button" class="link" aria-label="Back" onClick={onBack}>
          ✕
        </button>
      </header>
      <p class="sentences-pick">
        {splitSentences(paragraph.text).map((s, i, all) => (
          <Fragment key={s.start}>
            <button
              type="button"
              class="sentence-pick"
              data-testid="pane-sentence"
              aria-pressed={sentence?.start === s.start}
              onClick={() => setSentence(sentence?.start === s.start ? null : { start: s.start, end: s.end })}
            >
              {paragraph.text.slice(s.start, s.end)}
            </button>
            {/* The text between two sentences (a space, or more), as stored. */}
            {paragraph.text.slice(s.end, all[i + 1]?.start ?? paragraph.text.length)}
          </Fragment>
        ))}
      </p>
      <div class="row">
        <button type="button" class="primary" data-testid="insert-quote" disabled={busy || !canInsert} title={why} onClick={() => onInsertQuote(span)}>
          {sentence ? 'Insert sentence as quote' : 'Insert paragraph as quote'}
        </button>
        <button type="button" data-testid="insert-citation" disabled={busy || !canInsert} title={why ?? 'The citation alone, with this passage as its locator'} onClick={() => onCite(span)}>
          Cite only
        </button>
      </div>
    </article>
  );
}
