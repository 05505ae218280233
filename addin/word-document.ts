/**
 * Contract C: the Word.run functions. Each takes a Word.RequestContext (so tests run
 * them on the fake Word model and the pane runs them inside Word.run) and does its
 * whole action in at most three context.sync calls, however many citations the
 * document holds:
 *   1. queue the new text and citation controls at the selection; load every content
 *      control (tag, text, title) and the citation part's items;
 *   2. read the citation part's XML (skipped when the document has none yet);
 *   3. write: every citation whose text must change, flags on changed quotes, tags of
 *      copies, the bibliography, and the part. If the part is damaged, sync 3 instead
 *      removes what sync 1 inserted and the action fails with CITATION_PART_DAMAGED.
 */
import { isSupported, type Answer, type AnswerSentence } from '../shared/answer/answer';
import { VerbatimError } from '../shared/errors';
import type { QuoteToInsert } from '../panes/pane-library';
import type { StyleId, WorkRecord } from '../shared/cite';
import {
  CITATION_PART_NAMESPACE, citationPartXml, emptyCitationPart, parseCitationPartXml, quoteHash, type CitationPart, type StoredCluster,
} from './word-citation-part';
import {
  BIBLIOGRAPHY_HEADING, BIBLIOGRAPHY_TITLE, CITATION_TITLE, planDocument, QUOTE_TITLE, SECONDARY_HEADING,
  type DocumentPlan, type PendingClusters, type RefreshReport,
} from './word-document-plan';
import { renderWithCiteEngine, type RenderDocument } from './word-render';
import { BIBLIOGRAPHY_TAG, citationTag, newClusterId, quoteTag } from './word-tags';
import { citedLocator } from '../shared/cite';

export type { RefreshReport } from './word-document-plan';

export interface InsertReport {
  /** The clusters this action added, in document order. */
  clusterIds: string[];
  insertedSentences: number;
  /** Answer sentences not inserted: unsupported, "check the source", or with no verified citation. */
  leftOut: number;
  refresh: RefreshReport;
}

/** Placeholder text a new citation holds between sync 1 and sync 3 (never left in a document). */
const PENDING_CITATION_TEXT = '[…]';
const DEFAULT_STYLE: StyleId = 'ieee';

interface Insertion {
  pending: PendingClusters;
  clusterIds: string[];
  /** Undoes the queued inserts, for when the part turns out to be damaged. */
  undo: () => void;
}

export interface WordDependencies {
  render: RenderDocument;
  random: () => number;
}

/** Every Verbatim control is a range wrapped in a content control with our tag and title. */
function wrapInControl(range: Word.Range, tag: string, title: string): Word.ContentControl {
  const control = range.insertContentControl();
  control.tag = tag;
  control.title = title;
  return control;
}

const defaults: WordDependencies = { render: renderWithCiteEngine, random: Math.random };

/** The text the user has selected in the document ('' for a bare caret): one load, one sync, nothing written. */
export async function readSelectionInContext(context: Word.RequestContext): Promise<string> {
  const selection = context.document.getSelection();
  selection.load('text');
  await context.sync();
  return selection.text;
}

export async function insertQuoteInContext(context: Word.RequestContext, quote: QuoteToInsert, style?: StyleId, deps: WordDependencies = defaults): Promise<InsertReport> {
  const clusterId = newClusterId(deps.random);
  const report = await runAction(context, style, deps, () => {
    const selection = context.document.getSelection();
    // The quote follows the text before the cursor as its own words: " “quote” [1]".
    const open = selection.insertText(' \u201c', 'After');
    const quoted = open.insertText(quote.text, 'After');
    const close = quoted.insertText('\u201d ', 'After');
    const cited = close.insertText(PENDING_CITATION_TEXT, 'After');
    const quoteControl = wrapInControl(quoted, quoteTag(clusterId), QUOTE_TITLE);
    const citation = wrapInControl(cited, citationTag(clusterId), CITATION_TITLE);
    const cluster: Omit<StoredCluster, 'written'> = {
      kind: 'quote',
      items: [{ id: quote.work.id, ...citedLocator(quote.locator) }],
      paragraphId: quote.paragraphId,
      quoteHash: quoteHash(quote.text),
      quoteText: quote.text,
      secondaryIds: quote.citedWorks.map((w) => w.id),
    };
    return {
      pending: { clusters: new Map([[clusterId, cluster]]), works: [quote.work, ...quote.citedWorks] },
      clusterIds: [clusterId],
      undo: () => {
        citation.delete(false);
        quoteControl.delete(false);
        open.insertText('', 'Replace');
        close.insertText('', 'Replace');
      },
    };
  });
  return { clusterIds: [clusterId], insertedSentences: 1, leftOut: 0, refresh: report };
}

