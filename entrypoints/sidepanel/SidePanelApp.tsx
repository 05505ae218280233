/** The side panel: the library, the question box, the answer with its passages. */
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Answer } from '../../shared/answer/answer';
import { messageFor } from '../../shared/errors';
import type { PaperSummary } from '../../shared/library/library-store';
import type { CitationFormat } from '../../shared/cite/cite-formats';
import { AnswerView } from '../../ui/AnswerView';
import { AskForm } from '../../ui/AskForm';
import { SearchView } from '../../ui/SearchView';
import { listenForEvents, sendRequest } from '../../extension/messaging';
import { readPaperFile } from '../../ui/read-paper-file';
import { assignCitationKeys } from '../../shared/cite/citation-keys';
import { toBibTeX } from '../../shared/cite/export-formats';
import { recordForPrimary, recordForSecondary } from '../../shared/cite/work-record';
import { ModelSettingsPanel } from './ModelSettingsPanel';
import type { AnswerStage } from '../../shared/answer/llm-answer';

const COPIED_FORMAT: Record<CitationFormat, string> = { bibtex: 'BibTeX', 'csl-json': 'CSL-JSON', ris: 'RIS', text: 'Reference', html: 'Reference' };

const STAGES: Record<AnswerStage, string> = {
  planning: 'Planning the search…',
  retrieving: 'Searching the library…',
  judging: 'Judging which passages help…',
  writing: 'Writing the answer…',
  verifying: 'Checking every quote against the papers…',
};

export function SidePanelApp() {
  const [papers, setPapers] = useState<PaperSummary[] | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [stage, setStage] = useState<string | null>(null);
  useEffect(() => listenForEvents('answer/progress', ({ stage: s }) => setStage(STAGES[s])), []);

  const refresh = useCallback(async () => {
    try {
      setPapers(await sendRequest('library/list', {}));
    } catch (e) {
      setError(messageFor(e));
    }
  }, []);

  useEffect(() => {
    void refresh();
    return listenForEvents('library/changed', () => void refresh());
  }, [refresh]);

  const ask = async (question: string, paperIds?: string[]) => {
    setBusy(true);
    setError(null);
    setCopied(false);
    try {
      setAnswer(await sendRequest('answer/ask', paperIds ? { question, paperIds } : { question }));
    } catch (e) {
      setAnswer(null);
      setError(messageFor(e));
    } finally {
      setBusy(false);
      setStage(null);
    }
  };

  const remove = async (paperId: string) => {
    try {
      await sendRequest('library/delete', { paperId });
      await refresh();
    } catch (e) {
      setError(messageFor(e));
    }
  };

  const cite = async (paperId: string, format: CitationFormat) => {
    try {
      const { text } = await sendRequest('library/cite', { paperId, format });
      await navigator.clipboard.writeText(text);
      setNotice(`${COPIED_FORMAT[format]} copied.`);
    } catch (e) {
      setError(messageFor(e));
    }
  };

  const importFiles = async (files: FileList | null) => {
    setError(null);
    const lines: string[] = [];
    for (const file of Array.from(files ?? [])) {
      try {
        setNotice(`Reading ${file.name}…`);
        const paper = await readPaperFile(file, (done, total) => setNotice(`Reading ${file.name}: page ${done} of ${total}…`));
        const result = await sendRequest('library/import-paper', { paper });
        lines.push(`${file.name}: ${result.status === 'unchanged' ? 'already in the library' : `${result.status}, ${result.paper.paragraphCount} paragraphs, ${result.paper.referenceCount} references`}`);
      } catch (e) {
        lines.push(`${file.name}: ${messageFor(e)}`);
      }
    }
    setNotice(lines.join('\n'));
    await refresh();
  };

  const copySourcesAsBibTeX = async () => {
    if (!answer) return;
    const { primary, secondary } = answer.references;
    const records = [...primary.map(recordForPrimary), ...secondary.map(recordForSecondary)];
    await navigator.clipboard.writeText(toBibTeX(records, assignCitationKeys(records)));
    setNotice(`BibTeX for ${primary.length + secondary.length} works copied.`);
  };

  const copyForWord = async () => {
    if (!answer) return;
    await navigator.clipboard.writeText(JSON.stringify(answer));
    setCopied(true);
  };

  return (
    <main>
      <h1>
        Verbatim <span class="muted">{papers ? `${papers.length} paper${papers.length === 1 ? '' : 's'}` : ''}</span>
      </h1>
      <AskForm papers={papers ?? []} busy={busy} onAsk={(q, ids) => void ask(q, ids)} />
      {busy && stage && <p class="notice muted" data-testid="progress">{stage}</p>}
      <ModelSettingsPanel />
      {error && (
        <p class="notice error" data-testid="error">
          {error}
        </p>
      )}
      {notice && (
        <p class="notice" data-testid="notice" style="white-space: pre-line">
          {notice}
        </p>
      )}
      {answer && (
        <>
          <AnswerView answer={answer} loadPaper={(paperId) => sendRequest('library/get', { paperId })} />
          {!answer.abstained && (
            <div class="row">
              <button type="button" class="primary" onClick={() => void copyForWord()}>
                {copied ? 'Copied: paste it into the Word pane' : 'Copy for Word'}
              </button>
              <button type="button" data-testid="copy-bibtex" onClick={() => void copySourcesAsBibTeX()}>
                Copy sources as BibTeX
              </button>
            </div>
          )}
        </>
      )}
      <h2>Search</h2>
      <SearchView papers={papers ?? []} search={(query, paperIds) => sendRequest('library/search', paperIds ? { query, paperIds } : { query })} />
      <h2>Library</h2>
      <label class="import">
        Add files (PDF, LaTeXML HTML or Verbatim JSON):{' '}
        <input type="file" multiple accept=".pdf,.html,.htm,.json" data-testid="import" onChange={(e) => void importFiles((e.target as HTMLInputElement).files)} />
      </label>
      {papers?.length === 0 && <p class="empty">No papers yet. Open a paper on arxiv.org and click “Save to Verbatim”.</p>}
      <ul class="papers" data-testid="library">
        {papers?.map((p) => (
          <li key={p.id} data-testid="library-paper" data-paper-id={p.id}>
            <div>
              <div class="title">
                {p.title}
                {p.version && <span class="version">{p.version}</span>}
              </div>
              <div class="meta">
                {p.authors.slice(0, 3).join(', ')}
                {p.authors.length > 3 ? ' et al.' : ''}
                {p.primaryCategory ? ` · ${p.primaryCategory}` : ''} · {p.paragraphCount} paragraphs · {p.referenceCount} references
              </div>
            </div>
            <span class="actions">
              <button type="button" class="link" title="Copy BibTeX" data-testid="cite-bibtex" onClick={() => void cite(p.id, 'bibtex')}>
                BibTeX
              </button>
              <button type="button" class="link" title="Copy CSL-JSON (Zotero, citation-js)" onClick={() => void cite(p.id, 'csl-json')}>
                CSL
              </button>
              <button type="button" class="link" title="Copy RIS (EndNote, Mendeley, Zotero)" onClick={() => void cite(p.id, 'ris')}>
                RIS
              </button>
              <button type="button" class="link" title="Remove from library" aria-label={`Remove ${p.title}`} onClick={() => void remove(p.id)}>
                ✕
              </button>
            </span>
          </li>
        ))}
      </ul>
    </main>
  );
}
