/**
 * The quotes collected from passages ("Add to quotes"), exported together with their
 * citations and bibliography: the side panel's way to take a selection of quotes to Word,
 * LibreOffice, Pages, LaTeX or Markdown without an add-in.
 */
import type { StyleId } from '../shared/cite';
import { exportQuotes } from '../shared/export/build-export-document';
import type { LibraryPaper } from '../shared/model/paper';
import { ExportMenu } from './ExportMenu';
import type { CollectedQuote } from './quote-basket';

const EXCERPT_CHARS = 160;

export interface QuoteBasketProps {
  quotes: CollectedQuote[];
  loadPaper: (paperId: string) => Promise<LibraryPaper>;
  onRemove: (index: number) => void;
}

export function QuoteBasket({ quotes, loadPaper, onRemove }: QuoteBasketProps) {
  if (quotes.length === 0) return null;
  const build = async (style: StyleId) => {
    const papers = new Map<string, LibraryPaper>();
    for (const q of quotes) if (!papers.has(q.paperId)) papers.set(q.paperId, await loadPaper(q.paperId));
    return exportQuotes(quotes, papers, { style });
  };
  const subject = `${quotes.length} quote${quotes.length === 1 ? '' : 's'}`;
  return (
    <section class="quote-basket" aria-label="Quotes to export" data-testid="quote-basket">
      <h2>Quotes to export ({quotes.length})</h2>
      <ol>
        {quotes.map((q, i) => (
          <li key={`${q.paperId}#${q.paragraphId}#${q.start}`} data-testid="collected-quote">
            <q>{q.text.length > EXCERPT_CHARS ? `${q.text.slice(0, EXCERPT_CHARS - 1)}…` : q.text}</q> <span class="muted">· {q.paperTitle}</span>{' '}
            <button type="button" class="link" aria-label={`Remove the quote from ${q.paperTitle}`} onClick={() => onRemove(i)}>
              ✕
            </button>
          </li>
        ))}
      </ol>
      <ExportMenu subject={subject} docxName="verbatim-quotes.docx" build={build} />
    </section>
  );
}
