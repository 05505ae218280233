/**
 * Reciprocal rank fusion (Cormack et al., 2009): each list votes 1 / (k + rank) for
 * its hits. Ranks, not scores, are summed, so a BM25 list and a cosine list can be
 * fused without calibrating one against the other.
 */
import type { RankedHit } from './retriever';

/** k = 60 as in the paper: damps the head of each list so one list cannot dominate. */
export const RRF_K = 60;

export function fuseByReciprocalRank(lists: readonly (readonly RankedHit[])[], limit: number, weights?: readonly number[], k = RRF_K): RankedHit[] {
  const fused = new Map<string, RankedHit>();
  lists.forEach((list, l) => {
    const weight = weights?.[l] ?? 1;
    list.forEach((hit, rank) => {
      const vote = weight / (k + rank + 1);
      const seen = fused.get(hit.key);
      if (seen) seen.score += vote;
      else fused.set(hit.key, { key: hit.key, paperId: hit.paperId, paragraphId: hit.paragraphId, score: vote });
    });
  });
  return [...fused.values()].sort((a, b) => b.score - a.score).slice(0, limit);
}
