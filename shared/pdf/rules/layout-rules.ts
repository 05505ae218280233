/** Rules of page layout: where a two-column band ends and a new one starts. */
import type { PdfLine } from '../lines';
import { defineRule } from '../rule';
import { sameFace } from '../style';
import { ENTRY_YEAR, isAuthorYearEntryLine, readsAsLabelledEntry, REFERENCES_TITLE } from './reference-rules';
import { AUTHOR_ENTRY_OPENING, INITIALS_FIRST_AUTHOR } from './entry-names';
import { CAPTION } from './heading-rules';
import { EMAIL_ALONE } from './metadata-rules';

const PAGE_NUMBER = /^(page\s*)?[-–]?\s*[\divxlc]+\s*[-–]?(\s*(of|\/)\s*\d+)?$/i;

/** How many narrow lines each side of the middle make a page two columns. */
const TWO_COLUMNS = { minLinesPerSide: 6, minLinesShortSide: 3, minFullLinesShortSide: 2, alignedEdge: 2 };

export const twoColumnPage = defineRule({
  name: 'two-column-page',
  why: 'Narrow lines on both sides of the middle make a page two columns: six or more on each side; or, where one column ends early (the last page\'s few lines of references), three on the short side that start at one x, two of them full lines that reach the text\'s outer margin, as a justified column\'s do (a table\'s column of units or a listing beside prose starts at one x but stops short). Left one column, the page\'s two columns were read interleaved, line by line.',
  constants: TWO_COLUMNS,
  test: (left: readonly { x0: number; x1: number }[], right: readonly { x0: number; x1: number }[]) => {
    const { minLinesPerSide, minLinesShortSide, minFullLinesShortSide, alignedEdge } = TWO_COLUMNS;
    if (left.length >= minLinesPerSide && right.length >= minLinesPerSide) return true;
    const near = (a: number, b: number) => Math.abs(a - b) <= alignedEdge;
    const startsAligned = (side: readonly { x0: number }[]) => side.some((l) => side.filter((o) => near(o.x0, l.x0)).length >= minLinesShortSide);
    const all = [...left, ...right];
    if (left.length >= minLinesPerSide && right.length >= minLinesShortSide) {
      const margin = Math.max(...all.map((l) => l.x1));
      return startsAligned(right) && right.filter((l) => near(l.x1, margin)).length >= minFullLinesShortSide;
    }
    if (right.length >= minLinesPerSide && left.length >= minLinesShortSide) {
      const margin = Math.min(...all.map((l) => l.x0));
      const full = left.filter((l) => near(l.x0, margin));
      return full.length >= minLinesShortSide && full.some((l) => full.filter((o) => near(o.x1, l.x1)).length >= minFullLinesShortSide);
    }
    return false;
  },
});

/**
 * A page number ("7", "Page 7 of 20", "– vii –") in the header or footer band; or, when it is
 * the lowest or highest line of its page, a little further in: review drafts (elsarticle's
 * preprint, double spaced) set the folio at about 11% of the page height from the edge.
 */
export const pageNumberLine = defineRule({
  name: 'page-number',
  why: 'A page number is furniture; left in, it joins the paragraph that runs on to the next page ("… the 11 initial reactivity").',
  constants: { edgeBand: 0.11, outermostBand: 0.2 },
  test: (line: PdfLine, outermost: boolean) => {
    if (!PAGE_NUMBER.test(line.text.trim())) return false;
    const fromEdge = Math.min(line.y, line.pageHeight - line.y) / line.pageHeight;
    return fromEdge < 0.11 || (outermost && fromEdge < 0.2);
  },
});

export const pageNumberSequence = defineRule({
  name: 'page-number-sequence',
  why: 'Bare numbers that are a page\'s top or bottom line and count up with the pages (the number less the page\'s index the same on a third of the pages or more) are page numbers wherever they stand: a small page (a journal\'s trim set on letter paper) puts its folio far inside the bands a page\'s edge is looked for in, and left in, it opens the paragraph that runs on ("3 respect to voltage").',
  constants: { minShareOfPages: 0.3, minPages: 3 },
  /** `pagesInSequence`: on how many pages such a number stands with the same offset from the page's index. */
  test: (pagesInSequence: number, pageCount: number) => pageCount >= 3 && pagesInSequence >= Math.max(3, pageCount * 0.3),
});

