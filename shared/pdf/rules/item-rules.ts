/** Rules on raw text items, before lines exist: what is not text at all. */
import type { PdfTextItem } from '../pdf-text';
import { defineRule } from '../rule';
import { addToGroup } from '../grouping';
import { mostCommon } from '../most-common';

export const invisibleGlyph = defineRule({
  name: 'invisible-glyph',
  why: 'Figures made with LaTeXiT carry their source as sub-pixel text (~5e-7 pt); it outweighs the body and is not paper text.',
  constants: { minSize: 1.5 },
  test: (item: PdfTextItem) => item.size < 1.5,
});

const OVERPRINT = { maxShiftSizes: 2, maxBaselineShiftSizes: 0.5, sameSpotPoints: 1, minLayerPairs: 3, minLayerRunLength: 8 };

export const overprintedCopy = defineRule({
  name: 'overprinted-copy',
  why: 'Some PDFs draw their text twice: a second text layer laid over the page a little off the first (one physics preprint\'s every line, 15 pt to the right and up to 4 pt down), or a bold faked by printing a run again a hair to the side. Read as it comes, each line held its words twice, interleaved ("wherewhere s = (s = (p"). A run with the same text as one drawn before it on the same line is a copy when it sits on the same spot (within a point), or is moved sideways by the distance that three or more longer runs of the page repeat (a layer).',
  constants: OVERPRINT,
  /** `layerShift`: the sideways distance between a run and its copy that the page repeats, when it has one. */
  test: (item: PdfTextItem, earlier: PdfTextItem, layerShift: number | null) => {
    if (item.text !== earlier.text) return false;
    const dx = item.x - earlier.x;
    const dy = item.y - earlier.y;
    const near = OVERPRINT.sameSpotPoints;
    if (Math.abs(dx) <= near && Math.abs(dy) <= near) return true;
    return layerShift !== null && Math.abs(dx - layerShift) <= near && Math.abs(dy) <= OVERPRINT.maxBaselineShiftSizes * Math.max(item.size, earlier.size);
  },
});

/** The sideways distance between same-text runs on one line (of some length, within two type sizes) that the page repeats most, if three or more pairs share it. */
function layerShiftOf(byText: ReadonlyMap<string, readonly PdfTextItem[]>): number | null {
  const counts = new Map<number, { dx: number; n: number }>();
  for (const [text, runs] of byText) {
    if (text.length < OVERPRINT.minLayerRunLength || runs.length < 2) continue;
    for (let i = 0; i < runs.length; i++) {
      for (let j = i + 1; j < runs.length; j++) {
        const dx = runs[j]!.x - runs[i]!.x;
        const dy = runs[j]!.y - runs[i]!.y;
        const size = runs[i]!.size;
        if (Math.abs(dx) <= OVERPRINT.sameSpotPoints || Math.abs(dx) > OVERPRINT.maxShiftSizes * size || Math.abs(dy) > OVERPRINT.maxBaselineShiftSizes * size) continue;
        const key = Math.round(dx);
        const seen = counts.get(key);
        if (seen) seen.n++;
        else counts.set(key, { dx, n: 1 });
      }
    }
  }
  const best = [...counts.values()].sort((a, b) => b.n - a.n)[0];
  return best && best.n >= OVERPRINT.minLayerPairs ? best.dx : null;
}

/** A page's runs less those the overprinted-copy rule finds (the first drawn is kept). */
export function withoutOverprintedCopies(items: readonly PdfTextItem[]): PdfTextItem[] {
  // Spaces and one-character runs (a digit in a table, a bracket) repeat near each other by design.
  const byText = new Map<string, PdfTextItem[]>();
  for (const item of items) if (item.text.trim().length >= 2) addToGroup(byText, item.text, item);
  // Most pages draw no run twice: nothing to look for.
  if ([...byText.values()].every((runs) => runs.length === 1)) return [...items];
  const shift = layerShiftOf(byText);
  const kept: PdfTextItem[] = [];
  const keptByText = new Map<string, PdfTextItem[]>();
  for (const item of items) {
    if (item.text.trim().length >= 2) {
      if (keptByText.get(item.text)?.some((earlier) => overprintedCopy.test(item, earlier, shift))) continue;
      addToGroup(keptByText, item.text, item);
    }
    kept.push(item);
  }
  return kept;
}

