/** The history of questions: recorded after each answer, listed, reopened (re-verified against the library as it is now), deleted. */
import type { Answer } from '../answer/answer';
import { reverifyAnswer, type PaperLookup } from '../answer/reverify-answer';
import { VerbatimError } from '../errors';
import { systemClock, type Clock } from '../ports';
import { summarizeHistory, type HistoryStore, type HistorySummary, type ReopenedAnswer } from './history';

export class HistoryService {
  private sequence = 0;

  constructor(
    private readonly store: HistoryStore,
    private readonly lookupPaper: PaperLookup,
    private readonly clock: Clock = systemClock,
  ) {}

  /** `besidePaper`: the question went to the paper open beside the side panel (its one paper id), not to the reader's choice. */
  async record(question: string, paperIds: string[] | undefined, answer: Answer, besidePaper = false): Promise<HistorySummary> {
    const askedAt = this.clock.isoNow();
    // Time first so ids sort like entries; the counter separates two answers in the same millisecond.
    const scope = paperIds?.length ? { paperIds, ...(besidePaper && paperIds.length === 1 ? { besidePaper: true as const } : {}) } : {};
    const entry = { id: `${askedAt}#${(this.sequence++).toString(36)}`, question, askedAt, answer, ...scope };
    await this.store.addHistory(entry);
    return summarizeHistory(entry);
  }

  list(): Promise<HistorySummary[]> {
    return this.store.listHistory();
  }

  /** The stored answer is never shown as verified on its own word: every quote is checked against today's library. */
  async reopen(id: string): Promise<ReopenedAnswer & { question: string; paperIds?: string[]; besidePaper?: boolean }> {
    const entry = await this.store.getHistory(id);
    if (!entry) throw new VerbatimError('HISTORY_NOT_FOUND', id);
    const { answer, report } = await reverifyAnswer(entry.answer, this.lookupPaper);
    return { entry: summarizeHistory(entry), question: entry.question, ...(entry.paperIds ? { paperIds: entry.paperIds } : {}), ...(entry.besidePaper ? { besidePaper: true } : {}), answer, report };
  }

  delete(id: string): Promise<void> {
    return this.store.deleteHistory(id);
  }
}
