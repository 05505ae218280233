/** The Word task pane: a library of imported papers, a question box, pasted answers, and Insert. */
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Answer } from '../shared/answer/answer';
import { messageFor, VerbatimError } from '../shared/errors';
import type { LibraryService } from '../shared/library/library-service';
import type { PaperSummary } from '../shared/library/library-store';
import { AnswerView } from '../ui/AnswerView';
import { AskForm } from '../ui/AskForm';
import { describeReverify, readPastedAnswer } from './pasted-answer';
import type { InsertResult } from './word-document';
import { CITATION_STYLES, type StyleId } from '../shared/cite';
import { Notice, useNotice } from '../ui/Notice';

export interface WordActions {
  insertAnswer(answer: Answer, style: StyleId): Promise<InsertResult>;
  refreshReferences(): Promise<number>;
}

export interface TaskPaneProps {
  library: LibraryService;
  /** null outside Word (a plain browser): everything works but inserting. */
  word: WordActions | null;
  /** True while Office.onReady has not answered yet. */
  connecting?: boolean;
}

export function TaskPaneApp({ library, word, connecting = false }: TaskPaneProps) {
  const [papers, setPapers] = useState<PaperSummary[]>([]);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  // Notices behave as in the side panel: information fades, errors stay until dismissed or replaced.
  const [status, setStatus] = useNotice();
  const [pasted, setPasted] = useState('');
  const [style, setStyle] = useState<StyleId>('ieee');

  const refresh = useCallback(async () => setPapers(await library.listPapers()), [library]);
  useEffect(() => void refresh(), [refresh]);

  const run = async (task: () => Promise<string | void>) => {
    setBusy(true);
    setStatus(null);
    try {
      const text = await task();
      if (text) setStatus({ kind: 'info', text });
    } catch (e) {
      setStatus({ kind: 'error', text: messageFor(e) });
    } finally {
      setBusy(false);
    }
  };

  const importFiles = (files: FileList | null) =>
    run(async () => {
      const lines: string[] = [];
      for (const file of Array.from(files ?? [])) {
        try {
          const result = await library.importBytes(file.name, new Uint8Array(await file.arrayBuffer()));
          lines.push(`${file.name}: ${result.status === 'unchanged' ? 'already in the library' : `${result.status}, ${result.paper.paragraphCount} paragraphs`}`);
        } catch (e) {
          lines.push(`${file.name}: ${messageFor(e)}`);
        }
      }
      await refresh();
      return lines.join('\n');
    });

  const usePasted = () =>
    run(async () => {
      // A pasted answer is data from outside: its "verified" flags are re-earned against this pane's library.
      const { answer: checked, report } = await readPastedAnswer(pasted, (paperId) => library.getPaper(paperId).catch(() => null));
      setAnswer(checked);
      return describeReverify(report);
    });

  const insert = () =>
    run(async () => {
      if (!word) throw new VerbatimError('OFFICE_UNAVAILABLE');
      if (!answer) return;
      const result = await word.insertAnswer(answer, style);
      const leftOut = result.leftOut ? ` ${result.leftOut} unsupported sentence(s) left out.` : '';
      return `Inserted ${result.insertedSentences} sentence(s) with ${result.citations} citation(s); the reference list has ${result.references} entr${result.references === 1 ? 'y' : 'ies'}.${leftOut}`;
    });

  return (
    <main>
      <h1>Verbatim for Word</h1>
      {connecting && <p class="notice muted">Connecting to Word…</p>}
      {!word && !connecting && <p class="notice" data-testid="office-unavailable">Not running inside Word: you can import papers and ask, but inserting needs Word.</p>}
      <AskForm papers={papers} busy={busy} onAsk={(q, ids) => void run(async () => setAnswer(await library.ask(q, ids)))} />
      <details class="paste">
        <summary>Paste an answer from the side panel</summary>
        <textarea rows={3} data-testid="answer-json" value={pasted} onInput={(e) => setPasted((e.target as HTMLTextAreaElement).value)} />
        <button type="button" onClick={() => void usePasted()}>Use this answer</button>
      </details>
      <Notice notice={status} onDismiss={setStatus} testId="status" />
      {answer && (
        <>
          <AnswerView answer={answer} loadPaper={(paperId) => library.getPaper(paperId)} />
          {!answer.abstained && (
            <div class="row">
              <button type="button" class="primary" data-testid="insert" disabled={busy || !word} title={word ? 'Insert after the cursor' : messageFor(new VerbatimError('OFFICE_UNAVAILABLE'))} onClick={() => void insert()}>
                Insert at cursor
              </button>
              <select aria-label="Citation style" data-testid="style" value={style} onChange={(e) => setStyle((e.target as HTMLSelectElement).value as StyleId)}>
                {CITATION_STYLES.map((s) => (
                  <option key={s.id} value={s.id}>{s.label}</option>
                ))}
              </select>
              {word && <button type="button" onClick={() => void run(async () => `Renumbered; ${await word.refreshReferences()} reference(s).`)}>Renumber citations</button>}
            </div>
          )}
        </>
      )}
      <h2>Papers in this pane ({papers.length})</h2>
      <label class="import">
        Import papers (PDF, LaTeXML HTML or Verbatim JSON):{' '}
        <input type="file" multiple accept=".pdf,.html,.htm,.json" data-testid="import" onChange={(e) => void importFiles((e.target as HTMLInputElement).files)} />
      </label>
      <ul class="papers" data-testid="library">
        {papers.map((p) => (
          <li key={p.id} data-testid="library-paper">
            <div>
              <div class="title">{p.title}</div>
              <div class="meta">{p.paragraphCount} paragraphs · {p.referenceCount} references</div>
            </div>
          </li>
        ))}
      </ul>
    </main>
  );
}
