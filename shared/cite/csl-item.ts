/**
 * A CSL-JSON item: the one record of a cited work that every style and export format is
 * rendered from. Field names are CSL-JSON's (https://citeproc-js.readthedocs.io/en/latest/csl-json/markup.html),
 * so the record can be handed to citeproc, Zotero or pandoc unchanged.
 */
import type { CslName } from '../references/parse-names';

export type { CslName };

export type CslItemType =
  | 'article' | 'article-journal' | 'paper-conference' | 'chapter' | 'book' | 'thesis' | 'report' | 'webpage';

export interface CslDate {
  'date-parts': number[][];
}

export interface CslItem {
  /** The compact work id: a library paper id ("arxiv:2104.01180") or a secondary reference's dedupe key. */
  id: string;
  type: CslItemType;
  title?: string;
  author?: CslName[];
  editor?: CslName[];
  issued?: CslDate;
  'container-title'?: string;
  'collection-title'?: string;
  volume?: string;
  issue?: string;
  page?: string;
  publisher?: string;
  'publisher-place'?: string;
  /** For arXiv preprints: "arXiv:2104.01180", with genre "Preprint" and publisher "arXiv", as Zotero writes them. */
  number?: string;
  genre?: string;
  DOI?: string;
  URL?: string;
  abstract?: string;
  note?: string;
}