/**
 * A font whose glyphs are all one width, measured from the text: every run's width per character per point is the same.
 * pdf.js flags a font monospaced from its descriptor, which XeLaTeX's OpenType fonts (fontspec, minted's Fira Mono)
 * leave unset. Runs are told apart by their letters (page numbers folded out of a running head, "Kepler" repeated, tabular
 * digits all count once or not at all), and the letters must be many, so a few words in one font cannot pass by chance.
 */
const FIXED_PITCH = { minRuns: 4, minLetterKinds: 10, minLetters: 3, within: 0.01, share: 0.9 };
export const fixedPitchWidths = defineRule({
  name: 'fixed-pitch-widths',
  why: 'A code listing in a font pdf.js does not flag monospaced (XeLaTeX\'s OpenType monospace fonts) is still fixed-pitch by its widths: every run of the font is as wide per character as every other, which no proportional font is over runs of ten or more different letters.',
  constants: FIXED_PITCH,
  /** `runs`: the font's distinct runs of text with their width per character per point. */
  test: (runs: readonly { text: string; perChar: number }[]) => {
    if (runs.length < FIXED_PITCH.minRuns) return false;
    const letters = new Set(runs.flatMap((r) => r.text.toLowerCase().match(/\p{L}/gu) ?? []));
    if (letters.size < FIXED_PITCH.minLetterKinds) return false;
    const sorted = runs.map((r) => r.perChar).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    return median > 0 && sorted.filter((w) => Math.abs(w - median) <= median * FIXED_PITCH.within).length >= runs.length * FIXED_PITCH.share;
  },
});

/** The document's fonts that fixed-pitch-widths finds monospaced, beyond those pdf.js flags. */
export function fixedPitchFonts(items: Iterable<PdfTextItem>): Set<string> {
  const runs = new Map<string, Map<string, number>>();
  for (const item of items) {
    if (item.monospace || !item.width || item.size <= 0) continue;
    const letters = item.text.replace(/[^\p{L}]/gu, '');
    if (letters.length < FIXED_PITCH.minLetters) continue;
    const byText = runs.get(item.font) ?? new Map<string, number>();
    byText.set(letters, item.width / (item.text.length * item.size));
    runs.set(item.font, byText);
  }
  return new Set([...runs].filter(([, byText]) => fixedPitchWidths.test([...byText].map(([text, perChar]) => ({ text, perChar })))).map(([font]) => font));
}

/**
 * Mathematical letters (U+1D400–U+1D7FF: italic 𝐺, 𝜎, bold 𝐱) lie beyond the 16-bit plane; for Type 1 maths fonts whose glyphs
 * are named by those code points (STIX Two Math through the stix2 package) pdf.js keeps only the low 16 bits, so "𝜎" came out
 * as the Hangul syllable "휎" (U+D70E) and "𝐺" as "퐺". Korean text set in a real Hangul font uses the common syllables below
 * U+D400 too (이, 다, 는); a font whose Hangul never falls below U+D400 is a maths font, and its letters are put back.
 */
const TRUNCATED_MATH = { from: 0xd400, to: 0xd7ff, plane: 0x10000 };
const HANGUL_SYLLABLE = /[\uac00-\ud7a3]/gu;
const TRUNCATED_RANGE = new RegExp(`[\\u${TRUNCATED_MATH.from.toString(16)}-\\u${TRUNCATED_MATH.to.toString(16)}]`, 'g');

