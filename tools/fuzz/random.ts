import { mulberry32 } from '../seeded-random';

/** Seeded draws: the same seed gives the same fuzz cases on every machine. */
export class SeededRandom {
  /** In [0, 1). */
  readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** An integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)]!;
  }
}
