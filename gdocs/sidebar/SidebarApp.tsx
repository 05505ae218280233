/**
 * The Google Docs sidebar: which library, search and pick a passage (a sentence of a
 * paragraph), ask, insert at the cursor, and refresh in a chosen style.
 */
import { useEffect, useState } from 'preact/hooks';
import { isSupported, type Answer } from '../../shared/answer/answer';
import { CITATION_STYLES, passageLocator, recordForPrimary, recordForSecondary, type StyleId } from '../../shared/cite';
import { messageFor } from '../../shared/errors';
import type { LibraryPaper } from '../../shared/model/paper';
import { splitSentences } from '../../shared/text/sentences';
import { queryForSelection } from '../../panes/selection-search';
import { HitExcerpt } from '../../ui/HitExcerpt';
import type { LibrarySearchHit, PaneLibrary, PaneLibraryDescription } from '../../panes/pane-library';
import { buildAnswerExport, copyExport } from '../../ui/copy-export';
import { exportQuotes } from '../../shared/export/build-export-document';
import { answerPayload, quotePayload } from './insert-payloads';
import { quoteToInsert } from '../../panes/quote-to-insert';
import type { ActionReport, SidebarActions } from './sidebar-actions';
import type { LibraryConnection } from './library-connection';

export interface SidebarProps {
  /** The library, once the extension answered (null, with the reason, when it did not). */
  connection: Promise<LibraryConnection>;
  actions: SidebarActions;
}

interface Picked {
  paper: LibraryPaper;
  paragraphId: string;
  span: { start: number; end: number } | null;
}

function describeReport(report: Omit<ActionReport, 'inserted'> & { inserted?: number }): string {
  const parts = [
    report.inserted !== undefined ? `Inserted ${report.inserted} ${report.inserted === 1 ? 'passage' : 'sentences'}.` : 'Refreshed.',
    `${report.refresh.citations} citations, ${report.refresh.primary} references, ${report.refresh.secondary} works cited in the quoted passages (${report.style}).`,
  ];
  if (report.missingRecords.length) parts.push(`No record kept for ${report.missingRecords.join(', ')}: those citations show [?].`);
  if (report.refresh.orphanedMarkerRemoved) parts.push('The old reference list had lost a marker: a new one was added at the end; delete the old one.');
  return parts.join(' ');
}