/**
 * Inserts the answer's supported sentences, each with a verified citation, as one paragraph after
 * the selection. `works.secondary[i]` is the record of `answer.references.secondary[i]`.
 */
export async function insertAnswerInContext(
  context: Word.RequestContext,
  answer: Answer,
  works: { primary: WorkRecord[]; secondary: WorkRecord[] },
  style?: StyleId,
  deps: WordDependencies = defaults,
): Promise<InsertReport> {
  // Only supported sentences go into the user's document: an unsupported claim, or one that says
  // more than its quotes ("check the source"), is not ours to write as cited.
  const citable = (sentence: AnswerSentence) => sentence.citations.filter((c) => c.verified && primaryRecord(works, c.paperId));
  const sentences = answer.sentences.filter((s) => isSupported(s) && citable(s).length > 0);
  if (!sentences.length) throw new VerbatimError('NOTHING_TO_INSERT');
  const clusterIds = sentences.map(() => newClusterId(deps.random));
  const report = await runAction(context, style, deps, () => {
    const paragraph = context.document.getSelection().insertParagraph('', 'After');
    const clusters = new Map<string, Omit<StoredCluster, 'written'>>();
    const used = new Map<string, WorkRecord>();
    sentences.forEach((sentence, i) => {
      const clusterId = clusterIds[i]!;
      if (i > 0) paragraph.insertText(' ', 'End');
      const text = paragraph.insertText(sentence.text, 'End');
      paragraph.insertText(' ', 'End');
      const cited = paragraph.insertText(PENDING_CITATION_TEXT, 'End');
      wrapInControl(text, quoteTag(clusterId), QUOTE_TITLE);
      wrapInControl(cited, citationTag(clusterId), CITATION_TITLE);
      const verified = citable(sentence);
      const paperIds = [...new Set(verified.map((c) => c.paperId))];
      const secondaryIds = answer.references.secondary.flatMap((reference, r) =>
        reference.citedBy.some((by) => verified.some((c) => c.paperId === by.paperId && c.paragraphId === by.paragraphId)) && works.secondary[r] ? [works.secondary[r].id] : [],
      );
      for (const id of paperIds) used.set(id, primaryRecord(works, id)!);
      for (const id of secondaryIds) used.set(id, works.secondary.find((w) => w.id === id)!);
      clusters.set(clusterId, {
        kind: 'answer',
        items: paperIds.map((id) => ({ id })),
        paragraphId: verified[0]!.paragraphId,
        // The sentence as inserted: if the user rewrites it, it no longer says what was verified.
        quoteHash: quoteHash(sentence.text),
        quoteText: sentence.text,
        secondaryIds: [...new Set(secondaryIds)],
      });
    });
    return { pending: { clusters, works: [...used.values()] }, clusterIds, undo: () => paragraph.delete() };
  });
  return { clusterIds, insertedSentences: sentences.length, leftOut: answer.sentences.length - sentences.length, refresh: report };
}

