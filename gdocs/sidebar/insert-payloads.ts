/**
 * What the sidebar sends to insert: a picked passage (QuoteToInsert, built by the pane library)
 * or an answer's supported sentences, with the records of the works they cite. Only
 * supported sentences and verified citations go into a document, as in the Word pane.
 */
import { isSupported, type Answer, type SecondaryReference } from '../../shared/answer/answer';
import { hashText } from '../../shared/model/paper';
import type { WorkRecord } from '../../shared/cite';
import type { QuoteToInsert } from '../../panes/pane-library';
import type { CitationToInsert, InsertAnswerPayload, InsertQuotePayload } from '../common/document-contract';
import type { CitationLocator } from '../common/citation-url';
import { toStoredRecord } from './stored-records';

/** Contract B's passage, with the cite engine's own record type. */
export type PassageToInsert = Omit<QuoteToInsert, 'work' | 'citedWorks'> & { work: WorkRecord; citedWorks: WorkRecord[] };

export interface AnswerRecords {
  /** The record of each cited paper, by paper id. */
  primary: ReadonlyMap<string, WorkRecord>;
  /** The record of each secondary reference, in the order of answer.references.secondary. */
  secondary: readonly WorkRecord[];
}

function locator(from: QuoteToInsert['locator']): CitationLocator {
  return {
    ...(from.section ? { section: from.section.slice(0, 120) } : {}),
    ...(from.paragraph !== undefined ? { paragraph: from.paragraph } : {}),
    ...(from.page !== undefined ? { page: from.page } : {}),
  };
}

export function quotePayload(quote: PassageToInsert): InsertQuotePayload {
  const citedWorks = quote.citedWorks.filter((w) => w.id !== quote.work.id);
  return {
    quote: quote.text,
    citation: {
      anchor: { paperId: quote.paperId, paragraphId: quote.paragraphId, quoteHash: hashText(quote.text), locator: locator(quote.locator) },
      citedWorkIds: citedWorks.map((w) => w.id),
    },
    records: [quote.work, ...citedWorks].map(toStoredRecord),
  };
}

/** The answer's supported sentences, each citation carrying the secondary works its paragraph cites. */
export function answerPayload(answer: Answer, records: AnswerRecords, locators: (paperId: string, paragraphId: string) => CitationLocator = () => ({})): InsertAnswerPayload | null {
  const citedFrom = (reference: SecondaryReference, paperId: string, paragraphId: string) => reference.citedBy.some((c) => c.paperId === paperId && c.paragraphId === paragraphId);
  const used = new Map<string, WorkRecord>();
  const sentences = answer.sentences
    .filter((s) => isSupported(s) && s.citations.some((c) => c.verified))
    .map((sentence) => {
      const seen = new Set<string>();
      const citations: CitationToInsert[] = [];
      for (const c of sentence.citations) {
        const work = records.primary.get(c.paperId);
        if (!c.verified || !work || seen.has(c.paperId)) continue;
        seen.add(c.paperId);
        used.set(work.id, work);
        const cited = answer.references.secondary.flatMap((r, i) => (citedFrom(r, c.paperId, c.paragraphId) && records.secondary[i] ? [records.secondary[i]!] : []));
        for (const w of cited) used.set(w.id, w);
        citations.push({
          anchor: { paperId: work.id, paragraphId: c.paragraphId, quoteHash: hashText(c.quote), locator: locators(c.paperId, c.paragraphId) },
          citedWorkIds: cited.map((w) => w.id).filter((id) => id !== work.id),
        });
      }
      return { text: sentence.text, citations };
    })
    .filter((s) => s.citations.length > 0);
  return sentences.length ? { sentences, records: [...used.values()].map(toStoredRecord) } : null;
}
