/**
 * Pseudo-relevance feedback (RM3-like, simplified): the terms that are frequent in
 * the first few hits and rare in the library are added to a second query, so a
 * question worded differently from the paper ("obtain the dataset") still reaches
 * the paragraphs that share the hits' vocabulary ("crawled tweets").
 */
import { termsOf, type ParagraphIndex } from './paragraph-index';

export interface FeedbackOptions {
  /** How many top paragraphs to read. */
  documents: number;
  /** How many expansion terms to add. */
  terms: number;
}

export function feedbackTerms(index: ParagraphIndex, topKeys: readonly string[], queryTerms: ReadonlySet<string>, options: FeedbackOptions): string[] {
  const weight = new Map<string, number>();
  for (const key of topKeys.slice(0, options.documents)) {
    const found = index.lookup(key);
    if (!found) continue;
    const terms = termsOf(found.paragraph.text);
    const counts = new Map<string, number>();
    for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const [term, count] of counts) {
      // Digits and one-letter tokens are noise as expansion terms.
      if (queryTerms.has(term) || term.length < 3 || /^\d/.test(term)) continue;
      weight.set(term, (weight.get(term) ?? 0) + (count / terms.length) * index.idf(term));
    }
  }
  return [...weight.entries()].sort((a, b) => b[1] - a[1]).slice(0, options.terms).map(([t]) => t);
}
