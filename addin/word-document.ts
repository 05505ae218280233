/**
 * Word.run functions: insert a cited answer at the selection, then renumber every
 * Verbatim citation and rebuild the reference list. Each function loads what it
 * reads and syncs before reading, and never syncs inside a loop.
 */
import { isSupported, type Answer } from '../shared/answer/answer';
import { dedupeKey } from '../shared/references/collect-references';
import { citationLabels, formatEntries } from '../shared/cite/format-entries';
import type { StyleId } from '../shared/cite/styles';
import { recordForPrimary, recordForSecondary } from '../shared/cite/work-record';
import {
  CITATION_TAG, PRIMARY_ENTRY_TAG, REFERENCE_LIST_TAG, SECONDARY_ENTRY_TAG,
  citationTag, citationTitle, labelFromCitationTitle, listTitle, parseCitationTag, parseEntryTag, planReferenceList, primaryEntryTag, secondaryEntryTag, stripEntryNumber, styleFromListTitle,
  type CitationMarker, type ListStyle, type SecondaryEntry,
} from './reference-list';

export interface InsertResult {
  insertedSentences: number;
  leftOut: number;
  citations: number;
  references: number;
}

interface IncomingReferences {
  primary: Map<string, string>;
  secondary: SecondaryEntry[];
}

/** The CSL style each list style is rendered in (the `word` helper replaces list styles with StyleId). */
const CSL_STYLE: Record<ListStyle, StyleId> = { numeric: 'ieee', 'author-year': 'apa' };

function incomingReferences(answer: Answer, style: ListStyle): IncomingReferences {
  const primaryTexts = formatEntries(answer.references.primary.map(recordForPrimary), CSL_STYLE[style]).map((e) => e.text);
  const secondaryTexts = formatEntries(answer.references.secondary.map(recordForSecondary), CSL_STYLE[style]).map((e) => e.text);
  return {
    primary: new Map(answer.references.primary.map((p, i) => [p.paperId, primaryTexts[i]!])),
    secondary: answer.references.secondary.flatMap((r, i) =>
      r.citedBy.map((c) => ({ citingPaperId: c.paperId, key: dedupeKey(r), text: secondaryTexts[i]! })),
    ),
  };
}

/** Inserts the answer as one paragraph after the selection, with a content control per citation. */
export async function insertAnswer(answer: Answer, style: ListStyle = 'numeric'): Promise<InsertResult> {
  return Word.run((context) => insertAnswerInContext(context, answer, style));
}

export async function insertAnswerInContext(context: Word.RequestContext, answer: Answer, style: ListStyle = 'numeric'): Promise<InsertResult> {
  const labels = citationLabels(answer.references.primary.map(recordForPrimary), CSL_STYLE['author-year']);
  // Only supported sentences go into the user's document: an unsupported claim, or one that says
  // more than its quotes ("check the source"), is not ours to write as cited.
  const supported = answer.sentences.filter((s) => isSupported(s) && s.citations.some((c) => c.verified));
  const paragraph = context.document.getSelection().insertParagraph('', 'After');
  let citations = 0;
  supported.forEach((sentence, i) => {
    paragraph.insertText(`${i > 0 ? ' ' : ''}${sentence.text}`, 'End');
    const seen = new Set<string>();
    for (const c of sentence.citations) {
      if (!c.verified || seen.has(c.paperId)) continue;
      seen.add(c.paperId);
      paragraph.insertText(' ', 'End');
      const control = paragraph.insertText('[?]', 'End').insertContentControl();
      control.tag = citationTag(c satisfies CitationMarker);
      // The author-year label travels with the control, so renumbering never needs the library.
      control.title = citationTitle(labels.get(c.paperId) ?? '');
      citations++;
    }
  });
  await context.sync();
  const references = await renumberInContext(context, incomingReferences(answer, style), style);
  return { insertedSentences: supported.length, leftOut: answer.sentences.length - supported.length, citations, references };
}

/** Renumbers citations after the user moved or deleted some; keeps the reference list in step. */
export async function refreshReferences(): Promise<number> {
  return Word.run((context) => renumberInContext(context, { primary: new Map(), secondary: [] }));
}

export async function renumberInContext(context: Word.RequestContext, incoming: IncomingReferences, requestedStyle?: ListStyle): Promise<number> {
  const controls = context.document.contentControls;
  // Loading "items" loads every item's scalar properties (tag, text) in one round trip.
  controls.load('items');
  await context.sync();

  const citationControls: { control: Word.ContentControl; marker: CitationMarker; label: string | null }[] = [];
  const knownPrimary = new Map<string, string>();
  const knownSecondary: SecondaryEntry[] = [];
  let list: Word.ContentControl | undefined;
  for (const control of controls.items) {
    const tag = control.tag ?? '';
    if (tag.startsWith(`${CITATION_TAG}|`)) {
      const marker = parseCitationTag(tag);
      if (marker) citationControls.push({ control, marker, label: labelFromCitationTitle(control.title) });
    } else if (tag === REFERENCE_LIST_TAG) {
      list = control;
    } else if (tag.startsWith(`${PRIMARY_ENTRY_TAG}|`) || tag.startsWith(`${SECONDARY_ENTRY_TAG}|`)) {
      const entry = parseEntryTag(tag);
      if (entry?.kind === 'primary') knownPrimary.set(entry.paperId, stripEntryNumber(control.text));
      if (entry?.kind === 'secondary') knownSecondary.push({ citingPaperId: entry.citingPaperId, key: entry.key, text: control.text.trim() });
    }
  }
  for (const [paperId, text] of incoming.primary) knownPrimary.set(paperId, text);
  // The document keeps the style it started with unless the user picks another.
  const style: ListStyle = requestedStyle ?? styleFromListTitle(list?.title) ?? 'numeric';
  const plan = planReferenceList(citationControls.map((c) => c.marker), knownPrimary, [...knownSecondary, ...incoming.secondary], style);

  for (const { control, marker, label } of citationControls) {
    control.insertText(style === 'author-year' && label ? label : `[${plan.numbers.get(marker.paperId)}]`, 'Replace');
  }

  if (!list) {
    const heading = context.document.body.insertParagraph('References', 'End');
    list = heading.insertContentControl();
    list.tag = REFERENCE_LIST_TAG;
  }
  list.title = listTitle(style);
  // Rewriting the list drops its old entry controls; their text was read above.
  list.insertText('References', 'Replace');
  for (const entry of plan.primary) {
    list.insertParagraph(style === 'numeric' ? `[${entry.number}] ${entry.text}` : entry.text, 'End').insertContentControl().tag = primaryEntryTag(entry.paperId);
  }
  if (plan.secondary.length) {
    list.insertParagraph('Works cited in the quoted passages', 'End');
    for (const entry of plan.secondary) list.insertParagraph(entry.text, 'End').insertContentControl().tag = secondaryEntryTag(entry);
  }
  await context.sync();
  return plan.primary.length;
}