/**
 * A running head or foot's text with its folio folded out: digits become one mark and white
 * space goes, so "Title 3" on page 3 and "Title11" (a folio set flush against the head, as
 * amsart does from page 10 on) on page 11 are one line repeated.
 */
export function runningTextKey(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, '');
}

/**
 * A line in the header or footer band whose text (folio folded out) recurs on enough pages
 * is a running head or foot; so is the top or bottom line of a later page a little further in,
 * in smaller type than the page's text (amsart's text block leaves its head 13% down the page,
 * set in 8 pt over 11 pt text). Two-sided classes alternate two
 * heads (authors on even pages, the title on odd ones), so each is on about half the pages.
 */
export const runningText = defineRule({
  name: 'running-text',
  why: 'A running head left in splits the paragraph that runs on to the next page, and reads as a heading or a paragraph of its own. A running head that repeats the title (APA\'s, in capitals) leaves page 1\'s title alone: the title is set larger than the text.',
  constants: { edgeBand: 0.11, outermostBand: 0.2, maxSizeFurtherIn: 0.95, minShareOfPages: 0.3, minPages: 3, minTitleSize: 1.15 },
  test: (pagesWithIt: number, pageCount: number) => pageCount >= 3 && pagesWithIt >= Math.max(2, pageCount * 0.3),
});

/**
 * acmart sets the venue line ("NetPL ’19, August 23, 2019, Beijing, China") in the head of every page after the first and in
 * page 1's permission block. A paper of two pages has too few heads for the running-text count, but the echo finds it.
 */
export const echoedRunningHead = defineRule({
  name: 'echoed-running-head',
  why: 'A short paper\'s running head repeats on too few pages to be counted; a line in the head band of a later page, in smaller type than the text, whose words are also a small line elsewhere in the paper (acmart\'s venue line, set again in page 1\'s permission block), is running text, and so is the rest of its row in the band ("R. Beckett et al.") and its echo at the foot of page 1.',
  constants: { minChars: 12 },
  test: (key: string, smallOnOtherPage: boolean) => key.length >= 12 && smallOnOtherPage,
});

/**
 * A new band inside two columns: both columns start again at the same height after a gap
 * (a bibliography or a float set across the foot of the page). Lines above are read
 * first, left then right; then the band below.
 */
// "1 Introduction", "2.2.1 Identifiability", "IV. RESULTS": a number, a capital, a few words, no comma (entries "1. A. Author, …" have one).
const SECTION_HEADING_SHAPE = /^(?:\d{1,2}(?:\.\d{1,2}){0,3}|[IVX]{1,5})\.?\s+\p{Lu}[^,]{0,80}$/u;

export const bandBreak = defineRule({
  name: 'band-break',
  why: 'When both columns restart at one height after a gap, the part below is a new band (REVTeX bibliographies, bottom floats): read it after both columns above. A section heading (or the first line under one) that happens to share a height with the other column is not a band.',
  constants: { alignTolerance: 2, minGapSizes: 1.8 },
  test: (leftAbove: PdfLine | undefined, left: PdfLine, rightAbove: PdfLine | undefined, right: PdfLine) => {
    if (Math.abs(left.y - right.y) > 2 || (!leftAbove && !rightAbove)) return false;
    // A section heading at that height, or right above it (its first paragraph), is the columns' own flow
    // meeting by chance, not a band.
    if ([left, right, leftAbove, rightAbove].some((l) => l && SECTION_HEADING_SHAPE.test(l.text))) return false;
    const gapOk = (above: PdfLine | undefined, line: PdfLine) => !above || above.y - line.y > line.size * 1.8 + above.size * 0.5;
    return gapOk(leftAbove, left) && gapOk(rightAbove, right) && (leftAbove?.size !== left.size || rightAbove?.size !== right.size || Math.max(leftAbove ? leftAbove.y - left.y : 0, rightAbove ? rightAbove.y - right.y : 0) > left.size * 2.5);
  },
});

