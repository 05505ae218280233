/**
 * Single works in a style, for callers that place entries themselves (numbering them or
 * listing them under their own headings): the entry text without the style's number, and
 * the in-text label a work gets when it is cited alone. Both are cut from renderDocument.
 */
import { renderDocument } from './render-document';
import type { StyleId } from './styles';
import type { WorkRecord } from './work-record';

/** One entry per record, in the order given, without numbers; text and html. */
export function formatEntries(records: WorkRecord[], style: StyleId): { id: string; text: string; html: string }[] {
  const unique = [...new Map(records.map((r) => [r.id, r])).values()];
  const rendered = renderDocument({ records: unique, clusters: [], secondaryIds: unique.map((r) => r.id), style });
  const byId = new Map(rendered.secondary.map((entry) => [entry.id, entry]));
  return records.map((record) => byId.get(record.id)!);
}

/** The citation a work gets when it is the only work cited: "(Sinha et al., 2021)", "[1]". */
export function citationLabel(record: WorkRecord, style: StyleId): string {
  return citationLabels([record], style).get(record.id)!;
}

/**
 * Each work cited alone, all in one document, so the labels agree with a list of the same works
 * ("(Lovelace & Turing, 2021a)" and "…2021b" when they would otherwise read the same).
 */
export function citationLabels(records: WorkRecord[], style: StyleId): Map<string, string> {
  const unique = [...new Map(records.map((r) => [r.id, r])).values()];
  const rendered = renderDocument({ records: unique, clusters: unique.map((r) => ({ clusterId: r.id, items: [{ id: r.id }] })), style });
  return new Map(rendered.citations.map((c) => [c.clusterId, c.text]));
}
