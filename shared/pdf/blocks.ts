/**
 * Ordered lines to blocks: section headings, paragraphs, captions, footnotes and
 * display equations. Where a block breaks is decided by the named break rules
 * (rules/block-rules.ts); each block keeps the names of the rules that shaped it.
 */
import type { ParagraphKind } from '../model/paper';
import { joinWithMarks, type Mark } from './join-lines';
import type { PlacedLine } from './layout';
import type { RuleTrace } from './rule';
import { breakRuleFor } from './rules/block-rules';
import { isGlyphLine, loweredFragment, strayGlyph } from './rules/line-rules';
import { abstractPart, articleAsLetter, CAPTION, capitalsHeading, centredHeading, centredPlainHeading, continuesLineAbove, headingWrap, THEOREM_LIKE, headingFace, lineAloneHeading, namedSection, navigationSection, notATitle, NUMBERED, numberedHeading, numberedInSequence, sameStyleHeading, runInHeading, runInParts, runInQuadHeading, runInTitleFont, runInWrapped, SUPPORTING_ITEM, withoutAppendixWord } from './rules/heading-rules';
import { referenceTitleOverEntry, referencesHeading } from './rules/reference-rules';
import { algorithmBlock, bulletedLine, displayScriptLine, equationLine, equationNumberAlone, footnoteZone, kindOf, smallTypeText, mathsOnlyLine, numberedDisplayLine, referenceTail, setOffMathsLine } from './rules/kind-rules';
import { EMPTY_VOCABULARY, type Vocabulary } from './rules/text-rules';
import { addToGroup } from './grouping';
import { extraLeading, HALF_INCH_INDENT_POINTS, letterFontsOf, sameFace, type DocumentStyle } from './style';

export type { DocumentStyle } from './style';
export { documentStyle } from './style';

