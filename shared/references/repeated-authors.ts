/**
 * A bibliography that lists one author's works in a row prints the name once: the
 * later entries open with a dash ("—. 2011, …" in AASTeX, "———, Title" in AMS and
 * natbib's \bysame). Such an entry's authors are those of the entry before it; with
 * none, its CSL record printed no authors and an author-year citation ("Perets 2011")
 * found no entry to link to.
 */
import type { Reference } from '../model/paper';

/** A dash rule standing for the names: one em dash, or two or more dashes of any kind, then "." or "," or a space. */
export const REPEATED_AUTHORS = /^\s*(?:—|[—–-]{2,}|\u2015)(?=[\s.,]|$)/u;

/** The references with each dash entry given the authors of the entry before it (in place, and returned). */
export function withRepeatedAuthors(references: Reference[]): Reference[] {
  let previous: Reference | undefined;
  for (const reference of references) {
    if (previous && REPEATED_AUTHORS.test(reference.raw)) {
      if (previous.authors?.length) reference.authors = [...previous.authors];
      if (previous.csl?.author?.length && reference.csl) reference.csl = { ...reference.csl, author: previous.csl.author.map((name) => ({ ...name })) };
    }
    previous = reference;
  }
  return references;
}
