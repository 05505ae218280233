/**
 * The library in the panel: filter as you type, sort, tags, add files, remove with undo,
 * and what the library holds and how much storage it uses.
 */
import { useEffect, useState } from 'preact/hooks';
import { messageFor } from '../../shared/errors';
import type { PaperSummary } from '../../shared/library/library-store';
import type { CitationFormat } from '../../shared/cite/cite-formats';
import { sendRequest } from '../../extension/messaging';
import { readPaperFile } from '../../ui/read-paper-file';
import { downloadFile } from '../../ui/download-file';
import { Notice, useNotice } from '../../ui/Notice';
import { filterAndSortPapers, formatBytes, paperYear, type LibrarySort } from './library-order';

export interface LibraryPanelProps {
  papers: PaperSummary[] | null;
  refresh: () => Promise<void>;
}

function TagEditor({ paper, onDone }: { paper: PaperSummary; onDone: (error?: string) => void }) {
  const [text, setText] = useState((paper.tags ?? []).join(', '));
  const save = async () => {
    try {
      await sendRequest('library/set-tags', { paperId: paper.id, tags: text.split(',').map((t) => t.trim()).filter(Boolean) });
      onDone();
    } catch (e) {
      onDone(messageFor(e));
    }
  };
  return (
    <form
      class="row"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <input aria-label={`Tags for ${paper.title}, separated by commas`} data-testid="tags-input" value={text} placeholder="tag, another tag" onInput={(e) => setText((e.target as HTMLInputElement).value)} />
      <button type="submit" data-testid="tags-save">Save tags</button>
    </form>
  );
}