/** Splits a two-column band (lines top to bottom) where a band break rule fires. */
export function splitBand<L extends PdfLine & { column: string }>(band: L[]): L[][] {
  const left = band.filter((l) => l.column === 'left');
  const right = band.filter((l) => l.column === 'right');
  const cuts: number[] = [];
  for (let i = 0; i < left.length; i++) {
    const j = right.findIndex((r) => Math.abs(r.y - left[i]!.y) <= 2);
    if (j < 0 || (i === 0 && j === 0)) continue;
    if (bandBreak.test(left[i - 1], left[i]!, right[j - 1], right[j]!)) cuts.push(Math.max(left[i]!.y, right[j]!.y) + 1);
  }
  if (!cuts.length) return [band];
  const bands: L[][] = [];
  let rest = band;
  for (const cut of cuts) {
    bands.push(rest.filter((l) => l.y > cut));
    rest = rest.filter((l) => l.y <= cut);
  }
  bands.push(rest);
  return bands.filter((b) => b.length);
}


/** How close (points) to its column's right margin a cell must end for the end to be the margin's, not a table column's. */
const COLUMN_MARGIN = { within: 3 };

export const rowAtColumnMargin = defineRule({
  name: 'row-at-column-margin',
  why: 'Justified lines all end at their column\'s right margin, so two rows that end there are no sign of a table column. On a two-column page that margin is the left column\'s, not the page\'s: measured on the whole page, left-column lines cut by a wide gap (inline maths, a URL) that ended at the gutter read as a table\'s aligned rows and were dropped.',
  constants: COLUMN_MARGIN,
  test: (cellEnd: number, columnMargin: number) => cellEnd >= columnMargin - COLUMN_MARGIN.within,
});

/** A URL, which TeX cannot break: the line it stands in is stretched around it. */
const URL_IN_LINE = /:\/\/|\bwww\./;

/**
 * TeX stretches the space after a full stop more than the others (three times, by its space factor), so a justified line in a
 * narrow column can open one gap there wide enough to cut the line in two: a reference entry's "R. Haddad and W. Chen.    Interactions
 * between" under a natbib style with no labels. Two such entries, one above the other, line up like a table's two columns.
 */
export const stretchedAfterStop = defineRule({
  name: 'stretched-after-stop',
  why: 'A line cut in two by one wide gap, whose first part is a phrase of two words or more ending in a stop and whose second is words running to the column\'s right margin, is a justified line stretched at its sentence end (TeX stretches the space after a stop most), not a table row: author-year reference entries in a narrow column ("R. Haddad and W. Chen.  Interactions between", with the next entry\'s line under it cut at the same place) were dropped as a table\'s rows.',
  constants: { minWordsBefore: 2 },
  test: (segments: readonly PdfLine[], endsAtMargin: boolean) =>
    segments.length === 2 && endsAtMargin && /[.?!:]$/.test(segments[0]!.text.trim()) && segments[0]!.text.trim().split(/\s+/).length >= 2 && /^\p{L}/u.test(segments[1]!.text.trim()),
});

export const looseJustifiedLine = defineRule({
  name: 'loose-justified-line',
  why: 'A justified line stretched around a long URL has many equal wide gaps; table cells have unequal ones. Such a line is prose, not a table row. A line cut in two by one wide gap beside a URL ("(https://www.cosmos.esa.int/gaia),   processed", then "(DPAC,   https://…") is such a line too: two of them, one above the other, ending at the column\'s edge, read as a table\'s rows and were dropped.',
  constants: { minSegments: 3, maxGapRatio: 1.6, urlPattern: URL_IN_LINE },
  test: (segments: PdfLine[]) => {
    if (segments.length === 2 && segments.some((s) => URL_IN_LINE.test(s.text))) return true;
    if (segments.length < 3) return false;
    const gaps = segments.slice(1).map((s, i) => s.x0 - segments[i]!.x1);
    return Math.max(...gaps) <= 1.6 * Math.min(...gaps) && Math.min(...gaps) > 0;
  },
});


/**
 * A short bibliography (emulateapj, AASTeX: "Abel, T., Hahn, O., & Kaehler, R. 2012, MNRAS, 427, 61")
 * is set in small type with no closing full stop, just like figure labels, and often sits
 * right under a float: its heading and entries must not be taken for figure text.
 */
// The wrapped tail of an astronomy-style entry: "… Basri, G., et al." / "2010, Science, 327, 977".
const YEAR_FIRST_CONTINUATION = /^(?:1[89]|20)\d{2}[a-z]?,\s\S/;

export const bibliographyColumns = defineRule({
  name: 'bibliography-columns',
  why: 'AASTeX sets its bibliography in two columns under one-column text: when every line under the references heading keeps to one side of the page\'s middle, with two or more on each side, those lines are two columns, read left then right; read as one column, each entry\'s lines were interleaved with the other column\'s.',
  constants: { minLines: 4, minLinesPerSide: 2 },
  /** `below`: lines under the heading; `left`, `right`: how many of them keep to each side of the middle. */
  test: (below: number, left: number, right: number) => below >= 4 && left >= 2 && right >= 2 && left + right === below,
});

