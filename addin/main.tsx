/**
 * Task pane start-up: the only place that touches Office and Chrome globals. Office.onReady
 * decides whether Word is there (outside Office the pane runs without insertion); the
 * extension's library is used when Chrome lets this page reach it, else the pane's own.
 */
import { render } from 'preact';
import '../ui/style.css';
import { DexieLibraryStore } from '../shared/library/dexie-store';
import { parseHtmlWithLinkedom } from '../shared/library/html-parser-linkedom';
import { LibraryService } from '../shared/library/library-service';
import { VERBATIM_EXTENSION_ID } from '../shared/extension-key';
import { chromeExternalTransport } from '../panes/chrome-external-transport';
import { choosePaneLibrary, type PaneLibraryChoice } from '../panes/choose-library';
import { LocalPaneLibrary } from '../panes/local-pane-library';
import { pagePdfReader } from '../ui/pdf-in-page';
import { TaskPaneApp } from './TaskPaneApp';
import { wordActions, type WordActions } from './word-actions';

const OFFICE_READY_TIMEOUT_MS = 3000;

async function detectWord(): Promise<WordActions | null> {
  if (typeof Office === 'undefined') return null;
  const info = await Promise.race([
    Office.onReady(),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), OFFICE_READY_TIMEOUT_MS)),
  ]);
  return info?.host === Office.HostType.Word ? wordActions((batch) => Word.run(batch)) : null;
}

async function start(): Promise<void> {
  const local = new LocalPaneLibrary(
    new LibraryService({
      store: new DexieLibraryStore({ name: 'verbatim-word', indexedDB, IDBKeyRange }),
      parseHtml: parseHtmlWithLinkedom,
      pdfReader: pagePdfReader,
    }),
  );
  const root = document.getElementById('app')!;
  const show = (choice: PaneLibraryChoice | null, word: WordActions | null, connecting: boolean) =>
    render(<TaskPaneApp choice={choice} local={local} word={word} connecting={connecting} />, root);
  // Show the pane at once; Office.onReady can take a moment inside Word and never comes outside it.
  show(null, null, true);
  const [choice, word] = await Promise.all([choosePaneLibrary(chromeExternalTransport(VERBATIM_EXTENSION_ID, globalThis), local), detectWord()]);
  show(choice, word, false);
}

void start();