export function LibraryPanel({ papers, refresh }: LibraryPanelProps) {
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<LibrarySort>('saved');
  const [editingTags, setEditingTags] = useState<string | null>(null);
  const [pendingDeletes, setPendingDeletes] = useState<ReadonlySet<string>>(new Set());
  const [storage, setStorage] = useState<string | null>(null);
  const [notice, showNotice] = useNotice();

  useEffect(() => {
    void navigator.storage
      ?.estimate()
      .then((estimate) => setStorage(estimate.usage !== undefined ? formatBytes(estimate.usage) : null))
      .catch(() => setStorage(null));
  }, [papers]);

  const remove = (paper: PaperSummary) => {
    setPendingDeletes((s) => new Set([...s, paper.id]));
    const restore = () =>
      setPendingDeletes((s) => {
        const next = new Set(s);
        next.delete(paper.id);
        return next;
      });
    // The paper leaves the list at once; it is deleted only when the notice goes without an Undo.
    showNotice({
      kind: 'info',
      text: `Removed “${paper.title}”.`,
      action: { label: 'Undo', run: restore },
      onExpire: () => {
        void sendRequest('library/delete', { paperId: paper.id })
          .catch((e: unknown) => showNotice({ kind: 'error', text: messageFor(e) }))
          .finally(() => {
            restore();
            void refresh();
          });
      },
    });
  };

  const COPIED_FORMAT: Record<CitationFormat, string> = { bibtex: 'BibTeX', 'csl-json': 'CSL-JSON', ris: 'RIS', text: 'Reference', html: 'Reference' };

  const cite = async (paperId: string, format: CitationFormat) => {
    try {
      const { text } = await sendRequest('library/cite', { paperId, format });
      await navigator.clipboard.writeText(text);
      showNotice({ kind: 'info', text: `${COPIED_FORMAT[format]} copied.` });
    } catch (e) {
      showNotice({ kind: 'error', text: messageFor(e) });
    }
  };

  const importFiles = async (files: FileList | null) => {
    const lines: string[] = [];
    let failed = false;
    for (const file of Array.from(files ?? [])) {
      try {
        showNotice({ kind: 'info', text: `Reading ${file.name}…` });
        const paper = await readPaperFile(file, (done, total) => showNotice({ kind: 'info', text: `Reading ${file.name}: page ${done} of ${total}…` }));
        const result = await sendRequest('library/import-paper', { paper });
        lines.push(`${file.name}: ${result.status === 'unchanged' ? 'already in the library' : `${result.status}, ${result.paper.paragraphCount} paragraphs, ${result.paper.referenceCount} references`}`);
      } catch (e) {
        failed = true;
        lines.push(`${file.name}: ${messageFor(e)}`);
      }
    }
    showNotice({ kind: failed ? 'error' : 'info', text: lines.join('\n') });
    await refresh();
  };

  // For Word on Windows or Mac, where no extension runs: the pane imports this one file.
  const exportLibrary = async () => {
    try {
      const { json, papers: exported } = await sendRequest('library/export-bundle', {});
      const name = `verbatim-library-${new Date().toISOString().slice(0, 10)}.json`;
      downloadFile(name, json, 'application/json');
      showNotice({ kind: 'info', text: `Exported ${exported} paper${exported === 1 ? '' : 's'} to ${name}: import it in the Word pane on Windows or Mac.` });
    } catch (e) {
      showNotice({ kind: 'error', text: messageFor(e) });
    }
  };

  const visible = filterAndSortPapers((papers ?? []).filter((p) => !pendingDeletes.has(p.id)), filter, sort);
  const count = (papers ?? []).length - pendingDeletes.size;
  return (
    <section aria-labelledby="library-heading">
      <h2 id="library-heading">Library</h2>
      <p class="muted" data-testid="library-size">
        {count} paper{count === 1 ? '' : 's'}
        {storage ? ` · ${storage} of browser storage used` : ''}
      </p>
      <div class="row library-tools">
        <input type="search" aria-label="Filter the library" placeholder="Filter by title, author, arXiv id or tag…" data-testid="library-filter" value={filter} onInput={(e) => setFilter((e.target as HTMLInputElement).value)} />
        <select aria-label="Sort the library" data-testid="library-sort" value={sort} onChange={(e) => setSort((e.target as HTMLSelectElement).value as LibrarySort)}>
          <option value="saved">Newest saved</option>
          <option value="title">Title</option>
          <option value="year">Year</option>
        </select>
        <label class="button-like">
          <span class="primary" style="display:inline-block">Add files…</span>
          <input class="visually-hidden" type="file" multiple accept=".pdf,.html,.htm,.json" aria-label="Add files: PDF, LaTeXML HTML or Verbatim JSON" data-testid="import" onChange={(e) => void importFiles((e.target as HTMLInputElement).files)} />
        </label>
        <button type="button" data-testid="export-library" disabled={!papers?.length} title="One file with every paper, for the Word pane where no extension runs" onClick={() => void exportLibrary()}>
          Export library
        </button>
      </div>
      <Notice notice={notice} onDismiss={showNotice} testId="notice" />
      {papers?.length === 0 && <p class="empty">No papers yet. Open a paper on arxiv.org and click “Save to Verbatim”, or add PDF or LaTeXML HTML files.</p>}
      {papers && papers.length > 0 && visible.length === 0 && <p class="empty">No paper matches “{filter}”.</p>}
      <ul class="papers" data-testid="library">
        {visible.map((p) => (
          <li key={p.id} data-testid="library-paper" data-paper-id={p.id}>
            <div>
              <div class="title">
                {p.title}
                {p.version && <span class="version">{p.version}</span>}
              </div>
              <div class="meta">
                {p.authors.slice(0, 3).join(', ')}
                {p.authors.length > 3 ? ' et al.' : ''}
                {paperYear(p) ? ` · ${paperYear(p)}` : ''}
                {p.primaryCategory ? ` · ${p.primaryCategory}` : ''} · {p.paragraphCount} paragraphs · {p.referenceCount} references
              </div>
              {p.tags?.length ? (
                <div class="tags" data-testid="paper-tags">
                  {p.tags.map((t) => (
                    <span class="tag" key={t}>
                      {t}
                    </span>
                  ))}
                </div>
              ) : null}
              {editingTags === p.id && (
                <TagEditor
                  paper={p}
                  onDone={(error) => {
                    setEditingTags(null);
                    if (error) showNotice({ kind: 'error', text: error });
                    void refresh();
                  }}
                />
              )}
            </div>
            <span class="actions">
              <button type="button" class="link" data-testid="edit-tags" aria-label={`Tags for ${p.title}`} onClick={() => setEditingTags(editingTags === p.id ? null : p.id)}>
                Tags
              </button>
              <button type="button" class="link" title="Copy BibTeX" aria-label={`Copy BibTeX for ${p.title}`} data-testid="cite-bibtex" onClick={() => void cite(p.id, 'bibtex')}>
                BibTeX
              </button>
              <button type="button" class="link" title="Copy CSL-JSON (Zotero, citation-js)" aria-label={`Copy CSL-JSON for ${p.title}`} onClick={() => void cite(p.id, 'csl-json')}>
                CSL
              </button>
              <button type="button" class="link" title="Copy RIS (EndNote, Mendeley, Zotero)" aria-label={`Copy RIS for ${p.title}`} onClick={() => void cite(p.id, 'ris')}>
                RIS
              </button>
              <button type="button" class="link" title="Remove from library" aria-label={`Remove ${p.title}`} data-testid="remove-paper" onClick={() => remove(p)}>
                ✕
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
