/**
 * Rules that split ordered lines into blocks (paragraph breaks), and that merge blocks a
 * page, column or float cut apart. Each break rule gets the previous line, the line and
 * the block so far; the first that fires names the break in the trace.
 */
import { letterFontsOf, type DocumentStyle } from '../style';
import type { PlacedLine } from '../layout';
import { defineRule } from '../rule';
import { CAPTION, FLOAT_NOTE } from './heading-rules';
import { LIST_BULLETS } from './line-rules';
import { NON_FINAL_ABBREVIATION } from './text-rules';

// List items: "•", "1.", "(ii)", "a)". Not "3)" (the tail of "(Eq.\n3)").
// "(2014) with detections…" is the year of a citation broken after "et al.", not an item "(2014)".
// JuliaCon's itemize sets an em dash flush against the item's first word ("—reading common data formats …"). A sentence's dash
// rarely opens a line (TeX breaks after a dash, not before it), and break-list-item still asks for a list's start before it.
export const LIST_ITEM = new RegExp(`^(?:([${LIST_BULLETS}]|\\d{1,2}\\.|\\((?!(?:1[89]|20)\\d{2}[a-z]?\\))\\w{1,4}\\)|[a-z]\\))\\s+\\S|—\\p{L})`, 'u');
/**
 * An entry of a list of abbreviations: the abbreviation (two capitals or more, up to ten characters), a dash or colon,
 * then what it stands for ("DAA – Differential abundance analysis", "CB: contamination background").
 */
export const GLOSSARY_ENTRY = /^(?=(?:\p{Ll}*\p{Lu}){2})[\p{Lu}\p{Ll}\d&/-]{2,10}\s*[–—:]\s*\p{L}/u;
// "(2) the short half-lives…" after "…recent exposure," continues a sentence that enumerates in line.
const INLINE_ENUMERATION = /^(\(\w{1,4}\)|[a-z]\))\s/;
// A line that ends on a cross-reference's noun ("… by inverting equation", "… extend Algorithm") wraps before the number:
// "1. If a star's age …" on the next line is "Equation 1.", not an item.
const CROSS_REFERENCE_NOUN = /\b(?:equations?|eqs?\.|sections?|secs?\.|sects?\.|figures?|figs?\.|tables?|chapters?|appendix|theorems?|lemmas?|propositions?|corollary|definitions?|algorithms?|steps?|assumptions?|remarks?|examples?)$/i;
const NUMBER_MARKER = /^(?:\d{1,2}\.|\(\d{1,2}\))\s/;
const wrapsCrossReference = (c: BreakContext) => NUMBER_MARKER.test(c.line.text.trimStart()) && CROSS_REFERENCE_NOUN.test(c.previous.text.trim());
/**
 * "… the pipeline executes:" (a full line) over "(i) arcpy.gp.Combine_sa to produce …" set no further in than the line
 * above: an enumeration typed into the sentence that wrapped before its first label; a list sets its labels in from the
 * text's edge, or opens under a line left short or after a full stop ("… on compact sets." / "(A3) Uniform …").
 */
