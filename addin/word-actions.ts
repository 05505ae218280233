/**
 * What the pane asks of Word: each action is one Word.run around a tested *InContext function
 * (Office's TaskPane pattern keeps Office.onReady in main.tsx and the logic here testable on
 * the fake Word model). `run` is Word.run inside Word, or the fake's in tests.
 */
import type { Answer } from '../shared/answer/answer';
import { recordForPrimary, recordForSecondary, type StyleId, type WorkRecord } from '../shared/cite';
import type { PassageLocator, QuoteToInsert } from '../panes/pane-library';
import { insertAnswerInContext, insertCitationInContext, insertQuoteInContext, readSelectionInContext, refreshInContext, type InsertReport, type RefreshReport } from './word-document';

export type WordRun = <T>(batch: (context: Word.RequestContext) => Promise<T>) => Promise<T>;

export interface CitationToInsert {
  work: WorkRecord;
  paragraphId?: string;
  locator?: PassageLocator;
}

export interface WordActions {
  insertQuote(quote: QuoteToInsert, style?: StyleId): Promise<InsertReport>;
  /** Only the answer's supported sentences with verified citations are inserted. No style: the document's own (IEEE in a new document). */
  insertAnswer(answer: Answer, style?: StyleId): Promise<InsertReport>;
  insertCitation(citation: CitationToInsert, style?: StyleId): Promise<InsertReport>;
  refresh(style?: StyleId): Promise<RefreshReport>;
  /** The text selected in the document, to find its source in the library ('' when nothing is selected). */
  readSelection(): Promise<string>;
}

/** The records an answer cites: one per primary paper, one per secondary reference (same order). */
export function worksForAnswer(answer: Answer): { primary: WorkRecord[]; secondary: WorkRecord[] } {
  return { primary: answer.references.primary.map(recordForPrimary), secondary: answer.references.secondary.map(recordForSecondary) };
}

export function wordActions(run: WordRun): WordActions {
  return {
    insertQuote: (quote, style) => run((context) => insertQuoteInContext(context, quote, style)),
    insertAnswer: (answer, style) => run((context) => insertAnswerInContext(context, answer, worksForAnswer(answer), style)),
    insertCitation: (citation, style) => run((context) => insertCitationInContext(context, citation, style)),
    refresh: (style) => run((context) => refreshInContext(context, style)),
    readSelection: () => run((context) => readSelectionInContext(context)),
  };
}

/** The pane's one-line account of what an action did to the document. */
export function describeInsert(report: InsertReport): string {
  const what = report.insertedSentences ? `Inserted ${report.insertedSentences} passage${report.insertedSentences === 1 ? '' : 's'}` : 'Inserted the citation';
  const leftOut = report.leftOut ? ` ${report.leftOut} unsupported sentence${report.leftOut === 1 ? '' : 's'} left out.` : '';
  return `${what}. ${describeRefresh(report.refresh)}${leftOut}`;
}

export function describeRefresh(report: RefreshReport): string {
  const parts = [`${report.citations} citation${report.citations === 1 ? '' : 's'}, ${report.works} work${report.works === 1 ? '' : 's'} in the bibliography (${report.style}).`];
  if (report.editedCitations.length) parts.push(`${report.editedCitations.length} citation${report.editedCitations.length === 1 ? ' was' : 's were'} edited by hand and kept as written.`);
  if (report.changedQuotes.length) parts.push(`${report.changedQuotes.length} quote${report.changedQuotes.length === 1 ? ' no longer matches' : 's no longer match'} the source: flagged in the document.`);
  if (report.removedWorks.length) parts.push(`${report.removedWorks.length} work${report.removedWorks.length === 1 ? '' : 's'} no longer cited, removed from the bibliography.`);
  return parts.join(' ');
}