export const truncatedMathLetter = defineRule({
  name: 'truncated-math-letter',
  why: 'pdf.js gives a maths font\'s letters beyond the 16-bit plane (𝜎, 𝐺: U+1D70E, U+1D43A) as their low 16 bits, Hangul syllables ("휎 푠푒푙푒푐푡푖푣푖푡푦" for "σ selectivity" in an eLife paper set in STIX Two): words and symbols a reader cannot search. A font whose Hangul all lies in U+D400–U+D7FF is such a font (Korean text uses the syllables below it too); its letters are restored and written as plain letters ("σ", "G").',
  constants: TRUNCATED_MATH,
  /** `hangul`: every Hangul-block character the font sets, over the whole document. */
  test: (hangul: readonly string[]) => hangul.length > 0 && hangul.every((c) => c.charCodeAt(0) >= TRUNCATED_MATH.from),
});

/** The fonts truncated-math-letter finds, over all the document's items. */
export function truncatedMathFonts(items: Iterable<PdfTextItem>): Set<string> {
  const byFont = new Map<string, string[]>();
  for (const item of items) {
    for (const c of item.text.match(HANGUL_SYLLABLE) ?? []) addToGroup(byFont, item.font, c);
  }
  return new Set([...byFont].filter(([, hangul]) => truncatedMathLetter.test(hangul)).map(([font]) => font));
}

/** A truncated maths letter's text restored: the code point back in its plane, then NFKC's plain letter ("𝜎" → "σ"). */
export function restoreMathLetters(text: string): string {
  return text.replace(TRUNCATED_RANGE, (c) => String.fromCodePoint(TRUNCATED_MATH.plane + c.charCodeAt(0)).normalize('NFKC'));
}

/** Control characters and the replacement character: what pdf.js gives for a glyph its font maps to no Unicode. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNMAPPED = /^[\s\u0000-\u001f\u007f-\u009f\ufffd]*$/;

export const unmappedGlyph = defineRule({
  name: 'unmapped-glyph',
  why: 'A glyph its font maps to no character (a large delimiter of a display, drawn from a maths extension font) comes out as control characters; tall, it joins a line of prose and lands inside a word ("noi \\u0000 \\u0001 se"). It keeps its place in the layout, but writes no text.',
  constants: { pattern: UNMAPPED },
  test: (item: PdfTextItem) => item.text.length > 0 && /\S/.test(item.text) && UNMAPPED.test(item.text),
});

/**
 * Biometrika (and British journals before it) print a section's number and a decimal with a centred dot, "2·1", "0·5", set as
 * TeX's \cdot. Its maths symbol font maps no Unicode, so pdf.js gives the glyph's code, U+0001, which was dropped as an unmapped
 * glyph: "2·1. Lasso as …" read "2 1. Lasso as …", and no longer as a numbered title.
 */
const CENTRED_DOT = { code: '\u0001', maxWidthEms: 0.5 };

export const centredDot = defineRule({
  name: 'centred-dot',
  why: 'Between two digits, the unmapped glyph of TeX\'s \\cdot (a symbol font\'s code 1, narrow) is the centred dot of "2·1" and "0·5", as Biometrika prints section numbers and decimals; anywhere else an unmapped glyph writes no text.',
  constants: CENTRED_DOT,
  test: (item: PdfTextItem, before: PdfTextItem | undefined, after: PdfTextItem | undefined) =>
    item.text === CENTRED_DOT.code && item.width < item.size * CENTRED_DOT.maxWidthEms && /\d$/.test(before?.text ?? '') && /^\d/.test(after?.text ?? ''),
});

