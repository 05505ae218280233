/** Rules on the characters of lines: accents drawn apart, hyphens at line ends. */
import { defineRule } from '../rule';

// Abbreviations that end a line without ending the sentence ("… by McQuillan et al." / "(2013) was …").
export const NON_FINAL_ABBREVIATION = /(?:\bet al|\be\.g|\bi\.e|\bcf|\bvs|\bresp|\b(?:Fig|Figs|Eq|Eqs|Sec|Ref|Refs|No))\.$/;

/** A full stop then a capital that is not an abbreviation's ("Parity vs. USDA" is one phrase; "Results. We" is two). */
export function holdsSentenceBreak(text: string): boolean {
  for (const m of text.matchAll(/\.\s+\p{Lu}/gu)) if (!NON_FINAL_ABBREVIATION.test(text.slice(0, m.index + 1))) return true;
  return false;
}

/** TeX draws an accent as its own spacing glyph next to the letter; these are their combining forms. */
const SPACING_TO_COMBINING: Record<string, string> = {
  '¨': '\u0308', '´': '\u0301', 'ˆ': '\u0302', '˜': '\u0303', '¸': '\u0327', 'ˇ': '\u030C',
  '˘': '\u0306', '˙': '\u0307', '˚': '\u030A', '¯': '\u0304', '˝': '\u030B', 'ˋ': '\u0300', '`': '\u0300', '^': '\u0302', '~': '\u0303',
};
// Unambiguous accent glyphs may stand before the letter with a space between ("M¨ obius"); ASCII look-alikes
// (` ~) count only inside a word, so "~5" stays as it is. An ASCII "^" is never an accent: TeX's circumflex
// glyph comes out as "ˆ", and "^" is how an exponent is written into the text ("κ3^sp", exponent in line-rules).
const ACCENT_BEFORE = /([¨´ˆ˜ˇ˘˙˚¯˝ˋ]) ?(\p{L})|(?<=\p{L})([`~])(\p{Ll})/gu;
// The cedilla is drawn before or after its letter ("¸c" or "c¸" for "ç"): it goes to the c, s or t beside it.
const CEDILLA_AFTER = /(\p{L}) ?¸ ?(?![cCsStT])|¸ ?([cCsStT])/gu;

export const combineAccents = defineRule({
  name: 'combine-accents',
  why: 'Accents drawn as separate glyphs ("M¨obius") must become one letter (Möbius) to match the source text.',
  constants: { pattern: ACCENT_BEFORE },
  test: (text: string) => new RegExp(ACCENT_BEFORE.source, 'u').test(text) || new RegExp(CEDILLA_AFTER.source, 'u').test(text),
});

export function withAccentsCombined(text: string): string {
  if (!/[¨´ˆ˜¸ˇ˘˙˚¯˝ˋ`^~]/.test(text)) return text.normalize('NFC');
  return text
    .replace(CEDILLA_AFTER, (_, before?: string, after?: string) => `${before ?? after}\u0327`)
    .replace(ACCENT_BEFORE, (_, a1?: string, l1?: string, a2?: string, l2?: string) => {
      const accent = a1 ?? a2!;
      const letter = (l1 ?? l2!).replace('ı', 'i').replace('ȷ', 'j');
      return `${letter}${SPACING_TO_COMBINING[accent]}`;
    })
    .normalize('NFC');
}

/**
 * Fonts whose hyphen glyph is named "hyphen" map it to U+2010 HYPHEN, not the ASCII hyphen-minus ("Thirty‐two",
 * "lim‐" / "itations"): read as "-", so a word broken at a line end is joined, and a compound learnt, like any other.
 */
const UNICODE_HYPHEN = /(?<=\p{L})\u2010/gu;
/** The same, stateless (no g flag) for a test on every joined line. */
const LETTER_THEN_UNICODE_HYPHEN = /\p{L}\u2010/u;
export const unicodeHyphen = defineRule({
  name: 'unicode-hyphen',
  why: 'A font may map its hyphen to U+2010 HYPHEN; a word broken at a line end with it ("lim‐" / "itations") must be joined like one broken with "-".',
  constants: { pattern: UNICODE_HYPHEN },
  test: (text: string) => LETTER_THEN_UNICODE_HYPHEN.test(text),
});

/** The text with a letter's U+2010 hyphen as "-" (one character for one: offsets into the text hold). */
export const withAsciiHyphens = (text: string) => (unicodeHyphen.test(text) ? text.replace(UNICODE_HYPHEN, '-') : text);

/** What the document itself says about its words: which compounds it writes with a hyphen, which words it uses. */
export interface Vocabulary {
  hyphenated: Set<string>;
  words: Set<string>;
}

export function learnVocabulary(lineTexts: Iterable<string>): Vocabulary {
  const hyphenated = new Set<string>();
  const words = new Set<string>();
  let afterBreak = false;
  for (const raw of lineTexts) {
    const text = withAsciiHyphens(raw);
    // The last token of a line that ends with a hyphen is a break, not a compound; and so is the first token of the line
    // after it ("pendencies" under "we de-"), which would otherwise count as a word and keep the hyphen.
    const body = (afterBreak ? text.replace(/^\s*\p{L}+/u, '') : text).replace(/\S*-\s*$/u, '');
    afterBreak = /\p{L}-\s*$/u.test(text);
    for (const token of body.toLowerCase().match(/\p{L}+(?:-\p{L}+)*/gu) ?? []) {
      if (token.includes('-')) hyphenated.add(token);
      for (const part of token.split('-')) words.add(part);
    }
  }
  return { hyphenated, words };
}

export const keepLineEndHyphen = defineRule({
  name: 'keep-hyphen',
  why: 'A hyphen at a line end is real when the document writes that compound with a hyphen, or both halves are its words and the joined form never occurs; a word seen only as the tail of a break ("pendencies" under "de-") is not one of its words.',
  constants: {},
  test: (before: string, after: string, vocabulary: Vocabulary) => {
    const left = before.toLowerCase();
    const right = after.toLowerCase();
    if (vocabulary.hyphenated.has(`${left}-${right}`)) return true;
    return !vocabulary.words.has(left + right) && vocabulary.words.has(left) && vocabulary.words.has(right) && left.length > 1 && right.length > 1;
  },
});

export const EMPTY_VOCABULARY: Vocabulary = { hyphenated: new Set(), words: new Set() };