export const bibliographyLine = defineRule({
  name: 'bibliography-line',
  why: 'A bibliography heading, an author-year entry line ("Abt, H. A. 1983, …", MNRAS\'s "Barnes S. A., 2003, ApJ, 586, 464": surname, initials, a year; or the dash that repeats the authors above, "—. 2020, arXiv:2008.05170") or its year-first tail is not figure text, however short and small. Astronomy\'s entries are that short, set smaller than the text and stacked closely, as a figure\'s labels are; dropped, the citations of them went unlinked.',
  constants: { title: REFERENCES_TITLE, entryOpening: AUTHOR_ENTRY_OPENING, year: ENTRY_YEAR, continuation: YEAR_FIRST_CONTINUATION },
  test: (text: string) => {
    const trimmed = text.trim();
    return REFERENCES_TITLE.test(trimmed) || isAuthorYearEntryLine(trimmed) || YEAR_FIRST_CONTINUATION.test(trimmed);
  },
});

/**
 * A side column on a one-column page: lines that end well left of where the body's lines start
 * (MDPI's first-page article information: "Citation:", "Received:", "Published:"). They are read
 * as their own column, before the body, so a margin note never joins the body line beside it.
 */
export const marginColumn = defineRule({
  name: 'margin-column',
  why: "Lines ending well left of the body's left edge, three or more on a page, are a side column: read apart from the body.",
  constants: { minGapSizes: 1.5, minLines: 3 },
  test: (line: PdfLine, bodyLeft: number) => line.x1 < bodyLeft - 1.5 * line.size,
});

/**
 * A line that measures its column's edges: long enough to run margin to margin, and set at the page's body size. Footnotes
 * and some classes' front matter are set wider than the text (AASTeX's footnotes reach past the body's right edge); counted
 * among the lines that measure the edge, they moved it right, and an equation number at the true edge looked short of it.
 */
const COLUMN_EDGE_LINE = { minChars: 30, sizeTolerance: 0.5, minLines: 3 };

export const columnEdgeLine = defineRule({
  name: 'column-edge-line',
  why: "A column's edges are measured on its long lines at the body's type size: footnotes set wider than the text moved the measured right edge past the body's.",
  constants: COLUMN_EDGE_LINE,
  test: (line: PdfLine, bodySize: number) => line.text.length > COLUMN_EDGE_LINE.minChars && Math.abs(line.size - bodySize) <= COLUMN_EDGE_LINE.sizeTolerance,
});

/** A caption set beside the text (wrapfig): its label's form, how far right of the body's edge it starts, its lines' alignment. */
const WRAP_CAPTION = { pattern: CAPTION, minIndentShare: 0.25, alignedX: 3, maxLineGapSizes: 1.8 };

export const wrapFigureCaption = defineRule({
  name: 'wrap-figure-caption',
  why: 'A figure set beside the text (wrapfig, common where pages are few) has its caption in a narrow column at the right, each line on a baseline of the prose beside it: joined into the rows, the caption ran through the paragraph word by word. A line that opens a caption well right of the body\'s edge, with prose on its row to the left, starts such a caption; the lines under it that start at its x, prose beside them, continue it.',
  constants: WRAP_CAPTION,
  test: (line: PdfLine, rowMates: readonly PdfLine[], bodyLeft: number) =>
    WRAP_CAPTION.pattern.test(line.text.trim()) && line.x0 > bodyLeft + line.pageWidth * WRAP_CAPTION.minIndentShare && rowMates.some((m) => m.x1 < line.x0 && m.x0 <= bodyLeft + 2),
});

/**
 * A left-column line whose maths overran the column ("… 𝑧 = {𝑧0, 𝑧1, . . . , 𝑧𝑛−1}," past the
 * gutter's middle) but stops short of where the right column starts is still a left-column line.
 */
export const overfullColumnLine = defineRule({
  name: 'overfull-column-line',
  why: 'An overfull line of the left column reaches into the gutter; read as a full-width line, it ended the band and the right column was read before the rest of the left one.',
  constants: { clearanceOfRightColumn: 2 },
  test: (line: { x0: number; x1: number }, gutter: number, rightColumnStart: number) => line.x0 < gutter && line.x1 > gutter && line.x1 <= rightColumnStart - 2,
});

