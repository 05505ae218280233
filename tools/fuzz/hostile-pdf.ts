/** Real PDFs damaged the ways files get damaged: flipped bits, cut-off downloads, zeroed blocks. */
import type { SeededRandom } from './random';

export type PdfDamage = 'flip' | 'truncate' | 'zero-block';

export function damagePdf(random: SeededRandom, bytes: Uint8Array, damage: PdfDamage): Uint8Array {
  const out = new Uint8Array(bytes);
  if (damage === 'truncate') return out.slice(0, random.below(out.length));
  if (damage === 'zero-block') {
    const length = 1 + random.below(4096);
    const start = random.below(Math.max(1, out.length - length));
    out.fill(0, start, start + length);
    return out;
  }
  const flips = 1 + random.below(64);
  for (let i = 0; i < flips; i++) out[random.below(out.length)]! ^= 1 << random.below(8);
  return out;
}
