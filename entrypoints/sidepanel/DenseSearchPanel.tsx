/**
 * Search by meaning: the user's opt-in to an on-device embedding model, with what it
 * costs (the download) said before, and its state after: downloading, embedding the
 * library, ready, or why it failed. Off by default; questions never wait on it.
 */
import { useEffect, useState } from 'preact/hooks';
import type { DenseSearch, DenseState } from '../../shared/library/dense-search';
import { DEFAULT_SEARCH_MODEL, SEARCH_MODELS, searchModelChoice } from '../../shared/search/search-models';

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
  const [picked, setPicked] = useState<string>(DEFAULT_SEARCH_MODEL.id);
  // Turned off, the choice stays on the model last used.
  useEffect(() => {
    if (state.status !== 'off') setPicked(state.modelId);
  }, [state]);
  // While on, the model in use is the one shown; a change of model while on loads the new one.
  const modelId = state.status === 'off' ? picked : state.modelId;
  const model = searchModelChoice(modelId);
  const choose = (id: string) => {
    setPicked(id);
    if (on) void dense.enable(id);
  };
  return (
    <details class="settings" data-testid="dense-settings">
      <summary>Search by meaning: <span data-testid="dense-status" role="status">{describeDenseState(state)}</span></summary>
      <p class="muted" data-testid="dense-model-note">
        An on-device model ({model.name}) also finds passages worded differently from your question. It is downloaded once from {model.host}
        {Number.isFinite(model.downloadMegabytes) ? ` (about ${model.downloadMegabytes} MB)` : ''} and runs in this browser; your papers and questions never leave it.{' '}
        {model.measured ?? 'Its effect on answers was not measured here.'}
      </p>
      <label>
        Model{' '}
        <select data-testid="dense-model" value={modelId} onChange={(e) => choose((e.target as HTMLSelectElement).value)}>
          {SEARCH_MODELS.map((m) => (
            <option value={m.id} key={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input type="checkbox" data-testid="dense-toggle" checked={on} onChange={(e) => void ((e.target as HTMLInputElement).checked ? dense.enable(modelId) : dense.disable())} /> Use search by meaning
      </label>
      <button type="button" data-testid="dense-forget" onClick={() => void dense.forget()}>
        Turn off and delete the downloaded model and its vectors
      </button>
    </details>
  );
}
