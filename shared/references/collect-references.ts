/**
 * Primary references are the saved papers an answer cites. Secondary references are
 * the works those papers cite in the cited paragraphs, read from the citation links
 * the extractor recorded: no LLM call (LLM-Ref spends p x q calls on this).
 */
import type { AnswerSentence, PrimaryReference, SecondaryReference } from '../answer/answer';
import type { LibraryPaper, Reference } from '../model/paper';
import { normalizeText } from '../text/normalize';
import { primaryReferenceFor } from '../cite/paper-fields';

export function primaryReference(paper: LibraryPaper): PrimaryReference {
  return primaryReferenceFor(paper);
}

export function collectReferences(
  sentences: AnswerSentence[],
  papers: ReadonlyMap<string, LibraryPaper>,
): { primary: PrimaryReference[]; secondary: SecondaryReference[] } {
  const primary: PrimaryReference[] = [];
  const seenPapers = new Set<string>();
  const secondaryByKey = new Map<string, SecondaryReference>();
  const referenceMaps = new Map<string, Map<string, Reference>>(); // built once per cited paper

  for (const sentence of sentences) {
    for (const citation of sentence.citations) {
      if (!citation.verified) continue; // only what the user is shown as support counts
      const paper = papers.get(citation.paperId);
      if (!paper) continue;
      if (!seenPapers.has(paper.id)) {
        seenPapers.add(paper.id);
        primary.push(primaryReference(paper));
      }
      const paragraph = paper.paragraphs.find((p) => p.id === citation.paragraphId);
      if (!paragraph) continue;
      let referencesById = referenceMaps.get(paper.id);
      if (!referencesById) {
        referencesById = new Map(paper.references.map((r) => [r.id, r]));
        referenceMaps.set(paper.id, referencesById);
      }
      for (const inText of paragraph.citations) {
        const inside = inText.start !== undefined && inText.end !== undefined && inText.start < citation.end && inText.end > citation.start;
        for (const referenceId of inText.referenceIds) {
          const reference = referencesById.get(referenceId);
          if (!reference) continue;
          const key = dedupeKey(reference);
          const existing = secondaryByKey.get(key);
          const citedBy = { paperId: paper.id, paragraphId: paragraph.id, marker: inText.marker };
          if (existing) {
            if (!existing.citedBy.some((c) => c.paperId === citedBy.paperId && c.paragraphId === citedBy.paragraphId)) existing.citedBy.push(citedBy);
            if (inside) existing.grain = 'fine';
          } else {
            secondaryByKey.set(key, { ...reference, citedBy: [citedBy], grain: inside ? 'fine' : 'coarse' });
          }
        }
      }
    }
  }
  // A secondary reference that is itself a saved paper is already primary.
  const primaryArxiv = new Set(primary.map((p) => p.arxivId).filter(Boolean));
  const secondary = [...secondaryByKey.values()].filter((r) => !(r.arxivId && primaryArxiv.has(r.arxivId)));
  return { primary, secondary };
}

/** Same work across papers: DOI, then arXiv id, then normalised title, then raw text. */
export function dedupeKey(reference: Reference): string {
  if (reference.doi) return `doi:${reference.doi.toLowerCase()}`;
  if (reference.arxivId) return `arxiv:${reference.arxivId.replace(/v\d+$/, '')}`;
  if (reference.title) return `title:${normalizeText(reference.title).replace(/[^\p{L}\p{N}]+/gu, '')}`;
  return `raw:${normalizeText(reference.raw)}`;
}
