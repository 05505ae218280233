/**
 * Writes a rendering made by the sidebar: every citation's text, then the bibliography, then
 * the style. The rendering names the citations it was made from; if the document no longer
 * has exactly those (a co-author edited in between), nothing is written and the sidebar
 * renders again.
 */
import { VerbatimError } from '../../shared/errors';
import type { DocumentRendering, RefreshReport } from '../common/document-contract';
import { findCitations, type CitationRun } from './citation-scan';
import { writeBibliography } from './bibliography-writer';
import type { DocsServices } from './docs-port';
import { readState, writeState } from './record-store';

function replaceCitationText(run: CitationRun, text: string, alignment: unknown): void {
  const edit = run.paragraph.editAsText();
  if (run.text !== text) {
    // Insert the new text before the old, then delete the old: offsets before the run stay valid.
    edit.insertText(run.start, text);
    edit.setLinkUrl(run.start, run.start + text.length - 1, run.url);
    edit.deleteText(run.start + text.length, run.start + text.length + run.text.length - 1);
  }
  // Every time: inserted text takes the alignment of the character before it, and a switch of style may change it.
  if (text.length) edit.setTextAlignment(run.start, run.start + text.length - 1, alignment);
}

export function applyRendering({ document, properties, textAlignment }: DocsServices, rendering: DocumentRendering): RefreshReport {
  const state = readState(properties);
  const runs = findCitations(document.getBody());
  const current = runs.map((r) => r.url);
  if (current.length !== rendering.basedOn.length || current.some((url, i) => url !== rendering.basedOn[i])) {
    throw new VerbatimError('GDOCS_DOCUMENT_CHANGED', `${current.length} citations now, ${rendering.basedOn.length} rendered`);
  }
  // Last to first, so a replacement never moves a citation still to be replaced.
  const alignment = rendering.citationsRaised ? textAlignment.superscript : textAlignment.normal;
  for (let i = runs.length - 1; i >= 0; i--) replaceCitationText(runs[i]!, rendering.citationTexts[i]!, alignment);
  const { orphanedMarkerRemoved } = writeBibliography(document, rendering.bibliography);
  if (state.style !== rendering.style) writeState(properties, { ...state, style: rendering.style });
  return { citations: runs.length, primary: rendering.bibliography.primary.length, secondary: rendering.bibliography.secondary.length, orphanedMarkerRemoved };
}
