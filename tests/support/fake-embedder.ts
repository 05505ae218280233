/**
 * A deterministic stand-in for an embedding model: hashed bag of stemmed words,
 * unit length. It lets tests drive the dense path through the real Embedder port;
 * it measures nothing about a real model.
 */
import type { Embedder, EmbeddingRole } from '../../shared/search/embedder';
import { termsOf } from '../../shared/search/paragraph-index';

export class FakeEmbedder implements Embedder {
  readonly modelId = 'fake-hashed-bag-of-words';
  calls = 0;
  textsEmbedded = 0;

  constructor(private readonly dimensions = 256) {}

  embed(texts: readonly string[], _role: EmbeddingRole = 'passage'): Promise<Float32Array[]> {
    this.calls++;
    this.textsEmbedded += texts.length;
    return Promise.resolve(texts.map((text) => {
      const vector = new Float32Array(this.dimensions);
      for (const term of termsOf(text)) {
        let h = 2166136261;
        for (let i = 0; i < term.length; i++) h = Math.imul(h ^ term.charCodeAt(i), 16777619) >>> 0;
        vector[h % this.dimensions]! += 1;
      }
      const norm = Math.hypot(...vector) || 1;
      return vector.map((v) => v / norm);
    }));
  }
}
