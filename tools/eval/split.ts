/**
 * The one dev/test split for every eval set. Dev is for tuning thresholds and rules;
 * test is for reporting only. The split is a seeded hash of each item's stable key
 * (a paper id, a question id), so it never depends on file order, on how many items a
 * set has today, or on anything the code under evaluation can see.
 */
export type EvalHalf = 'dev' | 'test';

/** Fixed for the life of the project: changing it would leak test items into tuning. */
export const EVAL_SPLIT_SEED = 'verbatim-eval-2026';

/** FNV-1a over the seed and the key: stable across Node versions and platforms. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Which half an item belongs to. Items of one group (e.g. all questions of one paper) share a key. */
export function evalHalf(key: string, seed: string = EVAL_SPLIT_SEED): EvalHalf {
  return fnv1a(`${seed}\u0000${key}`) % 2 === 0 ? 'dev' : 'test';
}

export function splitDevTest<T>(items: readonly T[], keyOf: (item: T) => string, seed: string = EVAL_SPLIT_SEED): Record<EvalHalf, T[]> {
  const halves: Record<EvalHalf, T[]> = { dev: [], test: [] };
  for (const item of items) halves[evalHalf(keyOf(item), seed)].push(item);
  return halves;
}

/** `--half dev|test|all` from argv; evals default to reporting both halves separately. */
export function requestedHalves(argv: readonly string[]): EvalHalf[] {
  const index = argv.indexOf('--half');
  const value = index >= 0 ? argv[index + 1] : undefined;
  if (value === 'dev' || value === 'test') return [value];
  return ['dev', 'test'];
}
