/**
 * The best passages below an extractive answer, or the closest ones below an abstention: section,
 * paper, and a button that opens the passage with its matching sentences highlighted.
 */
import type { AnswerPassage } from '../shared/answer/answer';

export interface AnswerPassagesProps {
  passages: readonly AnswerPassage[];
  paperTitles: ReadonlyMap<string, string>;
  /** "Best passages" under an answer, "Closest passages" under an abstention. */
  title: string;
  onOpen: (passage: AnswerPassage) => void;
}

export function AnswerPassages({ passages, paperTitles, title, onOpen }: AnswerPassagesProps) {
  if (!passages.length) return null;
  return (
    <details class="passages" data-testid="answer-passages">
      <summary>{title} ({passages.length})</summary>
      <ol>
        {passages.map((p) => (
          <li key={`${p.paperId}#${p.paragraphId}`}>
            <button type="button" class="link" data-testid="passage-link" data-paper-id={p.paperId} data-paragraph-id={p.paragraphId} onClick={() => onOpen(p)}>
              {p.sectionTitle || 'Untitled section'}
            </button>
            <span class="muted"> · {paperTitles.get(p.paperId) ?? p.paperId} · {p.highlights.length ? `${p.highlights.length} matching sentence${p.highlights.length === 1 ? '' : 's'}` : "no sentence uses the question's words"}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
