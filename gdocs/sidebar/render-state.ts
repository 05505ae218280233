/**
 * Renders a document's citations and bibliography with the cite engine, from nothing but
 * what the document holds (its citation links and the records in its properties): a
 * co-author without the library gets the same rendering. A citation whose work has no
 * record (pasted from another document) stays "[?]" and is reported, never guessed.
 */
import { citedLocator, renderDocument, type CitationCluster, type StyleId } from '../../shared/cite';
import { passageKey } from '../common/citation-url';
import { PLACEHOLDER_CITATION, type DocumentRendering, type DocumentState } from '../common/document-contract';
import { readStoredRecords } from './stored-records';

export const BIBLIOGRAPHY_HEADING = 'References';
export const SECONDARY_HEADING = 'Works cited in the quoted passages';

export interface StateRendering {
  rendering: DocumentRendering;
  /** Paper ids cited in the document with no (readable) record kept for them. */
  missingRecords: string[];
}

export function renderState(state: DocumentState, style: StyleId): StateRendering {
  const { records } = readStoredRecords(state.records);
  const known = (id: string) => records.has(id);
  const clusters: CitationCluster[] = [];
  const clusterOf = new Map<number, number>();
  state.citations.forEach((citation, i) => {
    if (!known(citation.anchor.paperId)) return;
    clusterOf.set(i, clusters.length);
    clusters.push({ clusterId: `c${i}`, items: [{ id: citation.anchor.paperId, ...citedLocator(citation.anchor.locator) }] });
  });
  const secondaryIds = [...new Set(state.citations.filter((c) => known(c.anchor.paperId)).flatMap((c) => state.citedWorks[passageKey(c.anchor)] ?? []))].filter(known);
  const rendered = renderDocument({ records: [...records.values()], clusters, secondaryIds, style });
  const missingRecords = [...new Set(state.citations.map((c) => c.anchor.paperId).filter((id) => !known(id)))];
  return {
    missingRecords,
    rendering: {
      style,
      basedOn: state.citations.map((c) => c.url),
      citationTexts: state.citations.map((_, i) => {
        const at = clusterOf.get(i);
        return at === undefined ? PLACEHOLDER_CITATION : rendered.citations[at]!.text;
      }),
      citationsRaised: rendered.citations.length > 0 && rendered.citations.every((c) => c.superscript),
      bibliography: {
        heading: BIBLIOGRAPHY_HEADING,
        primary: rendered.bibliography.map((e) => e.text),
        secondaryHeading: SECONDARY_HEADING,
        secondary: rendered.secondary.map((e) => e.text),
      },
    },
  };
}
