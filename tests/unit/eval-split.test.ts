import { describe, expect, it } from 'vitest';
import { evalHalf, requestedHalves, splitDevTest } from '../../tools/eval/split';

describe('the seeded dev/test split', () => {
  const keys = Array.from({ length: 400 }, (_, i) => `paper-${i}`);

  it('puts every key in exactly one half, roughly evenly', () => {
    const { dev, test } = splitDevTest(keys, (k) => k);
    expect(dev.length + test.length).toBe(keys.length);
    expect(new Set([...dev, ...test]).size).toBe(keys.length);
    expect(dev.length).toBeGreaterThan(160);
    expect(test.length).toBeGreaterThan(160);
  });

  it('does not depend on order or on the other items', () => {
    const forward = splitDevTest(keys, (k) => k).dev;
    const backward = splitDevTest([...keys].reverse(), (k) => k).dev;
    expect(new Set(backward)).toEqual(new Set(forward));
    expect(evalHalf('paper-7')).toBe(splitDevTest(['paper-7'], (k) => k).dev.length ? 'dev' : 'test');
  });

  it('changes with the seed', () => {
    const a = keys.map((k) => evalHalf(k, 'a'));
    const b = keys.map((k) => evalHalf(k, 'b'));
    expect(a.filter((h, i) => h !== b[i]).length).toBeGreaterThan(100);
  });

  it('reads --half from argv', () => {
    expect(requestedHalves(['--half', 'dev'])).toEqual(['dev']);
    expect(requestedHalves([])).toEqual(['dev', 'test']);
  });
});
