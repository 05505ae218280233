/**
 * Text normalisation for matching, with a map back to the original offsets so a
 * match found in normalised text can be highlighted in the stored paragraph.
 */

const CHARACTER_FOLDS: Record<string, string> = {
  '\u00a0': ' ', '\u2009': ' ', '\u200a': ' ', '\u202f': ' ', '\u2002': ' ', '\u2003': ' ',
  '\u2018': "'", '\u2019': "'", '\u201a': "'", '\u201b': "'", '\u2032': "'",
  '\u201c': '"', '\u201d': '"', '\u201e': '"', '\u201f': '"', '\u2033': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
  '\u2026': '...',
  '\ufb00': 'ff', '\ufb01': 'fi', '\ufb02': 'fl', '\ufb03': 'ffi', '\ufb04': 'ffl', '\ufb05': 'st', '\ufb06': 'st',
  '\u00ad': '', '\u200b': '', '\u200c': '', '\u200d': '', '\ufeff': '',
  // Bidi controls and the word joiner (see invisible-controls.ts): invisible, so never part of a match.
  '\u202a': '', '\u202b': '', '\u202c': '', '\u202d': '', '\u202e': '', '\u2066': '', '\u2067': '', '\u2068': '', '\u2069': '',
  '\u200e': '', '\u200f': '', '\u061c': '', '\u2060': '',
};

export interface NormalizedText {
  /** Lower-cased, folded text with runs of white space collapsed to one space. */
  text: string;
  /** `offsets[i]` is the index in the original string of normalised character i; one extra entry marks the end. */
  offsets: number[];
}

export interface NormalizeOptions {
  /** Turn punctuation into spaces, so "graph-based," matches "graph based". */
  dropPunctuation?: boolean;
}

/** Lower-case, fold quotes, dashes, ligatures and spaces, strip diacritics, collapse white space. */
export function normalizeWithOffsets(original: string, options: NormalizeOptions = {}): NormalizedText {
  let text = '';
  const offsets: number[] = [];
  let lastWasSpace = true;
  for (let i = 0; i < original.length; i++) {
    const ch = original[i]!;
    let folded = CHARACTER_FOLDS[ch] ?? ch;
    if (folded.length === 1 && folded.charCodeAt(0) > 127) {
      // Strip combining marks (é -> e) and apply compatibility folds (ℳ -> M).
      folded = folded.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    }
    for (const out of folded.toLowerCase()) {
      if (/\s/.test(out) || (options.dropPunctuation && !/[\p{L}\p{N}]/u.test(out))) {
        if (lastWasSpace) continue;
        text += ' ';
        offsets.push(i);
        lastWasSpace = true;
      } else {
        text += out;
        offsets.push(i);
        lastWasSpace = false;
      }
    }
  }
  if (text.endsWith(' ')) {
    text = text.slice(0, -1);
    offsets.pop();
  }
  offsets.push(original.length);
  return { text, offsets };
}

export function normalizeText(original: string): string {
  return normalizeWithOffsets(original).text;
}

/** Collapse white space for display and storage (no case folding). */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Word tokens for indexing and overlap scoring. */
export function tokenize(text: string): string[] {
  return normalizeText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}
