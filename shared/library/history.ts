/**
 * Questions asked and the answers given, kept per library (in the library's own database).
 * An entry is what was shown; when it is reopened the answer is re-verified against the
 * library as it is now, since papers may have been deleted or replaced by newer versions.
 */
import type { Answer } from '../answer/answer';
import type { ReverifyReport } from '../answer/reverify-answer';

export interface HistoryEntry {
  id: string;
  question: string;
  paperIds?: string[];
  /** The one paper of paperIds was the paper open beside the side panel, not the reader's choice. */
  besidePaper?: true;
  askedAt: string;
  answer: Answer;
}

export interface HistorySummary {
  id: string;
  question: string;
  askedAt: string;
  abstained: boolean;
  sentences: number;
}

export interface ReopenedAnswer {
  entry: HistorySummary;
  answer: Answer;
  report: ReverifyReport;
}

/** The newest entries are kept; older ones are dropped so the history cannot grow without bound. */
export const HISTORY_LIMIT = 500;

export interface HistoryStore {
  addHistory(entry: HistoryEntry): Promise<void>;
  listHistory(): Promise<HistorySummary[]>;
  getHistory(id: string): Promise<HistoryEntry | undefined>;
  deleteHistory(id: string): Promise<void>;
}

export function summarizeHistory(entry: HistoryEntry): HistorySummary {
  return { id: entry.id, question: entry.question, askedAt: entry.askedAt, abstained: entry.answer.abstained, sentences: entry.answer.sentences.length };
}
