/** Rules that turn items into lines: where a row splits, what is raised, where spaces go. */
import type { PdfTextItem } from '../pdf-text';
import type { PdfLine } from '../lines';
import type { PlacedLine } from '../layout';
import { defineRule } from '../rule';
import { HALF_INCH_INDENT_POINTS } from '../style';

/** What a supporting-information item is (PLOS's "S2 Fig", "S1 Table", "S3 Text"), capitalised as printed. */
export const SUPPORTING_ITEM_LABEL = String.raw`S\d{1,2}\s+(?:Fig(?:ure)?|Table|Text|File|Appendix|Data(?:set)?|Video|Movie|Code|Checklist|Protocol)`;
/**
 * The bullets that open a list item: LaTeX's ("•", "◦", "▪", "∙") and a word processor's (LibreOffice's "●", Word's
 * Symbol-font bullets in the private-use area, "○", "➢", "✓"). Not a box: "□" alone on a line ends a proof.
 */
export const LIST_BULLETS = '•◦▪∙●○➢✓\uf0b7\uf0a7\uf0d8';
// A float's label set apart from its caption (AASTeX's "Figure 5.   Left: Enlarged …") is one too, and so is a supporting-information
// item's ("S2 Fig.   Adaptive firing in yPC.", PLOS).
const LABEL_TOKEN = new RegExp(String.raw`^(?:(?:Fig(?:ure)?\.?|Table|Algorithm|Listing)\s*[A-Z]?\d{1,3}[.:]|${SUPPORTING_ITEM_LABEL}\.|\[\d{1,4}\]|\[\p{Lu}[\p{L}+]{0,7}\d{2}[a-z]?\]|\(?[\divxlc]{1,4}[.)]|[${LIST_BULLETS}–-]|[IVX]{1,5}\.?|\d{1,3}(?:\.\d{1,2})*\.?|[A-H](?:\.\d{1,2})*\.?)$`, 'u');

export const gutterGap = defineRule({
  name: 'gutter-gap',
  why: 'A gap wider than a font size inside a row is a column gutter or a table cell border, not a word space.',
  constants: { fontSizes: 1.1 },
  test: (gap: number, previous: PdfTextItem, item: PdfTextItem, bodySize: number) => gap > 1.1 * Math.max(previous.size, item.size, bodySize * 0.8),
});

const SENTENCE_SPACE = { maxFontSizes: 2 };

