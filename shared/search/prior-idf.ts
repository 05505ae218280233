/**
 * Term weights that hold up in a small library. Idf read from the library alone is
 * unreliable when the library is one paper: the paper's own topic words occur in half its
 * paragraphs and weigh almost nothing, while an everyday word of the question that the
 * paper happens not to use ("obtain", "kinds") weighs the most, so a question the paper
 * answers looks unsupported. Counting a fixed background corpus of scientific paragraphs
 * (background-frequencies.json) as if it were part of the library smooths those weights:
 * in a one-paper library they come mostly from the background, in a large library mostly
 * from the library itself.
 */
import background from './background-frequencies.json';

export interface DocumentFrequencies {
  /** Indexed paragraphs. */
  readonly size: number;
  documentFrequencyOf(processedTerm: string): number;
}

const backgroundCounts: ReadonlyMap<string, number> = (() => {
  const terms = background.terms.split(' ');
  return new Map(terms.map((term, i) => [term, background.counts[i] ?? 0]));
})();

/** Idf of a processed term over the library plus the background paragraphs (BM25's form, always > 0). */
export function priorIdf(library: DocumentFrequencies, processedTerm: string): number {
  const paragraphs = library.size + background.paragraphs;
  const df = library.documentFrequencyOf(processedTerm) + (backgroundCounts.get(processedTerm) ?? 0);
  return Math.log(1 + (paragraphs - df + 0.5) / (df + 0.5));
}