/**
 * The short last line of a page-wide block above the columns (a structured abstract's "Motivation:" part ending
 * "… Hepatitis C, Ebola virus and Influenza A.", Bioinformatics): it fits inside the left column, so it was placed
 * there, and the part broke off it as a paragraph of its own.
 */
const SPANNING_LAST_LINE = { maxGapSizes: 1.6, alignTolerance: 2, sizeTolerance: 0.5 };
export const spanningBlockLastLine = defineRule({
  name: 'spanning-block-last-line',
  why: 'A line right under a page-wide line, at the line spacing, from its left edge and in its size, with nothing beside it in the other column, ends the page-wide block; read as the left column\'s first line, it was cut from its paragraph.',
  constants: SPANNING_LAST_LINE,
  test: (above: PdfLine, line: PdfLine, besideIt: readonly PdfLine[]) =>
    besideIt.length === 0 && above.page === line.page && above.y - line.y > 0 && above.y - line.y < line.size * SPANNING_LAST_LINE.maxGapSizes &&
    Math.abs(above.x0 - line.x0) <= SPANNING_LAST_LINE.alignTolerance && Math.abs(above.size - line.size) <= SPANNING_LAST_LINE.sizeTolerance,
});

/**
 * The last line of a paragraph that breaks off before a display ("… If ε is a positive real number" /
 * "less than 1 and"): short, but right under a line of prose in its face, from the same left edge, or from the
 * column's edge under a paragraph's indented first line ("We also consider adiabatic orbit expansion of a sub-" /
 * "stellar companion").
 */
export const paragraphTail = defineRule({
  name: 'paragraph-tail',
  why: 'A short line right under an unfinished line of prose, in its face and from its left edge (or up to a paragraph indent left of it, under a paragraph\'s first line), ends that sentence; among the fragments of a display below it, it was dropped as a figure label.',
  constants: { minProseLength: 40, maxGapSizes: 1.6, alignTolerance: 2, maxIndentSizes: 2 },
  test: (above: PdfLine, line: PdfLine) =>
    above !== line && above.text.length >= 40 && sameFace(above, line) &&
    above.y - line.y > 0 && above.y - line.y < line.size * 1.6 && above.x0 - line.x0 > -2 && above.x0 - line.x0 < Math.max(2, line.size * 2) && !/[.!?]$/.test(above.text.trim()),
});

/**
 * An APA manuscript's title page opens with its running head, labelled ("Running head: CONSPIRACY BELIEF AND
 * VACCINATION"): set in capitals at the top of page 1, it was read as the title. It is running text, on page 1 too.
 */
const RUNNING_HEAD_LABEL = /^running\s+(?:head|title)\s*:/i;

export const runningHeadLabel = defineRule({
  name: 'running-head-label',
  why: 'APA manuscripts label their running head on page 1 ("Running head: SHORT TITLE IN CAPITALS"); at the top of the page and mostly in capitals it was taken for the title. A labelled running head is no title and no author.',
  constants: { pattern: RUNNING_HEAD_LABEL },
  test: (text: string) => RUNNING_HEAD_LABEL.test(text.trim()),
});

/**
 * A caption's next line under its first ("Table 1. Baseline characteristics of" / "the participants"): short, right
 * above a table's cells, and not in the first line's face (the label is bold), so paragraph-tail does not keep it. A
 * caption that wraps twice continues from its second line.
 */
const CAPTION_TAIL = { maxGapSizes: 1.6, alignTolerance: 2 };

export const captionTail = defineRule({
  name: 'caption-tail',
  why: 'The wrapped end of a caption whose first line is short of prose length ("Table 1. Baseline characteristics of" / "the participants") sat among the table\'s cells below it and was dropped with them as figure text: a line right under an unfinished caption line, from its left edge, continues the caption.',
  constants: CAPTION_TAIL,
  /** `aboveIsCaption`: `above` opens a caption, or was read as its continuation. */
  test: (above: PdfLine, line: PdfLine, aboveIsCaption: boolean) =>
    above !== line && above.page === line.page && aboveIsCaption && !/[.!?]$/.test(above.text.trim()) &&
    above.y - line.y > 0 && above.y - line.y < line.size * CAPTION_TAIL.maxGapSizes && Math.abs(above.x0 - line.x0) <= CAPTION_TAIL.alignTolerance,
});

