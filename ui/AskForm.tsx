/** Question box with a scope choice (whole library or one paper). */
import { useState } from 'preact/hooks';
import type { PaperSummary } from '../shared/library/library-store';

export interface AskFormProps {
  papers: PaperSummary[];
  busy: boolean;
  onAsk: (question: string, paperIds?: string[]) => void;
}

export function AskForm({ papers, busy, onAsk }: AskFormProps) {
  const [question, setQuestion] = useState('');
  const [scope, setScope] = useState('all');
  return (
    <form
      class="ask"
      onSubmit={(e) => {
        e.preventDefault();
        onAsk(question, scope === 'all' ? undefined : [scope]);
      }}
    >
      <textarea
        name="question"
        data-testid="question"
        rows={2}
        placeholder="Ask your library…"
        value={question}
        onInput={(e) => setQuestion((e.target as HTMLTextAreaElement).value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            onAsk(question, scope === 'all' ? undefined : [scope]);
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
    </form>
  );
}
