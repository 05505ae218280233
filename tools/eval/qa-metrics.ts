/** Answer and retrieval measures shared by the QA evals. */
import { tokenize } from '../../shared/text/normalize';

export const r3 = (n: number) => Math.round(n * 1000) / 1000;
export const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** SQuAD-style token F1 between a predicted and a gold answer. */
export function tokenF1(predicted: string, gold: string): number {
  const p = tokenize(predicted);
  const g = tokenize(gold);
  if (!p.length || !g.length) return p.length === g.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const t of g) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of p) {
    if ((counts.get(t) ?? 0) > 0) {
      common++;
      counts.set(t, counts.get(t)! - 1);
    }
  }
  if (!common) return 0;
  const precision = common / p.length;
  const recall = common / g.length;
  return (2 * precision * recall) / (precision + recall);
}

/** Share of a gold evidence set found in the top k, best over annotators. */
export function recallAt(k: number, ranked: readonly string[], golds: readonly ReadonlySet<string>[]): number {
  const top = new Set(ranked.slice(0, k));
  return Math.max(0, ...golds.map((g) => [...g].filter((id) => top.has(id)).length / g.size));
}
