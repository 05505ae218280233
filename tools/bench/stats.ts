/** The few statistics the bench reports, in one place so every figure is computed alike. */

/** The p-th percentile (nearest rank below) of the values. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Two decimals, for milliseconds in the JSON. */
export const round = (n: number) => Math.round(n * 100) / 100;