const DOCUMENT_TEXT_EDGE = { minShortBySizes: 2, minWidthShare: 0.6, minPages: 3, minOneColumnShare: 0.5, sameEdgePoints: 1.5, sameEdgeShare: 0.6 };

/**
 * LaTeX sets every page to one text width, but a page measures its right edge from its own longest lines: a page of one-line
 * entries (A&A's reference list, "Kerr, R. P. 1963, Phys. Rev. Lett., 11, 237") has no line that reaches the edge, and its
 * measured edge sat at its longest entry, so an entry that stopped short of the real edge looked full and the next ran into it.
 */
export const documentTextEdge = defineRule({
  name: 'document-text-edge',
  why: 'A one-column page none of whose lines reaches the text block\'s edge (a reference list of one-line entries) measured its edge at its longest line; entries that stopped short of the real edge looked full, and one-line entries ran together. In a document set mostly in one column and justified (most pages end at one edge, to the point), such a page takes the edge the pages share, when its own is two sizes or more inside it and its lines still span most of the text block (a narrower block is a column or a float, not a short page).',
  constants: DOCUMENT_TEXT_EDGE,
  /** `pageRight`: the page's own right edge; `documentRight`, `documentLeft`: the edges most one-column pages share. */
  test: (pageRight: number, documentRight: number, bodySize: number, documentLeft: number) =>
    pageRight < documentRight - bodySize * DOCUMENT_TEXT_EDGE.minShortBySizes && pageRight - documentLeft >= (documentRight - documentLeft) * DOCUMENT_TEXT_EDGE.minWidthShare,
});

const HANGING_ENTRY_TAIL = { maxGapSizes: 1.6, minHangPoints: 2, maxHangSizes: 3.5, alignTolerance: 2 };

/**
 * An entry's next lines hang right of its label ("3. Boneh, D., …: Verifiable delay functions. In:" / "CRYPTO 2018. pp.
 * 757–788. Springer (2018)"). LNCS ends an entry on its bracketed year with no stop, so its short last line reads as a
 * figure's label among the list's other short lines; the entry lost its venue. paragraph-tail does not keep it: that
 * line starts right of the line above, not at its edge.
 */
export const hangingEntryTail = defineRule({
  name: 'hanging-entry-tail',
  why: 'The short last line of a labelled reference entry, hanging right of its label, was dropped as a figure label (LNCS\'s small type, no closing stop): a line right under an entry\'s labelled line (one that opens on its authors or points at a work), or under an unlabelled entry that opens on its authors ("W. Chen and C. Dubois.", OUP\'s author-year list in a narrow column), in its face and indented by no more than a label\'s width, or under such a line and at its edge, is the entry\'s.',
  constants: HANGING_ENTRY_TAIL,
  /** `aboveIsTail`: `above` was itself read as an entry's hanging line. */
  test: (above: PdfLine, line: PdfLine, aboveIsTail: boolean) => {
    if (above === line || above.page !== line.page || !sameFace(above, line)) return false;
    const gap = above.y - line.y;
    if (gap <= 0 || gap >= line.size * HANGING_ENTRY_TAIL.maxGapSizes) return false;
    const hang = line.x0 - above.x0;
    if (aboveIsTail) return Math.abs(hang) <= HANGING_ENTRY_TAIL.alignTolerance;
    return (readsAsLabelledEntry(above.text) || INITIALS_FIRST_AUTHOR.test(above.text.trim())) && hang >= HANGING_ENTRY_TAIL.minHangPoints && hang <= line.size * HANGING_ENTRY_TAIL.maxHangSizes;
  },
});
/**
 * The rest of an author-year entry's first line, past the stretched space after its authors ("C. Dubois and J. Smith."
 * / "Interactions between"): OUP's list in a narrow column stretches that space, and the two parts read as a table row.
 */
const ENTRY_FIRST_LINE_REST = { baselineTolerance: 0.5 };
export const entryFirstLineRest = defineRule({
  name: 'entry-first-line-rest',
  why: 'In an author-year list set in a narrow column, the first line of an entry is stretched at the stop after its initials-first authors: the part right of that gap, on the same baseline and in the same face, was dropped as a table cell and the entry lost its title.',
  constants: ENTRY_FIRST_LINE_REST,
  test: (left: PdfLine, line: PdfLine) =>
    left.page === line.page && Math.abs(left.y - line.y) < ENTRY_FIRST_LINE_REST.baselineTolerance && left.x1 < line.x0 && sameFace(left, line) && INITIALS_FIRST_AUTHOR.test(left.text.trim()) && stretchedAfterStop.test([left, line], true),
});


