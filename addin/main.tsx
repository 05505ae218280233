/**
 * Task pane start-up: the only place that touches Office globals. Office.onReady
 * decides whether Word is there; outside Office (a plain browser, the e2e test) the
 * pane runs without insertion.
 */
import { render } from 'preact';
import '../ui/style.css';
import { DexieLibraryStore } from '../shared/library/dexie-store';
import { parseHtmlWithLinkedom } from '../shared/library/html-parser-linkedom';
import { LibraryService } from '../shared/library/library-service';
import { pagePdfReader } from '../ui/pdf-in-page';
import { TaskPaneApp, type WordActions } from './TaskPaneApp';
import { insertAnswer, refreshReferences } from './word-document';

const OFFICE_READY_TIMEOUT_MS = 3000;

async function detectWord(): Promise<WordActions | null> {
  if (typeof Office === 'undefined') return null;
  const info = await Promise.race([
    Office.onReady(),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), OFFICE_READY_TIMEOUT_MS)),
  ]);
  return info?.host === Office.HostType.Word ? { insertAnswer, refreshReferences } : null;
}

async function start(): Promise<void> {
  const library = new LibraryService({
    store: new DexieLibraryStore({ name: 'verbatim-word', indexedDB, IDBKeyRange }),
    parseHtml: parseHtmlWithLinkedom,
    pdfReader: pagePdfReader,
  });
  const root = document.getElementById('app')!;
  // Show the pane at once; Office.onReady can take a moment inside Word and never comes outside it.
  render(<TaskPaneApp library={library} word={null} connecting />, root);
  const word = await detectWord();
  render(<TaskPaneApp library={library} word={word} />, root);
}

void start();
