/**
 * Tokens of a reference string for the labeller: runs of letters and digits, and
 * each other non-space character on its own, so a field boundary can fall between
 * "(" and "1982" or between "Phys" and ".". Offsets point into the string, so a
 * labelled span is cut from the original text, spacing and all.
 */
export interface ReferenceToken {
  text: string;
  start: number;
  end: number;
  spaceBefore: boolean;
}

const TOKEN = /[\p{L}\p{M}\p{N}]+|[^\s\p{L}\p{M}\p{N}]/gu;

export function tokenizeReference(raw: string): ReferenceToken[] {
  const tokens: ReferenceToken[] = [];
  for (const m of raw.matchAll(TOKEN)) {
    const start = m.index;
    tokens.push({ text: m[0], start, end: start + m[0].length, spaceBefore: start === 0 || /\s/.test(raw[start - 1]!) });
  }
  return tokens;
}
