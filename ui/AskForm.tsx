/** Question box with a scope choice (whole library or one paper). Enter asks; Shift+Enter adds a line. */
import { useState } from 'preact/hooks';
import type { PaperSummary } from '../shared/library/library-store';

export interface AskFormProps {
  papers: PaperSummary[];
  busy: boolean;
  onAsk: (question: string, paperIds?: string[]) => void;
  /** Controlled question text (the side panel restores it from the history); uncontrolled when absent. */
  question?: string;
  onQuestion?: (question: string) => void;
  /** The saved paper open beside the panel: a question about "this paper" goes to it (ui/paper-beside.ts). */
  besideTitle?: string | undefined;
}

export function AskForm({ papers, busy, onAsk, question: controlled, onQuestion, besideTitle }: AskFormProps) {
  const [own, setOwn] = useState('');
  const question = controlled ?? own;
  const setQuestion = onQuestion ?? setOwn;
  const [scope, setScope] = useState('all');
  const submit = () => {
    if (!busy) onAsk(question, scope === 'all' ? undefined : [scope]);
  };
  return (
    <form
      class="ask"
      aria-label="Ask your library"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <textarea
        name="question"
        data-testid="question"
        aria-label="Question (Enter to ask, Shift+Enter for a new line)"
        aria-describedby={besideTitle && scope === 'all' ? 'beside-hint' : undefined}
        rows={2}
        placeholder="Ask your library…"
        value={question}
        onInput={(e) => setQuestion((e.target as HTMLTextAreaElement).value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <div class="row">
        <select aria-label="Scope" value={scope} onChange={(e) => setScope((e.target as HTMLSelectElement).value)}>
          <option value="all">All papers ({papers.length})</option>
          {papers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title.length > 60 ? `${p.title.slice(0, 57)}…` : p.title}
            </option>
          ))}
        </select>
        <button type="submit" data-testid="ask" disabled={busy}>
          {busy ? 'Searching…' : 'Ask'}
        </button>
      </div>
      {besideTitle && scope === 'all' && (
        <p class="muted hint" id="beside-hint" data-testid="beside-hint">
          Beside: “{besideTitle}”. A question about “this paper” goes to it.
        </p>
      )}
    </form>
  );
}
