/**
 * What the sidebar and the Apps Script server say to each other through google.script.run.
 * The server never renders a citation: the sidebar renders with the cite engine and sends
 * the texts; the server reads and writes the document. Everything crossing is plain JSON.
 */
import type { CitationAnchor } from './citation-url';

/** A CSL-JSON item with a string id: the cite engine's WorkRecord, opaque to the server. */
export interface StoredRecord {
  id: string;
  [field: string]: unknown;
}

export interface CitationInDocument {
  url: string;
  anchor: CitationAnchor;
  /** The citation's text as it stands ("[2]", "(Sinha & Azad, 2021)"). */
  text: string;
}

export type BibliographyStatus = 'present' | 'absent' | 'orphaned-marker';

export interface DocumentState {
  /** The style the document was last rendered in (null before the first refresh). */
  style: string | null;
  /** Every citation in document order: copies appear as often as they were pasted. */
  citations: CitationInDocument[];
  /** The records kept in the document, by id. */
  records: Record<string, StoredRecord>;
  /** Per cited passage (passageKey), the ids of the works that passage itself cites. */
  citedWorks: Record<string, string[]>;
  bibliography: BibliographyStatus;
  hasCursor: boolean;
}

export interface CitationToInsert {
  anchor: CitationAnchor;
  /** Ids (in `records`) of the works the cited passage itself cites. */
  citedWorkIds: string[];
}

export interface InsertQuotePayload {
  quote: string;
  citation: CitationToInsert;
  /** The primary record and the records of the works the passage cites. */
  records: StoredRecord[];
}

export interface InsertAnswerPayload {
  sentences: { text: string; citations: CitationToInsert[] }[];
  records: StoredRecord[];
}

/** The sidebar's rendering of one DocumentState, to be written by refreshDocument. */
export interface DocumentRendering {
  style: string;
  /** The citation URLs in document order that this rendering was made from. */
  basedOn: string[];
  /** One text per citation, in the same order. */
  citationTexts: string[];
  /** The style sets its citations raised (Nature): written as superscript. */
  citationsRaised: boolean;
  bibliography: {
    heading: string;
    primary: string[];
    secondaryHeading: string;
    secondary: string[];
  };
}

export interface InsertReport {
  inserted: number;
  citations: number;
  state: DocumentState;
}

export interface RefreshReport {
  citations: number;
  primary: number;
  secondary: number;
  /** True when a lone bibliography marker was found (the user deleted half of the list). */
  orphanedMarkerRemoved: boolean;
}

/** Server functions answer with an envelope, so the sidebar gets the named error code back. */
export type ServerResult<T> = { ok: true; value: T } | { ok: false; error: { code: string; detail?: string } };

export const PLACEHOLDER_CITATION = '[?]';
