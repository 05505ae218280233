/**
 * Search by meaning: the user's opt-in to an on-device embedding model, with what it
 * costs (the download) said before, and its state after: downloading, embedding the
 * library, ready, or why it failed. Off by default; questions never wait on it.
 */
import { useEffect, useState } from 'preact/hooks';
import type { DenseSearch, DenseState } from '../../shared/library/dense-search';
import { DEFAULT_EMBEDDING_MODEL } from '../../shared/search/embedding-model';

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

export function describeDenseState(state: DenseState): string {
  switch (state.status) {
    case 'off':
      return 'off';
    case 'loading':
      return state.total ? `downloading the model: ${megabytes(state.loaded)} of ${megabytes(state.total)}` : 'loading the model…';
    case 'indexing':
      return `reading the library: ${state.papersDone} of ${state.papersTotal} papers`;
    case 'ready':
      return `on (${state.paragraphs.toLocaleString('en')} paragraphs)`;
    case 'failed':
      return state.message;
  }
}

export function DenseSearchPanel({ dense }: { dense: DenseSearch }) {
  const [state, setState] = useState<DenseState>(dense.current());
  useEffect(() => dense.subscribe(setState), [dense]);
  const on = state.status !== 'off';
  return (
    <details class="settings" data-testid="dense-settings">
      <summary>Search by meaning: <span data-testid="dense-status" role="status">{describeDenseState(state)}</span></summary>
      <p class="muted">
        An on-device model ({DEFAULT_EMBEDDING_MODEL.id}) also finds passages worded differently from your question. It is downloaded once from huggingface.co (about {DEFAULT_EMBEDDING_MODEL.downloadMegabytes} MB) and runs in this browser; your papers and questions never leave it.
      </p>
      <label>
        <input type="checkbox" data-testid="dense-toggle" checked={on} onChange={(e) => void ((e.target as HTMLInputElement).checked ? dense.enable() : dense.disable())} /> Use search by meaning
      </label>
      <button type="button" data-testid="dense-forget" onClick={() => void dense.forget()}>
        Turn off and delete the downloaded model and its vectors
      </button>
    </details>
  );
}
