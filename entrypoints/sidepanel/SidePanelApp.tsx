/** The side panel: the question box, the answer with its passages, history, search, the library. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import browser from 'webextension-polyfill';
import type { Answer } from '../../shared/answer/answer';
import type { ReverifyReport } from '../../shared/answer/reverify-answer';
import { messageFor, VerbatimError } from '../../shared/errors';
import type { PaperSummary } from '../../shared/library/library-store';
import { AnswerView } from '../../ui/AnswerView';
import { AskForm } from '../../ui/AskForm';
import { SearchView } from '../../ui/SearchView';
import { Notice, useNotice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';
import { paperLocationUrl } from '../../ui/open-in-paper';
import type { Passage } from '../../ui/passage';
import { listenForEvents, sendRequest } from '../../extension/messaging';
import { QuoteBasket } from '../../ui/QuoteBasket';
import { withQuote, withoutQuote, type CollectedQuote } from '../../ui/quote-basket';
import { ModelSettingsPanel } from './ModelSettingsPanel';
import { HistoryPanel } from './HistoryPanel';
import { LibraryPanel } from './LibraryPanel';
import type { AnswerStage } from '../../shared/answer/llm-answer';
import { DenseSearch } from '../../shared/library/dense-search';
import { extensionDensePorts } from '../../extension/dense-search-ports';
import { DenseSearchPanel } from './DenseSearchPanel';
import { paperAt, scopeOfQuestion } from '../../ui/paper-beside';
import { PDF_VIEWER_URL, urlOfTabBeside, watchTabBeside } from './tab-beside';
import { chromeSessionStorage, takePanelRequests } from '../../extension/panel-requests';
import type { PanelRequest } from '../../shared/schema/panel-request-schema';

const STAGES: Record<AnswerStage, string> = {
  planning: 'Planning the search…',
  retrieving: 'Searching the library…',
  judging: 'Judging which passages help…',
  writing: 'Writing the answer…',
  verifying: 'Checking every quote against the papers…',
};

/** Survives a reload of the panel (not a close): the answer on screen is reopened from the history. */
const SHOWN_ENTRY_KEY = 'verbatim:shown-history-entry';

interface Shown {
  answer: Answer;
  /** Each answer gets a new key, so nothing of the previous one (an open passage, a preview) stays on screen. */
  key: number;
  fromHistory?: ReverifyReport;
  /** The one paper the question was asked of, and whether it was the paper beside the panel (not the reader's choice). */
  scope?: { paperId: string; beside: boolean };
}

/** The scope an answer's notice names: its one paper, if it was asked of one. */
function onePaperScope(paperIds: readonly string[] | undefined, beside: boolean): Shown['scope'] {
  return paperIds?.length === 1 ? { paperId: paperIds[0]!, beside } : undefined;
}

/** What follows the paper's title in "Asked of “T”…": the paper beside the panel (then, for an answer from the history), or the reader's choice. */
function howAskedOf(scope: NonNullable<Shown['scope']>, fromHistory: boolean): string {
  if (!scope.beside) return ' only.';
  return fromHistory ? ', the paper open beside this panel when it was asked.' : ', the paper open beside this panel.';
}

interface Running {
  askId: string;
  startedAt: number;
}

function describeReverify(report: ReverifyReport): string {
  const changes = [
    report.droppedCitations ? `${report.droppedCitations} citation${report.droppedCitations === 1 ? '' : 's'} dropped` : '',
    report.missingPapers.length ? `${report.missingPapers.length} paper${report.missingPapers.length === 1 ? ' is' : 's are'} no longer in the library` : '',
    report.downgradedSentences ? `${report.downgradedSentences} sentence${report.downgradedSentences === 1 ? '' : 's'} no longer verified` : '',
  ].filter(Boolean);
  return `From the history, re-checked against the library now: ${changes.length ? changes.join('; ') : 'every quote still verified'}.`;
}

