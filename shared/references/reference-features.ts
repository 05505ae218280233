/**
 * Hand-made features of each token for the reference labeller: the word, its shape,
 * its neighbours, and where it stands in the string (inside quotes or brackets,
 * after the year, after how many sentence breaks). Names are short strings so the
 * committed weights stay small.
 */
import type { ReferenceToken } from './tokenize-reference';

const YEAR = /^(1[5-9]\d\d|20\d\d)[a-z]?$/;

function shape(text: string): string {
  const mapped = text.replace(/\p{Lu}/gu, 'X').replace(/\p{Ll}/gu, 'x').replace(/\p{N}/gu, 'd');
  return mapped.replace(/(.)\1+/g, '$1$1');
}

function word(token: ReferenceToken): string {
  const lower = token.text.toLowerCase();
  return /^\p{N}+$/u.test(lower) ? (YEAR.test(lower) ? '<year>' : `<n${Math.min(lower.length, 5)}>`) : lower;
}

const QUOTES_OPEN = new Set(['“', '"', '‘', '«']);
const QUOTES_CLOSE = new Set(['”', '"', '’', '»']);

export function referenceFeatures(tokens: ReferenceToken[]): string[][] {
  const out: string[][] = [];
  let parenDepth = 0;
  let inQuotes = false;
  let yearSeen = false;
  let breaks = 0;
  let commas = 0;
  const n = tokens.length;
  // Each token's word and shape once; neighbours read them from here.
  const words = tokens.map(word);
  const shapes = tokens.map((t) => shape(t.text));
  const wordAt = (i: number) => words[i] ?? '<none>';
  const shapeAt = (i: number) => shapes[i] ?? '<none>';
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    const prev = tokens[i - 1];
    const f = [
      'b',
      `w=${words[i]}`,
      `s=${shapes[i]}`,
      `p=${Math.floor((i / n) * 10)}`,
      `pw=${wordAt(i - 1)}`,
      `nw=${wordAt(i + 1)}`,
      `pw2=${wordAt(i - 2)}|${wordAt(i - 1)}`,
      `nw2=${wordAt(i + 1)}|${wordAt(i + 2)}`,
      `ps=${shapeAt(i - 1)}`,
      `ns=${shapeAt(i + 1)}`,
      `sp=${t.spaceBefore ? 1 : 0}${next?.spaceBefore ? 1 : 0}`,
      `q=${inQuotes ? 1 : 0}`,
      `par=${Math.min(parenDepth, 2)}`,
      `ys=${yearSeen ? 1 : 0}`,
      `br=${Math.min(breaks, 6)}`,
      `cm=${Math.min(commas, 8)}`,
      `brw=${Math.min(breaks, 6)}|${shapes[i]!.slice(0, 2)}`,
    ];
    if (t.text.length > 3) f.push(`pre=${t.text.slice(0, 3).toLowerCase()}`, `suf=${t.text.slice(-3).toLowerCase()}`);
    if (i === 0) f.push('first');
    if (i === n - 1) f.push('last');
    if (/^\p{Lu}$/u.test(t.text) && next?.text === '.') f.push('initial');
    out.push(f);
    if (t.text === '(' || t.text === '[') parenDepth++;
    else if ((t.text === ')' || t.text === ']') && parenDepth > 0) parenDepth--;
    if (QUOTES_OPEN.has(t.text) && !inQuotes) inQuotes = true;
    else if (QUOTES_CLOSE.has(t.text) && inQuotes) inQuotes = false;
    if (YEAR.test(t.text)) yearSeen = true;
    if (t.text === ',') commas++;
    // A sentence break: "." after a word of two letters or more (not an initial), then a space.
    if ((t.text === '.' || t.text === ':' || t.text === '?' || t.text === '!') && next?.spaceBefore && prev && !/^\p{Lu}$/u.test(prev.text)) breaks++;
  }
  return out;
}
