/**
 * A picked span of a stored paragraph as the passage a pane inserts (Contract B's QuoteToInsert),
 * for every pane (Word, Google Docs): the quoted text exactly as stored, its locator, the paper's
 * record, and the records of the works cited inside the span (a citation that overlaps the span
 * counts: the quote carries its claim).
 */
import { passageLocator, recordForPaper, recordForSecondary, type WorkRecord } from '../shared/cite';
import { VerbatimError } from '../shared/errors';
import type { LibraryPaper } from '../shared/model/paper';
import type { QuoteToInsert } from './pane-library';

export function quoteToInsert(paper: LibraryPaper, paragraphId: string, start: number, end: number): QuoteToInsert {
  const paragraph = paper.paragraphs.find((p) => p.id === paragraphId);
  if (!paragraph) throw new VerbatimError('NOT_FOUND', `paragraph ${paragraphId} of ${paper.id}`);
  if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end <= paragraph.text.length && start < end)) {
    throw new VerbatimError('BAD_PASSAGE_SPAN', `span ${start}..${end} of a ${paragraph.text.length}-character paragraph`);
  }
  const references = new Map(paper.references.map((r) => [r.id, r]));
  const citedWorks = new Map<string, WorkRecord>();
  for (const citation of paragraph.citations) {
    const inside = citation.start !== undefined && citation.end !== undefined && citation.start < end && citation.end > start;
    if (!inside) continue;
    for (const id of citation.referenceIds) {
      const reference = references.get(id);
      if (!reference) continue;
      const record = recordForSecondary(reference);
      citedWorks.set(record.id, record);
    }
  }
  return {
    paperId: paper.id,
    paragraphId,
    start,
    end,
    text: paragraph.text.slice(start, end),
    locator: passageLocator(paper, paragraphId),
    work: recordForPaper(paper),
    citedWorks: [...citedWorks.values()],
  };
}