export const tableCellColumn = defineRule({
  name: 'table-cell-column',
  why: 'Short lines that each share a baseline with a cell dropped as table or figure text ("Estimator type (est type)" beside "FF, LSTM, ZERO"), two or more starting at the same x, are a table\'s label column: left behind, they would join the paragraph that runs around the table.',
  constants: { maxLength: 60, sameBaseline: 0.35, alignedX: 4, minRows: 2 },
  test: (line: PdfLine, dropped: readonly PdfLine[], sameSide: (a: PdfLine, b: PdfLine) => boolean) =>
    line.text.trim().length <= 60 && !/[.?!;:]$/.test(line.text.trim()) &&
    dropped.some((d) => sameSide(d, line) && Math.abs(d.y - line.y) < line.size * 0.35 && (d.x0 >= line.x1 || d.x1 <= line.x0)),
});

/** On the top half of page 1, where a centred title block, its authors and affiliations sit: front matter, not figures or tables. */
export const inTitleHalfOfPage1 = (line: { page: number; y: number; pageHeight: number }) => line.page === 1 && line.y > line.pageHeight * 0.5;

/** "Kaze W.K. Wong", "Miles Cranmer", "Andrey V. Kravtsov": two to four capitalised words, initials allowed. */
export const PERSON_NAME = /^\p{Lu}[\p{Ll}'’-]+(?:\s+(?:\p{Lu}\.)+)*(?:\s+\p{Lu}[\p{Ll}'’-]+){1,2}$/u;
const FRONT_MATTER_LINE = { largestTypeRatio: 1.25, wrapGapSizes: 1.8, sameRowSizes: 0.5 };

/** A person's name with a footnote mark or number after it allowed: a cell of an author row. */
const NAME_CELL = new RegExp(`${PERSON_NAME.source.slice(0, -1)}[\\s∗*†‡§¶\\d,]*$`, 'u');

export const authorRow = defineRule({
  name: 'author-row',
  why: 'Conference styles set two or more authors side by side (NeurIPS\'s and ICLR\'s \\And): a row of names over a row of e-mail addresses, aligned, read as a two-column table\'s rows and dropped, and the paper lost its authors. On the title half of page 1, a row whose every cell is a person\'s name, or an e-mail address, is the author block.',
  test: (cells: readonly { text: string; page: number; y: number; pageHeight: number }[]) =>
    cells.length >= 2 && inTitleHalfOfPage1(cells[0]!) && (cells.every((c) => NAME_CELL.test(c.text.trim())) || cells.every((c) => EMAIL_ALONE.test(c.text.trim()))),
});

/** A page's text size (the median line's) and its largest type. */
export interface PageSizes {
  text: number;
  largest: number;
}

export function pageSizes(lines: readonly { size: number }[]): PageSizes {
  const sorted = lines.map((l) => l.size).sort((a, b) => a - b);
  return { text: sorted[Math.floor(sorted.length / 2)] ?? 10, largest: sorted.at(-1) ?? 10 };
}

export const frontMatterLine = defineRule({
  name: 'front-matter-line',
  why: 'On the top half of page 1, a short line in the page\'s largest type right under another line of its face is a title\'s wrapped line ("population models" under "Automated discovery of interpretable gravitational-wave"; a lone large word can still be a figure\'s label), and a person\'s name with an e-mail address at the far end of its row is an author (JMLR, PMLR: "Kaze W.K. Wong … kwong@flatironinstitute.org"). Among the short lines of the author block, both were dropped as a figure\'s labels, and the title lost its last line and the paper its first author.',
  constants: FRONT_MATTER_LINE,
  /** `sizes`: the page's text size and largest type, when the caller has them (it runs once per line of the page). */
  test: (line: PdfLine, page: readonly PdfLine[], sizes?: PageSizes) => {
    if (!inTitleHalfOfPage1(line)) return false;
    const { largestTypeRatio, wrapGapSizes, sameRowSizes } = FRONT_MATTER_LINE;
    const { text, largest } = sizes ?? pageSizes(page);
    const inLargest = line.size >= text * largestTypeRatio && line.size >= largest - 0.5;
    if (inLargest && page.some((o) => o !== line && sameFace(o, line) && o.y > line.y && o.y - line.y < line.size * wrapGapSizes)) return true;
    return PERSON_NAME.test(line.text.trim()) && page.some((o) => o !== line && Math.abs(o.y - line.y) < line.size * sameRowSizes && o.x0 > line.x1 && EMAIL_ALONE.test(o.text.trim()));
  },
});

