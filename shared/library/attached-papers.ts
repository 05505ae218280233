/**
 * The `papers` map an answerer gets when paper text is loaded lazily: `size` and
 * `has` speak for every indexed paper (so an unloaded library is not "empty"), while
 * `get` and iteration give the papers whose text is in memory — the ones the
 * answer's hits needed (or all of them, after LiveIndex.attachAll).
 */
import type { LibraryPaper } from '../model/paper';
import type { ParagraphIndex } from '../search/paragraph-index';

export class AttachedPapers implements ReadonlyMap<string, LibraryPaper> {
  constructor(private readonly index: ParagraphIndex) {}

  get size(): number {
    return this.index.paperCount;
  }

  has(paperId: string): boolean {
    return this.index.hasPaper(paperId);
  }

  get(paperId: string): LibraryPaper | undefined {
    return this.index.attachedPaper(paperId);
  }

  *entries(): MapIterator<[string, LibraryPaper]> {
    for (const paperId of this.index.indexedPapers().keys()) {
      const paper = this.index.attachedPaper(paperId);
      if (paper) yield [paperId, paper];
    }
  }

  *keys(): MapIterator<string> {
    for (const [paperId] of this.entries()) yield paperId;
  }

  *values(): MapIterator<LibraryPaper> {
    for (const [, paper] of this.entries()) yield paper;
  }

  [Symbol.iterator](): MapIterator<[string, LibraryPaper]> {
    return this.entries();
  }

  forEach(callback: (value: LibraryPaper, key: string, map: ReadonlyMap<string, LibraryPaper>) => void): void {
    for (const [paperId, paper] of this.entries()) callback(paper, paperId, this);
  }
}
