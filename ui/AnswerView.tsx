/** An answer: sentences with numbered citation chips, support badges, stats, references. */
import { useState } from 'preact/hooks';
import { isSupported, type Answer, type AnswerCitation, type AnswerPassage } from '../shared/answer/answer';
import { messageFor } from '../shared/errors';
import { passageFrom, type Passage, type PassageLoader } from './passage';
import { PassageView } from './PassageView';
import { AnswerPassages } from './AnswerPassages';
import { CitationChip, shortPaperName } from './CitationChip';
import { ExportMenu } from './ExportMenu';
import { buildAnswerExport } from './copy-export';
import type { CollectedQuote } from './quote-basket';

export interface AnswerViewProps {
  answer: Answer;
  loadPaper: PassageLoader;
  /** Opens the paper at the passage (the side panel has tabs; the Word pane may not). */
  onOpenInPaper?: (passage: Passage) => void;
  /** Collects a quote from an open passage for export (the side panel's quote list). */
  onCollect?: (quote: CollectedQuote) => void;
}

/** Numbers citations by paragraph, in order of first appearance. */
export function numberCitations(answer: Answer): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const sentence of answer.sentences) {
    for (const c of sentence.citations) {
      const key = `${c.paperId}#${c.paragraphId}`;
      if (!numbers.has(key)) numbers.set(key, numbers.size + 1);
    }
  }
  return numbers;
}

export function AnswerView({ answer, loadPaper, onOpenInPaper, onCollect }: AnswerViewProps) {
  const [passage, setPassage] = useState<Passage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const numbers = numberCitations(answer);
  const primaries = new Map(answer.references.primary.map((p) => [p.paperId, p]));
  const manyPapers = new Set(answer.sentences.flatMap((s) => s.citations.map((c) => c.paperId))).size > 1;

  const open = async (citation: Pick<AnswerCitation, 'paperId' | 'paragraphId' | 'start' | 'end'>) => {
    setError(null);
    try {
      const paper = await loadPaper(citation.paperId, citation.paragraphId);
      setPassage(passageFrom(paper, citation.paragraphId, citation.start, citation.end));
    } catch (e) {
      setError(messageFor(e));
    }
  };

  const paperTitles = new Map([
    ...(answer.passages ?? []).flatMap((p) => (p.paperTitle ? [[p.paperId, p.paperTitle] as const] : [])),
    ...answer.references.primary.map((p) => [p.paperId, p.title] as const),
  ]);
  // The passage view marks one range: the span from the first to the last matching sentence.
  const openPassage = (p: AnswerPassage) => void open({ paperId: p.paperId, paragraphId: p.paragraphId, start: p.highlights[0]?.start ?? 0, end: p.highlights.at(-1)?.end ?? 0 });
  const passageView = passage && <PassageView passage={passage} onClose={() => setPassage(null)} {...(onOpenInPaper ? { onOpenInPaper } : {})} {...(onCollect ? { onCollect } : {})} />;

  if (answer.abstained) {
    return (
      <section class="answer abstention">
        <p class="notice abstained" data-testid="abstained">{answer.notice ?? 'Nothing in the library answers this.'}</p>
        <AnswerPassages passages={answer.passages ?? []} paperTitles={paperTitles} title="Closest passages" onOpen={openPassage} />
        {error && <p class="notice error">{error}</p>}
        {passageView}
      </section>
    );
  }
  const s = answer.stats;
  return (
    <section class="answer" data-testid="answer">
      <ol class="sentences">
        {answer.sentences.map((sentence, i) => (
          <li key={i} class={`sentence ${sentence.support}`} data-support={sentence.support}>
            <span class="sentence-text">{sentence.text}</span>{' '}
            {sentence.citations.map((c) => (
              <CitationChip
                key={`${c.paperId}#${c.paragraphId}#${c.start}`}
                citation={c}
                number={numbers.get(`${c.paperId}#${c.paragraphId}`) ?? 0}
                {...(manyPapers && primaries.get(c.paperId) ? { paperName: shortPaperName(primaries.get(c.paperId)!) } : {})}
                {...(primaries.get(c.paperId) ? { paper: primaries.get(c.paperId)! } : {})}
                loadPaper={loadPaper}
                onOpen={() => void open(c)}
              />
            ))}
            {sentence.support === 'unsupported' && <span class="badge unsupported" data-testid="unsupported">unsupported</span>}
            {sentence.support === 'check-source' && (
              <span class="check-source" data-testid="check-source">
                <span class="badge check-source" title="The quote is real, but this sentence says something it does not. Read the source.">check the source</span>{' '}
                {sentence.citations.map((c) => <q key={`${c.paperId}#${c.paragraphId}`} class="quote">{c.quote}</q>)}
              </span>
            )}
          </li>
        ))}
      </ol>
      <p class="stats" data-testid="answer-stats">
        {s.sentences} sentences · {s.verified} verified · {s.snapped} snapped ·{s.checkSource ? ` ${s.checkSource} to check ·` : ''} {s.unsupported} unsupported ·{' '}
        {answer.mode === 'extractive' ? 'no LLM' : `${s.llmCalls} LLM calls`} · {Math.round(s.ms)} ms
      </p>
      {answer.sentences.some(isSupported) && <ExportMenu subject="this answer" docxName="verbatim-answer.docx" build={(style) => buildAnswerExport(answer, loadPaper, style)} />}
      <AnswerPassages passages={answer.passages ?? []} paperTitles={paperTitles} title="Best passages" onOpen={openPassage} />
      {error && <p class="notice error">{error}</p>}
      {passageView}
      {answer.references.primary.length > 0 && (
        <details class="references" open>
          <summary>Sources ({answer.references.primary.length})</summary>
          <ul>
            {answer.references.primary.map((p) => (
              <li key={p.paperId}>
                {p.title}
                {p.arxivId && <span class="muted"> · arXiv:{p.arxivId}{p.version ?? ''}</span>}
              </li>
            ))}
          </ul>
          {answer.references.secondary.length > 0 && (
            <>
              <h4>Works these passages cite ({answer.references.secondary.length})</h4>
              <ul data-testid="secondary-references">
                {answer.references.secondary.map((r) => (
                  <li key={`${r.id}-${r.citedBy[0]?.paperId}`}>
                    {r.title ?? r.raw} <span class="muted">({r.grain === 'fine' ? 'in the quote' : 'in the paragraph'})</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </details>
      )}
    </section>
  );
}

