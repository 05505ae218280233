/**
 * What every export format is rendered from: the passages (an answer's supported sentences,
 * or chosen quotes), each with its citation already rendered by the cite engine in the chosen
 * style, the bibliography (cited works, then the works the quoted passages cite), and exactly
 * the records of those works with their stable BibTeX keys. The renderers (to-*.ts) are pure
 * functions of this value, so each format shows the same citations and the same works.
 */
import type { StyleId, WorkRecord } from '../cite';

/** Where a passage sits in its paper ("§2.1 ¶3, p. 4"). */
export interface ExportLocator {
  section?: string;
  paragraph?: number;
  page?: number;
}

export interface ExportCitedWork {
  /** The work record's id. */
  id: string;
  /** Its BibTeX / Pandoc key. */
  key: string;
  locator?: ExportLocator;
  /** http(s) link to the work (arXiv abs page or DOI), when it has one. */
  url?: string;
}

/**
 * One cited work, one citation: each citation links to its own work, whatever the format
 * (a style's combined cluster "[1, 2]" could carry only one link).
 */
export interface ExportCitation {
  work: ExportCitedWork;
  /** The in-text citation as the style renders it, e.g. "[1]" or "(Vaswani et al., 2017)". */
  text: string;
  html: string;
  /** The style raises the citation (Nature): set as superscript where the format can, in superscript characters in plain text. */
  superscript: boolean;
}

/** sentence: an answer's sentence (a claim in the answer's words); quote: the stored text itself, shown in quotation marks. */
export type ExportBlockKind = 'sentence' | 'quote';

export interface ExportBlock {
  kind: ExportBlockKind;
  text: string;
  citations: ExportCitation[];
}

export interface ExportEntry {
  id: string;
  key: string;
  text: string;
  html: string;
  url?: string;
}

export interface ExportDocument {
  style: StyleId;
  /** The question an answer answers; absent for chosen quotes. */
  heading?: string;
  blocks: ExportBlock[];
  /** The works cited in the text, in the style's order. */
  bibliography: ExportEntry[];
  /** Works the quoted passages themselves cite, listed but not cited in the text. */
  secondary: ExportEntry[];
  /** Exactly the works in `bibliography` and `secondary`, in that order. */
  records: WorkRecord[];
  /** Record id -> BibTeX key, for every record. */
  keys: ReadonlyMap<string, string>;
}

export const BIBLIOGRAPHY_HEADING = 'References';
export const SECONDARY_HEADING = 'Works cited in the quoted passages';
