/**
 * A list of works in one of the formats users copy or download: a style's reference
 * list (text or html), BibTeX, RIS or CSL-JSON. One entry point for the side panel's
 * "cite" actions (`library/cite`), LibraryService.citePaper and `verbatim cite`.
 */
import { VerbatimError } from '../errors';
import { assignCitationKeys } from './citation-keys';
import { toBibTeX, toCslJson, toRis } from './export-formats';
import { renderDocument } from './render-document';
import type { StyleId } from './styles';
import type { WorkRecord } from './work-record';

export const CITATION_FORMATS = ['text', 'html', 'bibtex', 'csl-json', 'ris'] as const;
export type CitationFormat = (typeof CITATION_FORMATS)[number];

export function parseCitationFormat(name: string): CitationFormat {
  const format = CITATION_FORMATS.find((f) => f === name.trim().toLowerCase());
  if (!format) throw new VerbatimError('CITATION_FORMAT_UNKNOWN', `"${name.slice(0, 40)}"`);
  return format;
}

/** The works in `format`; text and html are the style's reference list, the works cited in the order given. */
export function formatCitations(records: WorkRecord[], format: CitationFormat, style: StyleId): string {
  if (format === 'bibtex') return toBibTeX(records, assignCitationKeys(records));
  if (format === 'ris') return toRis(records);
  if (format === 'csl-json') return toCslJson(records);
  const rendered = renderDocument({ records, clusters: records.map((r, i) => ({ clusterId: `w${i}`, items: [{ id: r.id }] })), style });
  return rendered.bibliography.map((entry) => (format === 'text' ? entry.text : entry.html)).join('\n');
}
