import { describe, expect, it } from 'vitest';
import { mostCommon } from '../../shared/pdf/most-common';

describe('mostCommon', () => {
  it('gives the key counted most, the first such key on a tie, and nothing for no counts', () => {
    expect(mostCommon(new Map([[9, 40], [10, 300], [8, 12]]))).toBe(10);
    expect(mostCommon(new Map([['Times', 5], ['Courier', 5]]))).toBe('Times');
    expect(mostCommon(new Map<number, number>())).toBeUndefined();
  });
});
