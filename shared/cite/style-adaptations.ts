/**
 * What one style needs of a record that the shared record does not say the way that style
 * reads it. Only arXiv preprints need this: the record carries `number: "arXiv:<id>"`,
 * `publisher: "arXiv"`, as Zotero writes them, and two styles print those oddly.
 */
import type { StyleId } from './styles';
import { arxivIdOfRecord, type WorkRecord } from './work-record';

export function adaptRecordForStyle(record: WorkRecord, style: StyleId): WorkRecord {
  const arxivId = arxivIdOfRecord(record);
  if (!arxivId || record.type !== 'article') return record;
  // IEEE prints "<publisher>: <number>": the bare id gives "arXiv: 2104.01180", not "arXiv: arXiv:2104.01180".
  if (style === 'ieee') return { ...record, number: arxivId };
  // ACM's style has no preprint branch; its default prints the container, where ACM's guide puts "arXiv:<id>".
  if (style === 'acm') return { ...record, 'container-title': `arXiv:${arxivId}` };
  return record;
}
