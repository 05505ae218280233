/**
 * The Word task pane: which library (the extension's or the pane's own), find a passage (search
 * or a paper's outline) and insert it as a cited quote, cite a paper or passage alone, ask and
 * insert the supported answer, and keep the bibliography in any bundled CSL style.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Answer } from '../shared/answer/answer';
import { CITATION_STYLES, recordForPaper, type StyleId } from '../shared/cite';
import { messageFor, VerbatimError } from '../shared/errors';
import type { LibraryPaper } from '../shared/model/paper';
import type { PaneLibraryChoice } from '../panes/choose-library';
import type { LocalPaneLibrary } from '../panes/local-pane-library';
import type { PaneLibrary, PaneLibraryDescription, PaperSummary } from '../panes/pane-library';
import { quoteToInsert } from '../panes/quote-to-insert';
import { passageLocator } from '../shared/cite';
import { Notice, useNotice } from '../ui/Notice';
import { AskAndInsert } from './pane/AskAndInsert';
import { LibraryBar } from './pane/LibraryBar';
import { LocalLibraryImport } from './pane/LocalLibraryImport';
import { PassageFinder } from './pane/PassageFinder';
import { PassagePicker, type PickedSpan } from './pane/PassagePicker';
import { describeInsert, describeRefresh, type WordActions } from './word-actions';
import type { PaneOutcome } from './pane/pane-outcome';

export interface TaskPaneProps {
  /** The library the pane opened on, once the extension answered or did not (null meanwhile). */
  choice: PaneLibraryChoice | null;
  local: LocalPaneLibrary;
  /** null outside Word (a plain browser): everything works but inserting. */
  word: WordActions | null;
  /** True while Office.onReady has not answered yet. */
  connecting?: boolean;
}

export function TaskPaneApp({ choice, local, word, connecting = false }: TaskPaneProps) {
  const [library, setLibrary] = useState<PaneLibrary | null>(choice?.library ?? null);
  const [description, setDescription] = useState<PaneLibraryDescription | null>(null);
  const [papers, setPapers] = useState<PaperSummary[]>([]);
  const [picked, setPicked] = useState<{ paper: LibraryPaper; paragraphId: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // Notices behave as in the side panel: information fades, errors stay until dismissed or replaced.
  const [status, setStatus] = useNotice();
  // null: the document's own style (IEEE for a new document).
  const [style, setStyle] = useState<StyleId | null>(null);

  useEffect(() => setLibrary(choice?.library ?? null), [choice]);
  const reload = useCallback(async () => {
    if (!library) return;
    setDescription(await library.describe());
    setPapers(await library.listPapers());
  }, [library]);
  useEffect(() => {
    reload().catch((e: unknown) => setStatus({ kind: 'error', text: messageFor(e) }));
  }, [reload]);

  const run = async (task: () => Promise<PaneOutcome>) => {
    setBusy(true);
    setStatus(null);
    try {
      const outcome = await task();
      if (typeof outcome === 'string') setStatus({ kind: 'info', text: outcome });
      else if (outcome) setStatus({ kind: 'error', text: outcome.error });
    } catch (e) {
      setStatus({ kind: 'error', text: messageFor(e) });
    } finally {
      setBusy(false);
    }
  };
  const needWord = (): WordActions => {
    if (!word) throw new VerbatimError('OFFICE_UNAVAILABLE');
    return word;
  };
  const chosenStyle = style ?? undefined;

  const insertQuote = (span: PickedSpan) => run(async () => describeInsert(await needWord().insertQuote(quoteToInsert(span.paper, span.paragraphId, span.start, span.end), chosenStyle)));
  const citePassage = (span: PickedSpan) =>
    run(async () => describeInsert(await needWord().insertCitation({ work: recordForPaper(span.paper), paragraphId: span.paragraphId, locator: passageLocator(span.paper, span.paragraphId) }, chosenStyle)));
  const citePaper = (paper: LibraryPaper) => run(async () => describeInsert(await needWord().insertCitation({ work: recordForPaper(paper) }, chosenStyle)));
  const insertAnswer = (answer: Answer) => run(async () => describeInsert(await needWord().insertAnswer(answer, chosenStyle)));
  const refresh = () => run(async () => `Refreshed: ${describeRefresh(await needWord().refresh(chosenStyle))}`);

  const extension = choice?.extension ?? null;
  const switchLibrary = () => {
    setPicked(null);
    setLibrary(library === extension ? local : extension);
  };

  return (
    <main>
      <h1>Verbatim for Word</h1>
      {connecting && <p class="notice muted">Connecting to Word…</p>}
      {!word && !connecting && <p class="notice" data-testid="office-unavailable">Not running inside Word: you can search and ask, but inserting needs Word.</p>}
      <LibraryBar description={description} extensionProblem={choice?.extensionProblem ?? null} canSwitch={extension !== null} onSwitch={switchLibrary} />
      <Notice notice={status} onDismiss={setStatus} testId="status" />
      <section class="row document-bar" aria-label="Citations in this document">
        <select aria-label="Citation style" data-testid="style" value={style ?? ''} onChange={(e) => setStyle(((e.currentTarget as HTMLSelectElement).value || null) as StyleId | null)}>
          <option value="">The document's style</option>
          {CITATION_STYLES.map((s) => (
            <option key={s.id} value={s.id}>{s.label}</option>
          ))}
        </select>
        <button type="button" data-testid="refresh" disabled={busy || !word} onClick={() => void refresh()} title="Renumber, restyle and rebuild the bibliography">
          Refresh
        </button>
      </section>
      {library && (
        <>
          <h2>Quote a passage</h2>
          {picked ? (
            <PassagePicker paper={picked.paper} paragraphId={picked.paragraphId} busy={busy} canInsert={word !== null} onInsertQuote={(s) => void insertQuote(s)} onCite={(s) => void citePassage(s)} onBack={() => setPicked(null)} />
          ) : (
            <PassageFinder library={library} papers={papers} busy={busy} run={run} canInsert={word !== null} onOpen={(paper, paragraphId) => setPicked({ paper, paragraphId })} onCitePaper={(paper) => void citePaper(paper)} {...(word ? { readSelection: () => word.readSelection() } : {})} />
          )}
          <h2>Ask</h2>
          <AskAndInsert library={library} papers={papers} busy={busy} canInsert={word !== null} run={run} onInsert={(answer) => void insertAnswer(answer)} />
          {library === local && <LocalLibraryImport library={local} busy={busy} run={run} onChanged={reload} />}
        </>
      )}
    </main>
  );
}
