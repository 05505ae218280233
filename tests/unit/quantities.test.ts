import { describe, expect, it } from 'vitest';
import { quantitiesIn, unbackedQuantity } from '../../shared/verify/quantities';

describe('quantitiesIn', () => {
  it('reads a scale word after a number as its unit, not as a second number', () => {
    expect(quantitiesIn('3 thousand samples')).toEqual([expect.objectContaining({ value: '3' })]);
    expect(quantitiesIn('three million tokens')).toEqual([expect.objectContaining({ value: '3' })]);
  });

  it('still reads a scale word on its own as a number', () => {
    expect(quantitiesIn('a thousand samples').map((q) => q.value)).toEqual(['1000']);
  });

  it('keeps "m" as metres', () => {
    const [metres] = quantitiesIn('5 m');
    const [meters] = quantitiesIn('5 meters');
    expect(metres!.unit).not.toBeNull();
    expect(metres!.unit).toBe(meters!.unit);
  });
});

describe('unbackedQuantity with scale words', () => {
  it('backs "3 thousand" by "3k"', () => {
    expect(unbackedQuantity('We collect 3 thousand samples.', 'We collect 3k samples.')).toBeNull();
  });

  it('still catches a changed number before a scale word', () => {
    expect(unbackedQuantity('We collect 4 thousand samples.', 'We collect 3k samples.')).toEqual({ kind: 'number', value: '4' });
  });

  it('tells a million from a metre', () => {
    expect(unbackedQuantity('The cable is 5 million long.', 'The cable is 5 m long.')).toEqual({ kind: 'unit', value: '5' });
  });
});
