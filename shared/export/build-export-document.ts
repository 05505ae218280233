/**
 * Builds the ExportDocument every format renders, from an answer's supported sentences or
 * from chosen quotes, with the cite engine (Contract A): one record per work, the citations
 * and bibliography rendered in the chosen style, stable BibTeX keys. The works listed are
 * exactly those the exported passages cite (primary) and the works cited inside those
 * passages (secondary), recomputed from the passages exported, so a sentence left out
 * (unsupported, "check the source") brings no work into the .bib.
 */
import { isSupported, type Answer, type AnswerCitation, type AnswerSentence } from '../answer/answer';
import { VerbatimError } from '../errors';
import type { LibraryPaper } from '../model/paper';
import { collectReferences } from '../references/collect-references';
import { assignCitationKeys, passageLocator, recordForPaper, recordForSecondary, renderDocument, type StyleId, type WorkRecord } from '../cite';
import type { ExportBlock, ExportBlockKind, ExportDocument, ExportEntry, ExportLocator } from './export-document';
import { workUrl } from './work-url';

export interface ExportOptions {
  style: StyleId;
  /** Keys given before (e.g. read from the user's .bib), kept for the same works. */
  previousKeys?: ReadonlyMap<string, string>;
}

/** A passage chosen by the user: a span of a stored paragraph. */
export interface QuoteSelection {
  paperId: string;
  paragraphId: string;
  start: number;
  end: number;
}

interface SourceBlock {
  kind: ExportBlockKind;
  text: string;
  citations: AnswerCitation[];
}

export function exportAnswer(answer: Answer, papers: ReadonlyMap<string, LibraryPaper>, options: ExportOptions): ExportDocument {
  const blocks = answer.sentences.filter(isSupported).map((s) => ({
    kind: 'sentence' as const,
    text: s.text,
    // Only verified quotes are shown as support; they alone are cited.
    citations: s.citations.filter((c) => c.verified),
  }));
  return buildExportDocument(blocks, papers, options, answer.question);
}

export function exportQuotes(quotes: QuoteSelection[], papers: ReadonlyMap<string, LibraryPaper>, options: ExportOptions): ExportDocument {
  const blocks = quotes.map((q) => {
    const paragraph = paperFor(papers, q.paperId).paragraphs.find((p) => p.id === q.paragraphId);
    if (!paragraph) throw new VerbatimError('NOT_FOUND', `${q.paperId} ${q.paragraphId}`);
    if (!(q.start >= 0 && q.start < q.end && q.end <= paragraph.text.length)) throw new VerbatimError('BAD_PASSAGE_SPAN', `${q.paragraphId} [${q.start}, ${q.end})`);
    const text = paragraph.text.slice(q.start, q.end);
    return { kind: 'quote' as const, text, citations: [{ ...q, quote: text, verified: true, score: 100 }] };
  });
  return buildExportDocument(blocks, papers, options);
}

function buildExportDocument(sourceBlocks: SourceBlock[], papers: ReadonlyMap<string, LibraryPaper>, options: ExportOptions, heading?: string): ExportDocument {
  const blocks = sourceBlocks.filter((b) => b.citations.length > 0).map((b) => ({ ...b, citations: uniqueByParagraph(b.citations) }));
  if (blocks.length === 0) throw new VerbatimError('EXPORT_NOTHING_CITED', heading ?? '');

  const primaryRecords = new Map<string, WorkRecord>();
  for (const block of blocks) {
    for (const c of block.citations) if (!primaryRecords.has(c.paperId)) primaryRecords.set(c.paperId, recordForPaper(paperFor(papers, c.paperId)));
  }
  const asSentences: AnswerSentence[] = blocks.map((b) => ({ text: b.text, citations: b.citations, support: 'verified' }));
  const secondaryRecords = new Map<string, WorkRecord>();
  for (const reference of collectReferences(asSentences, papers).secondary) {
    const record = recordForSecondary(reference);
    if (!primaryRecords.has(record.id) && !secondaryRecords.has(record.id)) secondaryRecords.set(record.id, record);
  }
  const records = [...primaryRecords.values(), ...secondaryRecords.values()];
  const keys = assignCitationKeys(records, options.previousKeys);

  const clusters = blocks.flatMap((block, b) => block.citations.map((c, i) => ({ clusterId: `${b}.${i}`, items: [{ id: primaryRecords.get(c.paperId)!.id }] })));
  const rendered = renderDocument({ records, clusters, secondaryIds: [...secondaryRecords.keys()], style: options.style });
  const renderedByCluster = new Map(rendered.citations.map((c) => [c.clusterId, c]));
  const recordById = new Map(records.map((r) => [r.id, r]));

  const exportBlocks: ExportBlock[] = blocks.map((block, b) => ({
    kind: block.kind,
    text: block.text,
    citations: block.citations.map((c, i) => {
      const record = primaryRecords.get(c.paperId)!;
      const citation = renderedByCluster.get(`${b}.${i}`);
      if (!citation) throw new VerbatimError('EXPORT_RENDER_FAILED', `citation ${b}.${i}`);
      const locator = locatorOf(paperFor(papers, c.paperId), c.paragraphId);
      const url = workUrl(record);
      return { work: { id: record.id, key: keys.get(record.id)!, ...(locator ? { locator } : {}), ...(url ? { url } : {}) }, text: citation.text, html: citation.html, superscript: citation.superscript };
    }),
  }));
  const entry = (e: { id: string; text: string; html: string }): ExportEntry => {
    const url = workUrl(recordById.get(e.id));
    return { id: e.id, key: keys.get(e.id) ?? e.id, text: e.text, html: e.html, ...(url ? { url } : {}) };
  };
  return {
    style: options.style,
    ...(heading ? { heading } : {}),
    blocks: exportBlocks,
    bibliography: rendered.bibliography.map(entry),
    secondary: rendered.secondary.map(entry),
    records,
    keys,
  };
}

/** One citation per cited paragraph in a block (a sentence quoting a paragraph twice cites it once). */
function uniqueByParagraph(citations: AnswerCitation[]): AnswerCitation[] {
  const seen = new Set<string>();
  return citations.filter((c) => {
    const key = `${c.paperId}#${c.paragraphId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function paperFor(papers: ReadonlyMap<string, LibraryPaper>, paperId: string): LibraryPaper {
  const paper = papers.get(paperId);
  if (!paper) throw new VerbatimError('NOT_FOUND', paperId);
  return paper;
}

function locatorOf(paper: LibraryPaper, paragraphId: string): ExportLocator | undefined {
  const { section, paragraph, page } = passageLocator(paper, paragraphId);
  const locator: ExportLocator = { ...(section ? { section } : {}), ...(paragraph !== undefined ? { paragraph } : {}), ...(page !== undefined ? { page } : {}) };
  return Object.keys(locator).length ? locator : undefined;
}
