import { describe, expect, it } from 'vitest';
import { firstFamilyOf } from '../../tools/eval/reference-sets';

describe('eval:refs gold: the first author\'s family name where the gold shows it', () => {
  it('reads "Family, I.", "Family I. J." and "I. J. Family"; leaves full given names out', () => {
    expect(firstFamilyOf('Bergk, V., Haefeli, W. E., Gasse, C.')).toBe('Bergk');
    expect(firstFamilyOf('Barnes S. A., Kim Y.-C.')).toBe('Barnes');
    expect(firstFamilyOf('J. P. COLLMAN, J. P. BRAUMAN')).toBe('COLLMAN');
    expect(firstFamilyOf('van Saders, J. L., Pinsonneault, M. H.')).toBe('van Saders');
    expect(firstFamilyOf('Osbert Bastani and Animesh Sinha')).toBeUndefined();
    expect(firstFamilyOf('Zhang Wei, Li Na')).toBeUndefined();
  });
});