const wrapsInlineEnumeration = (c: BreakContext) => INLINE_ENUMERATION.test(c.line.text.trimStart()) && sameColumnBelow(c.previous, c.line) && !/[.!?]["')\]]?$/.test(c.previous.text.trim()) &&
  c.line.x0 <= c.previous.x0 + c.style.bodySize * 0.3 && c.previous.x1 >= c.previous.columnRight - c.style.bodySize * 0.5 && !LIST_ITEM.test(c.block[0]!.text);
// Reference entry labels: "[12]", "[Qui78]", "[BCD+11]", "[Smith et al. 2020]" is not one (that is a citation).
export const REFERENCE_LABEL = /^\[(\d{1,3}|\p{Lu}[\p{L}+]{0,7}\d{2}[a-z]?)\]\s+\S/u;

/**
 * An algorithm float's caption line: "Algorithm 1 Raster-side Eliminate(LENGTH) pass", a title in capitals after the number
 * ("Algorithm 1 states …" is prose), or any title after a colon ("Algorithm 8: k-means"). Case-sensitive: with the i flag, \p{Lu} matches a lower-case letter too.
 */
export const ALGORITHM_CAPTION = /^(?:Algorithm|ALGORITHM)\s+\d+(?:[.:]?\s+\p{Lu}|:\s+\S)/u;

/**
 * A numeric citation set after the sentence's stop ("… was developed. [2, 5]"), as some authors place it: the sentence
 * ended at the stop, so a paragraph may end after the citation. Not one before the stop ("… in [2]." ends anyway), nor a
 * bracket after an abbreviation's stop ("see Fig. [2]").
 */
export const citationAfterStop = defineRule({
  name: 'citation-after-stop',
  why: 'A numeric citation set after a sentence\'s stop ("… developed. [2, 5]", Science\'s "… classical computers. (5)") ends that sentence as the stop would: an indent on the next line starts a paragraph.',
  test: (text: string) => {
    const m = /^(.*[.!?]["'”’)]*)\s*(?:\[\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\]|\(\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\))$/u.exec(text.trim());
    return m !== null && !NON_FINAL_ABBREVIATION.test(m[1]!);
  },
});

export function endsSentence(text: string): boolean {
  const trimmed = text.trim();
  return (/[.!?:]["')\]]?$/.test(trimmed) && !NON_FINAL_ABBREVIATION.test(trimmed)) || citationAfterStop.test(trimmed);
}

export interface BreakContext {
  previous: PlacedLine;
  line: PlacedLine;
  block: PlacedLine[];
  style: DocumentStyle;
  equation: boolean;
  blockIsEquation: boolean;
}

export const startsWithSuperscriptNumber = (l: PlacedLine) => l.supers[0]?.at === 0 && /^\d{1,3}$/.test(l.supers[0].text);
const indentOf = (l: PlacedLine) => l.x0 - l.columnLeft;
const isIndented = (l: PlacedLine, s: DocumentStyle) => indentOf(l) > s.bodySize * 0.6 && indentOf(l) < s.bodySize * 4;
const isShort = (l: PlacedLine, s: DocumentStyle) => l.x1 < l.columnRight - s.bodySize * 1.5;
/** Where the block's lines end: its own right edge once it has two lines (an indented abstract ends before the column does). */
const blockRight = (c: BreakContext) => (c.block.length >= 2 ? Math.min(c.previous.columnRight, Math.max(...c.block.map((l) => l.x1))) : c.previous.columnRight);
/** Whether the next line's first word, at that line's average character width, would have fitted after the previous line. */
const nextWordFits = (c: BreakContext, right: number) => {
  const charWidth = (c.line.x1 - c.line.x0) / Math.max(1, c.line.text.length);
  const word = c.line.text.trimStart().split(' ')[0] ?? '';
  return (word.length + 1) * charWidth < right - c.previous.x1;
};
const sameColumnBelow = (a: PlacedLine, b: PlacedLine) => a.page === b.page && a.column === b.column && a.y > b.y;
/** How far short of the block's right edge a paragraph's last line ends, in body sizes. */
const SHORT_LAST_LINE = { shortBySizes: 1.5 };
/** The previous line ends a paragraph's way: short of the block's right edge, with room for the next line's first word. */
const previousEndsShort = (c: BreakContext) => {
  const right = blockRight(c);
  return c.previous.x1 < right - c.style.bodySize * SHORT_LAST_LINE.shortBySizes && nextWordFits(c, right);
};

/** A justified block: this many lines ending within `alignedWithin` points of one x; its last line is `shortBySizes` body sizes short of it. */
const JUSTIFIED_PARAGRAPH = { minLinesAbove: 2, alignedWithin: 1, shortBySizes: 0.6 };

/** A paragraph's gap: over this many line spacings, or, after a sentence's end, the line spacing and this many body sizes more. */
const PARAGRAPH_GAP = { lineSpacings: 1.4, afterSentenceExtraSizes: 0.5 };

/** How close, in line spacings, and how alike in size (share of the body size) a line must be to the one above to continue its sentence. */
const WRAP_INTO_REFERENCE = { maxGapLineSpacings: 1.4, maxSizeDifference: 0.05 };

/**
 * "… stars in" (a full line of the same type, ending on a word) right above "Figure 1. Our favored …": a reference in a sentence.
 * Inside a caption too ("… Parameters are the same as in" / "Fig. 1. LFP parameters: …"), once the caption has two lines: a
 * caption of one line that happens to fill the column, right above the next float's caption, is no sentence wrapping.
 */
function wrapsIntoFigureReference(c: BreakContext): boolean {
  const above = c.previous.text.trim();
  return sameColumnBelow(c.previous, c.line) && c.previous.y - c.line.y <= c.style.lineSpacing * WRAP_INTO_REFERENCE.maxGapLineSpacings &&
    Math.abs(c.line.size - c.previous.size) < c.style.bodySize * WRAP_INTO_REFERENCE.maxSizeDifference &&
    c.previous.x1 > c.previous.columnRight - c.style.bodySize && /\p{Ll}{2,}$/u.test(above) && !endsSentence(above) && (!CAPTION.test(c.block[0]!.text) || c.block.length >= 2);
}

/** A caption's label set on a line of its own ("Figure 1." above the caption's text, AASTeX's preprint styles). */
const bareCaptionLabel = (block: readonly PlacedLine[]) => block.length === 1 && CAPTION.exec(block[0]!.text.trim())?.[0] === block[0]!.text.trim();

/**
 * A run-in title above: the block so far is one line opening in a font other than the text's, and either it is wholly in such
 * fonts, unfinished, and the next line opens in one of them at the same edge (the title wraps), or its last letters are in the
 * font the next line opens with (the title ran into its text, which goes on). Set a size smaller than its text (PNAS), the
 * title made its line look like another kind of type.
 */
const runInTitleAbove = (c: BreakContext) => {
  const fonts = letterFontsOf(c.previous);
  if (c.block.length !== 1 || !fonts.length || fonts[0] === c.style.bodyFont || Math.abs(c.line.x0 - c.previous.x0) > c.style.bodySize) return false;
  const opening = letterFontsOf(c.line)[0] ?? c.line.font;
  if (!fonts.includes(c.style.bodyFont)) return fonts.includes(opening) && !endsSentence(c.previous.text);
  return fonts[fonts.length - 1] === opening && opening === c.style.bodyFont;
};

export const BREAK_RULES = [
  defineRule({ name: 'break-equation', why: 'Display equations are blocks of their own.', test: (c: BreakContext) => c.equation !== c.blockIsEquation }),
  defineRule({
    name: 'break-size-change',
    why: 'A change of type size of 9% or more is a change of kind (body to caption or footnote), but not after a run-in title (PNAS sets its bold titles a size smaller than the text they run into, so their line measures small: "Effect of context manipulation on communication task" / "performance. To evaluate …"); \\url text differs less, but a URL wrapped to a line of its own in a footnote ("… see" / "https://www.postgresql.org/…"), set in the typewriter face a size smaller, goes on the sentence above.',
    constants: { share: 0.09 },
    test: (c: BreakContext) => Math.abs(c.line.size - c.previous.size) > c.style.bodySize * 0.09 && !runInTitleAbove(c) &&
      !(/^(?:https?:\/\/|www\.)\S/.test(c.line.text.trim()) && c.line.size < c.style.bodySize * 0.92 && c.previous.size < c.style.bodySize * 0.92 && !endsSentence(c.previous.text)),
  }),
  defineRule({
    name: 'break-caption',
    why: 'A caption starts a block; captions are often centred, so no indent test. A sentence that wraps before "Figure 1." ("… main sequence stars in / Figure 1. Our favored model …") is prose: the line above runs to the column\'s end in the same type and stops mid-sentence, on a word.',
    constants: { pattern: CAPTION, ...WRAP_INTO_REFERENCE },
    test: (c: BreakContext) => CAPTION.test(c.line.text) && !wrapsIntoFigureReference(c),
  }),
  defineRule({
    name: 'break-algorithm-caption',
    why: 'An algorithm float\'s caption line ("Algorithm 1 Raster-side Eliminate(LENGTH) pass") starts a block: at a page\'s top it was read as the previous page\'s paragraph going on, and the paragraph, float and all, was kept out as pseudo-code. A sentence that wraps before "Algorithm 1" (a full line of the same type above, ending on a word) is prose.',
    constants: { pattern: ALGORITHM_CAPTION, ...WRAP_INTO_REFERENCE },
    test: (c: BreakContext) => ALGORITHM_CAPTION.test(c.line.text.trim()) && !wrapsIntoFigureReference(c),
  }),
  defineRule({
    name: 'break-list-item',
    why: 'A list item starts a block when the list already began, or the previous line ended a sentence or clause or stopped short of the column\'s end; "(2)" after a comma is an inline enumeration wrapping, and so is any "(2)" inside a caption ("… four key steps: (1) …; (2) …"). A number after a line that ends on a cross-reference\'s noun ("… by inverting equation" / "1. If a star\'s age …") is the reference\'s number, even inside a list.',
    constants: { pattern: LIST_ITEM, inline: INLINE_ENUMERATION, crossReference: CROSS_REFERENCE_NOUN },
    test: (c: BreakContext) => LIST_ITEM.test(c.line.text) && !CAPTION.test(c.block[0]!.text) && !wrapsCrossReference(c) && !wrapsInlineEnumeration(c) && (LIST_ITEM.test(c.block[0]!.text) || endsSentence(c.previous.text) ||
      (/[;,:]$/.test(c.previous.text) && !INLINE_ENUMERATION.test(c.line.text)) ||
      // "… has two primary objectives" left short, then "1. Refactor …": a list opens; an enumeration wrapped in prose follows a full line.
      (sameColumnBelow(c.previous, c.line) && c.previous.x1 < blockRight(c) - c.style.bodySize * SHORT_LAST_LINE.shortBySizes && !INLINE_ENUMERATION.test(c.line.text))),
  }),
  defineRule({
    name: 'break-glossary-entry',
    why: 'A list of abbreviations sets one entry a line ("DAA – Differential abundance analysis" / "FF – Fresh frozen samples"); no entry ends like a sentence, so the lines had run into one block, then been dropped as a figure\'s labels. An entry under an entry starts a block of its own; a line that opens with an abbreviation inside a paragraph does not follow an entry.',
    constants: { pattern: GLOSSARY_ENTRY },
    test: (c: BreakContext) => GLOSSARY_ENTRY.test(c.line.text.trimStart()) && GLOSSARY_ENTRY.test(c.block[0]!.text.trimStart()) && c.block.length === 1,
  }),
  defineRule({
    name: 'break-reference-label',
    why: 'A bibliography label ("[12]", "[Qui78]") starts an entry once the list began, or for the first after a sentence end or a short last line (REVTeX puts the authors\' notes, "DIRAC Fellow", before entry [1]).',
    constants: { pattern: REFERENCE_LABEL },
    test: (c: BreakContext) => {
      const m = REFERENCE_LABEL.exec(c.line.text);
      if (!m) return false;
      return REFERENCE_LABEL.test(c.block[0]!.text) || ((m[1] === '1' || /\D/.test(m[1]!)) && (endsSentence(c.previous.text) || (sameColumnBelow(c.previous, c.line) && isShort(c.previous, c.style))));
    },
  }),
  defineRule({
    name: 'break-superscript-entry',
    why: 'An entry or footnote that begins with its superscript number (AIP, Nature bibliographies) starts a block when the last line ended one.',
    test: (c: BreakContext) => startsWithSuperscriptNumber(c.line) && startsWithSuperscriptNumber(c.block[0]!),
  }),
  defineRule({
    name: 'break-vertical-gap',
    why: 'A gap of more than 1.4 line spacings between lines of one column is a paragraph break. After a sentence\'s end, half a body size more than the line spacing is one too: a word processor adds its spacing after a paragraph (Word\'s 8 points) to the line spacing, not in proportion to it, so a manuscript set at 1.5 or double spacing puts its paragraphs only 1.3 line spacings apart (31 points for 23 in a 12-point manuscript). A line inside a TeX paragraph is never set further apart than the baseline skip, except around a tall inline formula, and such a line does not follow a sentence\'s end. Nor does it follow a short line: a paragraph whose author left off its stop ("… performed in the UK") ends at the same gap when its last line is short (the next word would have fitted on it) and the next line opens with a capital. A column\'s line under a page-wide one is measured from it too, by the first test only (a caption\'s short last line kept page-wide by spanning-block-last-line ran on into the text resuming under it).',
    constants: PARAGRAPH_GAP,
    test: (c: BreakContext) => {
      // A column's line under a page-wide one (a caption's last line over the columns) is measured from it as well.
      const underPageWide = c.previous.page === c.line.page && c.previous.column === 'full' && c.line.column !== 'full' && c.previous.y > c.line.y;
      if (!sameColumnBelow(c.previous, c.line) && !underPageWide) return false;
      const gap = c.previous.y - c.line.y;
      if (gap > c.style.lineSpacing * PARAGRAPH_GAP.lineSpacings) return true;
      if (underPageWide) return false;
      if (gap <= c.style.lineSpacing + c.style.bodySize * PARAGRAPH_GAP.afterSentenceExtraSizes) return false;
      if (endsSentence(c.previous.text)) return true;
      // A paragraph whose author left off its stop ("… how consultation is performed in the UK"): its last line is short, the
      // next line's first word would have fitted on it, and the next line opens a sentence.
      return /^\p{Lu}/u.test(c.line.text.trimStart()) && previousEndsShort(c);
    },
  }),
  defineRule({
    name: 'break-indent',
    why: 'A first-line indent after a sentence end starts a paragraph.',
    constants: { minSizes: 0.6, maxSizes: 4 },
    test: (c: BreakContext) => sameColumnBelow(c.previous, c.line) && isIndented(c.line, c.style) && !isIndented(c.previous, c.style) && endsSentence(c.previous.text),
  }),
  defineRule({
    name: 'break-list-end',
    why: 'A list item\'s text hangs right of its label; after the item\'s last sentence, a line that starts left of every line of the item (at the paragraph indent, acmart\'s "(2) Another lookup …" / "Finding a satisfactory …") is the paragraph after the list; so is a line back at the column\'s edge after an item of one line set in from it (AASTeX\'s "10. They are rare … 2018)." / "The 10.76 hr signal …"). A label in another face than the body\'s is a run-in heading\'s number (imsart\'s bold "5. Simulation studies."), whose paragraph goes on.',
    constants: { minSizesLeft: 0.3 },
    test: (c: BreakContext) => {
      const item = c.block[0]!;
      return sameColumnBelow(c.previous, c.line) && LIST_ITEM.test(item.text) && endsSentence(c.previous.text) &&
        (item.pieces[0]?.font ?? item.font) === c.style.bodyFont && c.block.every((l) => l.x0 - c.line.x0 > c.style.bodySize * 0.3);
    },
  }),
  defineRule({
    name: 'break-short-line',
    why: "A short last line that ends a sentence ends its paragraph, if the next line's first word would have fitted on it: ragged-right text (an indented abstract) wraps short lines too. A caption's label alone on its line (\"Figure 1.\") is not such a line: the caption's text follows it.",
    constants: SHORT_LAST_LINE,
    test: (c: BreakContext) => sameColumnBelow(c.previous, c.line) && endsSentence(c.previous.text) && !c.equation && !bareCaptionLabel(c.block) && previousEndsShort(c),
  }),
  defineRule({
    name: 'break-justified-short-line',
    why: 'Justified text stretches every line of a paragraph but its last to the right edge: in a block whose lines all end at one x, a line that ends a sentence short of it ends the paragraph, however long the next word (classes with no first-line indent, JuliaCon\'s "… time period." / "While very simple, …").',
    constants: JUSTIFIED_PARAGRAPH,
    test: (c: BreakContext) => {
      if (!sameColumnBelow(c.previous, c.line) || !endsSentence(c.previous.text) || c.equation || bareCaptionLabel(c.block) || !/^\p{Lu}/u.test(c.line.text.trimStart())) return false;
      // The lines above the short one, and the next line, all end at one x: the text is justified.
      const above = c.block.slice(0, -1);
      if (above.length < JUSTIFIED_PARAGRAPH.minLinesAbove) return false;
      const right = Math.max(...above.map((l) => l.x1));
      const aligned = (l: PlacedLine) => right - l.x1 <= JUSTIFIED_PARAGRAPH.alignedWithin;
      return above.every(aligned) && aligned(c.line) && c.previous.x1 < right - c.style.bodySize * JUSTIFIED_PARAGRAPH.shortBySizes;
    },
  }),
  defineRule({
    name: 'break-at-column-end',
    why: 'Across a column or page break a paragraph goes on unless its last line clearly ended it (sentence end plus indent or short line).',
    test: (c: BreakContext) => !sameColumnBelow(c.previous, c.line) && endsSentence(c.previous.text) && (isIndented(c.line, c.style) || isShort(c.previous, c.style)),
  }),
  defineRule({
    name: 'break-caption-across-page',
    why: 'A float and its caption sit on one page: a caption does not go on atop the next. Text there in lower case ("… Figure 7b: Progressions … (50,100)" at a float page\'s foot, "to properly understand …" atop the next) resumes the paragraph the float page cut, which merge-across-float then joins.',
    test: (c: BreakContext) => c.previous.page !== c.line.page && CAPTION.test(c.block[0]!.text.trim()),
  }),
  defineRule({
    name: 'break-footnote-mark',
    why: 'A footnote begins at its mark: consecutive footnotes are separate blocks.',
    test: (c: BreakContext) => c.line.size < c.style.bodySize * 0.92 && c.line.supers[0]?.at === 0,
  }),
] as const;

export function breakRuleFor(context: BreakContext): string | null {
  for (const rule of BREAK_RULES) if (rule.test(context)) return rule.name;
  return null;
}

export const entryNotInterruption = defineRule({
  name: 'entry-not-interruption',
  why: 'A bibliography in small type reads as footnotes, which a paragraph may resume across (merge-across-float); but a block that opens with an entry\'s label ("[18] Jao, W.-C., …") is an entry, and a line after it ("2018, ArXiv e-prints, …") continues it, not a paragraph before it: such tails were joined to the last entry of the other column and their own entries lost.',
  constants: { pattern: REFERENCE_LABEL },
  test: (block: { text: string }) => REFERENCE_LABEL.test(block.text),
});

export const continuesAcrossFloat = defineRule({
  name: 'merge-across-float',
  why: 'A footnote, caption or algorithm placed mid-paragraph (at a page or column foot) does not end the paragraph: text resumes in lower case, or, in the next column or page, on a full line with no first-line indent (the test break-at-column-end makes when no float is in between).',
  test: (before: { text: string; lines: PlacedLine[] }, after: { text: string; lines: PlacedLine[] }, style: DocumentStyle) => {
    if (!endsSentence(before.text) && /^[\p{Ll}(\d]/u.test(after.text)) return true;
    const last = before.lines.at(-1);
    const first = after.lines[0];
    if (!last || !first) return false;
    const resumedElsewhere = first.page !== last.page || first.column !== last.column;
    return resumedElsewhere && !sameColumnBelow(last, first) && !isIndented(first, style) && !isShort(last, style) && !LIST_ITEM.test(first.text);
  },
});

/**
 * A figure at the top of a page comes first in its reading order: a label drawn in it in maths ("P_s = 0.44844 d")
 * reads as a display equation right above the figure's caption, and stood between the paragraph the page break cut
 * and the caption, so the paragraph's rest after the caption ("… for pre-main-" / "sequence stars. Having …") was
 * not joined to it. A display that opens its page or column and is followed at once by a caption on that page is
 * the figure's text: the merge looks past it as past the caption.
 */
export const figureLabelAboveCaption = defineRule({
  name: 'figure-label-above-caption',
  why: 'A "display equation" that opens a page or column right above a figure\'s caption is a label drawn in the figure (floats at a page\'s top are read first): a paragraph cut by the page break resumes across it and the caption.',
  test: (block: { kind: string; lines: readonly PlacedLine[] }, next: { kind: string; lines: readonly PlacedLine[] } | undefined, previous: { lines: readonly PlacedLine[] } | undefined) => {
    const first = block.lines[0];
    const before = previous?.lines.at(-1);
    if (block.kind !== 'equation' || next?.kind !== 'caption' || !first || !before) return false;
    const opensPageOrColumn = before.page !== first.page || before.column !== first.column;
    return opensPageOrColumn && next.lines[0]!.page === first.page && block.lines.every((l) => l.page === first.page);
  },
});

/** A note's rest starts in the lowest third of the next page (y counts up from the page's foot), in the note's size (share of it). */
const FOOTNOTE_CONTINUATION = { maxHeightShare: 1 / 3, maxSizeDifference: 0.05 };

export const footnoteContinuesOnNextPage = defineRule({
  name: 'footnote-across-page',
  constants: FOOTNOTE_CONTINUATION,
  why: 'A long footnote at a page foot that runs out of room goes on at the foot of the next page, with no mark of its own and in lower case ("… as we execute the training algorithm" / "for a fixed amount of time, …"): that next-page part is the same note, not a new one. A note that begins with its mark, or after one that ended a sentence, is a new note.',
  test: (before: { text: string; lines: PlacedLine[] }, after: { text: string; lines: PlacedLine[] }) => {
    const last = before.lines.at(-1);
    const first = after.lines[0];
    if (!last || !first || first.page !== last.page + 1) return false;
    // The rest of a note sits at the foot of the next page in the note's type; a figure's label in small type is no note.
    if (first.y > first.pageHeight * FOOTNOTE_CONTINUATION.maxHeightShare || Math.abs(first.size - last.size) > last.size * FOOTNOTE_CONTINUATION.maxSizeDifference) return false;
    return !endsSentence(before.text) && !startsWithSuperscriptNumber(first) && first.supers[0]?.at !== 0 && /^\p{Ll}/u.test(after.text.trimStart());
  },
});

export const floatNote = defineRule({
  name: 'float-note',
  why: 'A table\'s note ("Note. — The primary mass is derived …") is set under the table, inside the float: a paragraph the float cut in two resumes after it, as after the caption, and is joined across it.',
  constants: { pattern: FLOAT_NOTE },
  test: (block: { kind: string; text: string }) => block.kind === 'text' && FLOAT_NOTE.test(block.text),
});

/** A table's caption, set above its body (AASTeX, elsarticle, ACM, IEEE, NeurIPS): "Table 2.", "TABLE II". */
const TABLE_CAPTION = /^(?:table|tab\.)\s*(?:[A-Z]\.)?[\dIVXL]+/i;
const TABLE_FRAGMENT = { maxWords: 12, maxShareOfColumn: 0.8, minWordsForWidthTest: 5 };

/** The most blocks, and lines per block, a table's body can leave between its caption and its note. */
const TABLE_BODY_BEFORE_NOTE = { maxBlocks: 40, maxLinesPerBlock: 3 };

/**
 * AASTeX's deluxetable (and emulateapj's) sets a table as caption, body, then its note ("NOTE—Table 2 is published in
 * its entirety in a machine-readable format …"). When the figure-text test takes a table's columns of numbers, its
 * column of descriptions ("Strength of connectivity to other candidate cluster members.") is left as a column of short
 * lines of its own, and the row test no longer sees rows: those lines read as paragraphs. Between a table's caption and
 * its note, on one page, with no heading, only the table's body can stand: short blocks there are cells.
 */
export const tableBodyBeforeNote = defineRule({
  name: 'table-body-before-note',
  why: 'The blocks between a table\'s caption and the table\'s note on one page are the table\'s body (cells the figure-text and row tests left), not paragraphs.',
  constants: { ...TABLE_BODY_BEFORE_NOTE, caption: TABLE_CAPTION, note: FLOAT_NOTE },
  test: (caption: { lines: readonly { page: number }[]; text: string }, between: readonly { lines: readonly { page: number }[]; text: string }[], note: { lines: readonly { page: number }[]; text: string }) => {
    if (!TABLE_CAPTION.test(caption.text.trim()) || !FLOAT_NOTE.test(note.text.trim()) || !between.length || between.length > TABLE_BODY_BEFORE_NOTE.maxBlocks) return false;
    const page = caption.lines[0]!.page;
    if (note.lines[0]!.page !== page) return false;
    return between.every((b) => b.lines.length <= TABLE_BODY_BEFORE_NOTE.maxLinesPerBlock && b.lines.every((l) => l.page === page));
  },
});


/**
 * A one-line block right under a table's caption, or under another such block, is a cell of the table the layout did
 * not drop as a row: a group label ("Transit parameters:"), a parameter ("log R_p/R_⋆"), a column's description
 * ("Gaia EDR3 right ascension [deg]."). A short one, or one well short of the column's width; not a paragraph's last
 * line carried past the table ("ing form and content.", "on i_L according to:"), which starts in lower case and ends a clause.
 */
export const tableFragment = defineRule({
  name: 'table-fragment',
  why: 'Cells of a table that hold words (group labels, parameter names, column descriptions) survived the row test as one-line paragraphs under the table\'s caption.',
  constants: TABLE_FRAGMENT,
  test: (block: { lines: readonly PlacedLine[]; text: string }, captionText: string) => {
    if (!TABLE_CAPTION.test(captionText.trim()) || block.lines.length !== 1) return false;
    const line = block.lines[0]!;
    const text = block.text.trim();
    const words = text.split(/\s+/).length;
    if (words > TABLE_FRAGMENT.maxWords) return false;
    // A paragraph resuming after the table: lower case, ending a clause or sentence ("on i_L according to:"). One word
    // and a comma ends no clause: it is a wrapped cell's middle line ("Body mass" / "index," / "kg/m2").
    if (/^\p{Ll}/u.test(text) && (/[.!:;]$/.test(text) || (/,$/.test(text) && words > 1))) return false;
    return words < TABLE_FRAGMENT.minWordsForWidthTest || line.x1 - line.x0 < (line.columnRight - line.columnLeft) * TABLE_FRAGMENT.maxShareOfColumn;
  },
});

const TABLE_NOTE_SENTENCE = { minWords: 6, minLowerCaseShare: 0.5 };

/**
 * A word processor sets a table's note under its cells on a line of its own ("Values are n (%) or mean (SD) unless
 * stated otherwise."), where it reads like a cell the row test left. It is a sentence: it opens with a capital, ends
 * with a stop, and at least half its words are lower-case words. Only the last one-line block under a table can be
 * its note (a column of descriptions has several such lines), and it is read as LaTeXML reads a table's notes: with
 * the caption.
 */
export const tableNoteSentence = defineRule({
  name: 'table-note-sentence',
  why: 'A table\'s note set under its cells on one line was dropped with the cells the row test left: a sentence of mostly lower-case words, last under the table, is the table\'s note.',
  constants: TABLE_NOTE_SENTENCE,
  test: (text: string) => {
    const trimmed = text.trim();
    const words = trimmed.split(/\s+/);
    if (words.length < TABLE_NOTE_SENTENCE.minWords || !/^\p{Lu}/u.test(trimmed) || !/\.$/.test(trimmed)) return false;
    return words.filter((w) => /^\p{Ll}/u.test(w)).length >= words.length * TABLE_NOTE_SENTENCE.minLowerCaseShare;
  },
});