/** A run of maths font holding a grave and no letters: "`", "`,", "(`". */
const MATH_GRAVE = /^[\s\d`,.;:()[\]=+−-]*`[\s\d`,.;:()[\]=+−-]*$/;

export const scriptEll = defineRule({
  name: 'script-ell',
  why: 'TeX\'s maths italic (cmmi) keeps the script ℓ where ASCII has the grave; with no Unicode map, pdf.js gives "`" ("C_`", "high-`", "(` . 1000)"). A grave with no letters beside it, in a font other than its line\'s text font, is that ℓ; a grave accent comes inside its word\'s run, in the word\'s own font, and a code line\'s text font is its code font. (A subset font holding only ℓ has one glyph width, so pdf.js calls it monospaced: that flag says nothing here.)',
  constants: { pattern: MATH_GRAVE },
  test: (item: PdfTextItem, textFont: string) => item.font !== textFont && MATH_GRAVE.test(item.text),
});

const BARE_NUMBER = /^\s*\d{1,4}\s*$/;

/**
 * Line numbers of review drafts (lineno, journal review modes): a stack of bare numbers
 * at one x (aligned left or right) counting up in reading order, in the margin or the gutter.
 * The stack is in reading order (page by page, top to bottom).
 */
const LINE_NUMBER = { minStack: 8, maxSizeRatioAcrossPages: 0.7, alignTolerance: 2, knownEdgeTolerance: 3, increasingShare: 0.8, maxLinesPerStep: 1.5, minAtKnownEdge: 2, maxStepAtKnownEdge: 5, touchingSizes: 0.25 };

export const lineNumberColumn = defineRule({
  name: 'line-number',
  why: 'Margin and gutter line numbers glued into text lines break column detection and pollute the text. Numbering may start again on each page (lineno\'s pagewise), so only neighbours on one page must count up. A line number advances one per line of text beside it (five per five lines when every fifth is printed); numbers that advance one per entry of two or more lines are a list\'s labels (LIPIcs prints its bibliography\'s numbers so, in a column of their own), not line numbers.',
  constants: LINE_NUMBER,
  test: (stack: PdfTextItem[], pageOf: (item: PdfTextItem) => number = () => 0, linesBetween: (upper: PdfTextItem, lower: PdfTextItem) => number | undefined = () => undefined) => {
    if (stack.length < LINE_NUMBER.minStack) return false;
    const pairs = stack.slice(1).map((item, i) => ({ previous: stack[i]!, item })).filter(({ previous, item }) => pageOf(item) === pageOf(previous));
    const counting = pairs.filter(({ previous, item }) => Number(item.text) > Number(previous.text));
    if (pairs.length === 0 || counting.length < pairs.length * LINE_NUMBER.increasingShare) return false;
    // Only a stack that counts up is read against its text (a scan of the page per pair).
    return numbersLines(counting.map(({ previous, item }) => ({ upper: previous, lower: item })), linesBetween);
  },
});

/**
 * Most steps of a stack span one line of text per number; a list's labels span whole entries (two lines or
 * more). Steps whose lines cannot be counted do not vote; with none, the stack passes.
 */
function numbersLines(steps: readonly { upper: PdfTextItem; lower: PdfTextItem }[], linesBetween: (upper: PdfTextItem, lower: PdfTextItem) => number | undefined): boolean {
  const perStep: number[] = [];
  for (const { upper, lower } of steps) {
    const between = linesBetween(upper, lower);
    if (between !== undefined) perStep.push((between + 1) / (Number(lower.text) - Number(upper.text)));
  }
  perStep.sort((a, b) => a - b);
  return !perStep.length || perStep[Math.floor(perStep.length / 2)]! <= LINE_NUMBER.maxLinesPerStep;
}

/** How far beside a number the lines it would number are looked for. */
const NUMBERED_BAND = 220;

/**
 * Lines of text beside a stack of numbers, strictly between two of them: distinct baselines of the
 * text items within reach left or right, a superscript's raised baseline merged with its line's.
 */
function linesBetweenOn(text: readonly PdfTextItem[]): (upper: PdfTextItem, lower: PdfTextItem) => number {
  const count = (items: readonly PdfTextItem[]) => {
    const ys = items.map((t) => ({ y: t.y, merge: t.size * 0.45 })).sort((a, b) => b.y - a.y);
    let lines = 0;
    let last = Infinity;
    for (const { y, merge } of ys) {
      if (last - y > merge) lines++;
      last = y;
    }
    return lines;
  };
  return (upper, lower) => {
    const from = Math.min(upper.x, lower.x);
    const to = Math.max(upper.x + upper.width, lower.x + lower.width);
    const between = text.filter((t) => t.y < upper.y - t.size * 0.5 && t.y > lower.y + t.size * 0.5);
    // Each side on its own: numbers in a gutter stand between two columns whose baselines need not line up, and
    // they number one of them. A side with no text (a margin's outer side) says nothing.
    const sides = [
      count(between.filter((t) => t.x + t.width > from - NUMBERED_BAND && t.x + t.width <= from + 0.5)),
      count(between.filter((t) => t.x < to + NUMBERED_BAND && t.x >= to - 0.5)),
    ].filter((lines) => lines > 0);
    return sides.length ? Math.min(...sides) : count(between.filter((t) => t.x + t.width > from - NUMBERED_BAND && t.x < to + NUMBERED_BAND));
  };
}

/**
 * A number that touches text on its line is a label (a superscript entry number), not a margin line number.
 * Touching is less than a quarter of the text's size away: AASTeX sets its tiny (5 pt) line numbers 4 pt before
 * 10 pt text, a gap as wide as their own size but not touching.
 */
function isolated(number: PdfTextItem, items: PdfTextItem[]): boolean {
  const reach = Math.max(number.size, 3);
  return !items.some((o) => o !== number && o.text.trim() && Math.abs(o.y - number.y) < reach * 1.2 &&
    ((o.x >= number.x + number.width - 0.5 && o.x - (number.x + number.width) < Math.min(reach, LINE_NUMBER.touchingSizes * Math.max(o.size, number.size) + 0.5)) || (o.x + o.width <= number.x + 0.5 && number.x - (o.x + o.width) < 1)));
}

/** Isolated bare numbers of one page, top to bottom. */
function bareNumbers(items: PdfTextItem[]): PdfTextItem[] {
  return items.filter((i) => BARE_NUMBER.test(i.text) && !i.rotated && isolated(i, items)).sort((a, b) => b.y - a.y);
}

/** Numbers wholly left or right of every other item of the page with text: the page margins. */
function inMargin(numbers: PdfTextItem[], items: PdfTextItem[]): PdfTextItem[] {
  const numberSet = new Set(numbers);
  let left = Infinity;
  let right = -Infinity;
  for (const i of items) {
    if (numberSet.has(i) || !i.text.trim()) continue;
    left = Math.min(left, i.x);
    right = Math.max(right, i.x + i.width);
  }
  return numbers.filter((n) => n.x + n.width <= left + 0.5 || n.x >= right - 0.5);
}

/**
 * Numbers set much smaller than the page's text. lineno prints its numbers in tiny type, and in two columns it
 * sets the right column's numbers in the gutter, which is no margin: every fifth line numbered there leaves
 * too few a page for one page to tell, so such numbers are stacked across pages as the margins' are, each on
 * the baseline of a line of text as a line's number is.
 */
function inSmallType(numbers: PdfTextItem[], items: PdfTextItem[]): PdfTextItem[] {
  const chars = new Map<number, number>();
  for (const i of items) if (i.text.trim()) chars.set(Math.round(i.size), (chars.get(Math.round(i.size)) ?? 0) + i.text.length);
  const textSize = mostCommon(chars);
  if (textSize === undefined) return [];
  // A line number stands on the baseline of the line it numbers; a table's small counts need not.
  const onTextBaseline = (n: PdfTextItem) => items.some((i) => i.size > n.size * 1.3 && Math.abs(i.y - n.y) <= 1 && /\p{L}/u.test(i.text));
  return numbers.filter((n) => n.size <= textSize * LINE_NUMBER.maxSizeRatioAcrossPages && onTextBaseline(n));
}

const EDGES = [(i: PdfTextItem) => i.x, (i: PdfTextItem) => i.x + i.width];
/** A number's face: its font and size (a footnote's mark beside line numbers is set in another). */
const faceOf = (i: PdfTextItem) => `${i.font}|${Math.round(i.size)}`;

/** `byFace` stacks only numbers of one font and size: a footnote's mark in small type beside the numbers is not one of them. */
function addColumns(stacks: PdfTextItem[][], found: Set<PdfTextItem>, textOfPage: readonly (readonly PdfTextItem[])[], byFace = false): void {
  const tolerance = lineNumberColumn.constants.alignTolerance;
  const pages = new Map(stacks.flatMap((stack, page) => stack.map((item) => [item, page] as const)));
  const pageOf = (item: PdfTextItem) => pages.get(item) ?? 0;
  const between = textOfPage.map(linesBetweenOn);
  const linesBetween = (upper: PdfTextItem, lower: PdfTextItem) => between[pageOf(upper)]?.(upper, lower);
  for (const edge of EDGES) {
    const groups = new Map<string, PdfTextItem[]>();
    for (const stack of stacks) {
      for (const item of stack) {
        const key = `${Math.round(edge(item) / tolerance)}${byFace ? `|${faceOf(item)}` : ''}`;
        groups.set(key, [...(groups.get(key) ?? []), item]);
      }
    }
    for (const group of groups.values()) if (lineNumberColumn.test(group, pageOf, linesBetween)) group.forEach((i) => found.add(i));
  }
}

/**
 * The items of a document that are line numbers: isolated bare numbers grouped by a shared left
 * or right edge, on one page, or, in the page margins, across pages. Drafts numbered every fifth
 * line (elsarticle's review mode) show two to seven numbers a page, too few for one page to tell.
 */
export function lineNumberItems(pages: PdfTextItem[][]): Set<PdfTextItem> {
  const found = new Set<PdfTextItem>();
  const perPage = pages.map(bareNumbers);
  // The text beside the numbers: every item with text that is not one of the bare numbers.
  const text = pages.map((items, i) => {
    const numbers = new Set(perPage[i]);
    return items.filter((item) => item.text.trim() && !numbers.has(item));
  });
  perPage.forEach((numbers, i) => addColumns([numbers], found, [text[i]!]));
  addColumns(perPage.map((numbers, i) => inMargin(numbers, pages[i]!)), found, text);
  addColumns(perPage.map((numbers, i) => inSmallType(numbers, pages[i]!)), found, text, true);
  addAtKnownEdges(perPage, found, text);
  return found;
}

/**
 * A few numbers on a page at the edge where other pages' line numbers stand, counting up, are line numbers
 * too: a page mostly taken by a float or a table numbers only the lines under it (four in a gutter, too few
 * for one page to tell).
 */
function addAtKnownEdges(perPage: PdfTextItem[][], found: Set<PdfTextItem>, textOfPage: readonly (readonly PdfTextItem[])[]): void {
  if (!found.size) return;
  const tolerance = LINE_NUMBER.knownEdgeTolerance;
  for (const edge of EDGES) {
    // An edge is known with the face of its numbers: a footnote's number in the same margin is set in another font.
    // Near, not binned: a page set a little to one side (a draft's first pages) puts its numbers a point or two off.
    const known = [...found].map((i) => ({ at: edge(i), face: faceOf(i) }));
    const atKnownEdge = (n: PdfTextItem) => known.some((k) => k.face === faceOf(n) && Math.abs(k.at - edge(n)) <= tolerance);
    perPage.forEach((numbers, page) => {
      const atEdge = numbers.filter((n) => !found.has(n) && atKnownEdge(n));
      if (atEdge.length < LINE_NUMBER.minAtKnownEdge) return;
      const steps = atEdge.slice(1).map((lower, i) => ({ upper: atEdge[i]!, lower }));
      if (!steps.every(({ upper, lower }) => Number(lower.text) - Number(upper.text) >= 1 && Number(lower.text) - Number(upper.text) <= LINE_NUMBER.maxStepAtKnownEdge)) return;
      // As on any page: one line of text per number, not a list's entries (LIPIcs's bibliography labels share the margin).
      if (numbersLines(steps, linesBetweenOn(textOfPage[page]!))) atEdge.forEach((n) => found.add(n));
    });
  }
}