export function SidebarApp({ connection, actions }: SidebarProps) {
  const [library, setLibrary] = useState<PaneLibrary | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [description, setDescription] = useState<PaneLibraryDescription | null>(null);
  const [style, setStyle] = useState<StyleId | null>(null);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<LibrarySearchHit[]>([]);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; error?: boolean } | null>(null);

  const run = async (task: () => Promise<string | void>) => {
    setBusy(true);
    setStatus(null);
    try {
      const message = await task();
      if (message) setStatus({ text: message });
    } catch (error) {
      setStatus({ text: messageFor(error), error: true });
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    void run(async () => {
      setStyle(await actions.documentStyle().catch(() => 'ieee' as const));
      const connected = await connection;
      setLibrary(connected.library);
      setProblem(connected.problem);
      if (connected.library) setDescription(await connected.library.describe());
    });
  }, [connection, actions]);

  const searchFor = async (text: string) => {
    if (!library) return;
    setPicked(null);
    const found = await library.search(text, { limit: 10 });
    setHits(found);
    return found.length ? undefined : 'Nothing in the library matches.';
  };
  const search = () => run(() => searchFor(query));
  // The sentence selected in the document: where it comes from, or the passages that share its words.
  const findSelection = () => run(async () => {
    const selected = await queryForSelection(() => actions.selectedText());
    if ('notice' in selected) return selected.notice;
    setQuery(selected.query);
    return searchFor(selected.query);
  });

  const pick = (hit: LibrarySearchHit) => run(async () => {
    if (!library) return;
    setPicked({ paper: await library.getPaper(hit.paperId), paragraphId: hit.paragraphId, span: null });
  });

  const insertQuote = () => run(async () => {
    if (!picked?.span) return;
    const quote = quoteToInsert(picked.paper, picked.paragraphId, picked.span.start, picked.span.end);
    return describeReport(await actions.insertQuote(quotePayload(quote), style ?? undefined));
  });

  const ask = () => run(async () => {
    if (!library) return;
    setAnswer(await library.ask(question));
  });

  const insertAnswer = () => run(async () => {
    if (!library) return;
    if (!answer) return;
    const papers = new Map<string, LibraryPaper>();
    for (const p of answer.references.primary) papers.set(p.paperId, await library.getPaper(p.paperId));
    const primary = new Map(answer.references.primary.map((p) => [p.paperId, recordForPrimary(p)]));
    const payload = answerPayload(answer, { primary, secondary: answer.references.secondary.map(recordForSecondary) }, (paperId, paragraphId) => {
      const paper = papers.get(paperId);
      return paper ? passageLocator(paper, paragraphId) : {};
    });
    if (!payload) return 'No sentence of this answer is supported by a verified quote: nothing to insert.';
    return describeReport(await actions.insertAnswer(payload, style ?? undefined));
  });

  // "Copy with citations" for any editor (the same builder and rich text as the side panel's export menu).
  const copyAnswer = () => run(async () => {
    if (!library || !answer) return;
    await copyExport(await buildAnswerExport(answer, (paperId) => library.getPaper(paperId), style ?? 'ieee'), 'rich');
    return 'Copied the answer with its citations and bibliography.';
  });

  const copyQuote = () => run(async () => {
    if (!picked?.span) return;
    const papers = new Map([[picked.paper.id, picked.paper]]);
    await copyExport(exportQuotes([{ paperId: picked.paper.id, paragraphId: picked.paragraphId, ...picked.span }], papers, { style: style ?? 'ieee' }), 'rich');
    return 'Copied the quote with its citation and bibliography.';
  });

  const refresh = () => run(async () => describeReport(await actions.refresh(style ?? undefined)));

  const paragraph = picked?.paper.paragraphs.find((p) => p.id === picked.paragraphId);

  return (
    <div>
      <div class="library" data-testid="library">{description ? `${description.label}: ${description.papers} papers` : problem ?? 'Connecting to the library…'}</div>

      <h2>Style</h2>
      <div class="row">
        <select data-testid="style" value={style ?? 'ieee'} onChange={(e) => setStyle((e.currentTarget as HTMLSelectElement).value as StyleId)}>
          {CITATION_STYLES.map((s) => <option key={s.id} value={s.id}>{s.label}</option>)}
        </select>
        <button data-testid="refresh" disabled={busy} onClick={refresh}>Refresh</button>
      </div>

      {library && <>
      <h2>Search</h2>
      <form onSubmit={(e) => { e.preventDefault(); void search(); }}>
        <input type="search" data-testid="query" value={query} onInput={(e) => setQuery((e.currentTarget as HTMLInputElement).value)} placeholder="Words in a passage" />
        <button type="submit" data-testid="search" disabled={busy || !query.trim()}>Search</button>
        <button type="button" data-testid="find-selection" disabled={busy} title="Search the library for the text selected in the document" onClick={findSelection}>Find selected text</button>
      </form>
      {picked && paragraph ? (
        <div data-testid="passage">
          <div class="hit-title">{picked.paper.title}</div>
          {splitSentences(paragraph.text).map((s) => (
            <button key={s.start} class="sentence" data-testid="sentence" aria-pressed={picked.span?.start === s.start}
              onClick={() => setPicked({ ...picked, span: { start: s.start, end: s.end } })}>{s.text}</button>
          ))}
          <button data-testid="insert-quote" disabled={busy || !picked.span} onClick={insertQuote}>Insert quote at cursor</button>
          <button data-testid="copy-quote" disabled={busy || !picked.span} onClick={copyQuote}>Copy with citation</button>
          <button onClick={() => setPicked(null)}>Back</button>
        </div>
      ) : (
        <ul class="hits">
          {hits.map((hit) => (
            <li key={`${hit.paperId}/${hit.paragraphId}`}>
              <div class="hit-title">{hit.paperTitle}{hit.sectionTitle ? ` · ${hit.sectionTitle}` : ''}</div>
              <div><HitExcerpt hit={hit} chars={240} /></div>
              <button data-testid="pick" onClick={() => pick(hit)}>Pick a sentence</button>
            </li>
          ))}
        </ul>
      )}

      <h2>Ask</h2>
      <form onSubmit={(e) => { e.preventDefault(); void ask(); }}>
        <input type="text" data-testid="question" value={question} onInput={(e) => setQuestion((e.currentTarget as HTMLInputElement).value)} placeholder="A question to the library" />
        <button type="submit" data-testid="ask" disabled={busy || !question.trim()}>Ask</button>
      </form>
      {answer && (
        <div data-testid="answer">
          {answer.abstained ? <p>{answer.notice ?? 'The library has nothing that answers this.'}</p> : answer.sentences.map((s, i) => (
            <p key={i} class={`answer-sentence ${isSupported(s) ? '' : 'unsupported'}`}>{s.text}{isSupported(s) ? '' : ' (check the source: not inserted)'}</p>
          ))}
          <button data-testid="insert-answer" disabled={busy || answer.abstained} onClick={insertAnswer}>Insert answer at cursor</button>
          <button data-testid="copy-answer" disabled={busy || answer.abstained || !answer.sentences.some(isSupported)} onClick={copyAnswer}>Copy with citations</button>
        </div>
      )}

      </>}

      <div class={`status ${status?.error ? 'error' : ''}`} data-testid="status" role="status">{busy ? 'Working…' : status?.text ?? ''}</div>
    </div>
  );
}
