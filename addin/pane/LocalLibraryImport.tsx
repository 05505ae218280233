/**
 * Filling the pane's own library: a library bundle (the side panel's "Export library"), PDF,
 * LaTeXML HTML or paper JSON files, or an arXiv id (captured like the extension does, when the
 * network and arXiv's CORS rules allow it from the pane's page).
 */
import { useState } from 'preact/hooks';
import { messageFor } from '../../shared/errors';
import { checkFileSize, fileKindOf } from '../../shared/library/file-limits';
import { LIBRARY_BUNDLE_FORMAT } from '../../shared/schema/library-bundle-schema';
import type { LocalPaneLibrary } from '../../panes/local-pane-library';
import type { RunPaneAction } from './pane-outcome';

export interface LocalLibraryImportProps {
  library: LocalPaneLibrary;
  busy: boolean;
  run: RunPaneAction;
  onChanged: () => Promise<void>;
}

/** A bundle names its format in its first bytes; anything else is read as a paper file. */
export function looksLikeBundle(text: string): boolean {
  return text.slice(0, 200).includes(`"${LIBRARY_BUNDLE_FORMAT}"`);
}

export function LocalLibraryImport({ library, busy, run, onChanged }: LocalLibraryImportProps) {
  const [arxiv, setArxiv] = useState('');

  const importFiles = (files: FileList | null) =>
    run(async () => {
      const lines: string[] = [];
      let failed = false;
      for (const file of Array.from(files ?? [])) {
        try {
          const isJson = file.name.toLowerCase().endsWith('.json');
          // Before the bytes are read: a .json may be a bundle, whose limit is the larger.
          checkFileSize(file.name, file.size, isJson ? 'bundle' : fileKindOf(file.name));
          const bytes = new Uint8Array(await file.arrayBuffer());
          const text = isJson ? new TextDecoder().decode(bytes) : '';
          if (looksLikeBundle(text)) {
            const results = await library.importBundle(text);
            lines.push(`${file.name}: library bundle, ${results.length} paper${results.length === 1 ? '' : 's'} imported`);
          } else {
            const result = await library.importFile(file.name, bytes);
            lines.push(`${file.name}: ${result.status === 'unchanged' ? 'already in the library' : `${result.status}, ${result.paper.paragraphCount} paragraphs`}`);
          }
        } catch (e) {
          failed = true;
          lines.push(`${file.name}: ${messageFor(e)}`);
        }
      }
      await onChanged();
      // One file that could not be read keeps the whole report on screen until dismissed.
      return failed ? { error: lines.join('\n') } : lines.join('\n');
    });

  const saveArxiv = () =>
    run(async () => {
      const result = await library.saveArxivPaper(arxiv);
      setArxiv('');
      await onChanged();
      return `${result.paper.title}: ${result.status}.`;
    });

  return (
    <details class="local-import" open>
      <summary>Add papers to this pane's library</summary>
      <label class="import">
        A library bundle, PDF, LaTeXML HTML or paper JSON:{' '}
        <input type="file" multiple accept=".json,.pdf,.html,.htm" data-testid="import" disabled={busy} onChange={(e) => void importFiles((e.currentTarget as HTMLInputElement).files)} />
      </label>
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          void saveArxiv();
        }}
      >
        <input aria-label="arXiv id or URL" placeholder="arXiv id, e.g. 2104.01180" data-testid="arxiv-id" value={arxiv} onInput={(e) => setArxiv((e.currentTarget as HTMLInputElement).value)} />
        <button type="submit" disabled={busy || !arxiv.trim()}>Add</button>
      </form>
    </details>
  );
}
