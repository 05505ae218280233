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

  async record(question: string, paperIds: string[] | undefined, answer: Answer): Promise<HistorySummary> {
    const askedAt = this.clock.isoNow();
    // Time first so ids sort like entries; the counter separates two answers in the same millisecond.
    const entry = { id: `${askedAt}#${(this.sequence++).toString(36)}`, question, askedAt, answer, ...(paperIds?.length ? { paperIds } : {}) };
    await this.store.addHistory(entry);
    return summarizeHistory(entry);
  }

  list(): Promise<HistorySummary[]> {
    return this.store.listHistory();
  }

  /** The stored answer is never shown as verified on its own word: every quote is checked against today's library. */
  async reopen(id: string): Promise<ReopenedAnswer & { question: string; paperIds?: string[] }> {
    const entry = await this.store.getHistory(id);
    if (!entry) throw new VerbatimError('HISTORY_NOT_FOUND', id);
    const { answer, report } = await reverifyAnswer(entry.answer, this.lookupPaper);
    return { entry: summarizeHistory(entry), question: entry.question, ...(entry.paperIds ? { paperIds: entry.paperIds } : {}), answer, report };
  }

  delete(id: string): Promise<void> {
    return this.store.deleteHistory(id);
  }
}