export const sentenceSpaceGap = defineRule({
  name: 'sentence-space',
  why: 'TeX stretches the space after a full stop more than a word space: in a narrow justified column ("comprehensive documentation.   VSAX en-", ACL\'s abstract) it can pass a font size, yet it is no cell border. Up to two font sizes after a sentence\'s end, before a capital, it is a space.',
  constants: SENTENCE_SPACE,
  test: (gap: number, previous: PdfTextItem, item: PdfTextItem) =>
    /[.!?]["'’”)]?$/.test(previous.text.trim()) && /^\p{Lu}/u.test(item.text.trim()) && gap <= SENTENCE_SPACE.maxFontSizes * Math.max(previous.size, item.size),
});

/**
 * An equation number: "(12)", "(3a)"; up to three digits, so a year in brackets ("(2002)") is not one. SIAM, imsart and
 * other classes number displays within sections or appendices ("(3.2)", "(A.1)"): the section (one or two digits, not
 * 0, or a capital) and the equation's place in it. A decimal below one ("(0.12)", a standard error) is not one.
 */
export const EQUATION_NUMBER = /^\((?:\d{1,3}|(?:[1-9]\d?|[A-Z])\.\d{1,2})[a-z]?\)$/;

export const equationRow = defineRule({
  name: 'equation-row',
  why: 'A row that ends in an equation number "(2)" (or one numbered within its section, "(3.2)", "(A.1)") is a display equation: its pieces, split at wide gaps (a flush-left display sits far from its number), are one line. Apart, they read as figure labels and were dropped, and the text before and after the display ran together.',
  constants: { pattern: EQUATION_NUMBER },
  test: (lastSegmentText: string) => EQUATION_NUMBER.test(lastSegmentText),
});

/** Characters of display maths: relations, operators, big operators, arrows, Greek, scripts. */
export const MATH_CHARACTERS = /[=+−∑∏∫≤≥≈×÷∈∀∃→←⇒∂∇√^_|<>]|\p{Script=Greek}/u;

export const leftEquationRow = defineRule({
  name: 'equation-row-left',
  why: 'amsart, imsart and other AMS-style classes number displays at the left margin ("(10)   B := …"). A row that starts with an equation number, followed across a wide gap by maths, is one display line; apart, the lone number read as a figure label, the display lost it and no longer read as an equation, and the prose leading into it was taken for figure text.',
  constants: { pattern: EQUATION_NUMBER },
  test: (firstSegmentText: string, restText: string) => EQUATION_NUMBER.test(firstSegmentText) && MATH_CHARACTERS.test(restText),
});

export const labelGap = defineRule({
  name: 'label-gap',
  why: 'A label sits apart from its text ("II.   QUBIT ROUTING", "[12]   A. Author", "•   item", "Figure 5.   Left: …"): that gap is not a gutter.',
  constants: { pattern: LABEL_TOKEN, maxFontSizes: 4 },
  test: (segment: PdfTextItem[], gap: number) => segment.length === 1 && LABEL_TOKEN.test(segment[0]!.text.trim()) && gap < 4 * segment[0]!.size,
});

/**
 * `minSharedEdge`: pieces that must share an edge for it to be a column's (a few lines of one paragraph already do);
 * `touchingSizes`: items closer than this are one word.
 */
const STRETCHED_ROW = { minGaps: 3, minGapsAtMargin: 2, maxSpreadPoints: 0.6, maxSpreadShare: 0.06, maxFontSizes: 4, maxFromEdge: 1.5, maxIndentPoints: HALF_INCH_INDENT_POINTS, minWordShare: 0.6, minSharedEdge: 3, touchingSizes: 0.15 };

/** The text of a row's piece (its items joined, trimmed). */
export const pieceText = (piece: readonly PdfTextItem[]) => piece.map((i) => i.text).join('').trim();

/** Where the justified lines of a column end, and where its lines start: each an edge several rows share. */
export interface ColumnEdges {
  rights: readonly number[];
  lefts: readonly number[];
}

export const stretchedRow = defineRule({
  name: 'stretched-row',
  why: 'A justified line that cannot break before a long URL stretches every word space alike ("[1] BALL   Project   Contributors. Ball   project   tutorial."), past a font size, so the row falls apart at each space and its words were dropped as figure labels. A word processor justifies a narrow column without hyphenating, so a line of three words ("Viral     Respiratory     tract") stretches its spaces to three font sizes. Gaps of one width between words are word spaces when the row ends where the justified lines of its column end: three or more such gaps anywhere, two when the row also starts at the column\'s margin or a paragraph\'s indent from it. A table\'s header row can have gaps of one width too (each title its column\'s widest cell), but it ends short of the text\'s edge, and a table\'s numbers are not words. An entry\'s label and initial ("[11] A.") and a lone "&" count with the words (imsart\'s stretched "[15] D.   Koller   &   N.   Friedman," lost its words).',
  constants: STRETCHED_ROW,
  /** `edges`: the edges of the row's column (null when unknown). */
  test: (pieces: readonly (readonly PdfTextItem[])[], edges: ColumnEdges | null): boolean => {
    const { minGaps, minGapsAtMargin, maxFromEdge, maxIndentPoints, minWordShare } = STRETCHED_ROW;
    if (pieces.length < minGapsAtMargin + 1 || edges === null) return false;
    const rowRight = Math.max(...pieces.flat().map((i) => i.x + i.width));
    if (!edges.rights.some((right) => Math.abs(rowRight - right) <= maxFromEdge)) return false;
    const rowLeft = Math.min(...pieces.flat().map((i) => i.x));
    const atMargin = edges.lefts.some((left) => rowLeft >= left - maxFromEdge && rowLeft <= left + maxIndentPoints);
    if (pieces.length < minGaps + 1 && !atMargin) return false;
    // Words, not a table's numbers; an entry's label with an initial ("[11] A.") and a lone "&" or initial ("Koller   &   N.   Friedman") stand between
    // words, and so do a citation or a stop set off by the stretched spaces ("community   [6].   LRTIs", "overlap   .   Viruses").
    const texts = pieces.map(pieceText);
    if (texts.filter((t) => /\p{L}|^[&+]$/u.test(t)).length < texts.length * minWordShare || texts.filter((t) => /\p{L}{2,}/u.test(t)).length * 2 < texts.length) return false;
    const gaps = pieces.slice(1).map((p, k) => {
      const before = pieces[k]!;
      const end = Math.max(...before.map((i) => i.x + i.width));
      return Math.min(...p.map((i) => i.x)) - end;
    });
    return evenWordGaps(gaps, Math.max(...pieces.flat().map((i) => i.size)));
  },
});

/** Gaps of one width (within stretched-row's spread), none wider than its widest word space: a line justified by stretching. */
export function evenWordGaps(gaps: readonly number[], size: number): boolean {
  const { maxSpreadPoints, maxSpreadShare, maxFontSizes } = STRETCHED_ROW;
  const widest = Math.max(...gaps);
  const narrowest = Math.min(...gaps);
  const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
  return widest <= maxFontSizes * size && widest - narrowest <= Math.max(maxSpreadPoints, maxSpreadShare * mean);
}

export const superscript = defineRule({
  name: 'superscript',
  why: 'Raised, smaller items are footnote marks, superscript citations or exponents: read apart from the line text (the exponent rule writes exponents back in).',
  constants: { maxShareOfLine: 0.85, minRise: 0.2, maxShareOfBody: 0.95 },
  test: (item: PdfTextItem, main: PdfTextItem, bodySize: number) => item.size < main.size * 0.85 && item.y > main.y + main.size * 0.2 && item.size < bodySize * 0.95,
});

/** Characters a footnote mark or a superscript citation never has: minus, operators, brackets, Greek, primes, the transpose. */
const MATH_IN_RAISED = /[\u2212=/()+∞′″∂×·⊤]|\p{Script=Greek}/u;
/** A year ("2019"): a raised number after it is a citation, not an exponent. */
const YEAR = /(?:^|\D)(?:19|20)\d\d$/;
/**
 * A maths symbol as the last token: one letter ("x", "π"), a letter and a digit ("x1"), a small letter and a
 * capital ("mN": a subscript merged in), or a non-Latin letter with another. Not an acronym ("AI", "EU"), a word,
 * or a two-letter name ("Li", "Xu": an author with an affiliation mark).
 */
const SYMBOL_TOKEN = /(?:^|[^\p{L}\p{N}])(?:\p{L}|\p{L}\p{N}|\p{Ll}\p{Lu}|[^\p{Script=Latin}\P{L}]\p{L}?)$/u;
/**
 * What the raised group may be when its base is a maths symbol or a number: a signed number, a letter index, a star
 * or prime, or an index in square brackets (an iteration's "ρ^[l1]", "W^[l+1]").
 */
const EXPONENT_BODY = /^(?:[\u2212+-]?[\d.]{1,4}|\p{L}{1,3}|[∗*′†]|[+\u2212-]|\[[\p{L}\p{N}+\u2212-]{1,6}\])$/u;
const ORDINAL_SUFFIX = /^(?:st|nd|rd|th)$/;

/** A script as LaTeXML's text writes it: bare when one character, one word or number, or one bracketed group; else in brackets. */
function scriptGroup(script: string): string {
  if (script.length === 1 || /^[\p{L}\p{N}.]+$/u.test(script)) return script;
  if (/^\[[^[\]]*\]$/.test(script)) return script;
  if (script.startsWith('(') && script.endsWith(')')) {
    let depth = 0;
    let closesAtEnd = true;
    for (let i = 0; i < script.length; i++) {
      depth += script[i] === '(' ? 1 : script[i] === ')' ? -1 : 0;
      if (depth === 0 && i < script.length - 1) closesAtEnd = false;
    }
    if (closesAtEnd) return script;
  }
  return `(${script})`;
}

/** A script belongs to the text just before it: none at a line's start or after a space. */
function touchesText(before: string): boolean {
  return before.trim().length > 0 && !/\s$/.test(before);
}

/**
 * How a raised group is written into the line's text, or null when it is a mark (kept apart).
 * "10^5", "x^2", "n^(−1/2)", "(2k − 1)^2"; an ordinal's "th" joins its number ("19th"); a degree sign is "°".
 */
export function raisedText(raised: string, before: string): string | null {
  const r = raised.replace(/\s+/g, '');
  if (!r || !touchesText(before)) return null;
  const afterDigit = /\d$/.test(before);
  if (afterDigit && ORDINAL_SUFFIX.test(r)) return r;
  if (afterDigit && /^[◦°]$/.test(r)) return '°';
  const isExponent =
    // On a number: a power of ten ("10^5", "2 × 10^(−3)") or a signed exponent; "Figure 1" with a footnote mark is not one.
    (afterDigit && !YEAR.test(before) && ((/(?:^|[^\d.])10$/.test(before) && EXPONENT_BODY.test(r) && !/^\p{L}$/u.test(r)) || MATH_IN_RAISED.test(r))) ||
    // On a maths symbol; after one capital ("vitamin D", "hepatitis B") a number of two digits is a citation, not a power.
    (SYMBOL_TOKEN.test(before) && (EXPONENT_BODY.test(r) || MATH_IN_RAISED.test(r)) && !(/(?:^|[^\p{L}\p{N}])\p{Lu}$/u.test(before) && /^\d{2,}$/.test(r))) ||
    (/[)\]}]$/.test(before) && (MATH_IN_RAISED.test(r) || (/^\d{1,2}$/.test(r) && /[\u2212+×·=^][^([{]*[)\]}]$/.test(before)))) ||
    // On an absolute value or a norm ("|a|^2", "‖w‖^p"): a bar closes maths, never a sentence a citation could follow; a prime there is a closing quote.
    (/[|‖∥]$/.test(before) && /^(?:[\u2212+-]?\d{1,2}|\p{L})$/u.test(r)) ||
    (MATH_IN_RAISED.test(r) && /[\u2212=/∂]|\p{Script=Greek}/u.test(r) && r.length > 1);
  if (!isExponent) return null;
  return `^${scriptGroup(r)}`;
}

