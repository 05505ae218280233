/**
 * Ask the library and insert the answer: what goes into the document is listed first, each
 * supported sentence with the verified quote that backs it, so the user reads every quote
 * before inserting. Unsupported sentences are shown in the answer but never inserted.
 */
import { useState } from 'preact/hooks';
import { isSupported, type Answer } from '../../shared/answer/answer';
import type { PaneLibrary, PaperSummary } from '../../panes/pane-library';
import type { RunPaneAction } from './pane-outcome';
import { AnswerView } from '../../ui/AnswerView';
import { AskForm } from '../../ui/AskForm';

export interface AskAndInsertProps {
  library: PaneLibrary;
  papers: PaperSummary[];
  busy: boolean;
  canInsert: boolean;
  run: RunPaneAction;
  onInsert: (answer: Answer) => void;
}

export function AskAndInsert({ library, papers, busy, canInsert, run, onInsert }: AskAndInsertProps) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const ask = (question: string, paperIds?: string[]) =>
    run(async () => {
      setAnswer(null);
      setAnswer(await library.ask(question, paperIds ? { paperIds } : {}));
    });
  const insertable = answer && !answer.abstained ? answer.sentences.filter((s) => isSupported(s) && s.citations.some((c) => c.verified)) : [];
  return (
    <section aria-label="Ask the library">
      <AskForm papers={papers} busy={busy} onAsk={(question, ids) => void ask(question, ids)} />
      {answer && <AnswerView answer={answer} loadPaper={(paperId) => library.getPaper(paperId)} />}
      {insertable.length > 0 && (
        <div class="insert-preview" data-testid="insert-preview">
          <h3>Will be inserted ({insertable.length} sentence{insertable.length === 1 ? '' : 's'})</h3>
          <ol>
            {insertable.map((s, i) => (
              <li key={i}>
                {s.text}
                {s.citations.filter((c) => c.verified).map((c) => (
                  <blockquote key={`${c.paperId}#${c.paragraphId}#${c.start}`} class="quote" data-testid="preview-quote">
                    “{c.quote}”
                  </blockquote>
                ))}
              </li>
            ))}
          </ol>
          <button type="button" class="primary" data-testid="insert-answer" disabled={busy || !canInsert} title={canInsert ? undefined : 'Inserting needs Word: open this pane inside Word.'} onClick={() => onInsert(answer!)}>
            Insert answer
          </button>
        </div>
      )}
    </section>
  );
}
