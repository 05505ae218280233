/** Past questions of this library, newest first: reopen (re-verified against the library now) or delete. */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { messageFor } from '../../shared/errors';
import type { HistorySummary } from '../../shared/library/history';
import { sendRequest } from '../../extension/messaging';

export interface HistoryPanelProps {
  /** Changes when a new answer was recorded, so the list is read again. */
  revision: number;
  onReopen: (id: string) => void;
  onError: (message: string) => void;
}

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function HistoryPanel({ revision, onReopen, onError }: HistoryPanelProps) {
  const [entries, setEntries] = useState<HistorySummary[] | null>(null);
  const load = useCallback(async () => {
    try {
      setEntries(await sendRequest('history/list', {}));
    } catch (e) {
      onError(messageFor(e));
    }
  }, [onError]);
  useEffect(() => void load(), [load, revision]);

  const remove = async (id: string) => {
    try {
      await sendRequest('history/delete', { id });
      await load();
    } catch (e) {
      onError(messageFor(e));
    }
  };

  if (!entries?.length) return null;
  return (
    <details class="history-section" data-testid="history">
      <summary>History ({entries.length})</summary>
      <ul class="history">
        {entries.map((entry) => (
          <li key={entry.id} data-testid="history-entry" data-history-id={entry.id}>
            <button type="button" class="hit" data-testid="history-open" onClick={() => onReopen(entry.id)}>
              {entry.question}
              <span class="meta">
                {when(entry.askedAt)} · {entry.abstained ? 'no answer' : `${entry.sentences} sentence${entry.sentences === 1 ? '' : 's'}`}
              </span>
            </button>
            <button type="button" class="link" aria-label={`Delete “${entry.question}” from the history`} data-testid="history-delete" onClick={() => void remove(entry.id)}>
              ✕
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
