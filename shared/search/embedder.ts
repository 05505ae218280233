/**
 * The embedding port for dense retrieval. The real adapter runs an on-device model
 * (transformers.js in a worker) that is downloaded only after the user opts in;
 * tests use a deterministic fake through this same port. Nothing requires it.
 */
export interface Embedder {
  /** Identifies the model, so cached vectors of another model are never mixed in. */
  readonly modelId: string;
  /** One unit-length vector per text, in order. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) sum += a[i]! * b[i]!;
  return sum;
}