/** A run of centred lines: how many, how close to one axis, how ragged their starts, how close together. */
const CENTRED_TABLE = { minRun: 6, centredWithin: 2, minStartSpreadSizes: 3, maxGapSizes: 2, shortOfColumnSizes: 2 };

export const centredTableColumn = defineRule({
  name: 'centred-table-column',
  why: 'A table of one visible column set centred (its name column dropped as code, or a list of descriptions) is a run of lines each centred on one axis, of widths that differ, none as wide as the text: prose starts every line at one x. Six such lines in a row, off the top half of page 1 (a centred title block), are a table, left out like LaTeXML\'s table cells.',
  constants: CENTRED_TABLE,
  /** `run` is a run of consecutive lines of one column, top down; `columnWidth` the width of the text they sit in. */
  test: (run: readonly PdfLine[], columnWidth: number): boolean => {
    const { minRun, centredWithin, minStartSpreadSizes, shortOfColumnSizes } = CENTRED_TABLE;
    if (run.length < minRun) return false;
    const first = run[0]!;
    if (inTitleHalfOfPage1(first)) return false;
    const mids = run.map((l) => (l.x0 + l.x1) / 2).sort((a, b) => a - b);
    const axis = mids[Math.floor(mids.length / 2)]!;
    const starts = run.map((l) => l.x0);
    return run.every((l) => Math.abs((l.x0 + l.x1) / 2 - axis) <= centredWithin && l.x1 - l.x0 < columnWidth - l.size * shortOfColumnSizes) &&
      Math.max(...starts) - Math.min(...starts) >= first.size * minStartSpreadSizes;
  },
});

/** The lines of runs that centred-table-column takes for a table, in one column's lines (any order). */
export function centredTableLines(lines: readonly PdfLine[], columnWidth: number): Set<PdfLine> {
  const sorted = [...lines].sort((a, b) => a.page - b.page || b.y - a.y);
  const out = new Set<PdfLine>();
  const centredOn = (l: PdfLine, axis: number) => Math.abs((l.x0 + l.x1) / 2 - axis) <= CENTRED_TABLE.centredWithin;
  let run: PdfLine[] = [];
  const flush = () => {
    if (centredTableColumn.test(run, columnWidth)) for (const l of run) out.add(l);
    run = [];
  };
  for (const line of sorted) {
    const last = run[run.length - 1];
    const continues = last !== undefined && last.page === line.page && last.y - line.y > 0 && last.y - line.y <= line.size * CENTRED_TABLE.maxGapSizes && centredOn(line, (run[0]!.x0 + run[0]!.x1) / 2);
    if (!continues) flush();
    run.push(line);
  }
  flush();
  return out;
}

export const documentColumns = defineRule({
  name: 'document-columns',
  why: 'A page with too few lines to show its columns (the last page\'s few lines of references beside a short column) takes the columns most of the document\'s pages have, when its lines keep clear of that gutter (or part at it) and some lie on each side. Read as one column, the two columns\' lines that share a baseline were joined into one ("… https://doi.   S. Yi, P. Demarque, …") and two entries were lost.',
  constants: { minShareOfPages: 0.5 },
  test: (left: number, right: number, across: number) => left > 0 && right > 0 && across === 0,
});

/** "Observations of ψ^1 Dra A (continued)": a float's title carried onto the next column or page. */
const CONTINUED = /\((?:continued|cont(?:inued|'d|\.)?)\)$/i;

export const continuedCaption = defineRule({
  name: 'continued-caption',
  why: 'A table broken across columns or pages repeats its title with "(continued)" (AASTeX\'s and emulateapj\'s deluxetable: "Observations of ψ^1 Dra A (continued)"): the bracketed word is no unit, so the line is the caption of the table\'s second part, not a plot\'s axis title ("Flux density (mJy)") nor a label among the table\'s short cells.',
  constants: { pattern: CONTINUED },
  test: (text: string) => CONTINUED.test(text.trim()),
});