export async function insertCitationInContext(
  context: Word.RequestContext,
  citation: { work: WorkRecord; paragraphId?: string; locator?: QuoteToInsert['locator'] },
  style?: StyleId,
  deps: WordDependencies = defaults,
): Promise<InsertReport> {
  const clusterId = newClusterId(deps.random);
  const report = await runAction(context, style, deps, () => {
    const cited = context.document.getSelection().insertText(PENDING_CITATION_TEXT, 'After');
    const control = wrapInControl(cited, citationTag(clusterId), CITATION_TITLE);
    const cluster: Omit<StoredCluster, 'written'> = {
      kind: 'citation',
      items: [{ id: citation.work.id, ...citedLocator(citation.locator ?? {}) }],
      ...(citation.paragraphId ? { paragraphId: citation.paragraphId } : {}),
      secondaryIds: [],
    };
    return { pending: { clusters: new Map([[clusterId, cluster]]), works: [citation.work] }, clusterIds: [clusterId], undo: () => control.delete(false) };
  });
  return { clusterIds: [clusterId], insertedSentences: 0, leftOut: 0, refresh: report };
}

/** Renumbers, re-renders in `style` (or the document's own), rebuilds the bibliography, reports edits. */
export async function refreshInContext(context: Word.RequestContext, style?: StyleId, deps: WordDependencies = defaults): Promise<RefreshReport> {
  return runAction(context, style, deps, () => null);
}

function primaryRecord(works: { primary: WorkRecord[] }, paperId: string): WorkRecord | undefined {
  return works.primary.find((w) => w.id === paperId);
}

async function runAction(context: Word.RequestContext, style: StyleId | undefined, deps: WordDependencies, queueInsertion: () => Insertion | null): Promise<RefreshReport> {
  const insertion = queueInsertion();
  const controls = context.document.contentControls;
  controls.load('items/tag,items/text,items/title');
  const parts = context.document.customXmlParts.getByNamespace(CITATION_PART_NAMESPACE);
  parts.load('items');
  await context.sync(); // 1

  let part: CitationPart;
  const partItems = parts.items;
  const firstPart = partItems[0];
  if (firstPart) {
    const xml = firstPart.getXml();
    await context.sync(); // 2
    try {
      part = parseCitationPartXml(xml.value);
    } catch (error) {
      insertion?.undo();
      await context.sync(); // 3: the document is as it was
      throw error;
    }
  } else {
    part = emptyCitationPart(style ?? DEFAULT_STYLE);
  }

  const plan = planDocument({
    controls: controls.items.map((c) => ({ tag: c.tag, text: c.text, title: c.title })),
    part,
    ...(insertion ? { pending: insertion.pending } : {}),
    ...(style ? { style } : {}),
    render: deps.render,
    random: deps.random,
  });
  queueWrites(context, controls.items, plan);
  const xml = citationPartXml(plan.part);
  if (firstPart) firstPart.setXml(xml);
  else context.document.customXmlParts.add(xml);
  // A second part in our namespace (two documents merged) would be read by nobody: its clusters are
  // unknown here and reported as such, and it goes, so the document has one truth.
  for (const extra of partItems.slice(1)) extra.delete();
  await context.sync(); // 3
  return plan.report;
}

function queueWrites(context: Word.RequestContext, items: Word.ContentControl[], plan: DocumentPlan): void {
  for (const write of plan.writes) {
    const control = items[write.index]!;
    if (write.tag !== undefined) control.tag = write.tag;
    if (write.title !== undefined) control.title = write.title;
    if (write.appearance !== undefined) control.appearance = write.appearance;
    if (write.text !== undefined) control.insertText(write.text, 'Replace');
    if (write.superscript !== undefined) control.font.superscript = write.superscript;
  }
  const { index, primary, secondary } = plan.bibliography;
  const existing = index === null ? null : items[index]!;
  if (!primary.length && !secondary.length) {
    existing?.delete(false);
    return;
  }
  let list = existing;
  if (!list) {
    list = context.document.body.insertParagraph(BIBLIOGRAPHY_HEADING, 'End').insertContentControl();
    list.tag = BIBLIOGRAPHY_TAG;
    list.title = BIBLIOGRAPHY_TITLE;
  }
  list.insertText(BIBLIOGRAPHY_HEADING, 'Replace');
  for (const entry of primary) list.insertParagraph(entry, 'End');
  if (secondary.length) {
    list.insertParagraph(SECONDARY_HEADING, 'End');
    for (const entry of secondary) list.insertParagraph(entry, 'End');
  }
}