const FRACTION = { minOverlap: 0.5, maxPartLength: 6, maxWidthRatio: 4, maxSizeDifference: 0.1, minOperatorShare: 0.85 };
/** A numerator or a denominator: a short run that holds a letter or a digit ("1", "2k", "n+1"), not a caption's line or a lone dot. */
const FRACTION_PART = /^(?=.*[\p{L}\p{N}])\S{1,6}$/u;
/** An operator or an opening bracket a fraction may follow without a space ("=¹₃", "(¹₂"). */
const BEFORE_FRACTION = /[=<>≤≥+\u2212×·/(]\s*$/u;

export const stackedFraction = defineRule({
  name: 'stacked-fraction',
  why: 'A raised and a lowered item drawn over one span, apart from the text before them, are a stacked fraction\'s numerator and denominator (TeX\'s inline \\frac: "return to ¹₃"): read together as "1/3". Read apart, the numerator was a superscript mark, linked as citation 1 in a paper with a numbered list. Scripts on a symbol ("x_i^2") are stacked too, but touch their base; a fraction follows a space, an operator or the line\'s start. Each part is short, holds a letter or a digit, and the two are of one size and comparable widths.',
  constants: FRACTION,
  test: (raised: PdfTextItem, lowered: PdfTextItem, before: PdfTextItem | undefined, size: number) => {
    const [top, bottom] = [raised.text.trim(), lowered.text.trim()];
    if (!FRACTION_PART.test(top) || !FRACTION_PART.test(bottom)) return false;
    if (Math.abs(raised.size - lowered.size) > FRACTION.maxSizeDifference * raised.size) return false;
    if (Math.max(raised.width, lowered.width) > FRACTION.maxWidthRatio * Math.max(0.1, Math.min(raised.width, lowered.width))) return false;
    const overlap = Math.min(raised.x + raised.width, lowered.x + lowered.width) - Math.max(raised.x, lowered.x);
    if (overlap <= 0 || overlap < FRACTION.minOverlap * Math.min(raised.width, lowered.width)) return false;
    if (!before || !before.text.trim()) return true;
    const start = Math.min(raised.x, lowered.x);
    if (wordGap.test(start - (before.x + before.width), size) || /\s$/.test(before.text)) return true;
    // Touching a script ("46^(+9)_(−7)": the signs are raised and lowered too), the pair is that script's, not a fraction.
    return before.size >= FRACTION.minOperatorShare * size && BEFORE_FRACTION.test(before.text);
  },
});

export const subscript = defineRule({
  name: 'subscript',
  why: 'Smaller items set below the baseline of their line are subscripts ("s_k", "T_eff", a sum\'s lower limit): written into the text with "_", as the LaTeXML path writes them, so the two paths give one text and "s_k r_k" does not read as the words "sk rk".',
  constants: { maxShareOfLine: 0.85, minDrop: 0.1 },
  test: (item: PdfTextItem, main: PdfTextItem) => item.size < main.size * 0.85 && item.y < main.y - main.size * 0.1 && item.text.trim().length > 0,
});

/** How a lowered group is written into the line's text: "_k", "_(eff)"… attached to what it touches; null when it stands apart (then it is text). */
export function loweredText(lowered: string, before: string, apart: boolean): string | null {
  const l = lowered.replace(/\s+/g, '');
  if (!l || apart || !touchesText(before)) return null;
  return `_${scriptGroup(l)}`;
}

/** One exponent or subscript as `raisedText` and `loweredText` write it: "^5", "_eff", "^(−1/2)", "^((MK+p)×(MK+p))", "^[l1]". */
const SCRIPT = String.raw`[\^_](?:\((?:[^()]|\([^()]*\))*\)|\[[^[\]\s]*\]|[\p{L}\p{N}.]+|[^\s(])`;
const ANY_SCRIPT = new RegExp(SCRIPT, 'gu');
/** Scripts on a short symbol: not after three letters or digits ("max_iter" is code, not a subscript). */
const SYMBOL_SCRIPTS = new RegExp(String.raw`(?<![\p{L}\p{N}]{3})(?:${SCRIPT})+`, 'gu');

/** A line's text without the exponents and subscripts written into it: what the shape rules (letter shares, word counts) were fitted on. */
export function withoutScripts(text: string): string {
  return text.replace(ANY_SCRIPT, '');
}

/** A text without the exponents and subscripts of short symbols ("ρ_e", "σ^2", "m_N^(−1/2)"); "max_iter" keeps its "_". */
export function withoutSymbolScripts(text: string): string {
  return text.replace(SYMBOL_SCRIPTS, '');
}

export const exponent = defineRule({
  name: 'exponent',
  why: 'A raised group on a number ("10⁵"), on a maths symbol ("x²", "mN⁻¹ᐟ²") or on a bracketed expression, or one with maths characters, is an exponent: dropping it changes the meaning ("order n" for n^(−1/2)), so it stays in the text as "^"; after a word, a year or a space, digits, letters and symbols stay footnote marks and citations.',
  constants: { mathCharacters: MATH_IN_RAISED, symbolToken: SYMBOL_TOKEN, exponentBody: EXPONENT_BODY },
  test: (raised: string, before: string) => raisedText(raised, before) !== null,
});

export const wordGap = defineRule({
  name: 'word-gap',
  why: 'pdf.js gives no space between items a little apart: more than an eighth of the size is a word space.',
  constants: { fontSizes: 0.12 },
  test: (gap: number, size: number) => gap > 0.12 * size,
});

export const sameRow = defineRule({
  name: 'same-row',
  why: 'Items whose vertical extents overlap by 40% of the smaller x-height share a line.',
  constants: { overlap: 0.4, xHeight: 0.75 },
  test: (base: PdfTextItem, item: PdfTextItem) => {
    const lo = Math.max(base.y, item.y);
    const hi = Math.min(base.y + base.size * 0.75, item.y + item.size * 0.75);
    return hi - lo > 0.4 * Math.min(base.size, item.size) * 0.75;
  },
});

export const raisedMark = defineRule({
  name: 'raised-mark',
  why: 'A small raised item touching a text item (a footnote mark after it, an entry number before it) belongs to that text\'s line.',
  constants: { maxShare: 0.85, minRise: 0.15, maxRise: 0.9, touch: 0.6 },
  test: (mark: PdfTextItem, host: PdfTextItem) => {
    if (!host.text.trim() || mark.size >= host.size * 0.85) return false;
    const rise = mark.y - host.y;
    if (rise < host.size * 0.15 || rise > host.size * 0.9) return false;
    const after = mark.x - (host.x + host.width);
    const before = host.x - (mark.x + mark.width);
    return (after > -1 && after < host.size * 0.6) || (before > -1 && before < host.size * 0.6);
  },
});

export const loweredFragment = defineRule({
  name: 'lowered-fragment',
  why: 'The denominator of an inline fraction ("∂θ" under "∂x", "dt" under "d"), or a symbol its subscript pulls down, is drawn a few points below its line and comes out as a line of its own; it belongs to the prose line it hangs from (under it or just before its start, less than half a line down, the next line further below), not to a display equation that would split the paragraph.',
  constants: { maxLength: 12, maxDrop: 0.5, minProseWords: 4 },
  test: (fragment: PdfLine, above: PdfLine, below: PdfLine | undefined, lineSpacing: number) => {
    const text = fragment.text.trim();
    if (!text || text.length > 12) return false;
    if (fragment.page !== above.page || fragment.size > above.size + 0.3) return false;
    const drop = above.y - fragment.y;
    if (drop <= 0 || drop > lineSpacing * 0.5) return false;
    // Under the line, or just before its start ("(E_beam*" lowered by its subscript, then "= 42, …").
    const under = fragment.x0 >= above.x0 - 1 && fragment.x1 <= above.x1 + 1;
    const leading = fragment.x1 <= above.x0 + 1 && above.x0 - fragment.x1 < above.size;
    if (!under && !leading) return false;
    if (above.text.split(/\s+/).filter((w) => /^\p{L}{3,}/u.test(w)).length < 4) return false;
    return !below || below.page !== fragment.page || below.y < fragment.y;
  },
});

/** A size sets a line's type when it sets this share of the line's characters or more. */
const LINE_TYPE_SIZE = { minShare: 0.25 };

export const lineTypeSize = defineRule({
  name: 'line-type-size',
  why: 'A line\'s type size is the largest size that sets a quarter or more of its characters, not the size of its longest item: inline code or maths in a smaller size ("the psql variables smoothingfactor and thinningsize", a display\'s subscripts) can hold the longest items, even most characters, of a line set in the body size, and read as that smaller size the line broke its paragraph (break-size-change). A size with no letters, a figure\'s tick values ("0.40"), sets no line\'s size. Type the reader marks as monospaced does not count either (code larger than the prose, "the package ParallelStencil.jl"), nor does a display\'s big operator, with too few characters.',
  constants: LINE_TYPE_SIZE,
  test: (sizeChars: number, lineChars: number) => lineChars > 0 && sizeChars >= lineChars * LINE_TYPE_SIZE.minShare,
});

/** A glyph line no longer than this (radical sign, wide accent) in a gap no wider than this many line spacings. */
const STRAY_GLYPH = { maxGlyphs: 2, maxGapLineSpacings: 1.4, maxScriptSizeRatio: 0.8 };

/** A line's glyphs, spaces left out. */
const glyphsOf = (line: { text: string }) => [...line.text.replace(/\s/g, '')];

/** A line of one or two glyphs: what the stray-glyph rule may drop (its neighbours are the nearest lines that are not such). */
export const isGlyphLine = (line: { text: string }) => {
  const glyphs = glyphsOf(line).length;
  return glyphs > 0 && glyphs <= STRAY_GLYPH.maxGlyphs;
};

export const strayGlyph = defineRule({
  name: 'stray-glyph',
  why: 'Inline maths drawn off its baseline — a radical sign over "Var(τ)", a wide hat — comes out as a line of one or two glyphs ("p", "d") in the gap between two lines of a paragraph. It holds no word, and read as a line of its own it broke the paragraph (by its smaller size or the gap it leaves). Between two lines of one column no farther apart than a paragraph\'s lines, it is dropped. A digit in the text\'s size (an equation\'s number) is kept; one in script size, under 0.8 of its neighbours\', is an exponent that lost its line ("dex⁻¹" at a line\'s end) and goes too.',
  constants: STRAY_GLYPH,
  test: (line: PlacedLine, above: PlacedLine | undefined, below: PlacedLine | undefined, lineSpacing: number) => {
    if (!isGlyphLine(line) || !above || !below) return false;
    const glyphs = glyphsOf(line);
    // A digit in the text's own size may be an equation's number; in script size it is an exponent that lost its line ("dex⁻¹").
    if (glyphs.some((g) => /\d/.test(g)) && line.size > Math.min(above.size, below.size) * STRAY_GLYPH.maxScriptSizeRatio) return false;
    const sameColumn = (l: PlacedLine) => l.page === line.page && l.column === line.column;
    return sameColumn(above) && sameColumn(below) && above.y > line.y && line.y > below.y && above.y - below.y <= lineSpacing * STRAY_GLYPH.maxGapLineSpacings;
  },
});

/**
 * `runGapSizes`: items on one baseline run together where less than a sentence space parts them (0.7 of a font size: a
 * stretched sentence space is about 0.6; the narrowest gutter, LaTeX's 10 points between columns of 12-point type, 0.83).
 */
export const pageGutter = defineRule({
  name: 'page-gutter',
  why: 'Two columns set close (LaTeX\'s article class leaves 10 pt) put lines of both columns on one baseline less than a font size apart; a vertical strip of the middle of the page that almost no text crosses, with text on both sides, is the gutter, and a row is cut there even at a narrow gap. Only the text between the columns\' top and bottom is counted: a full-width title block above them, or a wide figure below, crosses the middle without crossing the gutter.',
  constants: { middleFrom: 0.3, middleTo: 0.7, maxCrossingShare: 0.03, minSideShare: 0.25, bandSlack: 2, minLinesPerSide: 3, minLineWidth: 0.2, runGapSizes: 0.7, minEvenRuns: 4 },
  test: (crossing: number, leftOf: number, rightOf: number, total: number) =>
    total > 0 && crossing <= total * 0.03 && leftOf >= total * 0.25 && rightOf >= total * 0.25,
});

/** A list item's bullet: pdf.js may call the bullet's font, and with it the item's first line, fixed-pitch. */
const BULLETED = new RegExp(`^\\s*[${LIST_BULLETS}]\\s`, 'u');
/** A URL, DOI or e-mail address set with \\url: fixed-pitch, but not code. */
const URL_LIKE = /:\/\/|www\.|doi[:.]|@|^\S*\/\S*$/i;
/**
 * Punctuation that prose rarely has and code has on most lines. Not ": " — prose has it after
 * every run-in label ("A cloud-native distribution: GeoParquet …"), and pdf.js calls a font
 * monospaced when it cannot read its widths (a bullet's one-glyph font, a font it reads no
 * metrics of), so a list item's first line can look fixed-pitch.
 */
const CODE_PUNCTUATION = /[=;{}[\]<>|]|->|\(\*|\w\(/;

export const codeListing = defineRule({
  name: 'code-listing',
  why: 'Lines set in a fixed-pitch font are a code listing (lstlisting, minted, verbatim). The HTML path keeps listings out of the paragraphs, and glued to the prose around them they spoil its sentences. Two such lines one above the other, or one with code punctuation (=, ;, braces, brackets, an arrow, a call), are a listing; a URL or DOI set with \\url is not code, a line of prose with a few \\texttt words is not one, neither is a lone line whose only code-like mark is a colon before a space, and nor is a line that opens with a list bullet.',
  constants: { minShare: 0.95, minChars: 3, maxLinesApart: 2.5, urlLike: URL_LIKE, codePunctuation: CODE_PUNCTUATION },
  test: (line: Pick<PdfLine, 'monospace' | 'text'>) => line.monospace >= 0.95 && line.text.replace(/\s+/g, '').length >= 3 && !URL_LIKE.test(line.text.trim()) && !BULLETED.test(line.text),
});

/** The lines of a page that belong to code listings. */
export function codeListingLines(lines: readonly PdfLine[]): Set<PdfLine> {
  const candidates = lines.filter((l) => codeListing.test(l));
  const near = (a: PdfLine, b: PdfLine) => a !== b && Math.abs(a.y - b.y) <= codeListing.constants.maxLinesApart * Math.max(a.size, b.size) && a.x0 < b.x1 && b.x0 < a.x1;
  return new Set(candidates.filter((l) => CODE_PUNCTUATION.test(l.text) || candidates.some((o) => near(l, o))));
}