export function SidePanelApp() {
  const [papers, setPapers] = useState<PaperSummary[] | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [question, setQuestion] = useState('');
  const [running, setRunning] = useState<Running | null>(null);
  const [quotes, setQuotes] = useState<CollectedQuote[]>([]);
  const [stage, setStage] = useState<string>('Searching the library…');
  const [historyRevision, setHistoryRevision] = useState(0);
  const [askNotice, showAskNotice] = useNotice();
  const [answerNotice, showAnswerNotice] = useNotice();
  const answerKey = useRef(0);
  const dense = useMemo(() => new DenseSearch(extensionDensePorts()), []);
  useEffect(() => listenForEvents('answer/progress', ({ stage: s }) => setStage(STAGES[s])), []);

  const refresh = useCallback(async () => {
    try {
      setPapers(await sendRequest('library/list', {}));
    } catch (e) {
      showAskNotice({ kind: 'error', text: messageFor(e) });
    }
  }, [showAskNotice]);

  useEffect(() => {
    void refresh();
    return listenForEvents('library/changed', () => {
      void refresh();
      void dense.sync();
    });
  }, [refresh, dense]);

  // The saved paper beside the panel, shown under the question box so the reader knows what "this paper" will mean.
  // undefined until the tab beside has been read once: until then a question cannot know what "this paper" means.
  const [besidePaper, setBesidePaper] = useState<PaperSummary | null | undefined>(undefined);
  const besideKnown = besidePaper !== undefined;
  useEffect(() => {
    if (!papers) return;
    const update = () => void urlOfTabBeside().then((url) => setBesidePaper(url ? paperAt(url, papers, PDF_VIEWER_URL) : null));
    update();
    return watchTabBeside(update);
  }, [papers]);

  // Search by meaning comes back on if the user opted in; its model loads in a worker, apart from this page.
  useEffect(() => void dense.start(), [dense]);

  const show = (answer: Answer, fromHistory?: ReverifyReport, scope?: Shown['scope']) => {
    answerKey.current += 1;
    setShown({ answer, key: answerKey.current, ...(fromHistory ? { fromHistory } : {}), ...(scope ? { scope } : {}) });
    showAnswerNotice(null);
  };

  const reopen = useCallback(async (id: string) => {
    try {
      const reopened = await sendRequest('history/open', { id });
      setQuestion(reopened.question);
      // An answer asked of one paper says which, reopened too, and whether it was the paper beside the panel then.
      show(reopened.answer, reopened.report, onePaperScope(reopened.paperIds, reopened.besidePaper === true));
      sessionStorage.setItem(SHOWN_ENTRY_KEY, id);
    } catch (e) {
      showAskNotice({ kind: 'error', text: messageFor(e) });
    }
  }, []);

  // A reload keeps what was on screen: the same history entry, re-verified.
  useEffect(() => {
    const id = sessionStorage.getItem(SHOWN_ENTRY_KEY);
    if (id) void reopen(id);
  }, [reopen]);

  /** `wholeLibrary`: the reader asked for the library, even for a question that points at the paper beside. */
  const ask = async (text: string, chosen?: string[], wholeLibrary = false) => {
    const askId = crypto.randomUUID();
    setRunning({ askId, startedAt: Date.now() });
    setStage(STAGES.retrieving);
    showAskNotice(null);
    // The old answer goes at once: a passage of it must not sit under the new question.
    setShown(null);
    try {
      // The paper the hint under the question box names: what the reader sees is what the question is asked of.
      const { paperIds, beside } = scopeOfQuestion(text, chosen, wholeLibrary ? null : (besidePaper ?? null));
      const isBeside = beside !== undefined;
      const denseHits = await dense.hitsFor(text, paperIds);
      const answer = await sendRequest('answer/ask', { question: text, askId, ...(paperIds ? { paperIds } : {}), ...(denseHits.length ? { denseHits } : {}), ...(isBeside ? { besidePaper: true } : {}) });
      show(answer, undefined, onePaperScope(paperIds, isBeside));
      const [latest] = await sendRequest('history/list', {});
      if (latest) sessionStorage.setItem(SHOWN_ENTRY_KEY, latest.id);
      setHistoryRevision((r) => r + 1);
    } catch (e) {
      const cancelled = e instanceof VerbatimError && e.code === 'CANCELLED';
      showAskNotice({ kind: cancelled ? 'info' : 'error', text: cancelled ? 'Cancelled: the question was stopped.' : messageFor(e) });
    } finally {
      setRunning(null);
    }
  };

  // Text selected on a page and sent here from the context menu: searched, or asked as if typed. Taken once the
  // tab beside is known, so a question about "this paper" goes to the paper the reader selected it in.
  const [searchRequest, setSearchRequest] = useState<{ query: string; id: string } | null>(null);
  // The listener below outlives renders: it reaches this render's ask and cancel through the ref.
  const askInstead = useRef<(text: string) => void>(() => undefined);
  useEffect(() => {
    if (!besideKnown) return;
    const run = (request: PanelRequest) => {
      if (request.action === 'search') {
        setSearchRequest({ query: request.text, id: request.id });
        return;
      }
      setQuestion(request.text);
      askInstead.current(request.text);
    };
    return takePanelRequests(chromeSessionStorage(), browser.windows.getCurrent().then((w) => w.id), run);
  }, [besideKnown]);

  const cancel = async () => {
    if (!running) return;
    await sendRequest('answer/cancel', { askId: running.askId }).catch(() => undefined);
  };
  // A question still running is replaced by the new one, as the reader chose it.
  askInstead.current = (text) => void cancel().then(() => ask(text));

  const openInPaper = (passage: Passage) => {
    const url = paperLocationUrl(passage, { pdfViewer: (query) => `${browser.runtime.getURL('/pdf-viewer.html')}?${query}` });
    if (!url) {
      showAnswerNotice({ kind: 'error', text: 'This paper has no arXiv or PDF address to open (it was added from a file).' });
      return;
    }
    void browser.tabs.create({ url });
  };

  const loadPaper = (paperId: string) => sendRequest('library/get', { paperId });
  const collect = (quote: CollectedQuote) => setQuotes((all) => withQuote(all, quote));

  return (
    <main>
      <h1>
        Verbatim <span class="muted">{papers ? `${papers.length} paper${papers.length === 1 ? '' : 's'}` : ''}</span>
      </h1>
      <AskForm papers={papers ?? []} besideTitle={besidePaper?.title} busy={running !== null} question={question} onQuestion={setQuestion} onAsk={(q, ids) => void ask(q, ids)} />
      {running && <Progress label={stage} startedAt={running.startedAt} onCancel={() => void cancel()} />}
      <Notice notice={askNotice} onDismiss={showAskNotice} testId="error" />
      <ModelSettingsPanel />
      <DenseSearchPanel dense={dense} />
      {shown && (
        <div key={shown.key}>
          {shown.fromHistory && (
            <p class="notice muted" data-testid="reverified">
              {describeReverify(shown.fromHistory)}
            </p>
          )}
          {shown.scope && (
            <p class="notice muted scoped" data-testid="asked-of">
              <span>
                Asked of “{papers?.find((p) => p.id === shown.scope!.paperId)?.title ?? 'one paper'}”{howAskedOf(shown.scope, shown.fromHistory !== undefined)}
              </span>
              {(papers?.length ?? 0) > 1 && (
                <button type="button" class="link" data-testid="ask-whole-library" disabled={running !== null} onClick={() => void ask(shown.answer.question, undefined, true)}>
                  Ask all papers instead
                </button>
              )}
            </p>
          )}
          <AnswerView answer={shown.answer} loadPaper={loadPaper} onOpenInPaper={openInPaper} onCollect={collect} />
          <Notice notice={answerNotice} onDismiss={showAnswerNotice} testId="answer-notice" />
        </div>
      )}
      <HistoryPanel revision={historyRevision} onReopen={(id) => void reopen(id)} onError={(text) => showAskNotice({ kind: 'error', text })} />
      <h2>Search</h2>
      <SearchView papers={papers ?? []} search={async (query, paperIds) => {
          const denseHits = await dense.hitsFor(query, paperIds);
          return sendRequest('library/search', { query, ...(paperIds ? { paperIds } : {}), ...(denseHits.length ? { denseHits } : {}) });
        }} onCollect={collect} request={searchRequest} />
      <QuoteBasket quotes={quotes} loadPaper={loadPaper} onRemove={(index) => setQuotes((all) => withoutQuote(all, index))} />
      <LibraryPanel papers={papers} refresh={refresh} />
    </main>
  );
}
