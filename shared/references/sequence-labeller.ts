/**
 * A linear-chain labeller (averaged structured perceptron weights, first-order
 * label transitions) decoded with Viterbi. The weights are learned at build time by
 * tools/train-reference-labeller.ts; this file only reads them and decodes.
 */
export interface LabellerWeightsFile {
  /** Where the weights come from (data, licence, split): shipped with the weights. */
  source: string;
  labels: string[];
  /** Weights are integers: the learned weights times `scale`. */
  scale: number;
  /** transitions[from * labels.length + to]. */
  transitions: number[];
  start: number[];
  /** Feature name -> [labelIndex, weight, labelIndex, weight, ...], zero weights left out. */
  features: Record<string, number[]>;
}

export interface SequenceLabeller {
  labels: readonly string[];
  /** The best label index per position for the given features per position. */
  decode(features: string[][]): number[];
}

/** Sparse rows: [labelIndex, weight, ...] (integer weights; scores are compared, so the scale needs no division). */
export type SparseWeights = Map<string, ArrayLike<number>>;

export function loadSequenceLabeller(file: LabellerWeightsFile): SequenceLabeller {
  const L = file.labels.length;
  const transitions = Float64Array.from(file.transitions);
  const start = Float64Array.from(file.start);
  // The JSON is already parsed (it is a module); the rows are used as they are.
  const weights: SparseWeights = new Map(Object.entries(file.features));
  return {
    labels: file.labels,
    decode: (features) => viterbi(features.map((names) => sparseEmissionScores(names, weights, L)), transitions, start, L),
  };
}

export function sparseEmissionScores(names: string[], weights: SparseWeights, L: number): Float64Array {
  const scores = new Float64Array(L);
  for (const name of names) {
    const row = weights.get(name);
    if (row) for (let j = 0; j < row.length; j += 2) scores[row[j]!]! += row[j + 1]!;
  }
  return scores;
}

export function emissionScores(names: string[], weights: Map<string, Float64Array>, L: number): Float64Array {
  const scores = new Float64Array(L);
  for (const name of names) {
    const row = weights.get(name);
    if (row) for (let k = 0; k < L; k++) scores[k]! += row[k]!;
  }
  return scores;
}

export function viterbi(emissions: Float64Array[], transitions: Float64Array, start: Float64Array, L: number): number[] {
  const n = emissions.length;
  if (n === 0) return [];
  const score = new Float64Array(n * L);
  const back = new Int32Array(n * L);
  for (let k = 0; k < L; k++) score[k] = start[k]! + emissions[0]![k]!;
  for (let i = 1; i < n; i++) {
    const e = emissions[i]!;
    for (let k = 0; k < L; k++) {
      let best = -Infinity;
      let arg = 0;
      for (let j = 0; j < L; j++) {
        const s = score[(i - 1) * L + j]! + transitions[j * L + k]!;
        if (s > best) {
          best = s;
          arg = j;
        }
      }
      score[i * L + k] = best + e[k]!;
      back[i * L + k] = arg;
    }
  }
  let last = 0;
  for (let k = 1; k < L; k++) if (score[(n - 1) * L + k]! > score[(n - 1) * L + last]!) last = k;
  const path = new Array<number>(n);
  path[n - 1] = last;
  for (let i = n - 1; i > 0; i--) path[i - 1] = back[i * L + path[i]!]!;
  return path;
}
