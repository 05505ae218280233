/**
 * A whole library to one LibraryBundle v1 file and back. Export writes the store's
 * tables as they are; import goes through the bundle schema (shared/schema/), so a
 * malformed bundle is refused whole (BAD_BUNDLE) before anything is written.
 */
import type { LibraryPaper } from '../model/paper';
import { LIBRARY_BUNDLE_FORMAT, LIBRARY_BUNDLE_VERSION, parseLibraryBundleJson, type LibraryBundle } from '../schema/library-bundle-schema';

export function exportLibraryBundle(papers: readonly LibraryPaper[], exportedAt: string): LibraryBundle {
  const bundle: LibraryBundle = { format: LIBRARY_BUNDLE_FORMAT, version: LIBRARY_BUNDLE_VERSION, exportedAt, papers: [], paragraphs: [], references: [], citations: [] };
  for (const paper of papers) {
    const { paragraphs, references, ...record } = paper;
    bundle.papers.push(record);
    for (const { citations, ...paragraph } of paragraphs) {
      bundle.paragraphs.push({ paperId: paper.id, ...paragraph });
      for (const citation of citations) bundle.citations.push({ paperId: paper.id, paragraphId: paragraph.id, ...citation });
    }
    for (const reference of references) bundle.references.push({ paperId: paper.id, ...reference });
  }
  return bundle;
}

export function libraryBundleJson(papers: readonly LibraryPaper[], exportedAt: string): string {
  return JSON.stringify(exportLibraryBundle(papers, exportedAt));
}

/** The papers of a bundle file, every one checked; throws BAD_BUNDLE naming the first problem. */
export function readLibraryBundle(text: string): LibraryPaper[] {
  return parseLibraryBundleJson(text);
}