export interface Box {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TextBlock {
  type: 'paragraph';
  /** 'algorithm' blocks are pseudo-code: kept apart, not stored as paragraphs (as LaTeXML listings are not). */
  kind: ParagraphKind | 'algorithm';
  lines: PlacedLine[];
  text: string;
  /** Superscript marks (citations or footnote marks) at their offsets in `text`. */
  marks: Mark[];
  /** Names of the rules that started, extended, merged or labelled this block. */
  trace: RuleTrace;
}

export interface HeadingBlock {
  type: 'heading';
  number?: string;
  title: string;
  level: number;
  /** Every line of the title, top down (a wrapped title has several; a run-in title shares its one line with its text). */
  lines: PlacedLine[];
  trace: RuleTrace;
}

/** A heading's last line: where a wrap is read from, and the face the heading is set in. */
export const titleLineOf = (heading: Pick<HeadingBlock, 'lines'>): PlacedLine => heading.lines[heading.lines.length - 1]!;

export type Block = TextBlock | HeadingBlock;

function isAllCaps(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= 3 && letters === letters.toUpperCase();
}

/** A numbered line's number ("2.1", its stop dropped) and the words after it, as NUMBERED reads them; null when unnumbered. */
function numberedParts(text: string): { label: string; number: string; rest: string } | null {
  const numbered = NUMBERED.exec(text);
  // A centred dot parts levels as a stop does ("2·1" is 2.1).
  return numbered ? { label: numbered[1]!, number: numbered[1]!.replace(/\.?\s*$/, '').replace(/·/g, '.'), rest: numbered[2]!.trim() } : null;
}

/** The heading a line is, and the rule that says so; null for body text. */
export function headingOf(line: PlacedLine, style: DocumentStyle, below?: PlacedLine): { number?: string; title: string; rule: string } | null {
  const text = withoutAppendixWord(line.text.trim());
  if (text.length < 3 || text.length > 110 || /[,;]$/.test(text)) return null;
  const distinct = isDistinct(line, text, style);
  const numbered = numberedParts(text);
  const title = (numbered ? numbered.rest : text).replace(/[.:]$/, '').trim();
  const number = numbered?.number;
  if (notATitle.test(title, number)) return null;
  if (numbered && articleAsLetter.test(numbered.label, line.size, style.bodySize, title)) return null;
  if (numbered && numberedHeading.test(text, title, distinct, centredHeading.test(line, style.bodySize))) return { number: number!, title, rule: numberedHeading.name };
  // In the text's own face a name must stand alone as typed; a manuscript types its bibliography's title with a colon ("References:").
  const typedAlone = text === title || (referencesHeading.test(title) && text === `${title}:`);
  if (namedSection.test(title) && (distinct || typedAlone)) return { ...(number ? { number } : {}), title, rule: namedSection.name };
  if (!number && typedAlone && referenceTitleOverEntry.test(title, below?.text ?? '')) return { title, rule: referenceTitleOverEntry.name };
  if (!number && distinct && navigationSection.test(title)) return { title, rule: navigationSection.name };
  return null;
}

/**
 * A usual section name in lower case ("method", "method."): the end of a wrapped line (a title's, a caption's), not a
 * title, though headingOf names it. The face count and the title wrap both ask this.
 */
function isLowerCaseName(heading: NonNullable<LineHeading>, line: PlacedLine): boolean {
  return heading.rule === namedSection.name && !heading.number && /^\p{Ll}/u.test(line.text.trim());
}

/** A line's face for comparing headings: font, size and whether it is in capitals. */
function faceOf(line: PlacedLine): string {
  return `${line.font}|${line.size.toFixed(1)}|${isAllCaps(line.text) ? 'caps' : 'mixed'}`;
}

type LineHeading = ReturnType<typeof headingOf>;

/**
 * How many headings each face has in the document: unnumbered named ones ("INTRODUCTION", "Conclusions"),
 * and numbered ones centred in their column ("2.1. A new relation" in AASTeX).
 */
function headingFaces(lines: readonly PlacedLine[], headings: readonly LineHeading[], style: DocumentStyle): { named: Map<string, number>; namedSizes: number[]; namedInCapitals: boolean; centredNumbered: Map<string, number>; flushNumbered: Map<string, number>; own: Set<string>; beforeText: Set<PlacedLine> } {
  const namedSizes: number[] = [];
  const named = new Map<string, number>();
  const centredNumbered = new Map<string, number>();
  const flushNumbered = new Map<string, number>();
  const count = (faces: Map<string, number>, line: PlacedLine) => faces.set(faceOf(line), (faces.get(faceOf(line)) ?? 0) + 1);
  lines.forEach((line, i) => {
    const heading = headings[i];
    // A usual name in lower case is not a title's example ("method." ending a caption's wrapped line in the caption
    // face): counted, it made that face a heading face, and every capitalised short line in it (a reference's
    // continuation lines, in the same small type) a title.
    if (heading?.rule === namedSection.name && !heading.number && !isLowerCaseName(heading, line) && isDistinct(line, line.text.trim(), style)) {
      count(named, line);
      namedSizes.push(line.size);
    }
    if (heading?.number && centredHeading.test(line, style.bodySize)) count(centredNumbered, line);
    else if (heading?.number && heading.rule === numberedHeading.name && atColumnStart(line)) count(flushNumbered, line);
  });
  const beforeText = frontMatterLines(lines, style);
  return { named, namedSizes, namedInCapitals: mostInCapitals(named), centredNumbered, flushNumbered, own: ownHeadingFaces(lines, style, beforeText), beforeText };
}

/**
 * Page 1's lines before the first line in the text's own font and size: the title, authors, affiliations and an abstract
 * set in a face of their own. A template may set its abstract in the face of a heading level (OUP's "modern" sets both in
 * 9-pt sans), so these lines are no evidence about a face, and no title of the face's.
 */
function frontMatterLines(lines: readonly PlacedLine[], style: DocumentStyle): Set<PlacedLine> {
  const firstText = lines.findIndex((l) => l.font === style.bodyFont && Math.abs(l.size - style.bodySize) < 0.3);
  const before = lines.slice(0, Math.max(0, firstText)).filter((l) => l.page === 1);
  // The line right above the text's first may be the first section's title ("Host multi-omics integration"); a sentence's end is not.
  const last = before.at(-1);
  return new Set(last && !/[.!?,;:]$/.test(last.text.trim()) ? before.slice(0, -1) : before);
}

/**
 * Whether most named headings ("RESULTS", "DISCUSSION") are in capitals: then the capitals are the top level, and a title in a
 * heading face of its own, not in capitals, sits under them whatever the sizes (OUP's "traditional" sets its subsection
 * titles larger than its sections' capitals). Most, not all: an unnumbered "Acknowledgments" is often set in mixed case.
 */
function mostInCapitals(named: ReadonlyMap<string, number>): boolean {
  let capitals = 0;
  let all = 0;
  for (const [face, count] of named) {
    all += count;
    if (face.endsWith('|caps')) capitals += count;
  }
  return capitals > all / 2;
}

/** Faces used only for unnumbered titles of their own (see the heading-face rule). */
function ownHeadingFaces(lines: readonly PlacedLine[], style: DocumentStyle, beforeText: ReadonlySet<PlacedLine>): Set<string> {
  const byFace = new Map<string, number[]>();
  lines.forEach((line, i) => {
    if (line.size > style.bodySize * headingFace.constants.minSizeRatio && !beforeText.has(line)) addToGroup(byFace, faceOf(line), i);
  });
  // Alone on its line: flush with the column's start and short of its end, or centred in it with room on both sides (OUP's
  // "traditional" centres its subsection titles in bold).
  const centred = (line: PlacedLine) => centredHeading.test(line, style.bodySize, headingFace.constants.centredMinMarginSizes);
  const standalone = (line: PlacedLine) => (atColumnStart(line) && line.x1 < line.columnRight - style.bodySize * 2) || centred(line);
  // Text starts under a flush title where the title starts, and under a centred one at the column's start.
  const followedByText = (index: number) => {
    const line = lines[index]!;
    const next = lines[index + 1];
    const textStart = centred(line) ? line.columnLeft : line.x0;
    return next !== undefined && next.page === line.page && next.size <= style.bodySize * 1.05 && Math.abs(next.x0 - textStart) <= style.bodySize * 2 && line.y - next.y > 0 && line.y - next.y < line.size * headingFace.constants.maxGapSizes;
  };
  const own = new Set<string>();
  for (const [face, indexes] of byFace) {
    const titles = wrappedTitles(lines, indexes);
    // A wrapped title's first line may run to the column's end; its last may too when the text starts right under it (a long
    // title on a page-wide line: eLife's "Kinases are an interesting and particularly challenging model system for …").
    const faceLines = titles.map((t) => ({ text: t.text, size: lines[t.first]!.size, standalone: (atColumnStart(lines[t.first]!) || centred(lines[t.first]!)) && (standalone(lines[t.last]!) || followedByText(t.last)) }));
    if (headingFace.test(faceLines, style.bodySize, (k) => followedByText(titles[k]!.last))) own.add(face);
  }
  return own;
}

/**
 * A face's lines read as titles: a line and the lines right under it in the same face that heading-wrap would join
 * ("Holo-omic approach does not lead to improved prediction" / "performance for either prediction target") are one
 * title, whose first line may run to the column's end and whose second may start in lower case.
 */
function wrappedTitles(lines: readonly PlacedLine[], indexes: readonly number[]): { text: string; first: number; last: number }[] {
  const titles: { text: string; first: number; last: number }[] = [];
  for (const index of indexes) {
    const open = titles.at(-1);
    if (open && open.last === index - 1 && continuesTitle(open.text, lines[open.last]!, lines[index]!)) {
      open.text = `${open.text} ${lines[index]!.text.trim()}`;
      open.last = index;
    } else titles.push({ text: lines[index]!.text.trim(), first: index, last: index });
  }
  return titles;
}

/** Whether `line` continues the title `title` whose last line so far is `above` (heading-wrap): the face test and the block builder ask alike. */
function continuesTitle(title: string, above: PlacedLine, line: PlacedLine): boolean {
  const inFace = sameFace(line, above) && line.page === above.page;
  return headingWrap.test(inFace, above.y - line.y, line.size, line.text, isAllCaps(title) || capitalsHeading.test(title), title, roomFor(above, line));
}

/**
 * Whether `line`'s first word would have fit on `above`: `line` runs further right than `above` by more than that word and
 * an em. Measured against the line below, not the column, whose width a title set beside a float does not have.
 */
function roomFor(above: PlacedLine, line: PlacedLine): boolean {
  const text = line.text.trim();
  const firstWord = text.split(/\s+/)[0] ?? '';
  const charWidth = (line.x1 - line.x0) / Math.max(1, text.length);
  return line.x1 - above.x1 > (firstWord.length + 1) * charWidth + above.size;
}

const atColumnStart = (line: PlacedLine) => Math.abs(line.x0 - line.columnLeft) <= 1.5;

/** An unnumbered title set in the face of the document's named headings, or centred in the face of its centred numbered ones. */
function sameStyleHeadingOf(line: PlacedLine, style: DocumentStyle, faces: ReturnType<typeof headingFaces>, afterNumbered: boolean, above?: PlacedLine, below?: PlacedLine): LineHeading {
  const text = line.text.trim();
  if (text.length < 3) return null;
  if (!isDistinct(line, text, style)) {
    // In the text's own face only centring and title case can mark a title (APA's centred headings); the centring is
    // checked first, as it is cheap and rare.
    const centred = !atColumnStart(line) && centredHeading.test(line, style.bodySize);
    return centred && centredPlainHeading.test(text, lineAloneShape(line, above, below, style), line.page) ? { title: text, rule: centredPlainHeading.name } : null;
  }
  if (text.length > 110) return null;
  const title = text.replace(/:$/, '').trim();
  // Only a title on its own line may end in a stop (see below); its stop is not one of its characters ("S10 Fig.").
  const numbered = numberedParts(text);
  if (notATitle.test(title.replace(/\.$/, '')) || (numbered && !articleAsLetter.test(numbered.label, line.size, style.bodySize, numbered.rest))) return null;
  if (sameStyleHeading.test(title, faces.named.get(faceOf(line)) ?? 0)) return { title, rule: sameStyleHeading.name };
  if (faces.own.has(faceOf(line)) && !faces.beforeText.has(line)) return { title, rule: headingFace.name };
  // A starred section (\subsection*{Near-census phase transition}) among numbered ones is set like them: at the column's start,
  // short of its end (a bold theorem head runs on to the end of its line), not a caption nor a theorem-like label.
  const starred = afterNumbered && atColumnStart(line) && line.x1 < line.columnRight - style.bodySize * 2 && !CAPTION.test(text) && !THEOREM_LIKE.test(title);
  if (starred && sameStyleHeading.test(title, faces.flushNumbered.get(faceOf(line)) ?? 0)) return { title, rule: sameStyleHeading.name };
  const centred = centredHeading.test(line, style.bodySize) && sameStyleHeading.test(title, faces.centredNumbered.get(faceOf(line)) ?? 0);
  if (centred) return { title, rule: centredHeading.name };
  // A subsection lettered in lower case ("a. Static stability evolution", the American Meteorological Society's journals).
  const lettered = LOWER_CASE_LETTER_LABEL.exec(title);
  const bare = lettered ? title.slice(lettered[0].length) : title;
  if (!lineAloneHeading.test(bare, lineAloneShape(line, above, below, style))) return null;
  return { ...(lettered ? { number: lettered[1]! } : {}), title: bare.replace(/\.$/, ''), rule: lineAloneHeading.name };
}

/** A lower-case letter and a stop before a capitalised title: a subsection's label in AMS journals ("b. The role of radiation"). */
const LOWER_CASE_LETTER_LABEL = /^([a-h])\.\s+(?=\p{Lu})/u;

/** What the heading-line-alone rule asks of a line and its neighbours in reading order. */
function lineAloneShape(line: PlacedLine, above: PlacedLine | undefined, below: PlacedLine | undefined, style: DocumentStyle) {
  const sameColumn = (other: PlacedLine | undefined) => other !== undefined && other.page === line.page && other.column === line.column;
  // Gaps net of a double-spaced manuscript's extra leading: its title stands out by the space before it, not by its spacing.
  const extra = extraLeading(style);
  // Right under a title in larger type ("Materials and Methods", then "Study design") a title needs no gap of its own.
  const underLargerTitle = sameColumn(above) && above!.size > style.bodySize * lineAloneHeading.constants.maxSizeRatio;
  const gapAbove = sameColumn(above) && above!.y > line.y && !underLargerTitle ? (above!.y - line.y - extra) / (style.lineSpacing - extra) : Infinity;
  const { maxGapBelowSizes, maxIndentSizes } = lineAloneHeading.constants;
  // The next line is text: in the text's font, or opening with a figure's title in bold ("APs and currents …. (A.) Two action …"),
  // or wholly in such a title's face when it runs on to the column's end (a wrapped title, not a heading's second line).
  const inText = (l: PlacedLine) => l.font === style.bodyFont || l.pieces.some((p) => p.font === style.bodyFont) || (l.font !== line.font && l.x1 > l.columnRight - style.bodySize);
  // A centred title (AASTeX's \subsection* in capitals) has its text at the column's start under it.
  const centred = !atColumnStart(line) && centredHeading.test(line, style.bodySize);
  const left = centred ? line.columnLeft : line.x0;
  const textBelow = sameColumn(below) && inText(below!) && Math.abs(below!.size - style.bodySize) < 0.5 &&
    line.y - below!.y > 0 && line.y - below!.y - extra < line.size * maxGapBelowSizes && below!.x0 - left > -1.5 && below!.x0 - left < Math.max(style.bodySize * maxIndentSizes, HALF_INCH_INDENT_POINTS);
  return {
    sizeRatio: line.size / style.bodySize,
    otherFont: line.font !== style.bodyFont,
    oneFont: line.pieces.every((p) => p.font === undefined || p.font === line.font),
    atStart: atColumnStart(line) || centred,
    // A title leaves a good part of its line empty; a theorem's last line in italics, a sentence, runs on further.
    short: centred || line.x1 < line.columnRight - Math.max(style.bodySize * 2, (line.columnRight - line.columnLeft) * lineAloneHeading.constants.minEmptyShare),
    gapAbove,
    textBelow,
  };
}

function isDistinct(line: PlacedLine, text: string, style: DocumentStyle): boolean {
  return line.font !== style.bodyFont || line.size > style.bodySize * 1.1 || isAllCaps(text) || capitalsHeading.test(text);
}

/** How a block opens that may hold LNCS's run-in title: after a gap, a heading, a page or column break, or a float's caption (not an indent). */
const FRESH_START = new Set(['break-vertical-gap', 'after-heading', 'break-at-column-end', 'break-size-change']);

/** A heading run into its paragraph's first line, when the run-in rule says so; `freshStart`: the block opened as FRESH_START says. */
function runInHeadingOf(first: PlacedLine, text: string, bodyFont: string, freshStart = false, second?: PlacedLine): { number?: string; title: string; length: number; parenthesised: boolean; rule?: string } | null {
  const flushAfterGap = freshStart && atColumnStart(first);
  // A title longer than its line is read to its end on the next line: its first line is the title's whole.
  const wrapped = wrappedRunInOf(first, second, text, bodyFont, flushAfterGap);
  if (wrapped) return wrapped;
  const parts = runInParts(text);
  if (!parts) return quadRunInOf(first, text, bodyFont, flushAfterGap);
  const titleAt = first.text.indexOf(parts.title);
  const piece = first.pieces.find((p) => p.start <= titleAt && titleAt < p.end);
  // Compared with the text after the title, not the line's main font: a long italic title can outweigh the rest of its line.
  const after = first.pieces.find((p) => p.start <= parts.length && parts.length < p.end);
  // A supporting-information label is followed by its figure's title in the same bold ("S4 Fig. Early and late …"): it need only differ from the text's font.
  const label = SUPPORTING_ITEM.test(parts.title) && piece?.font !== undefined && piece.font !== bodyFont;
  const otherFont = label || (piece?.font !== undefined && runInTitleFont.test(first.text, first.pieces, titleAt, titleAt + parts.title.length, after?.font ?? first.font, bodyFont));
  return runInHeading.test(text, otherFont) ? parts : null;
}

/**
 * A title run in before a quad with no stop (the article class's \paragraph): its pieces in one font, then the text's.
 * `flushAfterGap`: the block opens afresh at the column's edge, where LNCS sets its run-in titles half an em before the text.
 */
function quadRunInOf(first: PlacedLine, text: string, bodyFont: string, flushAfterGap = false): RunInReading | null {
  const [head] = first.pieces;
  const bodyAt = first.pieces.findIndex((p) => p.font !== head?.font);
  if (!head || bodyAt < 1) return null;
  const title = first.text.slice(0, first.pieces[bodyAt - 1]!.end).trim();
  return text.startsWith(title) ? quadRunIn(title, text, head.font !== bodyFont, gapEmsBefore(first, bodyAt), flushAfterGap) : null;
}

/** A run-in title read from its fonts (after a quad, or wrapped to its stop), and the length it and its space take of the text. */
type RunInReading = { title: string; length: number; parenthesised: false; rule: string };

/** `title`, opening `text`, as a quad run-in title when the quad rule takes it, with the length it and its space take of `text`. */
function quadRunIn(title: string, text: string, otherFont: boolean, gapEms: number, flushAfterGap: boolean): RunInReading | null {
  return runInQuadHeading.test(title, otherFont, gapEms, flushAfterGap) ? { title, length: lengthWithSpace(title, text), parenthesised: false, rule: runInQuadHeading.name } : null;
}

/** How much of `text` its opening `head` takes with the space after it. */
const lengthWithSpace = (head: string, text: string): number => head.length + (/^\s*/.exec(text.slice(head.length))?.[0].length ?? 0);

/** The space, in ems of its line, before a line's piece `at`. */
const gapEmsBefore = (line: PlacedLine, at: number): number => (line.pieces[at]!.x0 - line.pieces[at - 1]!.x1) / line.size;

/**
 * A run-in title too long for its line: the whole first line in the title's fonts, the next line opening in them at the
 * same edge, then the text's font. The title ends there at a quad (AAAI's \subsubsection: "Encoder-Decoder Network with
 * Bidirectional Recur-" / "rent Skip Connection␣␣Bidirectional RNNs help …") or at a stop (PNAS's bold subsection titles,
 * a sentence long: "The hypoxia pathway controls thousands of genes in C. ele-" / "gans. We selected four …").
 */
function wrappedRunInOf(first: PlacedLine, second: PlacedLine | undefined, text: string, bodyFont: string, flushAfterGap: boolean): RunInReading | null {
  const titleFonts = new Set(letterFontsOf(first));
  if (!second || !titleFonts.size || titleFonts.has(bodyFont)) return null;
  if (second.page !== first.page || Math.abs(second.x0 - first.x0) > first.size || !titleFonts.has(second.pieces[0]?.font ?? '')) return null;
  const bodyAt = second.pieces.findIndex((p) => !titleFonts.has(p.font ?? second.font) && /\p{L}/u.test(second.text.slice(p.start, p.end)));
  if (bodyAt < 1) return null;
  const tail = second.text.slice(0, second.pieces[bodyAt - 1]!.end).trim();
  // Looked for from the first line's last word on: joined, "Recur-" and "rent" are one word.
  const tailAt = text.indexOf(tail, first.text.trim().search(/\S+$/));
  if (!tail || tailAt < 0) return null;
  const through = text.slice(0, tailAt + tail.length);
  if (!/[.:]$/.test(tail)) return quadRunIn(through, text, true, gapEmsBefore(second, bodyAt), flushAfterGap);
  const title = through.replace(/[.:]$/, '').trim();
  if (!runInWrapped.test(title)) return null;
  return { title, length: lengthWithSpace(through, text), parenthesised: false, rule: runInWrapped.name };
}

function sectionLevel(number: string | undefined, usesRoman: boolean): number {
  if (!number) return 1;
  if (/^[IVX]+$/.test(number)) return 1;
  if (/^[A-H]$/.test(number)) return usesRoman ? 2 : 1;
  if (/^[a-h]$/.test(number)) return 2; // "a. Static stability evolution" under "4. Results"
  // REVTeX numbers sections I, II, subsections A, B and subsubsections 1, 2.
  if (usesRoman && /^\d+$/.test(number)) return 3;
  return number.split('.').length; // "2.1" and appendix "A.1" alike sit one level under their parent
}

/**
 * Lowered fragments (an inline fraction's denominator) folded into the prose line they hang
 * from, at their place along it, so they neither read as display maths nor split the paragraph.
 */
export function foldLoweredFragments(lines: PlacedLine[], style: DocumentStyle): PlacedLine[] {
  const out: PlacedLine[] = [];
  lines.forEach((line, index) => {
    const above = out[out.length - 1];
    if (!above || !loweredFragment.test(line, above, lines[index + 1], style.lineSpacing)) {
      out.push(line);
      return;
    }
    const at = offsetAtX(above, line.x0);
    const before = above.text.slice(0, at).replace(/\s+$/, '');
    const inserted = `${before}${before ? ' ' : ''}${line.text.trim()} `;
    const after = above.text.slice(at).replace(/^\s+/, '');
    const trimmed = above.text.length - at - after.length;
    const shift = (offset: number) => (offset >= at ? inserted.length + Math.max(0, offset - at - trimmed) : offset);
    out[out.length - 1] = {
      ...above,
      text: `${inserted}${after}`.trimEnd(),
      pieces: above.pieces.map((p) => ({ ...p, start: shift(p.start), end: shift(p.end) })),
      supers: above.supers.map((m) => ({ ...m, at: shift(m.at) })),
    };
  });
  return out;
}

/** The offset in a line's text at x: a piece's start, or inside a piece in proportion to its width. */
function offsetAtX(line: PlacedLine, x: number): number {
  const piece = line.pieces.find((p) => p.x1 > x);
  if (!piece) return line.text.length;
  if (piece.x0 >= x) return piece.start;
  const share = (x - piece.x0) / Math.max(1, piece.x1 - piece.x0);
  return Math.min(piece.end, piece.start + Math.round(share * (piece.end - piece.start)));
}

/** An unnumbered title run into its paragraph that is not a known section name sits at LaTeX's \\paragraph level. */
const PARAGRAPH_LEVEL = 4;

/**
 * Lines of one or two glyphs of inline maths between two lines of a paragraph (see the stray-glyph rule), left out.
 * A radical sign and a wide hat can stack in one gap: a glyph line's neighbours are the nearest lines that are not glyph lines.
 */
export function dropStrayGlyphs(lines: PlacedLine[], style: DocumentStyle): PlacedLine[] {
  const glyphLine = lines.map(isGlyphLine);
  return lines.filter((line, i) => {
    if (!glyphLine[i]) return true;
    let above = i - 1;
    while (above >= 0 && glyphLine[above]) above--;
    let below = i + 1;
    while (below < lines.length && glyphLine[below]) below++;
    return !strayGlyph.test(line, lines[above], lines[below], style.lineSpacing);
  });
}

/**
 * Every line's display reading, once, before the blocks, with the rule that made it: a tall display or an equation line
 * (numbered), else a line of maths only, else one set off by a line's skip; then a line of maths only beside a display's
 * line, set off on its other side (the display's next line); then a display's line of limits or scripts beside it. The
 * later readings are asked only of lines the earlier ones did not take, so a block says which rule made it.
 */
function displayReadings(lines: PlacedLine[], style: DocumentStyle): Map<PlacedLine, string> {
  const tallDisplays = tallDisplayLines(lines, style);
  const rule = new Map<PlacedLine, string>();
  // A bulleted line is a list's item (bulleted-line): no reading as a display, nor as a display's neighbour or limits.
  const item = lines.map((line) => bulletedLine.test(line));
  lines.forEach((line, index) => {
    const name = item[index] ? null
      : tallDisplays.has(line) ? equationNumberAlone.name
      : equationLine.test(line, style, lines[index - 1], lines[index + 1]) ? equationLine.name
      : mathsOnlyLine.test(line, style) ? mathsOnlyLine.name
      : setOffMathsLine.test(line, lines[index - 1], lines[index + 1], style) ? setOffMathsLine.name
      : null;
    if (name) rule.set(line, name);
  });
  const own = lines.map((line) => rule.has(line));
  lines.forEach((line, index) => {
    if (own[index] || item[index] || !(own[index - 1] || own[index + 1])) return;
    if (setOffMathsLine.test(line, lines[index - 1], lines[index + 1], style, [own[index - 1] ?? false, own[index + 1] ?? false])) {
      rule.set(line, setOffMathsLine.name);
      own[index] = true;
    }
  });
  lines.forEach((line, index) => {
    if (own[index] || item[index]) return;
    const beside = [index - 1, index + 1].filter((i) => own[i]).map((i) => lines[i]!);
    if (beside.some((display) => displayScriptLine.test(line, display, style))) rule.set(line, displayScriptLine.name);
  });
  return rule;
}

/** Lines in the text's face that the numbering shows to be headings (see the heading-numbered-in-sequence rule). */
function withNumberedInSequence(lines: readonly PlacedLine[], headings: LineHeading[], style: DocumentStyle): LineHeading[] {
  let last: string | null = null;
  return lines.map((line, i) => {
    const found = headings[i];
    if (found?.number) last = found.number;
    if (found) return found;
    const numbered = numberedParts(line.text.trim());
    if (!numbered) return null;
    const { number, rest: title } = numbered;
    if (notATitle.test(title, number) || !numberedInSequence.test(number, title, last, line, style.bodySize)) return null;
    last = number;
    return { number, title, rule: numberedInSequence.name };
  });
}

export function buildBlocks(placed: PlacedLine[], style: DocumentStyle, vocabulary: Vocabulary = EMPTY_VOCABULARY): Block[] {
  const lines = dropStrayGlyphs(foldLoweredFragments(placed, style), style);
  const blocks: Block[] = [];
  // Every line's own heading reading, once: the faces, the numbering style and the main loop all use it.
  const headings = withNumberedInSequence(lines, lines.map((l, i) => headingOf(l, style, lines[i + 1])), style);
  const displayRule = displayReadings(lines, style);
  const usesRoman = lines.some((l, i) => /^[IVX]+\.\s+\p{Lu}/u.test(l.text) && headings[i]);
  let current: PlacedLine[] = [];
  let currentIsEquation = false;
  let trace: RuleTrace = [];
  // Whether a heading that opens a paper's body ("Background") follows line `from` on the first pages (abstract-part).
  const bodyOpensAfter = (from: number) => {
    for (let j = from + 1; j < lines.length && lines[j]!.page <= abstractPart.constants.maxPage + 1; j++) {
      const heading = headings[j];
      if (heading && abstractPart.constants.bodyOpening.test(heading.title.trim())) return true;
    }
    return false;
  };

  /**
   * The heading that a run of text in one size goes back to, read from the blocks before index `end` (displays passed over),
   * and the block right above: one step, since every text block notes its own run's heading when it is read (`runHeading`).
   */
  const runHeading = new Map<Block, HeadingBlock | null>();
  const headingOfRun = (size: number, end = blocks.length): { heading: HeadingBlock | null; above: Block | undefined } => {
    let i = end - 1;
    while (i >= 0 && blocks[i]!.type === 'paragraph' && (blocks[i] as TextBlock).kind === 'equation') i--;
    const above = blocks[i];
    if (!above) return { heading: null, above };
    if (above.type === 'heading') return { heading: above, above };
    const sameSize = (above.kind === 'text' || above.kind === 'list') && Math.abs(above.lines[above.lines.length - 1]!.size - size) < smallTypeText.constants.sameSize;
    return { heading: sameSize ? (runHeading.get(above) ?? null) : null, above };
  };
  /** A paragraph just read notes the heading its run goes back to. */
  const noteRun = (block: TextBlock) => runHeading.set(block, headingOfRun(block.lines[block.lines.length - 1]!.size, blocks.length - 1).heading);
  /**
   * The block above, as small-type-text reads it, when the text in `first`'s size above it goes back to a heading: a section
   * set in small type. None where that text does not open under a heading (a table's cells and notes in small type), nor
   * inside a reference list, whose footnotes footnote-in-bibliography tells apart.
   */
  const smallTypeAbove = (first: PlacedLine): Block | undefined => {
    const { heading, above } = headingOfRun(first.size);
    return heading && !referencesHeading.test(heading.title) ? above : undefined;
  };

  const close = () => {
    if (!current.length) return;
    const joined = joinWithMarks(current, vocabulary);
    if (joined.text && (!/^[\d\W]+$/u.test(joined.text) || referenceTail.test(joined.text))) {
      // Pseudo-code first: "reward ← R(s, a)" has maths symbols but is an algorithm step, not a display equation.
      // A display with its equation number is maths, assignments or not ("(11)   B := blkdiag(B, …, I_p)").
      const algorithm = !(currentIsEquation && current.some((l) => numberedDisplayLine(l, style))) && algorithmBlock.test(current);
      // Asked only at a page's foot, where the small type would otherwise be a footnote's.
      const inFootnoteZone = footnoteZone.test(current[0]!, style, current[1]);
      const above = inFootnoteZone ? smallTypeAbove(current[0]!) : undefined;
      const kind: TextBlock['kind'] = algorithm ? 'algorithm' : currentIsEquation ? 'equation' : kindOf(current[0]!, joined.text, style, above, current[1]);
      // A display's line of limits goes with the display: the rule is the display's, and the limits' rule is named after it.
      const core = current.filter((l) => displayRule.get(l) !== displayScriptLine.name);
      const ruleOf = (name: string) => (l: PlacedLine) => displayRule.get(l) === name;
      const equationRule = !core.length ? displayScriptLine.name : core.some(ruleOf(equationNumberAlone.name)) ? equationNumberAlone.name : core.every(ruleOf(mathsOnlyLine.name)) ? mathsOnlyLine.name : core.every(ruleOf(setOffMathsLine.name)) ? setOffMathsLine.name : equationLine.name;
      const scripts = core.length && core.length < current.length ? [displayScriptLine.name] : [];
      const labels = [...(algorithm ? [algorithmBlock.name] : currentIsEquation ? [equationRule, ...scripts] : []), ...new Set(joined.rules)];
      // Small type at the foot read as text, not a footnote, is so by small-type-text (kindOf asked it).
      if (inFootnoteZone && (kind === 'text' || kind === 'list')) labels.push(smallTypeText.name);
      const found = kind === 'text' || kind === 'list' ? runInHeadingOf(current[0]!, joined.text, style.bodyFont, trace.some((t) => FRESH_START.has(t)), current[1]) : null;
      // Under a \paragraph-level title on its own line, a bold lead-in is the text's own (a figure's title under PLOS's "S2 Fig."):
      // no level lies below that one.
      const previousBlock = blocks[blocks.length - 1];
      const underLineAlone = previousBlock?.type === 'heading' && previousBlock.trace[0] === lineAloneHeading.name && trace[0] === 'after-heading';
      // A structured abstract's labels ("Background", "Results") stay in its paragraphs (abstract-part).
      const inAbstract = found && !found.number && abstractPart.test(found.title, current[0]!.page, () => blocks.flatMap((b) => (b.type === 'heading' ? [b.title] : [])), () => bodyOpensAfter(lines.indexOf(current[current.length - 1]!)));
      if (inAbstract) labels.push(abstractPart.name);
      const runIn = found && !inAbstract && !(underLineAlone && !found.number && !namedSection.test(found.title)) ? found : null;
      if (runIn) {
        blocks.push({ type: 'heading', ...(runIn.number ? { number: runIn.number } : {}), title: runIn.title, level: runIn.number ? (runIn.parenthesised ? 3 : sectionLevel(runIn.number, usesRoman)) : namedSection.test(runIn.title) ? 1 : PARAGRAPH_LEVEL, lines: [current[0]!], trace: [...trace, runIn.rule ?? runInHeading.name] });
        const marks = joined.marks.map((m) => ({ ...m, at: Math.max(0, m.at - runIn.length) }));
        blocks.push({ type: 'paragraph', kind: 'text', lines: current, text: joined.text.slice(runIn.length), marks, trace: ['after-heading', ...labels] });
      } else blocks.push({ type: 'paragraph', kind, lines: current, text: joined.text, marks: joined.marks, trace: [...trace, ...labels] });
      noteRun(blocks[blocks.length - 1] as TextBlock);
    }
    current = [];
    currentIsEquation = false;
    trace = [];
  };

  let lastHeading: HeadingBlock | null = null;
  const faces = headingFaces(lines, headings, style);
  let numberedLevel = 0;
  for (const [index, line] of lines.entries()) {
    const direct = headings[index];
    // The next line of a wrapped title continues it, even where it would read as a title of its own; a usual section name
    // in lower case ("method" under "Lack of improvement is independent of feature selection") is such a line's end, not a title.
    if ((!direct || isLowerCaseName(direct, line)) && lastHeading && !current.length) {
      if (continuesTitle(lastHeading.title, titleLineOf(lastHeading), line)) {
        lastHeading.title = joinWithMarks([{ text: lastHeading.title }, { text: line.text }]).text.replace(/[.:]$/, '');
        lastHeading.lines.push(line);
        lastHeading.trace.push(headingWrap.name);
        continue;
      }
    }
    const found = direct ?? sameStyleHeadingOf(line, style, faces, numberedLevel > 0, lines[index - 1], lines[index + 1]);
    // A run-in title shares its line with prose, so its line's face is the text's: that test is not for it.
    const heading = found && !found.number && found.rule !== runInHeading.name && !currentIsEquation && continuesLineAbove.test(current[current.length - 1], line) ? null : found;
    if (heading) {
      close();
      // A centred unnumbered title sits one level under the numbered heading before it ("Priors" under "5. Appendix").
      const level =
        heading.rule === centredHeading.name ? Math.min(PARAGRAPH_LEVEL, numberedLevel + 1)
        // A title on a line of its own in the text's size is the lowest level, a \paragraph's, unless it is lettered ("a. …").
        : heading.rule === lineAloneHeading.name ? (heading.number ? sectionLevel(heading.number, usesRoman) : PARAGRAPH_LEVEL)
        // A face of its own below the named headings' ("Simulations" under "Materials and methods") is a level under them.
        : heading.rule === headingFace.name ? (faces.namedSizes.some((size) => size > line.size * 1.05) || (faces.namedInCapitals && !faceOf(line).endsWith('|caps')) ? 2 : 1)
        : sectionLevel(heading.number, usesRoman);
      if (heading.number) numberedLevel = level;
      lastHeading = { type: 'heading', ...(heading.number ? { number: heading.number } : {}), title: heading.title, level, lines: [line], trace: [heading.rule] };
      blocks.push(lastHeading);
      trace = ['after-heading'];
      continue;
    }
    lastHeading = null;
    const equation = displayRule.has(line);
    const previous = current[current.length - 1];
    if (!previous) {
      current = [line];
      currentIsEquation = equation;
      continue;
    }
    const rule = breakRuleFor({ previous, line, block: current, style, equation, blockIsEquation: currentIsEquation });
    if (rule) {
      close();
      trace = [rule];
      currentIsEquation = equation;
    }
    current.push(line);
  }
  close();
  return blocks;
}

/**
 * The lines of tall displays: an equation number alone on its line and the maths beside it (of the lines with text
 * under and over it, the nearer that holds maths), found before the blocks are built since the number may come first.
 */
function tallDisplayLines(lines: PlacedLine[], style: DocumentStyle): Set<PlacedLine> {
  const out = new Set<PlacedLine>();
  const withText = (from: number, step: 1 | -1) => {
    for (let i = from + step; i >= 0 && i < lines.length; i += step) if (lines[i]!.text.trim()) return i;
    return -1;
  };
  lines.forEach((line, index) => {
    // Of the lines under and over it that hold maths, the nearer: the display beside the number, not a line after it.
    const [neighbour] = [withText(index, 1), withText(index, -1)]
      .filter((i) => i >= 0 && equationNumberAlone.test(line, lines[i], style))
      .sort((a, b) => Math.abs(lines[a]!.y - line.y) - Math.abs(lines[b]!.y - line.y));
    if (neighbour !== undefined) out.add(line).add(lines[neighbour]!);
  });
  return out;
}

export function boxesOf(lines: PlacedLine[]): Box[] {
  const byPage = new Map<number, PlacedLine[]>();
  for (const l of lines) byPage.set(l.page, [...(byPage.get(l.page) ?? []), l]);
  return [...byPage.entries()].map(([page, ls]) => {
    const x = Math.min(...ls.map((l) => l.x0));
    const y = Math.min(...ls.map((l) => l.y - l.size * 0.25));
    return { page, x: round1(x), y: round1(y), width: round1(Math.max(...ls.map((l) => l.x1)) - x), height: round1(Math.max(...ls.map((l) => l.y + l.size * 0.8)) - y) };
  });
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
