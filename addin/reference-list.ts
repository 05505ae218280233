/**
 * The document's reference list, planned from what is in the document: citations
 * are numbered by order of first appearance, and only works still cited keep an entry.
 * Pure data in, pure data out, so the Word code only reads and writes.
 */
export const CITATION_TAG = 'verbatim-cite';
export const REFERENCE_LIST_TAG = 'verbatim-references';
export const PRIMARY_ENTRY_TAG = 'verbatim-ref';
export const SECONDARY_ENTRY_TAG = 'verbatim-sref';

export interface CitationMarker {
  paperId: string;
  paragraphId: string;
  start: number;
  end: number;
}

export interface SecondaryEntry {
  /** The saved paper whose cited paragraph cites this work. */
  citingPaperId: string;
  key: string;
  text: string;
}

export interface ReferenceListPlan {
  numbers: Map<string, number>;
  primary: { paperId: string; number: number; text: string }[];
  secondary: SecondaryEntry[];
}

export type ListStyle = 'numeric' | 'author-year';

/** The list control's title carries the document's style, so later inserts keep it. */
export function listTitle(style: ListStyle): string {
  return `Verbatim references|${style}`;
}

export function styleFromListTitle(title: string | undefined): ListStyle | null {
  const style = title?.split('|')[1];
  return style === 'numeric' || style === 'author-year' ? style : null;
}

/** A citation control's title holds its author-year label: "Verbatim citation|(Sinha & Azad, 2021)". */
export function citationTitle(label: string): string {
  return `Verbatim citation|${label}`;
}

export function labelFromCitationTitle(title: string | undefined): string | null {
  const [kind, ...rest] = (title ?? '').split('|');
  return kind === 'Verbatim citation' && rest.length ? rest.join('|') : null;
}

// Tags are "|"-separated fields; paper ids never contain "|" ("arxiv:2104.01180", "doc:ff2a7828").
export function citationTag(marker: CitationMarker): string {
  return [CITATION_TAG, marker.paperId, marker.paragraphId, marker.start, marker.end].join('|');
}

export function parseCitationTag(tag: string): CitationMarker | null {
  const [kind, paperId, paragraphId, start, end] = tag.split('|');
  if (kind !== CITATION_TAG || !paperId || !paragraphId) return null;
  return { paperId, paragraphId, start: Number(start), end: Number(end) };
}

export function primaryEntryTag(paperId: string): string {
  return `${PRIMARY_ENTRY_TAG}|${paperId}`;
}

export function secondaryEntryTag(entry: SecondaryEntry): string {
  return `${SECONDARY_ENTRY_TAG}|${entry.citingPaperId}|${entry.key}`;
}

export function parseEntryTag(tag: string): { kind: 'primary'; paperId: string } | { kind: 'secondary'; citingPaperId: string; key: string } | null {
  const [kind, a, ...rest] = tag.split('|');
  if (kind === PRIMARY_ENTRY_TAG && a) return { kind: 'primary', paperId: a };
  if (kind === SECONDARY_ENTRY_TAG && a && rest.length) return { kind: 'secondary', citingPaperId: a, key: rest.join('|') };
  return null;
}

/** Entry text as shown: "[3] A. Author, “Title,” …" -> "A. Author, “Title,” …". */
export function stripEntryNumber(text: string): string {
  return text.replace(/^\s*\[\d+\]\s*/, '').trim();
}

export function planReferenceList(
  citationsInDocumentOrder: readonly CitationMarker[],
  primaryTexts: ReadonlyMap<string, string>,
  secondaryEntries: readonly SecondaryEntry[],
  style: ListStyle = 'numeric',
): ReferenceListPlan {
  const numbers = new Map<string, number>();
  for (const c of citationsInDocumentOrder) if (!numbers.has(c.paperId)) numbers.set(c.paperId, numbers.size + 1);
  const primary = [...numbers.entries()].map(([paperId, number]) => ({
    paperId,
    number,
    text: primaryTexts.get(paperId) ?? paperId,
  }));
  // Author-year lists are alphabetical; numeric ones follow first appearance.
  if (style === 'author-year') primary.sort((a, b) => a.text.localeCompare(b.text));
  const seen = new Set<string>();
  const secondary = secondaryEntries.filter((e) => {
    if (!numbers.has(e.citingPaperId) || seen.has(e.key)) return false;
    seen.add(e.key);
    return true;
  });
  return { numbers, primary, secondary };
}
