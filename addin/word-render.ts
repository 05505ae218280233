/**
 * The one place the Word side reaches the cite engine (Contract A): every citation
 * and bibliography entry in a document is rendered by `renderDocument` from CSL-JSON
 * records with the real CSL style files. The planner takes the function as a value,
 * so its own tests can count calls; the Word functions pass this one.
 */
import { renderDocument, type CitationCluster, type RenderedDocument, type StyleId, type WorkRecord } from '../shared/cite';

export type RenderDocument = (input: { records: WorkRecord[]; clusters: CitationCluster[]; secondaryIds?: string[]; style: StyleId }) => RenderedDocument;

export const renderWithCiteEngine: RenderDocument = (input) => renderDocument(input);
