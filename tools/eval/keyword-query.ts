/**
 * A question as a reader would type it into the search box: its topic words as written, in order, each once
 * ("How did they obtain the dataset?" -> "obtain dataset"). `eval:qa` measures search with these.
 */
import { processTerm } from '../../shared/search/paragraph-index';
import { coverageTerms } from '../../shared/search/question-cues';

export function keywordQueryOf(question: string): string {
  const wanted = new Set(coverageTerms(question));
  const seen = new Set<string>();
  const words: string[] = [];
  for (const word of question.match(/[\p{L}\p{N}]+/gu) ?? []) {
    const term = processTerm(word);
    if (!term || !wanted.has(term) || seen.has(term)) continue;
    seen.add(term);
    words.push(word);
  }
  return words.join(' ');
}
