/**
 * The key counted most often (the first such key on a tie): a page's or a document's text size, font or
 * right edge is the one most characters or lines share.
 */
export function mostCommon<K>(counts: ReadonlyMap<K, number>): K | undefined {
  let best: K | undefined;
  let bestCount = -Infinity;
  for (const [key, count] of counts) {
    if (count > bestCount) {
      best = key;
      bestCount = count;
    }
  }
  return best;
}
