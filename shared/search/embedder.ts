/**
 * The embedding port for dense retrieval. The real adapter runs an on-device model
 * (transformers.js, shared/search/embedding-model.ts) that is downloaded only after the
 * user opts in; tests use a deterministic fake through this same port, and the real
 * loading path on a tiny model made in the test. Nothing requires it.
 */

/** Retrieval models embed a question and a passage differently (bge's query instruction, e5's prefixes). */
export type EmbeddingRole = 'query' | 'passage';

export interface Embedder {
  /** Identifies the model, so cached vectors of another model are never mixed in. */
  readonly modelId: string;
  /** One unit-length vector per text, in order. */
  embed(texts: readonly string[], role?: EmbeddingRole): Promise<Float32Array[]>;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) sum += a[i]! * b[i]!;
  return sum;
}

/** Unit length, so a dot product is the cosine. */
export function unitVector(vector: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!;
  const norm = Math.sqrt(sum) || 1;
  return Float32Array.from(vector, (x) => x / norm);
}
