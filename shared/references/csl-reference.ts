/**
 * The CSL-JSON-shaped record of one cited work: the one citation record every
 * output format is rendered from. Field names are CSL-JSON's.
 */
import type { CslName } from './parse-names';

export type CslType = 'article-journal' | 'paper-conference' | 'chapter' | 'book' | 'thesis' | 'report' | 'webpage' | 'article';

export interface CslReference {
  type: CslType;
  title?: string;
  author?: CslName[];
  editor?: CslName[];
  'container-title'?: string;
  issued?: { 'date-parts': [[number]] };
  volume?: string;
  issue?: string;
  page?: string;
  publisher?: string;
  'publisher-place'?: string;
  DOI?: string;
  URL?: string;
  /** arXiv identifier, e.g. "2104.01180" or "hep-lat/0201010" (CSL has no field; citation-js reads `number` for preprints). */
  arxiv?: string;
}

/** The kind of work, from which fields are present and how the container reads. */
export function cslTypeOf(record: Omit<CslReference, 'type'>, raw: string): CslType {
  const container = record['container-title'] ?? '';
  if (/\b(?:ph\.?\s?d\.?|master'?s|doctoral|diploma)\b.{0,20}\b(?:thesis|dissertation)\b|\bthesis\b|\bdissertation\b/i.test(raw) && !container) return 'thesis';
  if (/\b(?:tech(?:nical)?\.?\s+rep(?:ort)?\.?|working paper|white paper)\b/i.test(raw)) return 'report';
  if (container) {
    if (/\b(?:proc(?:eedings)?\.?|conference|conf\.|workshop|symposium|congress|meeting)\b/i.test(container)) return 'paper-conference';
    if (record.editor?.length || /\b(?:in|in:)\s/i.test(raw.slice(0, raw.indexOf(container) + 1)) && record.publisher) return 'chapter';
    return 'article-journal';
  }
  if (record.publisher) return 'book';
  if (record.URL && !record.DOI && !record.arxiv) return 'webpage';
  return 'article';
}
