import { describe, expect, it } from 'vitest';
import { joinWithMarks } from '../../shared/pdf/join-lines';
import type { PlacedLine } from '../../shared/pdf/layout';
import type { PdfTextItem } from '../../shared/pdf/pdf-text';
import { PDF_RULES } from '../../shared/pdf/rules';
import { placeLines, removeFigureText, withDocumentTextEdge } from '../../shared/pdf/layout';
import { captionTail, centredTableLines, columnEdgeLine, runningHeadLabel, frontMatterLine, looseJustifiedLine, stretchedAfterStop, entryFirstLineRest, authorRow, marginColumn, overfullColumnLine, paragraphTail, spanningBlockLastLine, twoColumnPage, wrapFigureCaption } from '../../shared/pdf/rules/layout-rules';
import { ALGORITHM_CAPTION, breakRuleFor, continuesAcrossFloat, entryNotInterruption, endsSentence, figureLabelAboveCaption, floatNote, footnoteContinuesOnNextPage, LIST_ITEM, tableBodyBeforeNote, tableFragment, tableNoteSentence } from '../../shared/pdf/rules/block-rules';
import { citationFormsOf, citationStyleOf, findCitations, groupAuthorFamily } from '../../shared/pdf/citations';
import { alphaKeyOf, parenthesisedCitations, yearsOf, zeroIndexNotCitation } from '../../shared/pdf/rules/citation-rules';
import { buildBlocks, dropStrayGlyphs, foldLoweredFragments, headingOf, type HeadingBlock, type TextBlock } from '../../shared/pdf/blocks';
import { assembleBody } from '../../shared/pdf/stages/sections';
import { abstractPart, articleAsLetter, capitalsHeading, centredHeading, continuesLineAbove, followsInNumbering, headingFace, headingWrap, lineAloneHeading, runInQuadHeading, navigationSection, notATitle, NUMBERED, numberedInSequence, runInHeading, runInParts, sameStyleHeading, unheadedAcknowledgments, CAPTION, runInTitleFont, runInWrapped } from '../../shared/pdf/rules/heading-rules';
import { affiliationText, capitalsNameBeforeAffiliation, capitalsNameOf, keywordsLine, capitalsTitle, centredTitle, titlePage, abstractParagraph, unheadedIntroduction } from '../../shared/pdf/rules/metadata-rules';
import { algorithmBlock, algorithmCaption, floatPlaceholder, displayLeadIn, displayScriptLine, equationLine, mathsOnlyLine, setOffMathsLine, leadInAboveGap, referenceTail, equationNumberAlone, figureText, numberedDisplayLine, repeatedLabel, repeatsItself, kindOf, inlineMathsProse, bulletedLine, panelLetters } from '../../shared/pdf/rules/kind-rules';
import { dropAffiliations, dropFigureText, joinTableLabelCaptions, markAlgorithmFloats, splitSideBySideCaptions } from '../../shared/pdf/stages/clean-blocks';
import { readFrontMatter } from '../../shared/pdf/stages/front-matter';
import { dropNavigationSections, dropTableFragments, mergeInterruptedParagraphs } from '../../shared/pdf/stages/clean-blocks';
import { centredDot, invisibleGlyph, scriptEll, lineNumberItems, unmappedGlyph, fixedPitchFonts, overprintedCopy, withoutOverprintedCopies, truncatedMathLetter, truncatedMathFonts, restoreMathLetters } from '../../shared/pdf/rules/item-rules';
import { bandBreak, bibliographyColumns, bibliographyLine, continuedCaption, documentTextEdge, hangingEntryTail, documentColumns, pageNumberLine, rowAtColumnMargin, pageNumberSequence, runningText, runningTextKey, splitBand, tableCellColumn } from '../../shared/pdf/rules/layout-rules';
import { removeRunningText } from '../../shared/pdf/layout';
import { codeListingLines, lineTypeSize, strayGlyph, stretchedRow, equationRow, leftEquationRow, exponent, gutterGap, labelGap, sentenceSpaceGap, loweredFragment, loweredText, pageGutter, raisedText, stackedFraction, subscript, superscript, withoutScripts, withoutSymbolScripts } from '../../shared/pdf/rules/line-rules';
import { buildLines, columnBand, gutterOf, withEquationRowJoined } from '../../shared/pdf/lines';
import { authorYearEntryStart, backMatterAfterReferences, bibliographyShape, entryAfterFloat, entryLabelOf, headingAfterShapedBibliography, referenceTitleOverEntry, referencesHeading, numberedEntryHeading, floatInBibliography, floatPageInBibliography, footnoteInBibliography, hangingIndent, isTypesettingNote, shortColumnIndent, spacedList, labelledEntryLine } from '../../shared/pdf/rules/reference-rules';
import { splitReferenceEntries } from '../../shared/pdf/references';
import { EMPTY_VOCABULARY, holdsSentenceBreak, keepLineEndHyphen, learnVocabulary, withAccentsCombined } from '../../shared/pdf/rules/text-rules';
import { documentStyle, extraLeading, type DocumentStyle } from '../../shared/pdf/style';
import type { Reference } from '../../shared/model/paper';

const item = (text: string, x: number, y: number, size = 10, width = text.length * size * 0.5): PdfTextItem => ({ text, x, y, width, size, font: 'F1', rotated: false });
const style: DocumentStyle = { bodySize: 10, bodyFont: 'F1', lineSpacing: 12 };
const line = (text: string, y: number, over: Partial<PlacedLine> = {}): PlacedLine => ({
  page: 1, pageWidth: 612, pageHeight: 792, x0: 72, x1: 540, y, size: 10, font: 'F1', text, supers: [], pieces: [], monospace: 0, column: 'full', columnLeft: 72, columnRight: 540, ...over,
});

/** A heading block's lines: its last line, and the lines of its title above it when it wraps. */
const headingLines = (last: PlacedLine, above: PlacedLine[] = []): Pick<HeadingBlock, 'lines'> => ({ lines: [...above, last] });

describe('the rule catalogue', () => {
  it('names every rule once, each with a reason', () => {
    const names = PDF_RULES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const rule of PDF_RULES) expect(rule.why.length).toBeGreaterThan(20);
  });
});

describe('item rules', () => {
  it('invisible-glyph: sub-pixel text (LaTeXiT source) is not text; footnote-size text is', () => {
    expect(invisibleGlyph.test(item('ZXhhbXBsZQ==', 100, 100, 5e-7))).toBe(true);
    expect(invisibleGlyph.test(item('a footnote', 100, 100, 6))).toBe(false);
  });

  it('overprinted-copy: a second text layer moved sideways, or a run printed again on the same spot, is dropped; repeated words elsewhere are kept', () => {
    const first = [item('Computing the polarization density matrix', 60.5, 284.8, 12), item('and the squared amplitude', 161.9, 384.8, 12), item('where we neglected the mass', 72, 300, 12), item('-pair we find', 324.7, 284.8, 12)];
    // The layer: 14.7 pt to the right, each line's baseline moved by its own few points.
    const layer = first.map((run, i) => ({ ...run, x: run.x + 14.7, y: run.y - [2.6, 3.7, 0, 2.6][i]! }));
    const kept = withoutOverprintedCopies([...first, ...layer]);
    expect(kept).toEqual(first);
    // Faked bold: the same run a hair to the side.
    expect(withoutOverprintedCopies([item('Theorem 1', 72, 500), item('Theorem 1', 72.3, 500)])).toHaveLength(1);
    // A table's repeated cell on the next row, the same words further along a line, and short runs stay.
    const table = [item('0.50', 300, 400), item('0.50', 300, 388), item('the results', 72, 600), item('the results', 272, 600), item('a', 90, 700), item('a', 90.2, 700)];
    expect(withoutOverprintedCopies(table)).toEqual(table);
    // One shifted pair is no layer.
    expect(overprintedCopy.test(item('and the squared amplitude', 176.6, 381.1, 12), first[1]!, null)).toBe(false);
    expect(overprintedCopy.test(item('and the squared amplitude', 176.6, 381.1, 12), first[1]!, 14.7)).toBe(true);
  });

  it('fixed-pitch-widths: a font whose runs are all one width per character is monospaced, flagged or not; prose, digits and a repeated word are not', () => {
    // XeLaTeX's OpenType monospace (minted): every run half a point wide per character per point.
    const code = ['WITH RECURSIVE', 'SELECT pos, x, y FROM tablet', 'UNION ALL', 'WHERE t.pos = s.pos + 1', 'smooth(pos, x, y) AS ('].map((t, i) => ({ ...item(t, 54, 700 - i * 6, 5.3), font: 'Mono' }));
    // Proportional text: a run's width follows its letters ("ill" is narrow, "WOW" wide).
    const widths: Record<string, number> = { i: 0.28, l: 0.28, m: 0.83, w: 0.72, W: 1, O: 0.78 };
    const prose = ['will mill', 'WOW wow', 'illicit', 'The method is simple', 'moving windows'].map((t, i) => ({ ...item(t, 72, 600 - i * 12, 10, [...t].reduce((w, c) => w + (widths[c] ?? 0.5), 0) * 10), font: 'Roman' }));
    // Tabular digits and a word repeated are one width by nature: too few letters to tell.
    const digits = ['100', '150', '200', '250', '300'].map((t, i) => ({ ...item(t, 72, 400 - i * 12), font: 'Axis' }));
    const kepler = Array.from({ length: 8 }, (_, i) => ({ ...item('Kepler', 72 + i, 300 - i * 12), font: 'Italic' }));
    expect([...fixedPitchFonts([...code, ...prose, ...digits, ...kepler])]).toEqual(['Mono']);
  });

  it('line-number: a stack of counting numbers at one edge is removed, a table column of equal numbers is not', () => {
    const numbers = Array.from({ length: 10 }, (_, i) => item(String(i + 1), 40 - String(i + 1).length * 4, 700 - i * 12, 6, String(i + 1).length * 4));
    const text = Array.from({ length: 10 }, (_, i) => item('Body text of the paper goes here.', 72, 700 - i * 12));
    const found = lineNumberItems([[...numbers, ...text]]);
    expect(found.size).toBe(10);
    for (const n of numbers) expect(found.has(n)).toBe(true);
    const tableColumn = Array.from({ length: 10 }, (_, i) => item('5', 300, 700 - i * 12));
    expect(lineNumberItems([tableColumn]).size).toBe(0);
    expect(lineNumberItems([numbers.slice(0, 5)]).size).toBe(0);
  });

  it('line-number: a few counting numbers under a float, where other pages have their line numbers, are line numbers; a footnote number there is not', () => {
    const numbered = (first: number, count: number, top: number, font = 'F1') => Array.from({ length: count }, (_, i) => [
      { ...item(String(first + i), 308.7, top - i * 12.4, 5, 7.5), font },
      item('Text of the right column under the table.', 320.2, top - i * 12.4, 10, 200),
    ]).flat();
    // The left column's text puts the numbers in the gutter, not the page margin.
    const leftColumn = Array.from({ length: 20 }, (_, i) => item('Text of the left column, set at ten points.', 50, 700 - i * 12.4, 10, 240));
    const fullPage = [...leftColumn, ...numbered(223, 12, 700)];
    const underFloat = [...leftColumn, ...numbered(314, 4, 112), ...numbered(1, 1, 60, 'F9')];
    const found = lineNumberItems([fullPage, underFloat]);
    expect(underFloat.filter((i) => found.has(i)).map((i) => i.text)).toEqual(['314', '315', '316', '317']);
    expect(lineNumberItems([underFloat]).size).toBe(0); // alone, four numbers are too few to tell
  });

  it('line-number: AASTeX\'s tiny numbers set 4 pt before each line of both columns are line numbers; a number touching its text is a label', () => {
    const column = (x: number, first: number) => Array.from({ length: 12 }, (_, i) => [
      item(String(first + i), x, 700 - i * 12.4, 5, 7.5),
      item('Body text of the column, set at ten points.', x + 11.5, 700 - i * 12.4, 10, 200),
    ]).flat();
    const page = [...column(38.8, 171), ...column(308.7, 223)];
    const found = lineNumberItems([page]);
    expect(found.size).toBe(24);
    // The same numbers touching their text (superscript entry labels, "¹²A. Author…") are labels.
    const labels = Array.from({ length: 12 }, (_, i) => [item(String(i + 1), 60, 700 - i * 24, 5, 5), item('A. Author, Phys. Rev. 1 (1999).', 65.5, 698 - i * 24, 10, 200)]).flat();
    expect(lineNumberItems([labels]).size).toBe(0);
  });

  it('line-number: every fifth line numbered, a few a page in the margin, is found across pages; the same in the text column is not', () => {
    const text = (page: number) => Array.from({ length: 20 }, (_, i) => item(`Body text of page ${page}, line ${i}.`, 133, 700 - i * 24));
    const numbered = (page: number, first: number, count: number, x: number) =>
      Array.from({ length: count }, (_, i) => item(String(first + i * 5), x, 690 - i * 120, 5, String(first + i * 5).length * 2.6));
    const margin = [numbered(1, 5, 2, 118), numbered(2, 15, 5, 118), numbered(3, 40, 3, 118)];
    const pages = margin.map((numbers, p) => [...numbers, ...text(p + 1)]);
    const found = lineNumberItems(pages);
    expect(found.size).toBe(10);
    for (const n of margin.flat()) expect(found.has(n)).toBe(true);
    // One page alone holds too few to tell.
    expect(lineNumberItems([pages[1]!]).size).toBe(0);
    // The same numbers inside the text column (a table's counts on three pages) stay.
    const inColumn = [numbered(1, 5, 2, 300), numbered(2, 15, 5, 300), numbered(3, 40, 3, 300)];
    expect(lineNumberItems(inColumn.map((numbers, p) => [...numbers, ...text(p + 1), item('Right column text.', 320, 500)])).size).toBe(0);
    // In a two-column draft the right column's numbers stand in the gutter, in tiny type, each on its line's baseline:
    // across pages they are line numbers; the same counts off the lines' baselines (a table's) are not.
    const rightColumn = (page: number) => Array.from({ length: 20 }, (_, i) => item(`Right column of page ${page}, line ${i}.`, 320, 700 - i * 24));
    const inGutter = (first: number, count: number, offBaseline = 0) =>
      Array.from({ length: count }, (_, i) => item(String(first + i * 5), 300, 700 - i * 120 - offBaseline, 5, String(first + i * 5).length * 2.6));
    const gutterPages = (off: number) => [inGutter(5, 2, off), inGutter(15, 4, off), inGutter(40, 3, off)].map((numbers, p) => [...numbers, ...text(p + 1), ...rightColumn(p + 1)]);
    expect(lineNumberItems(gutterPages(0)).size).toBe(9);
    expect(lineNumberItems(gutterPages(7)).size).toBe(0);
    // The two columns' baselines need not line up (a heading or a float shifts one): the numbers count the lines of
    // their own column, not the two columns' lines together.
    const shiftedRight = (page: number) => rightColumn(page).map((i) => ({ ...i, y: i.y - 10 }));
    const shiftedPages = [inGutter(5, 2, 10), inGutter(15, 4, 10), inGutter(40, 3, 10)].map((numbers, p) => [...numbers, ...text(p + 1), ...shiftedRight(p + 1)]);
    expect(lineNumberItems(shiftedPages).size).toBe(9);
    // Numbering that starts again on each page (lineno's pagewise) counts up within each page only.
    const pagewise = [1, 2, 3].map((p) => [...numbered(p, 5, 3, 118), ...text(p)]);
    expect(lineNumberItems(pagewise).size).toBe(9);
  });

  it('line-number: a bibliography\'s bare entry numbers (one per entry of two or three lines, LIPIcs) are labels, beside real line numbers', () => {
    // Entries of 2 or 3 lines at 12 pt; each entry's first line starts with its number in a label column at x 108.
    const entries = [2, 3, 2, 2, 3, 2, 2, 3, 2, 2];
    const labels: PdfTextItem[] = [];
    const text: PdfTextItem[] = [];
    const lineNumbers: PdfTextItem[] = [];
    let y = 740;
    let lineNo = 500;
    entries.forEach((lines, e) => {
      labels.push(item(String(e + 1), 108, y, 9, 8));
      for (let l = 0; l < lines; l++) {
        text.push(item('Author, A. Title of the work, Journal, 2020.', 131, y, 9));
        lineNumbers.push(item(String(lineNo++), 90, y, 5, 8));
        y -= 12;
      }
    });
    const found = lineNumberItems([[...labels, ...text, ...lineNumbers]]);
    for (const n of lineNumbers) expect(found.has(n)).toBe(true);
    for (const label of labels) expect(found.has(label)).toBe(false);
    // Without the line numbers, the labels alone are still not line numbers.
    expect(lineNumberItems([[...labels, ...text]]).size).toBe(0);
  });
});

describe('line rules', () => {
  it('code-listing: fixed-pitch lines together, or one with code punctuation, are a listing; a URL, a lone word or prose with a few \\texttt words is not', () => {
    const code = (text: string, y: number, monospace = 1) => ({ ...line(text, y), monospace, x1: 72 + text.length * 5 });
    const listing = [code('let rec push t v =', 500), code('  let old = Atomic.get t in', 488)];
    const url = code('https://github.com/example/zoo', 400);
    const doi = code('10.1145/3453483.3454036', 388);
    const lone = code('married', 300);
    const oneLine = code('let test1 = Some 0 == Some 0', 200);
    const prose = code('the Atomic.get call is the only read it makes in the loop', 100, 0.3);
    // A list item's first line whose bullet font pdf.js flags fixed-pitch: a colon before a space is prose.
    const runIn = code('• A cloud-native distribution: GeoParquet replaces the zipped file', 50);
    // Two such list items one above the other are a list, not a listing.
    const items = [code('• As more data are collected, depth will improve.', 30), code('• Light curves will improve identification of variables.', 18)];
    const found = codeListingLines([...listing, url, doi, lone, oneLine, prose, runIn, ...items]);
    expect([...found].map((l) => l.text)).toEqual([...listing, oneLine].map((l) => l.text));
  });

  const endingAt = (right: number, lefts: number[] = []) => ({ rights: [right], lefts });

  it('stretched-row: a justified line stretched at every word space (before an unbreakable URL) is one line; a table\'s header row is not', () => {
    // "[1] BALL   Project   Contributors. Ball   project   tutorial." in a 9-pt column ending at x = 556.
    const words = [['[1] BALL', 321, 38], ['Project', 370, 26], ['Contributors. Ball', 407, 74], ['project', 492, 25], ['tutorial.', 528, 28]] as const;
    const stretched = words.map(([text, x, width]) => [item(text, x, 751, 9, width)]);
    expect(stretchedRow.test(stretched, endingAt(556))).toBe(true);
    // The same pieces ending short of the column's justified edge: a table's header row of equal gaps.
    expect(stretchedRow.test(stretched, endingAt(590))).toBe(false);
    expect(stretchedRow.test(stretched, null)).toBe(false);
    // Unequal gaps (cells placed by their columns' widths), numbers, or too few gaps.
    const uneven = stretched.map((piece, k) => piece.map((i) => ({ ...i, x: i.x + k * k * 3 })));
    expect(stretchedRow.test(uneven, endingAt(uneven[4]![0]!.x + 28))).toBe(false);
    const numbers = stretched.map((piece, k) => piece.map((i) => ({ ...i, text: String(0.5 + k) })));
    expect(stretchedRow.test(numbers, endingAt(556))).toBe(false);
    expect(stretchedRow.test(stretched.slice(2), endingAt(556))).toBe(false);
    // An entry's label with an initial and a lone "&" stand between the words: "[15] D.   Koller   &   N.   Friedman,   Probabilistic".
    let x = 134;
    const entry = ([['[15] D.', 31], ['Koller', 27], ['&', 8], ['N.', 10], ['Friedman,', 45], ['Probabilistic', 54]] as const).map(([text, width]) => {
      const piece = [item(text, x, 297, 10, width)];
      x += width + 13.6;
      return piece;
    });
    expect(stretchedRow.test(entry, endingAt(x - 13.6))).toBe(true);
  });

  it('stretched-row: a word processor\'s justified line of three words, stretched to three font sizes, is one line when it spans its column from margin or indent', () => {
    // "Viral     Respiratory     tract", an 11-pt paragraph's indented first line in a column from x = 72 to 288.6.
    const words = [['Viral', 108.1, 26.8], ['Respiratory', 165.7, 65.3], ['tract', 261.8, 26.8]] as const;
    const row = words.map(([text, x, width]) => [item(text, x, 360, 11, width)]);
    expect(stretchedRow.test(row, endingAt(288.6, [72.1]))).toBe(true);
    // Two gaps alone, set in from the margin by more than an indent (the tail of a table's header row), are not enough.
    expect(stretchedRow.test(row, endingAt(288.6, [20]))).toBe(false);
    expect(stretchedRow.test(row, endingAt(288.6))).toBe(false);
    // Unequal gaps are cells.
    const cells = row.map((piece, k) => piece.map((i) => ({ ...i, x: i.x - k * k * 4 })));
    expect(stretchedRow.test(cells, endingAt(288.6 - 16, [72.1]))).toBe(false);
    // A number among the words is prose too ("prerandomization,   leaving   105"); a row of numbers is a table's.
    const withNumber = ([['prerandomization,', 72.1, 96.5], ['leaving', 203.1, 40.2], ['105', 278.8, 9.8]] as const).map(([text, x, width]) => [item(text, x, 500, 12, width)]);
    expect(stretchedRow.test(withNumber, endingAt(288.6, [72.1]))).toBe(true);
    const numbers = ([['Age', 72.1, 20], ['105', 127.1, 18], ['240', 180.1, 18], ['31', 233.1, 12], ['44', 280.6, 8]] as const).map(([text, x, width]) => [item(text, x, 500, 12, width)]);
    expect(stretchedRow.test(numbers, endingAt(288.6, [72.1]))).toBe(false);
  });

  it('stretched-row: a word processor\'s stretched line stays one line with a citation or a stop set off between its words, and a sentence space inside a piece', () => {
    // Two columns (the gutter known: a sentence space then does not part a row), the left one's lines ending at 288.6.
    const prose = Array.from({ length: 12 }, (_, i) => 700 - i * 15 + (i >= 10 ? -60 : 0)).flatMap((y, i) => [item(`A justified line of ordinary prose ${i}`, 72, y, 11, 216.5), item(`and the right column's line ${i}`, 306.8, y - 3, 11, 216)]);
    const words = (y: number, row: [string, number, number][]) => row.map(([text, x, width]) => item(text, x, y, 11, width));
    const citation = words(535, [['community', 72.1, 61.9], ['[6].', 146.2, 19.1], ['LRTIs', 177.6, 32.9], ['have', 222.7, 26.4], ['been', 261.4, 27.2]]);
    const sentence = words(520, [['labcomputerized', 72.1, 92.3], ['database.', 179.1, 54.4], ['Further', 248.1, 40.4]]);
    const lines = buildLines({ pageNumber: 1, width: 612, height: 792, items: [...prose, ...citation, ...sentence] });
    expect(lines.map((l) => l.text)).toContain('community [6]. LRTIs have been');
    expect(lines.map((l) => l.text)).toContain('labcomputerized database. Further');
  });

  it('same-row: a subscript right after a letter that also carries a superscript stays in the letter\'s line', () => {
    // "… of order m" with "−1/2" raised over "N" lowered: the superscript is as near as the letter.
    const items = [
      item('The lattice expansion contains a periodic term of ', 114.8, 352.6, 11, 238),
      item('m', 355.5, 352.6, 10.9, 9.55),
      item('−', 365.1, 358.4, 8, 6.5),
      item('1', 371.64, 358.4, 8, 4.23),
      item('/', 375.9, 358.4, 8, 4.2),
      item('2', 380.1, 358.4, 8, 4.2),
      item('N', 365.1, 349.2, 8, 6.7),
      item('; jittering removes this lead-', 384.9, 352.6, 11, 122.5),
      item('ing periodic component and recovers the continuous-case expansion.', 102.9, 339.8, 11, 358),
    ];
    const lines = buildLines({ pageNumber: 1, width: 612, height: 792, items });
    expect(lines).toHaveLength(2);
    // The raised "−1/2" is an exponent and the lowered "N" a subscript: both stay in the text, as LaTeX has them.
    expect(lines[0]!.text).toBe('The lattice expansion contains a periodic term of m_N^(−1/2); jittering removes this lead-');
    expect(lines[0]!.supers).toEqual([]);
  });

  it('stacked-fraction: a numerator and a denominator over one span, after a space, read "1/3" on the line; scripts on a symbol do not', () => {
    // Measured on a Science-template paper: "return to \\frac{1}{3}, but …", numerator 4.7 pt up and denominator 4.1 pt down at 12 pt.
    const items = [
      item('bility would again return to', 72, 107.9, 12, 130.1),
      item(' ', 202.1, 107.9, 12, 4.1),
      item('1', 206.2, 112.6, 8, 4.2),
      item('3', 206.2, 103.7, 8, 4.2),
      item(', but this assumption would also be incorrect.', 211.6, 107.9, 12, 260),
    ];
    const lines = buildLines({ pageNumber: 1, width: 612, height: 792, items });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.text).toBe('bility would again return to 1/3, but this assumption would also be incorrect.');
    expect(lines[0]!.supers).toEqual([]); // the numerator is no mark, so no citation of entry 1
    // "w^[l]_φ(k,l)" (ICML): the superscript's "]" and the subscript's "(" happen to share a span, but the groups touch "w".
    const scripts = [
      item('terms we can say that the gradient of', 307.4, 366.7, 10, 153),
      item('w', 463.6, 366.7, 10, 7.1),
      ...([['[', 471, 2.3], ['l', 473.2, 2.5], [']', 475.8, 2.3]] as const).map(([t, x, w]) => item(t, x, 371.8, 7, w)),
      ...([['φ', 470.7, 4.8], ['(', 475.5, 3.1], ['k,l', 478.6, 9.3], [')', 487.9, 3.1]] as const).map(([t, x, w]) => item(t, x, 363.3, 7, w)),
      item('at layer', 494.6, 366.7, 10, 30.7),
    ];
    const scriptLines = buildLines({ pageNumber: 1, width: 612, height: 792, items: scripts }).map((l) => l.text);
    expect(scriptLines[0]).toBe('terms we can say that the gradient of w^[l]');
    expect(scriptLines.join(' ')).not.toContain('/');
    // "x_i^2": both scripts stacked on the letter they touch.
    const before = item('x', 100, 700, 10, 5);
    expect(stackedFraction.test(item('2', 105.2, 704, 7, 3.5), item('i', 105.2, 697.5, 7, 2), before, 10)).toBe(false);
    expect(stackedFraction.test(item('1', 106.5, 704, 7, 3.5), item('2', 106.5, 697, 7, 3.5), item('P =', 80, 700, 10, 24), 10)).toBe(true);
    expect(stackedFraction.test(item('1', 106.5, 704, 7, 3.5), item('2', 120, 697, 7, 3.5), undefined, 10)).toBe(false); // not over one span
    // A figure's axis label over a caption line is no fraction (OUP): parts are short and of comparable width.
    expect(stackedFraction.test(item('risk', 474.8, 692.9, 5.6, 9.9), item('Figure 6. Stacked models are good overall estimators', 306.6, 674, 6, 209), undefined, 12.7)).toBe(false);
    expect(stackedFraction.test(item('0', 106.5, 704, 7, 3.5), item('.', 106.5, 697, 7, 1.5), undefined, 10)).toBe(false);
    // An asymmetric error "46^(+9)_(−7)" (AASTeX): the digits stack after their raised and lowered signs, which they touch.
    expect(stackedFraction.test(item('9', 110, 704, 7, 3.5), item('7', 110, 697, 7, 3.5), item('+', 105, 704, 7, 5), 10)).toBe(false);
  });

  it('sentence-space: up to two font sizes after a full stop, before a capital, is a stretched space; not after a word, nor wider', () => {
    expect(sentenceSpaceGap.test(11.3, item('documentation.', 88, 464), item('VSAX', 228, 464))).toBe(true);
    expect(sentenceSpaceGap.test(11.3, item('documentation', 88, 464), item('VSAX', 228, 464))).toBe(false);
    expect(sentenceSpaceGap.test(11.3, item('documentation.', 88, 464), item('and', 228, 464))).toBe(false);
    expect(sentenceSpaceGap.test(30, item('documentation.', 88, 464), item('VSAX', 228, 464))).toBe(false);
  });

  it('gutter-gap splits at a gap over 1.1 font sizes; label-gap keeps "[12]   Author" together', () => {
    const a = item('left', 72, 700);
    const b = item('right', 320, 700);
    expect(gutterGap.test(30, a, b, 10)).toBe(true);
    expect(gutterGap.test(5, a, b, 10)).toBe(false);
    expect(labelGap.test([item('[12]', 72, 700)], 20)).toBe(true);
    expect(labelGap.test([item('Results', 72, 700)], 20)).toBe(false);
    // A float's label apart from its caption text (AASTeX): "Figure 5.   Left: Enlarged portion of …".
    expect(labelGap.test([item('Figure 5.', 51, 560)], 15)).toBe(true);
    expect(labelGap.test([item('Table 2:', 51, 560)], 15)).toBe(true);
    // A supporting-information item's label (PLOS) is set a quad from its legend too.
    expect(labelGap.test([item('S2 Fig.', 198, 210)], 12)).toBe(true);
    expect(labelGap.test([item('Figure 5.', 51, 560)], 200)).toBe(false);
  });

  it('label-gap keeps a word processor\'s bullet with its item ("●   The regional committee …"), not a box that ends a proof', () => {
    // LibreOffice's bullet, and Word's Symbol-font bullet (private use), a tab stop from the text.
    expect(labelGap.test([item('●', 90, 152)], 12)).toBe(true);
    expect(labelGap.test([item('\uf0b7', 90, 152)], 12)).toBe(true);
    expect(labelGap.test([item('□', 90, 152)], 12)).toBe(false);
  });

  it('lowered-fragment: an inline fraction\'s denominator just under a prose line joins it at its place; a display below does not', () => {
    const head = 'Let us introduce the state sensitivities s = dx';
    const text = `${head} by taking the derivatives`;
    const above = line(text, 632, { pieces: [{ x0: 72, x1: 250, start: 0, end: head.length }, { x0: 262, x1: 540, start: head.length, end: text.length }] });
    const fraction = line('dθ', 628, { x0: 252, x1: 261, size: 7 });
    const next = line('of (3a) with respect to the model parameters, we obtain a recursion.', 620);
    expect(loweredFragment.test(fraction, above, next, 12)).toBe(true);
    expect(loweredFragment.test({ ...fraction, y: 618 }, above, next, 12)).toBe(false); // a line and more down: not hanging from it
    expect(loweredFragment.test({ ...fraction, text: 'and the second theorem' }, above, next, 12)).toBe(false); // a line of text
    expect(loweredFragment.test({ ...fraction, text: '(Ebeam*', x0: 40, x1: 70 }, above, next, 12)).toBe(true); // just before the line's start
    expect(loweredFragment.test({ ...fraction, x0: 560, x1: 570 }, above, next, 12)).toBe(false); // beside it, not under it
    expect(loweredFragment.test(fraction, line('x = 1', 632), next, 12)).toBe(false); // under maths, not prose
    const folded = foldLoweredFragments([above, fraction, next], style);
    expect(folded).toHaveLength(2);
    expect(folded[0]!.text).toBe('Let us introduce the state sensitivities s = dx dθ by taking the derivatives');
    expect(folded[0]!.pieces[1]!.start).toBe('Let us introduce the state sensitivities s = dx dθ '.length);
    expect(buildBlocks([above, fraction, next], style)).toHaveLength(1);
  });

  it('exponent: a raised group on a number, a maths symbol or a bracketed expression is written into the text; after a word, a year or at a line\'s start it stays a mark', () => {
    // [raised group, text before it, what is written (null: a mark, kept apart)]
    const cases: [string, string, string | null][] = [
      ['5', '1.8 × 10', '^5'],
      ['−3', 'a rate of 10', '^(−3)'],
      ['−1', 'a rate of 3', '^(−1)'],
      ['2', 'x', '^2'],
      ['2', 'the fit gives R', '^2'],
      ['12', 'a term in x', '^12'],
      ['−1/2', 'of order mN', '^(−1/2)'],
      ['2', '(2k − 1)', '^2'],
      ['∗', 'ψ', '^∗'],
      ['M×M', 'R', '^(M×M)'],
      ['(MK+p)×(MK+p)', 'R', '^((MK+p)×(MK+p))'],
      ['(k)', 'v', '^(k)'],
      ['[l1]', 'E ρ', '^[l1]'],
      ['[12]', 'shown by the method', null],
      ['⊤', '(y_1, . . . , y_n)', '^⊤'],
      ['sp', 'κ3', '^sp'],
      ['th', 'the 19', 'th'],
      ['◦', 'heated to 700', '°'],
      ['2', 'such that |a|', '^2'],
      ['2', 'the weight norm ‖w‖', '^2'],
      ['2', '|c_0|', '^2'],
      ['′', 'on the right side of the ‘|', null],
      // Marks: a citation after a word or a year, affiliation marks after a name, a footnote letter after a number, a line's first mark.
      ['13', 'the algorithm', null],
      ['1,2', 'Smith', null],
      ['1', 'Wei Li', null],
      ['2', 'trained on AI', null],
      ['12', 'deficiency of vitamin D', null],
      ['12', 'as shown in 2019', null],
      ['3', 'results (2019)', null],
      ['a', 'Table 2', null],
      ['12', 'shown in Figure 1', null],
      ['12', '', null],
      ['4', 'the cases ', null],
    ];
    for (const [raised, before, written] of cases) expect(raisedText(raised, before), `${before} + ${raised}`).toBe(written);
    expect(exponent.test('2', 'x')).toBe(true);
  });

  it('subscript: smaller items below the baseline are written after what they touch with "_"; apart from it they are text', () => {
    const main = item('score', 72, 700);
    expect(subscript.test(item('k', 100, 697.5, 7), main)).toBe(true);
    expect(subscript.test(item('k', 100, 700, 7), main)).toBe(false); // small, on the baseline: small capitals, not a subscript
    expect(loweredText('k', 'the score s', false)).toBe('_k');
    expect(loweredText('eff', 'T', false)).toBe('_eff');
    expect(loweredText('x∼p', 'E', false)).toBe('_(x∼p)');
    expect(loweredText('k', 'the score s', true)).toBeNull(); // a word space away: not attached
    expect(loweredText('k', '', false)).toBeNull();
    const lines = buildLines({ pageNumber: 1, width: 612, height: 792, items: [item('weighted sample s', 72, 700, 10, 80), item('k', 152.2, 697.5, 7, 3.5), item(', r', 156, 700, 10, 12), item('k', 168.2, 697.5, 7, 3.5), item(' for all pairs', 172, 700, 10, 60)] });
    expect(lines[0]!.text).toBe('weighted sample s_k, r_k for all pairs');
  });

  it('script-ell: a grave with no letters in a maths font is ℓ ("P_`", "high-`"); a grave in the text\'s own run or font is left to the accents', () => {
    const math = (text: string, x: number, y: number, size = 10) => ({ ...item(text, x, y, size), font: 'F9' });
    expect(scriptEll.test(math('`', 100, 698, 7), 'F1')).toBe(true);
    expect(scriptEll.test(math('(`', 100, 700), 'F1')).toBe(true);
    expect(scriptEll.test(item('`', 100, 700), 'F1')).toBe(false); // the text font: an accent drawn apart
    expect(scriptEll.test(math('`a', 100, 700), 'F1')).toBe(false); // letters with it: a quote or code, not a symbol
    const lines = buildLines({ pageNumber: 1, width: 612, height: 792, items: [item('with a period equal to', 72, 700, 10, 100), { ...item('P', 175, 700, 10, 6), font: 'F3' }, math('`', 181.2, 698.5, 7), item(', visual inspection', 185, 700, 10, 80)] });
    expect(lines[0]!.text).toBe('with a period equal to P_ℓ, visual inspection');
    // A grave in the run of its word stays for the accent rule (layout combines "r`ole" into "ròle"), not ℓ.
    expect(buildLines({ pageNumber: 1, width: 612, height: 792, items: [item('the r`ole of', 72, 700, 10, 60)] })[0]!.text).toBe('the r`ole of');
  });

  it('centred-dot: the unmapped \\cdot between two digits is the centred dot of Biometrika\'s "2·1" and "0·5"; the section reads as 2.1; elsewhere the glyph writes nothing', () => {
    const symbol = (x: number) => ({ ...item('\u0001', x, 700, 10.9, 3), font: 'F11' });
    const row = [item('2', 220.8, 700, 10.9, 5.5), symbol(226.2), item('1', 229.3, 700, 10.9, 5.5), item('. Lasso as a normal scale mixture', 234.7, 700, 10.9, 150)];
    expect(centredDot.test(row[1]!, row[0], row[2])).toBe(true);
    expect(centredDot.test(row[1]!, undefined, row[2])).toBe(false);
    expect(centredDot.test(symbol(100), item('noi', 80, 700), item('se', 104, 700))).toBe(false);
    const [title] = buildLines({ pageNumber: 1, width: 612, height: 792, items: row });
    expect(title!.text).toBe('2·1. Lasso as a normal scale mixture');
    expect(headingOf({ ...line(title!.text, 700, { font: 'F2' }), x1: 390 }, style)).toMatchObject({ number: '2.1', title: 'Lasso as a normal scale mixture' });
  });

  it('unmapped-glyph: a display\'s tall delimiter with no Unicode joins a row of prose but writes nothing into it', () => {
    expect(unmappedGlyph.test(item('\u0000', 80, 700))).toBe(true);
    expect(unmappedGlyph.test(item(' \u0001 ', 80, 700))).toBe(true);
    expect(unmappedGlyph.test(item('noise', 80, 700))).toBe(false);
    expect(unmappedGlyph.test(item(' ', 80, 700))).toBe(false);
    const items = [item('is observational noi', 72, 700, 10, 95), item('\u0000', 160, 697, 14, 6), item('\u0001', 162, 697, 14, 6), item('se. In other words', 168, 700, 10, 80)];
    expect(buildLines({ pageNumber: 1, width: 612, height: 792, items })[0]!.text).toBe('is observational noise. In other words');
  });

  it('a symbol\'s scripts are part of a title; "_" after a word is code; words in curly quotes are a title\'s', () => {
    expect(withoutSymbolScripts('The excess reactivity ρ_e')).toBe('The excess reactivity ρ');
    expect(withoutSymbolScripts('order m_N^(−1/2) here')).toBe('order m here');
    expect(withoutSymbolScripts('set max_iter to 5')).toBe('set max_iter to 5');
    expect(notATitle.test('The excess reactivity ρ_e')).toBe(false);
    expect(notATitle.test('Prior predictive checks for θ and σ^2')).toBe(false);
    expect(notATitle.test('Set max_iter and run')).toBe(true);
    // A float's label typed with no stop before its words is a caption, in capitals or not; a title may name a figure later on.
    expect(notATitle.test('FIG.2.1 PROPOSED SYSTEM ARCHITECTURE')).toBe(true);
    expect(notATitle.test('Table 3 Outcomes by group')).toBe(true);
    expect(notATitle.test('Tables and Figures of the Survey')).toBe(false);
    // A designation alone is a title under a section number of two levels or more ("3.2. KOI-7368"), not on its own.
    expect(notATitle.test('KOI-7368', '3.2')).toBe(false);
    // Words in brackets may hold digits and slashes ("(using an Apple //e emulator)", "(GPT-4/Claude)"); a function's brackets may not.
    expect(notATitle.test('The soft path (using an Apple //e emulator)')).toBe(false);
    expect(notATitle.test('Results of the models (GPT-4/Claude)')).toBe(false);
    expect(notATitle.test('The bound on f(x/y) for all inputs')).toBe(true);
    expect(notATitle.test('Second stage of training [3]')).toBe(true);
    // An acronym glued to the word before it ("Connector(XRc)", IEEE) is words in brackets; a function's argument is not.
    expect(notATitle.test('XAI and RAI Connector(XRc)', 'V')).toBe(false);
    expect(notATitle.test('The bound on softmax(x) for all inputs')).toBe(true);
    expect(notATitle.test('Bounds on f(XY)')).toBe(true);
    // Words in curly quotes are a title's; a quoted reference title closed after its comma, or a quote left open, is not.
    expect(notATitle.test('Shorter-Period Signal, Including the “Dip”', '5.2')).toBe(false);
    expect(notATitle.test('Smith, “Deep nets for stars,” in Proc. of the meeting')).toBe(true);
    expect(notATitle.test('A. Author and B. Author, “Deep nets for')).toBe(true);
    expect(notATitle.test('HD 144548', '4.1.2')).toBe(false);
    expect(notATitle.test('KOI-7368')).toBe(true);
    expect(notATitle.test('KOI-7368', '3')).toBe(true);
    expect(notATitle.test('0.25 0.5', '3.2')).toBe(true);
  });

  it('exponents are not letters of a line\'s shape: a unit in a list of symbols is not display maths', () => {
    expect(withoutScripts('ϕ = neutron flux [cm^(−2)s^(−1)]')).toBe('ϕ = neutron flux [cms]');
    expect(withoutScripts('x^2 + κ3^sp + s_k')).toBe('x + κ3 + s');
    expect(withoutScripts('Θ ∈ R^((MK+p)×(MK+p))')).toBe('Θ ∈ R');
    expect(withoutScripts('E[ρ^[l1] W^[l2]]')).toBe('E[ρ W]');
  });

  it('superscript: raised and smaller is a mark; the same size on the baseline is text', () => {
    const main = item('algorithm', 72, 700);
    expect(superscript.test(item('13', 120, 703.5, 7), main, 10)).toBe(true);
    expect(superscript.test(item('13', 120, 700, 10), main, 10)).toBe(false);
  });
});

describe('text rules', () => {
  it('combine-accents: spacing accents join the next letter (NFC); the cedilla joins the letter before; maths is left alone', () => {
    expect(withAccentsCombined('M¨obius')).toBe('Möbius');
    expect(withAccentsCombined('M¨ obius')).toBe('Möbius');
    expect(withAccentsCombined('Andr´e and na¨ıve')).toBe('André and naïve');
    expect(withAccentsCombined('Franc¸ois')).toBe('François');
    expect(withAccentsCombined('x^2 and ~5')).toBe('x^2 and ~5');
    expect(withAccentsCombined('κ3^sp and π^jit')).toBe('κ3^sp and π^jit'); // "^" is an exponent, never an accent
    expect(withAccentsCombined('Jos`e')).toBe('Jos\u00e8');
  });

  it('keep-hyphen: learns compounds and words from the document itself', () => {
    const vocabulary = learnVocabulary(['a quantum-classical loop and a classical quantum device', 'the devices and their de-', 'vices']);
    expect(vocabulary.hyphenated.has('quantum-classical')).toBe(true);
    expect(keepLineEndHyphen.test('quantum', 'classical', vocabulary)).toBe(true);
    expect(keepLineEndHyphen.test('de', 'vices', vocabulary)).toBe(false);
    const joined = joinWithMarks([{ text: 'a hybrid quantum-' }, { text: 'classical loop' }, { text: 'new de-' }, { text: 'vices' }], vocabulary);
    expect(joined.text).toBe('a hybrid quantum-classical loop new devices');
    expect(joined.rules).toEqual(['keep-hyphen', 'join-hyphen']);
  });

  it('keep-hyphen: a word seen only as the tail of a line-end break is not one of the document\'s words', () => {
    const vocabulary = learnVocabulary(['outside of the de-', 'pendencies captured in the model by de Jager']);
    expect(vocabulary.words.has('pendencies')).toBe(false);
    expect(keepLineEndHyphen.test('de', 'pendencies', vocabulary)).toBe(false);
    expect(vocabulary.words.has('captured')).toBe(true);
  });

  it('unicode-hyphen: a word broken with U+2010 HYPHEN is joined; a compound written with it is learnt and kept', () => {
    const vocabulary = learnVocabulary(['a high\u2010resolution mode and a high resolution', 'despite these apparent lim\u2010', 'itations']);
    expect(vocabulary.hyphenated.has('high-resolution')).toBe(true);
    const joined = joinWithMarks([{ text: 'despite these apparent lim\u2010' }, { text: 'itations, the high\u2010' }, { text: 'resolution mode' }], vocabulary);
    expect(joined.text).toBe('despite these apparent limitations, the high-resolution mode');
  });

  it('superscript marks keep their offsets in the joined text and never become text', () => {
    const joined = joinWithMarks([{ text: 'as shown by the', supers: [] }, { text: 'algorithm of Ref. here', supers: [{ text: '13', at: 9 }] }]);
    expect(joined.text).toBe('as shown by the algorithm of Ref. here');
    expect(joined.marks).toEqual([{ text: '13', at: 'as shown by the algorithm'.length }]);
  });
});

describe('heading rules', () => {
  it('article-as-letter: "A Stellar Model-fitting Pipeline …" in a 7-pt reference list is not appendix A; REVTeX\'s 9-pt "A Comparison with …" is', () => {
    expect(headingOf(line('A Stellar Model-fitting Pipeline for Asteroseismic Data from the', 500, { font: 'F2', size: 7 }), style)).toBeNull();
    expect(headingOf(line('A Comparison with the Quadratic Delenser', 500, { font: 'F2', size: 9 }), style)).toMatchObject({ number: 'A', title: 'Comparison with the Quadratic Delenser' });
    expect(headingOf(line('A. Proofs of the Main Results', 500, { font: 'F2', size: 7 }), style)).toMatchObject({ number: 'A' });
    // An initial before a family name and a comma, in a small-type bibliography, is a wrapped entry's line.
    expect(headingOf(line('E. Merle-Lucotte, et al., The thorium molten salt reactor: Mov-', 500, { font: 'F2', size: 7 }), style)).toBeNull();
    expect(headingOf(line('C. Le Brun, Optimization and simplification of the concept of non-', 500, { font: 'F2', size: 7 }), style)).toBeNull();
    // "A" and a word in lower case is the article at any size: a lettered title's first word is capitalised.
    expect(articleAsLetter.test('A ', 11, 10, 'global nonlinearity explains most interactions')).toBe(true);
    expect(articleAsLetter.test('A ', 11, 10, 'Global Nonlinearity')).toBe(false);
    expect(articleAsLetter.test('B ', 11, 10, 'global nonlinearity')).toBe(false);
  });
  it('heading-numbered: an abbreviation\'s stop inside a title is not a sentence break ("5.2. Parity vs. USDA CSB1825"); "4. Results. We…" still is', () => {
    expect(holdsSentenceBreak('Parity vs. USDA CSB1825')).toBe(false);
    expect(holdsSentenceBreak('Comparison with Smith et al. Baselines')).toBe(false);
    expect(holdsSentenceBreak('Results. We find')).toBe(true);
    expect(headingOf(line('5.2. Parity vs. USDA CSB1825', 500, { font: 'F2' }), style)).toMatchObject({ number: '5.2', title: 'Parity vs. USDA CSB1825' });
    expect(headingOf(line('5.2. Parity holds. We find it too', 500, { font: 'F2' }), style)?.rule).not.toBe('heading-numbered');
  });
  it('numbers appendix headings "A.1" and allows words in brackets, not formulas', () => {
    expect(NUMBERED.exec('A.1 Proof of Lemma 2')?.[1]?.trim()).toBe('A.1');
    expect(notATitle.test('Large Language Models (LLMs)')).toBe(false);
    expect(notATitle.test('f(x) = 2')).toBe(true);
    expect(notATitle.test('Results [3]')).toBe(true);
    expect(notATitle.test('Vytautas Astrauskas, Aurel Bilý, Jonás Fiala, Zachary Grannan, Christoph Matheja, Peter')).toBe(true);
    expect(notATitle.test('Data, Models, and Evaluation')).toBe(false);
    // A name with a number is a title; a title wrapped inside its bracketed words is one too (the next line closes it).
    expect(notATitle.test('Radius of HD 144548 A', '5.3')).toBe(false);
    expect(notATitle.test('Inferring 3D velocities (marginalizing over', '3.1')).toBe(false);
    expect(notATitle.test('f(x = 2')).toBe(true);
    expect(notATitle.test(`Results (${'word '.repeat(40)}1`)).toBe(true);
    // A bibliography line broken after "McCook," reads as appendix G: "G. P. 2016, Monthly Notices of the Royal".
    expect(notATitle.test('P. 2016, Monthly Notices of the Royal', 'G')).toBe(true);
    expect(notATitle.test('Results of the 2016 survey', '4')).toBe(false);
    expect(notATitle.test('A. Smith and the archive', 'B')).toBe(true);
    expect(notATitle.test('ATE: identification gap and alignment', '11.3')).toBe(false);
    expect(notATitle.test('ATE: identification gap and alignment', '3')).toBe(true);
    expect(headingOf(line('A.1 Proof of the Main Lemma', 500, { font: 'F2' }), style)).toMatchObject({ number: 'A.1', title: 'Proof of the Main Lemma' });
    expect(notATitle.test('Test 1: simulated stars')).toBe(false);
    expect(notATitle.test('COMMIT: finishes the action set')).toBe(true);
    expect(headingOf(line('2.5 Gyr', 500, { font: 'F2' }), style)).toBeNull();
    // An acronym is a title; a unit is not.
    expect(headingOf(line('4.2.1. CRW', 500, { font: 'F2' }), style)).toMatchObject({ number: '4.2.1', title: 'CRW' });
    // MDPI and Elsevier write the word before an appendix number.
    expect(headingOf(line('Appendix A.1. Tables', 500, { font: 'F2' }), style)).toMatchObject({ number: 'A.1', title: 'Tables' });
    expect(headingOf(line('Appendix A', 500, { font: 'F2' }), style)).toMatchObject({ title: 'Appendix A', rule: 'heading-named' });
    expect(headingOf(line('APPENDIX A: PROOFS AND TECHNICAL DETAILS', 500), style)).toMatchObject({ number: 'A', title: 'PROOFS AND TECHNICAL DETAILS' });
    expect(headingOf(line('Appendix B: see the proofs below, which', 500), style)).toBeNull();
    expect(headingOf(line('Appendix A.1 shows the tables in full detail.', 500), style)).toBeNull();
    // A title typed in lower case is a heading when centred in its own face (REVTeX's subsubsection); at the edge it is a list item.
    expect(headingOf(line('1. idea', 500, { font: 'F3', size: 9, x0: 285, x1: 327 }), style)).toMatchObject({ number: '1', title: 'idea' });
    expect(headingOf(line('1. idea', 500, { font: 'F3', size: 9, x0: 72, x1: 114 }), style)).toBeNull();
    // Under roman sections and lettered subsections, an arabic number is a subsubsection.
    const body = (text: string, y: number) => line(text, y);
    const levels = buildBlocks([
      line('I. INTRODUCTION', 700, { font: 'F2', x0: 260, x1: 352 }), body('The text of the introduction runs on for a while here.', 688),
      line('A. Data Compression', 660, { font: 'F2', x0: 250, x1: 362 }), body('The text of the subsection runs on for a while here too.', 648),
      line('1. idea', 620, { font: 'F3', size: 9, x0: 285, x1: 327 }), body('To compress the data, we project the data vector.', 608),
    ], style).filter((b): b is HeadingBlock => b.type === 'heading').map((h) => h.level);
    expect(levels).toEqual([1, 2, 3]);
    // Back-matter statements venues ask for (ICLR, Elsevier) are named sections when set apart; in body type they are text.
    expect(headingOf(line('Reproducibility Statement', 500, { font: 'F2' }), style)).toMatchObject({ title: 'Reproducibility Statement', rule: 'heading-named' });
    expect(headingOf(line('Declaration of competing interest', 500, { font: 'F2' }), style)).toMatchObject({ rule: 'heading-named' });
    expect(headingOf(line('Reproducibility statement follows the checklist', 500), style)).toBeNull();
  });

  it('heading-numbered-in-sequence: a numbered title in the text\'s face is a heading when its number comes next in the numbering', () => {
    expect(followsInNumbering('2.1', '2.1.1')).toBe(true);
    expect(followsInNumbering('2.1.1', '2.1.2')).toBe(true);
    expect(followsInNumbering('2.1.3', '2.2')).toBe(true);
    expect(followsInNumbering('2.2.1', '3')).toBe(true);
    expect(followsInNumbering('2.1', '2.1.3')).toBe(false);
    expect(followsInNumbering('2.1', '3.1')).toBe(false);
    const body = (text: string, y: number, x1 = 540) => line(text, y, { size: 12, x1 });
    const lines = [
      line('2.1 What is Modelled - Rabi Oscillations', 700, { size: 16, x1: 324 }), body('When one thinks of a laser pulse exciting an electron, it is easy to picture it jumping up a level.', 676),
      body('2.1.1 General Intuition', 640, 170), body('Before we can delve into the model, it is important to understand the mechanism behind it in full.', 616),
    ];
    const found = buildBlocks(lines, { bodySize: 12, bodyFont: 'F1', lineSpacing: 14 }).filter((b): b is HeadingBlock => b.type === 'heading').map((h) => `${h.number} ${h.title}`);
    expect(found).toEqual(['2.1 What is Modelled - Rabi Oscillations', '2.1.1 General Intuition']);
    // Out of sequence, or a line of prose that opens with a number, it stays text.
    expect(numberedInSequence.test('2.1.3', 'General Intuition', '2.1', { x1: 170, columnRight: 540 }, 12)).toBe(false);
    expect(numberedInSequence.test('2.1.1', 'Million people were counted in the survey of the cities', '2.1', { x1: 540, columnRight: 540 }, 12)).toBe(false);
    expect(numberedInSequence.test('2.1.1', 'General intuition.', '2.1', { x1: 170, columnRight: 540 }, 12)).toBe(false);
  });

  it('heading-wrap: the next line in the heading\'s face continues it; a wrapped maths symbol does in any font; other text does not', () => {
    expect(headingWrap.test(true, 14, 12, 'and observation equations')).toBe(true);
    expect(headingWrap.test(false, 14, 12, 'σ2')).toBe(true);
    expect(headingWrap.test(false, 14, 12, 'and observation equations')).toBe(false);
    // A word processor's 32-pt chapter title wraps 1.8 sizes apart; a line that ends on "and" goes on, a finished one does not.
    expect(headingWrap.test(true, 58, 32, 'Theoretical Context', false, 'Chapter 2 – Experimental and')).toBe(true);
    expect(headingWrap.test(true, 58, 32, 'Theoretical Context', false, 'Chapter 2 – Experimental Context')).toBe(false);
    expect(headingWrap.test(false, 40, 12, 'σ')).toBe(false); // too far below
    expect(headingWrap.test(true, 14, 12, '4 Results')).toBe(false); // a numbered title of its own
    // A title that stopped short of the column had room for the next line's first word: it did not wrap.
    expect(headingWrap.test(true, 12, 10, 'The objective of this work', false, 'Problem Description', true)).toBe(false);
    expect(headingWrap.test(true, 58, 32, 'Theoretical Context', false, 'Chapter 2 – Experimental and', true)).toBe(true);
  });

  it('heading-wrap: under IEEE\'s italic "C. Problem Description", an italic statement is text; a title that fills its line wraps', () => {
    const italic = (text: string, y: number, x0: number, x1: number) => line(text, y, { font: 'F3', x0, x1, columnLeft: 54, columnRight: 298, column: 'left' });
    const body = (text: string, y: number) => line(text, y, { x0: 54, x1: 298, columnLeft: 54, columnRight: 298, column: 'left' });
    const blocks = buildBlocks([
      italic('A. Notation', 720, 54, 104), body('In the remainder of this text the following notation is adopted throughout.', 708),
      italic('B. Reachable Sets of Quasi-Uncertain Hybrid Systems Under', 690, 54, 296), italic('Uncertainty', 678, 64, 112), body('The class of uncertain systems considered here is wide.', 666),
      italic('C. Problem Description', 648, 54, 150), italic('The objective of this work is to estimate the largest set', 636, 64, 298),
      italic('of initial conditions from which all trajectories reach it.', 624, 54, 298),
    ], { bodySize: 10, bodyFont: 'F1', lineSpacing: 12 });
    expect(blocks.flatMap((b) => (b.type === 'heading' ? [b.title] : []))).toEqual(['Notation', 'Reachable Sets of Quasi-Uncertain Hybrid Systems Under Uncertainty', 'Problem Description']);
  });

  it('heading-centred: an unnumbered title centred in the face of centred numbered headings is a heading; centred body text is not', () => {
    expect(centredHeading.test(line('Priors', 644, { x0: 288, x1: 324 }), 12)).toBe(true);
    expect(centredHeading.test(line('Priors', 644, { x0: 72, x1: 108 }), 12)).toBe(false);
    const heading = (text: string, y: number, x0: number, x1: number) => line(text, y, { font: 'F2', size: 12, x0, x1 });
    const body = (text: string, y: number) => line(text, y, { size: 12 });
    const lines = [
      heading('2. Method', 700, 280, 332), body('We fit a relation to the cluster and describe the model here in full.', 680),
      heading('2.1. A new relation', 660, 255, 357), body('The relation is calibrated to colour and fitted to the members.', 640),
      heading('Priors', 620, 288, 324), body('We used the default priors of the package for every parameter.', 600),
      line('Priors', 580, { font: 'F2', size: 12, x0: 72, x1: 108 }), body('Set flush left, the same word is not centred and stays text.', 560),
      // A wrapped title's centred second line continues it rather than reading as a title of its own.
      heading('3. Tests on Simulated Stars and', 540, 220, 392), heading('Open Clusters', 526, 270, 342), body('We drew masses and ages at random and made the photometry.', 506),
    ];
    const blocks = buildBlocks(lines, { bodySize: 12, bodyFont: 'F1', lineSpacing: 14 });
    expect(blocks.filter((b) => b.type === 'heading').map((b) => (b.type === 'heading' ? `${b.number ?? ''} ${b.title} ${b.level}` : ''))).toEqual(['2 Method 1', '2.1 A new relation 2', ' Priors 3', '3 Tests on Simulated Stars and Open Clusters 1']);
  });

  it('heading-same-style: a starred section set like the numbered ones at the column start is a heading; a bold theorem head, a caption or a label before the first section is not', () => {
    const bold = (text: string, y: number, x1: number) => line(text, y, { font: 'F2', x1 });
    const body = (text: string, y: number) => line(text, y);
    const lines = [
      bold('Article', 760, 120),
      bold('1 Introduction', 720, 160), body('Randomization-based inference treats potential outcomes as fixed attributes.', 708),
      bold('2 Setup', 690, 130), body('We study the estimator under complete randomization of a finite population.', 678),
      bold('Near-census phase transition', 660, 240), body('When the treated fraction tends to one the skew term dominates the rest.', 648),
      bold('Theorem 2 (Design-uniform Edgeworth expansion). Under finite-popula-', 630, 540), body('tion sampling the expansion holds uniformly over the real line as stated.', 618),
      bold('Table 1: Map of results', 600, 220), body('The remainder of the paper proceeds as follows, section by section.', 588),
    ];
    const blocks = buildBlocks(lines, style);
    expect(blocks.filter((b) => b.type === 'heading').map((b) => (b.type === 'heading' ? b.title : ''))).toEqual(['Introduction', 'Setup', 'Near-census phase transition']);
  });

  it('heading-run-in: known section names and IEEE "3) Title:" in another font run into their paragraph', () => {
    expect(runInHeading.test('Acknowledgments: This work was supported by a grant.', false)).toBe(true);
    // IEEEtran's lettered run-in titles, "a) Static Identification Method: In code, …", in italics like its "1) Title:".
    expect(runInParts('a) Static Identification Method: In code, the type of model can be identified.')).toMatchObject({ number: 'a', title: 'Static Identification Method', parenthesised: true });
    expect(runInHeading.test('a) Static Identification Method: In code, the type of model can be identified.', true)).toBe(true);
    expect(runInHeading.test('a) the model is identified by its code: this is static.', true)).toBe(false);
    // MDPI's back matter: statements run into their text after a colon, whatever the font.
    expect(runInHeading.test('Institutional Review Board Statement: Not applicable.', false)).toBe(true);
    expect(runInHeading.test('Data Availability Statement: All data are public.', false)).toBe(true);
    expect(runInParts('Acknowledgments: This work was supported.')).toEqual({ title: 'Acknowledgments', length: 'Acknowledgments: '.length, parenthesised: false });
    // imsart and amsart set numbered titles into the first line, in another face.
    expect(runInHeading.test('1. Introduction. Randomization-based inference treats outcomes as fixed.', true)).toBe(true);
    expect(runInParts('2.1. Main results. The estimator is consistent.')).toMatchObject({ number: '2.1', title: 'Main results', parenthesised: false });
    // SIAM's appendix titles run in with their word: the number is the letter, the length covers "Appendix A. … .".
    expect(runInParts('Appendix A. Maximum likelihood estimation using Gaussians. A simple approach')).toMatchObject({ number: 'A', title: 'Maximum likelihood estimation using Gaussians', length: 'Appendix A. Maximum likelihood estimation using Gaussians. '.length });
    // A title typed with its own stop in a class that adds one (elsarticle's \\paragraph).
    expect(runInParts('Polygonization.. Phase 1 polygonization itself stays in Arrow.')).toMatchObject({ title: 'Polygonization', length: 'Polygonization.. '.length });
    expect(runInHeading.test('Polygonization.. Phase 1 polygonization itself stays in Arrow.', true)).toBe(true);
    // A title with a colon inside, ended by its full stop (acmart's \\paragraph{NV: A flexible IR …}); in body type it is a sentence.
    expect(runInParts('NV: A flexible IR for control plane configurations. To overcome these limitations, we propose NV.')).toMatchObject({ title: 'NV: A flexible IR for control plane configurations' });
    expect(runInHeading.test('NV: A flexible IR for control plane configurations. To overcome these limitations, we propose NV.', true)).toBe(true);
    expect(runInHeading.test('NV: A flexible IR for control plane configurations. To overcome these limitations, we propose NV.', false)).toBe(false);
    // "Results: Main findings. …" is still the named section running in at its colon.
    expect(runInParts('Results: Main findings follow. We report them.')).toMatchObject({ title: 'Results' });
    expect(runInParts('C.2. Proof of Proposition 3.5 . The penalization term can be written')).toMatchObject({ number: 'C.2', title: 'Proof of Proposition 3.5' });
    expect(runInParts('E.3. Proof of Lemma 4.4. By the theorem, the operator is compact.')).toMatchObject({ number: 'E.3', title: 'Proof of Lemma 4.4' });
    // acmart: no stop after a number of two levels or more.
    expect(runInParts('2.1.1 Range of the standard Brownian motion. This subsubsection presents it.')).toMatchObject({ number: '2.1.1', title: 'Range of the standard Brownian motion' });
    expect(runInHeading.test('2.1.1 Range of the standard Brownian motion. This subsubsection presents it.', true)).toBe(true);
    expect(runInHeading.test('2.1.1 Range of the standard Brownian motion. This subsubsection presents it.', false)).toBe(false);
    expect(runInParts('2 We fit the model. Then we test it.')).toBeNull();
    // The article class's \\paragraph: another font and a quad, no stop. A bold word typed into a sentence has a word space.
    expect(runInQuadHeading.test('Evaluation metrics', true, 1)).toBe(true);
    expect(runInQuadHeading.test('Overall', true, 0.33)).toBe(false);
    expect(runInQuadHeading.test('Evaluation metrics', false, 1)).toBe(false);
    // LNCS: half an em, at the column's edge after a gap or a heading; in running text half an em is still a stretched space.
    expect(runInQuadHeading.test('Row types', true, 0.5, true)).toBe(true);
    expect(runInQuadHeading.test('(Pre)types', true, 0.51, true)).toBe(true);
    expect(runInQuadHeading.test('Row types', true, 0.5)).toBe(false);
    expect(runInQuadHeading.test('Overall', true, 0.33, true)).toBe(false);
    expect(runInQuadHeading.test('Theorem 2', true, 1)).toBe(false);
    expect(runInHeading.test('2. We fit the model. Then we test it on new data.', false)).toBe(false);
    // run-in-title-font: a \paragraph title is wholly in its own font; a sentence opening on an italic word is not a title.
    const sentence = 'Current as this may be, it is not new. More than 50 years ago';
    const piece = (from: string, to: string, font: string) => ({ x0: 0, x1: 0, start: sentence.indexOf(from), end: sentence.indexOf(to) + to.length, font });
    const italicWords = [piece('Current', 'Current', 'it'), piece(' as', 'not ', 'rm'), piece('new', 'new', 'it'), piece('. More', 'ago', 'rm')];
    expect(runInTitleFont.test(sentence, italicWords, 0, sentence.indexOf('.'), 'rm')).toBe(false);
    const italicTitle = [piece('Current', 'new', 'it'), piece('. More', 'ago', 'rm')];
    expect(runInTitleFont.test(sentence, italicTitle, 0, sentence.indexOf('.'), 'rm')).toBe(true);
    // A piece with no letter (a comma set upright) does not count.
    const uprightComma = [piece('Current', 'be', 'it'), piece(',', ',', 'rm'), piece(' it', 'new', 'it'), piece('. More', 'ago', 'rm')];
    expect(runInTitleFont.test(sentence, uprightComma, 0, sentence.indexOf('.'), 'rm')).toBe(true);
    expect(runInHeading.test('3) Multiplicities: Multiplicities form a lattice.', true)).toBe(true);
    expect(runInParts('3) Multiplicities: Multiplicities form a lattice.')).toMatchObject({ number: '3', title: 'Multiplicities' });
    expect(runInHeading.test('3) First item: the list goes on in the body font.', false)).toBe(false);
    expect(runInHeading.test('BACKGROUND: CYCLUS', true)).toBe(false);
    expect(runInHeading.test('BACKGROUND: The model is described here.', false)).toBe(true);
    expect(runInHeading.test('Abstract: We study things.', false)).toBe(false);
    // AASTeX 6.3's \\paragraph: an italic title, an em dash, the text; in the body font it is a sentence with a dash.
    expect(runInHeading.test('High-Resolution Imaging —We acquired adaptive optics imaging of the star.', true)).toBe(true);
    expect(runInParts('Spectra —For KOI-7368, we acquired a spectrum.')).toMatchObject({ title: 'Spectra', length: 'Spectra —'.length });
    expect(runInHeading.test('Spectra —For the star, we acquired a spectrum.', false)).toBe(false);
    expect(runInParts('The model —which we call X— is good.')).toBeNull();
    // A title typed with its own colon keeps it before the dash; the title is read without it.
    expect(runInParts('Candidate matches between Cep-Her and the Kepler Objects of Interest: —The full list is in Table 3.')).toMatchObject({ title: 'Candidate matches between Cep-Her and the Kepler Objects of Interest' });
    // Keywords in the front matter are not a section, in whichever form the class sets them.
    expect(runInHeading.test('Index Terms—Identification methods, deep learning, model adaptation.', true)).toBe(false);
    expect(runInHeading.test('Key words. Partial least squares, functional data, hybrid data.', true)).toBe(false);
    expect(runInHeading.test('Our method: it works.', true)).toBe(false);
    // Unnumbered titles in another font before a full stop (\paragraph, imsart's \subsection*); not theorem labels.
    expect(runInHeading.test('Near-census phase transition. Standard asymptotics hold when the sampling fraction is bounded.', true)).toBe(true);
    expect(runInHeading.test('Near-census phase transition. Standard asymptotics hold when the sampling fraction is bounded.', false)).toBe(false);
    expect(runInHeading.test('Proof sketch. Expand the variance and use the bound.', true)).toBe(false);
    expect(runInHeading.test('Remark. The bound is sharp.', true)).toBe(false);
    expect(runInHeading.test('Theorem 3 holds. The bound is sharp.', true)).toBe(false);
    expect(runInHeading.test('PROOF. Expand the variance.', true)).toBe(false);
    // An unnumbered "Algorithm." is a \paragraph title (ICML, JMLR); a float's label has its number ("Algorithm 1.").
    expect(runInHeading.test('Algorithm. There are several different strategies for performing symbolic regression.', true)).toBe(true);
    expect(runInHeading.test('Algorithm 1. Greedy routing over the coupling graph.', true)).toBe(false);
    // PNAS's numbered entries under no heading open on their authors, initials first: an entry, not "1. A Author, B Writer, …" as a title.
    expect(runInHeading.test('1. A Author, B Writer, Returns in reading. J. Read. Res. 12, 101–118 (2015).', true)).toBe(false);
    // The 2017 class's entries open on surnames with initials, then the year in brackets; the journal in italics follows the title's stop.
    expect(runInHeading.test('1. O’Brien B (2022) Neural variability predicts choice in a perceptual decision task. Proc. Natl.', true)).toBe(false);
    expect(runInHeading.test('13. Kim C, Chen O, Van der Berg E (1993) Phenotypic plasticity as a driver of speciation. Nature', true)).toBe(false);
    expect(runInHeading.test('20. Smith C, et al. (2019) Evolution of cooperation on graphs. Nature 126:5967–5975.', true)).toBe(false);
    expect(runInHeading.test('3. Results of the 2019 survey. We asked every respondent twice.', true)).toBe(true);
    // A title runs into prose: a wrapped entry's tail, an italic journal and its numbers, is not a title.
    expect(runInHeading.test('Commun. 36, 6529–6547 (1993).', true)).toBe(false);
    expect(runInHeading.test('Datasets. 12 corpora were used.', true)).toBe(true);
    // APS's letters end a paragraph title (\\paragraph) with a stop and an em dash, with no space: the dash is not the text's.
    expect(runInHeading.test('Introduction.—Axion-like particles appear in many extensions of the standard model.', true)).toBe(true);
    // A table's note is set the same way (emulateapj): a float's text, not a title.
    expect(runInHeading.test('Note.—Values are the medians of the posterior distributions.', true)).toBe(false);
    expect(runInHeading.test('2. JM Keynes and C Scholar, Citations and attention. Proc. Natl. Acad. Sci. 110 (2013).', true)).toBe(false);
    expect(runInHeading.test('3. A. B. Author, Rereading. Cogn. Sci. 30, 555–570 (2006).', true)).toBe(false);
    expect(runInHeading.test('1. A Model of Tides. We model attention as a tide.', true)).toBe(true);
    expect(runInParts('5) (Pre)types: Pretypes contain functions.')).toMatchObject({ number: '5', title: '(Pre)types' });
    expect(runInParts('5) (see below): the text goes on.')).toBeNull();
  });

  // A page-1 line of text, and one in the headings' bold, for the structured-abstract cases.
  const body = (text: string, y: number, page = 1) => line(text, y, { page });
  const bold = (text: string, y: number, page = 1) => line(text, y, { font: 'F2', page });

  it('abstract-part: a structured abstract\'s run-in labels stay in its paragraphs, so the abstract keeps its text; the same label after the first section is a section', () => {
    const document = [
      bold('Abstract', 720),
      body('Background: We investigate which procedure selects the predictive model most trustworthy.', 700),
      body('Results: Among all metrics, the mean squared error is worse than the weighted one.', 670),
      bold('1 Introduction', 620), body('Prediction models have long been used in biomedical research.', 600),
      bold('2 Experiments', 580, 3), body('Results: The estimator converges in every setting we tried, as the table shows.', 560, 3),
    ];
    const headings = buildBlocks(document, style).flatMap((b) => (b.type === 'heading' ? [b.title] : []));
    expect(headings).toEqual(['Abstract', 'Introduction', 'Experiments', 'Results']);
    expect(abstractPart.test('Conclusions', 1, () => ['Abstract'])).toBe(true);
    expect(abstractPart.test('Background', 1, () => [])).toBe(false);
    expect(abstractPart.test('Background', 2, () => ['Abstract', 'Introduction'])).toBe(false);
    expect(abstractPart.test('Datasets', 1, () => ['Abstract'])).toBe(false);
  });

  it('abstract-part: with no "Abstract" heading (BMC), labels before the body\'s opening "Background" are the abstract, with the list that runs on from one; with no such opening they stay sections', () => {
    const parts = [
      body('Background: We investigate which procedure selects the predictive model most trustworthy for practice.', 700),
      body('Conclusions: The package performs the following steps, each configurable:', 670),
      body('(i) compound standardisation, (ii) descriptor calculation and (iii) model training.', 640),
    ];
    const headed = assembleBody(buildBlocks([...parts, bold('Background', 600), body('Prediction models have long been used in biomedical research.', 580)], style));
    expect(headed.sections.map((s) => s.title)).toEqual(['Abstract', 'Background']);
    expect(headed.abstract.split('\n\n')).toEqual([parts[0]!.text, parts[1]!.text, parts[2]!.text]);
    expect(abstractPart.test('Background', 1, () => [], () => true)).toBe(true);
    // A short paper's run-in sections ("Motivation.") with no body opening after them are sections.
    const unheaded = buildBlocks([...parts, bold('2 Experiments', 600), body('The estimator converges in every setting we tried.', 580)], style);
    expect(unheaded.flatMap((b) => (b.type === 'heading' ? [b.title] : []))).toEqual(['Background', 'Conclusions', 'Experiments']);
  });

  it('heading-run-in: a long italic title is told from the text after it, even when it outweighs its line', () => {
    const text = '6) Modelling effect types in the core language: Now we go.';
    const titleEnd = text.indexOf(':') + 1;
    const pieces = [
      { x0: 72, x1: 84, start: 0, end: 3, font: 'F1' },
      { x0: 84, x1: 300, start: 3, end: titleEnd, font: 'F2' },
      { x0: 300, x1: 360, start: titleEnd, end: text.length, font: 'F1' },
    ];
    const blocks = buildBlocks([line(text, 700, { font: 'F2', pieces }), line('The paragraph goes on here with more words.', 688)], style);
    expect(blocks[0]).toMatchObject({ type: 'heading', number: '6', title: 'Modelling effect types in the core language' });
  });

  it('heading-run-in: a supporting-information item\'s label runs into its legend (PLOS\'s "S2 Fig."), even with the figure\'s title in its own bold; a float\'s label does not', () => {
    expect(runInHeading.test('S2 Fig. Adaptive firing in yPC. (A.) Voltage response of the young model PC', true)).toBe(true);
    expect(runInHeading.test('Fig 3. Stimulated bursting in model PCs. Bursting in the yPC', true)).toBe(false);
    expect(runInHeading.test('Step 2. Fit the model to the data.', true)).toBe(false);
    // A number further into a \paragraph title is the title's own; in its first two words it marks a label.
    expect(runInHeading.test('Decomposing the 287× end-to-end speedup.. We cannot directly time the pipeline.', true)).toBe(true);
    expect(runInHeading.test('Phase 1. We first clean the data.', true)).toBe(false);
    expect(runInHeading.test('Run 12b. We first clean the data.', true)).toBe(false);
    const text = 'S4 Fig. Early and late adaptive firing in model PCs. Further examination of';
    const pieces = [{ x0: 198, x1: 233, start: 0, end: 7, font: 'F2' }, { x0: 237, x1: 573, start: 8, end: text.length, font: 'F2' }];
    const blocks = buildBlocks([line(text, 700, { font: 'F2', pieces }), line('the responses seen in Fig. 1. (A.) Voltage responses of the yPC and aPC in the first', 688)], style);
    expect(blocks[0]).toMatchObject({ type: 'heading', title: 'S4 Fig' });
  });

  it('heading-run-in-wrapped: a bold run-in title a sentence long wraps, and ends at the stop where the text\'s font begins (PNAS)', () => {
    // "The hypoxia pathway controls thousands of genes in C. ele-" / "gans. We selected …": bold, with the species in bold italics.
    const first = 'The hypoxia pathway controls thousands of genes in C. ele-';
    const second = 'gans. We selected four null single mutants within the hypoxia';
    const lines = [
      line(first, 700, { font: 'B', x1: 302, pieces: [{ x0: 56, x1: 270, start: 0, end: 51, font: 'B' }, { x0: 270, x1: 302, start: 51, end: first.length, font: 'BI' }] }),
      line(second, 689, { x1: 301, pieces: [{ x0: 56, x1: 72, start: 0, end: 4, font: 'BI' }, { x0: 72, x1: 75, start: 4, end: 5, font: 'B' }, { x0: 78, x1: 301, start: 6, end: second.length, font: 'F1' }] }),
      line('pathway for expression profiling, which we sequenced in triplicate.', 678, { x1: 302 }),
    ];
    const blocks = buildBlocks(lines, style);
    expect(blocks[0]).toMatchObject({ type: 'heading', title: 'The hypoxia pathway controls thousands of genes in C. elegans', trace: expect.arrayContaining(['heading-run-in-wrapped']) });
    expect(blocks[1]).toMatchObject({ type: 'paragraph', text: expect.stringMatching(/^We selected four null single mutants/) });
    // A bold first line over a second in the text's font from its start is a bold sentence, not a wrapped title.
    const plain = buildBlocks([lines[0]!, line(second, 689, { x1: 301 }), lines[2]!], style);
    expect(plain.filter((b) => b.type === 'heading')).toEqual([]);
    expect(runInWrapped.test('Table 2 lists the strains used in this work')).toBe(false);
    expect(runInWrapped.test('Proof of the second claim, which follows from the first')).toBe(false);
  });

  it('a run-in title set a size smaller than its text (PNAS) keeps its paragraph whole: no size break after it, no footnote at the page\'s foot; a long one is read too', () => {
    // The title's line measures 8.1 pt under 9-pt text; it wraps, or it runs into the text on its own line.
    const wrapsFirst = 'Effect of context manipulation on communication task';
    const wrapsSecond = 'performance. To evaluate the effect of context on visual';
    const runsInto = 'Defining perceptual correspondence between sketches and objects. In';
    const titleEnd = runsInto.indexOf('.') + 1;
    const lines = [
      line(wrapsFirst, 509, { size: 8.1, font: 'B', pieces: [{ x0: 72, x1: 317, start: 0, end: wrapsFirst.length, font: 'B' }] }),
      line(wrapsSecond, 498, { pieces: [{ x0: 72, x1: 130, start: 0, end: 12, font: 'B' }, { x0: 133, x1: 540, start: 13, end: wrapsSecond.length, font: 'F1' }] }),
      line('communication behaviour, we developed a paradigm in which pairs played.', 487),
      line(runsInto, 120, { size: 8.1, font: 'I', pieces: [{ x0: 72, x1: 520, start: 0, end: titleEnd, font: 'I' }, { x0: 524, x1: 540, start: titleEnd + 1, end: runsInto.length, font: 'F1' }] }),
      line('order for this sketcher to generate predictions, it needs a measure.', 109),
    ];
    const blocks = buildBlocks(lines, style);
    expect(blocks.map((b) => (b.type === 'heading' ? `# ${b.title}` : `${b.kind}: ${b.text.slice(0, 20)}`))).toEqual([
      '# Effect of context manipulation on communication task performance', 'text: To evaluate the effe',
      '# Defining perceptual correspondence between sketches and objects', 'text: In order for this sk',
    ]);
  });

  it('references-heading: a manuscript types its bibliography\'s title in the text\'s face with a colon, or in the singular', () => {
    expect(headingOf(line('References:', 500), style)).toMatchObject({ title: 'References' });
    // Only the bibliography's title: another name with a colon in the text's face is a lead-in, not a title.
    expect(headingOf(line('Methods:', 500), style)).toBeNull();
    expect(referencesHeading.test('Reference')).toBe(true);
    expect(referencesHeading.test('Reference implementation')).toBe(false);
  });

  it('reference-title-over-entry: "Reference" in the text\'s face is the bibliography\'s title over an entry, not over a table\'s numbers', () => {
    expect(referenceTitleOverEntry.test('Reference', 'Chu, D.S. (2019). Media use and protest mobilization: A case study of')).toBe(true);
    expect(referenceTitleOverEntry.test('Reference', '[1] A. Author, Phys. Rev. D 81, 123530 (2010).')).toBe(true);
    expect(referenceTitleOverEntry.test('Reference', '12 2019 0.52 0.61')).toBe(false);
    expect(referenceTitleOverEntry.test('Reference', 'LQR Combined Baseline Combined')).toBe(false);
    expect(referenceTitleOverEntry.test('Methods', 'Chu, D.S. (2019). Media use and protest mobilization.')).toBe(false);
    const below = line('Chu, D.S. (2019). Media use and protest mobilization: A case study of', 480);
    expect(headingOf(line('Reference', 500), style, below)).toMatchObject({ title: 'Reference', rule: 'reference-title-over-entry' });
    expect(headingOf(line('Reference', 500), style, line('0.52 0.61 0.73', 480))).toBeNull();
  });

  it('heading-named: the American Chemical Society\'s back matter ("Associated Content", "Author Information") is titled, in its large face, where it was dropped as figure text', () => {
    const title = (text: string, y: number) => line(text, y, { size: 17.2, font: 'F9', x1: 240 });
    const blocks = buildBlocks([
      line('rapid decay of energetic carriers resulting from plasmon resonances.', 330, { size: 12, x1: 419 }),
      title('Associated Content', 271),
      line('Supporting Information. Additional figures illustrating hot carrier distributions are provided.', 235, { size: 12 }),
      title('Author Information', 200),
      line('The authors declare no competing financial interest in this work of theirs.', 165, { size: 12 }),
    ], { bodySize: 12, bodyFont: 'F1', lineSpacing: 24 });
    expect(blocks.flatMap((b) => (b.type === 'heading' ? [b.title] : []))).toEqual(expect.arrayContaining(['Associated Content', 'Author Information']));
  });

  it('small-type-text: a section set in small type goes on at a page\'s foot as text, not footnotes; a footnote under larger text is one (PNAS\'s Materials and Methods)', () => {
    const small = (text: string, y: number) => line(text, y, { size: 8, font: 'F8' });
    const foot = buildBlocks([
      line('Materials and Methods', 200, { font: 'F2', size: 8.5 }),
      small('Strains used were N2 (Bristol), JT307 egl-9(sa307), CB5602 vhl-1(ok161) and others.', 185),
      small('Worms were grown on plates seeded with OP50 at 20 °C, and staged by their vulva.', 176),
      small('Lines were synchronized by harvesting eggs via sodium hypochlorite treatment.', 150),
    ], style);
    const kinds = foot.flatMap((b) => (b.type === 'paragraph' ? [b.kind] : []));
    expect(kinds).toEqual(['text', 'text']);
    // Under body-size text, small type at the foot of the page is a footnote.
    const noted = buildBlocks([line('The body text ends its last line on this page here.', 300), small('Corresponding author: a.writer@example.org, who will answer.', 60)], style);
    expect(noted.flatMap((b) => (b.type === 'paragraph' ? [b.kind] : []))).toEqual(['text', 'footnote']);
    // Under a references heading the list's own footnotes are told apart later (footnote-in-bibliography): nothing changes there.
    const listed = buildBlocks([line('References', 200, { font: 'F2' }), small('Abel, T., Hahn, O. and Kaehler, R. 2012, Monthly Notices, 427, 61.', 185), small('Corresponding author: a.writer@example.org, who will answer.', 150)], style);
    expect(listed.flatMap((b) => (b.type === 'paragraph' ? [b.kind] : []))).toEqual(['footnote', 'footnote']);
  });

  it('run-in-title-font: words in the document\'s text font before a word in code are prose, not a run-in title (JuliaCon)', () => {
    // "Our work is novel in several ways. MeasureTheory.jl has": the text font, then a package name in typewriter.
    const text = 'Our work is novel in several ways. MeasureTheory.jl has';
    const pieces = [
      { x0: 72, x1: 220, start: 0, end: 35, font: 'F1' },
      { x0: 222, x1: 300, start: 35, end: 51, font: 'TT' },
      { x0: 302, x1: 320, start: 51, end: text.length, font: 'F1' },
    ];
    expect(runInTitleFont.test(text, pieces, 0, text.indexOf('.'), 'TT', 'F1')).toBe(false);
    expect(runInTitleFont.test(text, pieces.map((p, i) => (i === 0 ? { ...p, font: 'BF' } : p)), 0, text.indexOf('.'), 'TT', 'F1')).toBe(true);
    const first = line(text, 700, { pieces });
    expect(buildBlocks([first, line('sophisticated as the measures built on them, as described below.', 688)], style)[0]).toMatchObject({ type: 'paragraph' });
    // "In MeasureTheory, measures …": a word in the text font, then code a wide space on, is no quad run-in title either.
    const quad = line('In MeasureTheory, measures have abstract super-type', 660, { pieces: [{ x0: 72, x1: 80, start: 0, end: 2, font: 'F1' }, { x0: 90, x1: 160, start: 3, end: 16, font: 'TT' }, { x0: 162, x1: 300, start: 16, end: 51, font: 'F1' }] });
    expect(buildBlocks([quad, line('AbstractMeasure, as the next sections describe.', 648)], style)[0]).toMatchObject({ type: 'paragraph' });
  });

  it('heading-same-style: an unnumbered title in the face of two named headings is a heading; body text and a single example are not', () => {
    const body = (text: string, y: number) => line(text, y);
    const bold = (text: string, y: number) => line(text, y, { font: 'F2' });
    const document = [
      bold('INTRODUCTION', 700), body('The first paragraph of the paper is here.', 688),
      bold('BACKGROUND: CYCLUS', 650), body('Cyclus models the flow of material.', 638),
      bold('METHODS OF SEPARATION', 600), body('Pyroprocessing separates the fuel.', 588),
      bold('CONCLUSIONS', 550), body('This analysis demonstrates the variability.', 538),
      body('Short line in body', 500),
    ];
    const titles = buildBlocks(document, style).filter((b) => b.type === 'heading').map((b) => (b.type === 'heading' ? b.title : ''));
    expect(titles).toEqual(['INTRODUCTION', 'BACKGROUND: CYCLUS', 'METHODS OF SEPARATION', 'CONCLUSIONS']);
    // One named heading is not enough to learn the face from; a mixed-case line does not share the capitals face.
    const oneExample = buildBlocks(document.filter((l) => l.text !== 'CONCLUSIONS'), style).filter((b) => b.type === 'heading');
    expect(oneExample).toHaveLength(1);
    expect(sameStyleHeading.test('Background: Cyclus', 2)).toBe(true);
    expect(sameStyleHeading.test('The model ends here.', 2)).toBe(false);
    expect(sameStyleHeading.test('Background', 1)).toBe(false);
  });

  it('heading-same-style: a usual name in lower case ("method." ending a caption\'s line) is no example of its face, so the face\'s other short lines stay text', () => {
    const body = (text: string, y: number) => line(text, y);
    const small = (text: string, y: number) => line(text, y, { font: 'F3', size: 8 });
    const document = [
      body('The cross sections were fitted with the optical model, as in the', 700), small('method.', 690),
      body('The angular distributions were analysed with the coupled-channel', 650), small('method.', 640),
      body('The references follow below in the usual form of the journal.', 600),
      small('Sobolev Y G, Trzaska W H, Tyurin G P and Kuterbekov', 560),
      small('Mahboub D, Timis C N, Baldwin T D and Weisser D C', 550),
    ];
    // (The lone "method." lines themselves are a caption's business, not this rule's.)
    const titles = buildBlocks(document, style).flatMap((b) => (b.type === 'heading' && b.title !== 'method' ? [b.title] : []));
    expect(titles).toEqual([]);
  });

  it('heading-face: a larger face used only for short lines alone above body text is a heading level (PLOS); a face that also sets prose is not', () => {
    const body = (text: string, y: number) => line(text, y);
    const sub = (text: string, y: number) => line(text, y, { font: 'F2', size: 12, x1: 72 + text.length * 6 });
    const document = [
      line('Materials and methods', 740, { font: 'F2', size: 14, x1: 250 }), body('We used a two-dimensional model of the cell.', 724),
      sub('Simulations', 690), body('All code was written in Python and run on laptops.', 676),
      sub('Resource availability', 640), body('Resources generated by this study are available.', 626),
      sub('Study design', 590), body('While aged cells display many changes, we focused on one.', 576),
    ];
    const headings = buildBlocks(document, style).filter((b) => b.type === 'heading');
    expect(headings.map((b) => (b.type === 'heading' ? [b.title, b.level] : []))).toEqual([['Materials and methods', 1], ['Simulations', 2], ['Resource availability', 2], ['Study design', 2]]);
    // The same face also setting a line of prose (a pull quote, a box) is not a heading face; nor are two examples.
    const withProse = [...document, sub('This sentence in the larger face runs on like prose does, so it is not a title.', 540)];
    expect(buildBlocks(withProse, style).filter((b) => b.type === 'heading')).toHaveLength(1);
    expect(buildBlocks(document.slice(0, 6), style).filter((b) => b.type === 'heading')).toHaveLength(1);
    expect(headingFace.test([{ text: 'Simulations', size: 12, standalone: true }], 10, () => true)).toBe(false);
  });

  it('heading-face: the appendix\'s numbered titles count as the face\'s titles, and one title in ten may stand beside other text; two in ten may not', () => {
    const title = (text: string, standalone = true) => ({ text, size: 8.5, standalone });
    const titles = [
      title('Extending prediction to prescription needs causality'), title('Neyman-Rubin Potential Outcomes framework'),
      title('Model selection procedure'), title('Caussim: Extensive simulation settings'), title('Semi-simulated datasets'),
      title('Experiments result data', false), title('Measuring overlap between treated and non treated'),
      title('A.1 Variability of ATE estimation'), title('A.2 Prior work on model selection'), title('A.3 Causal assumptions'),
      title('A.4 Definitions of feasible risks'), title('A.5 Proofs of the links between risks', false),
    ];
    // Text right under every unnumbered title; none under the appendix's (its pages open with a figure).
    const followed = (i: number) => !/^A\.\d/.test(titles[i]!.text);
    expect(headingFace.test(titles, 7.5, followed)).toBe(true);
    const twoBeside = titles.map((t, i) => (i === 1 ? { ...t, standalone: false } : t));
    expect(headingFace.test(twoBeside, 7.5, followed)).toBe(false);
    // A line of prose in the face still rules it out.
    expect(headingFace.test([...titles, title('This sentence runs on like prose does.')], 7.5, () => true)).toBe(false);
  });

  it('heading-centred-plain: a short title-case line centred in the text\'s own face, after a gap, with text under it, is a heading (APA); a centred line of prose is not', () => {
    const spaced: DocumentStyle = { bodySize: 12, bodyFont: 'F1', lineSpacing: 28 };
    const body = (text: string, y: number, over: Partial<PlacedLine> = {}) => line(text, y, { size: 12, page: 13, ...over });
    const centred = (text: string, y: number) => body(text, y, { x0: 306 - text.length * 2.5, x1: 306 + text.length * 2.5 });
    const document = (title: PlacedLine) => [
      body('these models are simple, and easily interpreted by humans, whereas others', 691),
      body('that are too complex for easy interpretation.', 663, { x1: 282 }),
      title,
      body('Logistic regression (Tolles & Meurer, 2016) is used to create predictive', 600, { x0: 108 }),
      body('models that produce a binary prediction, whether something is True or False.', 572),
    ];
    const headings = (title: PlacedLine) => buildBlocks(document(title), spaced).filter((b) => b.type === 'heading').map((b) => (b.type === 'heading' ? b.title : ''));
    expect(headings(centred('Logistic Regression', 628))).toEqual(['Logistic Regression']);
    expect(headings(centred('Evolutionary Algorithms in Predictive Modeling', 628))).toEqual(['Evolutionary Algorithms in Predictive Modeling']);
    // Prose (not title case), a line at the column's start, and a line with no gap above it are not such titles.
    expect(headings(centred('the models we compare here', 628))).toEqual([]);
    expect(headings(centred('Logistic regression is used here', 628))).toEqual([]);
    expect(headings(body('Logistic Regression', 628, { x1: 170 }))).toEqual([]);
    expect(headings(centred('Logistic Regression', 663 - 28))).toEqual([]);
  });

  it('heading-face: a long title that wraps in the face (its first line to the column\'s end, its second in lower case) is one title of that face', () => {
    const body = (text: string, y: number) => line(text, y);
    const sub = (text: string, y: number, x1 = 72 + text.length * 6) => line(text, y, { font: 'F2', size: 12, x1 });
    const document = [
      sub('Host multi-omics integration', 740), body('The availability of host omics data has enabled many studies.', 726),
      sub('The need for a holistic view', 690), body('Studies use one kind of data or the other, but seldom both.', 676),
      sub('Holo-omic approach does not lead to improved prediction', 640, 538), sub('performance for either prediction target', 626),
      body('The results indicate that integrating both kinds of data does not help.', 612),
      sub('Lack of holo-omic improvement is independent of feature selection', 576, 538), sub('method', 562),
      body('We investigated whether the lower performance was due to feature selection.', 548),
    ];
    const headings = buildBlocks(document, style).filter((b) => b.type === 'heading');
    expect(headings.map((b) => (b.type === 'heading' ? b.title : ''))).toEqual([
      'Host multi-omics integration', 'The need for a holistic view',
      'Holo-omic approach does not lead to improved prediction performance for either prediction target',
      'Lack of holo-omic improvement is independent of feature selection method',
    ]);
  });

  it('heading-face: a title in the face that runs to the column\'s end stands alone when the text starts right under it', () => {
    const body = (text: string, y: number) => line(text, y);
    const sub = (text: string, y: number, x1 = 72 + text.length * 6) => line(text, y, { font: 'F1', size: 11.2, x1 });
    const longTitle = 'Kinases are an interesting and particularly challenging model system for selectivity predictions';
    const document = [
      body('The availability of host omics data has enabled many studies of selectivity.', 760),
      sub('Selectivity is an important consideration', 730), body('In addition to potency, free energy methods can predict selectivity.', 716),
      sub('Use of physical modeling is relatively unexplored', 686), body('Studies use one kind of model or the other, but seldom both.', 672),
      sub(longTitle, 642, 539), body('Kinases are a family of enzymes with a conserved binding site.', 628),
      sub('Numerical model of selectivity', 598), body('We model the error of a selectivity prediction as a sum.', 584),
    ];
    const headings = buildBlocks(document, style).filter((b) => b.type === 'heading');
    expect(headings.map((b) => (b.type === 'heading' ? b.title : ''))).toEqual(['Selectivity is an important consideration', 'Use of physical modeling is relatively unexplored', longTitle, 'Numerical model of selectivity']);
  });

  it('heading-line-alone: a bold title right under a title in larger type needs no gap of its own', () => {
    const body = (text: string, y: number) => line(text, y, { size: 11 });
    const document = [
      body('The plan was tested in the autumn, before the first case reached the country.', 700), body('It was revised twice during the winter.', 686),
      line('Materials and Methods', 650, { size: 17, font: 'F3', x1: 260 }), line('Study design', 628, { size: 11, font: 'F2', x1: 140 }),
      body('Irrespective of good or bad overall performance, health systems differ in their', 612), body('preparedness for an epidemic of this kind.', 598),
    ];
    const headings = buildBlocks(document, { bodySize: 11, bodyFont: 'F1', lineSpacing: 14 }).filter((b) => b.type === 'heading');
    expect(headings.map((b) => (b.type === 'heading' ? b.title : ''))).toEqual(['Materials and Methods', 'Study design']);
  });

  it('heading-line-alone: a subsection lettered in lower case ("a. Static stability evolution") sits under the numbered section', () => {
    const body = (text: string, y: number) => line(text, y, { size: 12 });
    const document = [
      line('4. Results', 686, { size: 12, font: 'F2', x1: 130 }),
      line('a. Static stability evolution', 650, { size: 12, font: 'F3', x1: 230 }),
      body('The average over the first day of the simulation indicates a maximum of stability', 636), body('just above the cold-point tropopause.', 622),
      // A list item lettered in the text's own font is no title.
      body('b. The second case is run with the same initial profile and a shorter mixing length.', 586), body('It is otherwise the same.', 572),
    ];
    const headings = buildBlocks(document, { bodySize: 12, bodyFont: 'F1', lineSpacing: 14 }).filter((b) => b.type === 'heading');
    expect(headings.map((b) => (b.type === 'heading' ? [b.number, b.title, b.level] : []))).toEqual([['4', 'Results', 1], ['a', 'Static stability evolution', 2]]);
  });

  it('heading-line-alone: in a double-spaced manuscript a bold title stands out by the space before it, net of the spacing', () => {
    // 12-pt text 28 pt apart (a word processor's double spacing), a bold subsection title with 10 pt before and 4 pt after.
    const body = (text: string, y: number) => line(text, y, { size: 12 });
    const bold = (text: string, y: number) => line(text, y, { size: 12, font: 'F2', x1: 72 + text.length * 6 });
    const document = [
      body('Children were recruited from six schools in the city during the first term.', 700), body('Parents gave written consent for each of them.', 672),
      bold('Study design', 634), body('Sleep was measured with wrist actigraphy for seven nights in each term,', 602),
      body('and working memory with an n-back task on the following Monday.', 574),
    ];
    const styleOf = documentStyle(document);
    expect(styleOf.lineSpacing).toBe(28);
    expect(extraLeading(styleOf)).toBe(13);
    const headings = buildBlocks(document, styleOf).filter((b) => b.type === 'heading');
    expect(headings.map((b) => (b.type === 'heading' ? b.title : ''))).toEqual(['Study design']);
  });

  it('heading-line-alone: a short line in bold at the text\'s size, alone after a gap with text under it, is a \\paragraph title (Springer Nature, PLOS); a bold phrase inside a paragraph or a caption is not', () => {
    const body = (text: string, y: number, over: Partial<PlacedLine> = {}) => line(text, y, over);
    const bold = (text: string, y: number, over: Partial<PlacedLine> = {}) => line(text, y, { font: 'F2', x1: 72 + text.length * 5, ...over });
    const document = [
      body('The currents are given by the equations of the previous section of the model.', 740), body('Their parameters are in the table.', 728),
      bold('Gating.', 700), body('The auxiliary functions describing voltage-dependent activation are given by', 686),
      body('a sigmoid with its half-activation voltage, as in the earlier work.', 674),
      // A figure's legend under its label: the next line may open with the figure's bold title.
      bold('S10 Fig.', 640), line('APs and currents underlying spontaneous burst firing in yPC. (A.) Three', 626, { font: 'F3', pieces: [{ x0: 72, x1: 380, start: 0, end: 60, font: 'F3' }, { x0: 382, x1: 540, start: 60, end: 71, font: 'F1' }] }),
      body('APs from the response seen in the figure.', 614),
      // In a paragraph's run of lines (no gap above), a bold line is the text's own; a caption's label is not a title.
      body('We then stimulated the model with a square pulse of sufficient amplitude', 590), bold('Spontaneous bursting', 578), body('to make the cells fire in bursts.', 566),
      bold('Table 2. Constants', 540), body('The constants are those of the earlier model of the cell.', 526),
    ];
    const headings = buildBlocks(document, style).filter((b) => b.type === 'heading');
    expect(headings.map((b) => (b.type === 'heading' ? [b.title, b.level] : []))).toEqual([['Gating', 4], ['S10 Fig', 4]]);
    // Under such a title the legend's bold lead-in is its text, not a title one level further down.
    expect(buildBlocks(document, style).find((b) => b.type === 'paragraph' && b.text.startsWith('APs and currents'))).toBeDefined();
    // JuliaCon leaves more than two sizes under its bold \subsection* titles; a theorem's last line in italics, after a display,
    // runs on nearly to the column's end and is no title.
    const juliacon = [
      body('The axioms describe laws that characterize probability distributions.', 700), bold('Kolmogorov’s axioms', 669), body('We now introduce the axioms of a measure.', 648),
      body('(Y1, . . . , YN) = (Yσ(1), . . . , Yσ(N)).', 620, { x0: 200, x1: 400 }), line('We also assume the moment conditions of Assumption 1 here.', 594, { font: 'F3', x1: 500 }),
      body('Assumption 3 is the minimal requirement that labels carry no information.', 573),
    ];
    expect(buildBlocks(juliacon, style).filter((b) => b.type === 'heading').map((b) => (b.type === 'heading' ? b.title : ''))).toEqual(['Kolmogorov’s axioms']);
    // Centred in its column (AASTeX's \subsection* in capitals), with the text at the column's start under it.
    const centred = [
      body('the transition occurs at the square root of the population size.', 700), bold('NEAR-CENSUS PHASE TRANSITION', 675, { x0: 231, x1: 381 }),
      body('Standard asymptotics effectively take the sampling fraction to be 0.', 660, { x0: 82 }),
    ];
    expect(buildBlocks(centred, style).filter((b) => b.type === 'heading').map((b) => (b.type === 'heading' ? b.title : ''))).toEqual(['NEAR-CENSUS PHASE TRANSITION']);
    const shape = { sizeRatio: 1, otherFont: true, oneFont: true, atStart: true, short: true, gapAbove: 2, textBelow: true };
    expect(lineAloneHeading.test('Gating.', shape)).toBe(true);
    expect(lineAloneHeading.test('Gating.', { ...shape, gapAbove: 1 })).toBe(false);
    expect(lineAloneHeading.test('Gating.', { ...shape, otherFont: false })).toBe(false);
    expect(lineAloneHeading.test('Proof.', shape)).toBe(false);
  });

  it('heading-capitals: mostly capitals with a name in its own case is a heading face; a sentence with an acronym is not', () => {
    expect(capitalsHeading.test('2. THE Kepler–GAIA DATA')).toBe(true);
    expect(capitalsHeading.test('We ran CNN and GPU jobs')).toBe(false);
    expect(capitalsHeading.test('NASA')).toBe(false);
    expect(headingOf(line('2. THE Kepler–GAIA DATA', 500), style)).toMatchObject({ number: '2', title: 'THE Kepler–GAIA DATA' });
    expect(headingOf(line('2. The Kepler–Gaia data', 500), style)).toBeNull();
  });
});

describe('kind rules', () => {
  it('algorithm: assignment steps are pseudo-code; a sentence that defines a set with := is prose', () => {
    expect(algorithmBlock.test([line('Q(s, a) ← Q(s, a) + α δ', 700), line('s ← s′', 688)])).toBe(true);
    expect(algorithmBlock.test([line('for each episode do', 700), line('x := x + 1', 688)])).toBe(true);
    const prose = [
      line('11.2. Forced finite-population correction for arm means. Let O1 := {i : Wi = 1} and', 700),
      line('O0 := {i : Wi = 0} with |Oz| = Nz. Denote the sample means and', 688),
      line('sample variances of the observed outcomes in each arm.', 676),
    ];
    expect(algorithmBlock.test(prose)).toBe(false);
    // Cut short by a display after its second line: one line of prose, one assignment. Still prose.
    expect(algorithmBlock.test(prose.slice(0, 2))).toBe(false);
    expect(algorithmBlock.test([line('Input: graph G', 700), line('d := 0', 688)])).toBe(true);
  });

  it('algorithm-caption and algorithm-step: a float\'s caption and its steps are pseudo-code, up to the prose after it', () => {
    const block = (text: string, lines = 1, page = 3) => ({ type: 'paragraph' as const, kind: 'text' as const, lines: Array.from({ length: lines }, (_, i) => line(text, 600 - 12 * i, { page })), text, marks: [], trace: [] });
    expect(algorithmCaption.test(block('Algorithm 1 Adversarial variational optimization (AVO).'))).toBe(true);
    expect(algorithmCaption.test(block('Algorithm 1 represents the simplest version of AVO; however, the variational', 3))).toBe(false);
    const blocks = [
      block('We summarise the procedure below.', 2),
      block('Algorithm 1 Adversarial variational optimization (AVO).'),
      block('Inputs: observed data, simulator g.'),
      block('Hyper-parameters: the number of training iterations of the critic, the size of a mini-batch, the penalty.', 3),
      block('. Update d'),
      block('Algorithm 1 represents the simplest version of AVO; however, the variational objectives can be optimised with any method we like, and they are.', 4),
      block('Update q', 1, 4),
    ];
    // The caption is a caption (LaTeXML keeps an algorithm float's caption); the steps are pseudo-code.
    expect(markAlgorithmFloats(blocks).map((b) => (b.type === 'paragraph' ? b.kind : 'heading'))).toEqual(['text', 'caption', 'algorithm', 'algorithm', 'algorithm', 'text', 'text']);
  });

  it('break-algorithm-caption: a float\'s caption at a page\'s top starts a block; the float\'s steps after it on the page are pseudo-code', () => {
    const kinds = (lines: PlacedLine[]) => buildBlocks(lines, style).map((b) => (b.type === 'paragraph' ? b.kind : b.type));
    const prose = line('i.e. the number of crossings between the labels. With pixel pitch p the length is', 100, { page: 5 });
    const float = [
      line('Algorithm 1 Raster-side Eliminate(LENGTH) pass', 654, { page: 6, x1: 300 }),
      line('Require: label raster L, adjacency A, area threshold t', 639, { page: 6, x1: 350 }),
      line('1: S_t ← {ℓ : area(ℓ) < t}', 624, { page: 6, x0: 78, x1: 200 }),
      line('2: uf ← UnionFind({ℓ})', 610, { page: 6, x0: 78, x1: 200 }),
    ];
    expect(kinds([prose, ...float])).toEqual(['text', 'algorithm']);
    // A sentence that wraps before "Algorithm 1" goes on.
    expect(kinds([line('The procedure that removes the small polygons is summarised in', 700), line('Algorithm 1 Below, with the steps that follow it.', 688)])).toEqual(['text']);
    const step = { type: 'paragraph' as const, kind: 'text' as const, lines: [line('▷ vectorised 10: recompute A, area on collapsed labels', 494, { page: 6 })], text: '▷ vectorised 10: recompute A, area on collapsed labels', marks: [], trace: [] };
    const blocks = buildBlocks([prose, ...float], style);
    const marked = markAlgorithmFloats([...blocks, step]);
    expect(marked.map((b) => (b.type === 'paragraph' ? b.kind : 'heading'))).toEqual(['text', 'caption', 'algorithm', 'algorithm']);
    expect(marked.map((b) => (b.type === 'paragraph' ? b.text : '')).slice(1, 3)).toEqual(['Algorithm 1 Raster-side Eliminate(LENGTH) pass', 'Require: label raster L, adjacency A, area threshold t 1: S_t ← {ℓ : area(ℓ) < t} 2: uf ← UnionFind({ℓ})']);
    // A line of prose that opens on "Algorithm 1 states …" after a sentence's end is no caption: the word after the number is in lower case.
    expect(kinds([line('We polygonize the raster once, after the four passes are complete for the tile.', 700), line('Algorithm 1 states the procedure for each area pass we make.', 688)])).toEqual(['text']);
    // After a colon, a title in lower case ("Algorithm 8: k-means", edo-article) is still the float's caption.
    expect(kinds([prose, line('Algorithm 8: k-means', 654, { page: 6, x1: 200 }), ...float.slice(1)])).toEqual(['text', 'algorithm']);
    expect(ALGORITHM_CAPTION.test('Algorithm 8: k-means')).toBe(true);
    expect(ALGORITHM_CAPTION.test('Algorithm 1 states the procedure')).toBe(false);
  });

  it('algorithm-caption: a block whose first line is the caption, its first step run on under it, opens the float', () => {
    const paragraph = (texts: string[], y: number): TextBlock => ({ type: 'paragraph', kind: 'text', lines: texts.map((t, i) => line(t, y - 12 * i, { page: 3 })), text: texts.join(' '), marks: [], trace: [] });
    const float = paragraph(['Algorithm 1 Scalar partial least squares regression', '1: Standardize each Z_1, . . . , Z_n so that each feature has mean zero and variance', 'one. Standardize Y_1, . . . , Y_n.'], 501);
    const steps = paragraph(['2: for l = 1, 2, . . . , L do', '3: PLS direction and score estimation:'], 462);
    expect(markAlgorithmFloats([float, steps]).map((b) => (b.type === 'paragraph' ? b.kind : 'heading'))).toEqual(['caption', 'algorithm', 'algorithm']);
    // Prose that names the algorithm in its first line is not its caption.
    expect(markAlgorithmFloats([paragraph(['Algorithm 1 represents the simplest version of the method, and we extend it', 'to the hybrid model in the next section, where the steps differ.'], 501)]).map((b) => (b.type === 'paragraph' ? b.kind : 'heading'))).toEqual(['text']);
  });

  it('repeated-label: a short line printed twice on a page is a figure label; a repeated "where" is not', () => {
    expect(repeatedLabel.test('trans-DCCA', 2)).toBe(true);
    expect(repeatedLabel.test('trans-DCCA', 1)).toBe(false);
    expect(repeatedLabel.test('where', 3)).toBe(false);
    expect(repeatedLabel.test('The results hold for all n.', 2)).toBe(false);
    const block = (text: string, page: number) => ({ type: 'paragraph' as const, kind: 'text' as const, lines: [line(text, 500, { page })], text, marks: [], trace: [] });
    const body = { ...block('We fit the model to all four compounds and report the posterior medians in the table below, with intervals.', 3), lines: [line('We fit the model', 520, { page: 3 }), line('to all four compounds.', 508, { page: 3 })] };
    const kept = dropFigureText([block('comp', 3), body, block('comp', 3), block('comp', 4)], { style, vocabulary: new Set() } as never);
    expect(kept.map((b) => (b.type === 'paragraph' ? `${b.lines[0]!.page}:${b.text.slice(0, 6)}` : ''))).toEqual(['3:We fit', '4:comp']);
  });

  it('float-placeholder: endfloat\'s "[Figure 3 about here.]" is not text; a sentence about a figure is', () => {
    const block = (text: string) => ({ type: 'paragraph' as const, kind: 'text' as const, lines: [line(text, 500, { x0: 246, x1: 350 })], text, marks: [], trace: [] });
    const body = { ...block('The spells are shown in Figure 3 here, by cluster and by intervention, for all patients.'), lines: [line('The spells are shown in Figure 3 here,', 520), line('by cluster and by intervention, for all patients.', 508)] };
    const kept = dropFigureText([block('[Figure 3 about here.]'), body, block('[Table 1 about here.]')], { style, vocabulary: new Set() } as never);
    expect(kept.map((b) => (b.type === 'paragraph' ? b.text.slice(0, 15) : ''))).toEqual(['The spells are ']);
    expect(floatPlaceholder.test('<Insert Table 2 here>')).toBe(true);
    expect(floatPlaceholder.test('Figure 3 shows the spells here.')).toBe(false);
  });
});

describe('block break rules', () => {
  const at = (previous: PlacedLine, next: PlacedLine, block = [previous]) => breakRuleFor({ previous, line: next, block, style, equation: false, blockIsEquation: false });

  it('names the rule that splits: gap, indent, size change; none inside a paragraph', () => {
    expect(at(line('The end of a paragraph.', 700), line('Next paragraph starts here', 670))).toBe('break-vertical-gap');
    expect(at(line('The end of a paragraph.', 700), line('Indented first line', 688, { x0: 84 }))).toBe('break-indent');
    expect(at(line('body text', 700), line('small caption text', 688, { size: 8 }))).toBe('break-size-change');
    expect(at(line('a sentence that goes', 700), line('on in the next line', 688))).toBeNull();
  });

  it('break-vertical-gap: a column\'s line well below a page-wide line (a caption\'s last line over the columns) opens a new block; at the line spacing it does not', () => {
    const captionEnd = line('frequent word types', 663, { x0: 72, x1: 159 });
    const resumed = line('type.) With 100k tokens of Spanish text, the base-', 625, { x0: 72, x1: 290, column: 'left' });
    expect(at(captionEnd, resumed)).toBe('break-vertical-gap');
    expect(at(captionEnd, { ...resumed, y: 651 })).toBeNull();
    // Across pages, or from a column up to a page-wide line, y says nothing.
    expect(at(captionEnd, { ...resumed, page: 2 })).toBeNull();
  });

  it('break-vertical-gap: after a sentence, spacing added to 1.5 or double line spacing (a word processor\'s space after a paragraph) is a break; the same gap inside a sentence is not', () => {
    const spaced: DocumentStyle = { ...style, bodySize: 12, lineSpacing: 23 };
    const atSpaced = (previous: PlacedLine, next: PlacedLine) => breakRuleFor({ previous, line: next, block: [previous], style: spaced, equation: false, blockIsEquation: false });
    // 31 points for a line spacing of 23: 1.35 line spacings, under the 1.4 that TeX's single spacing needs.
    expect(atSpaced(line('associated with drug-induced liver injury (DILI).', 260, { size: 12 }), line('Methods: We conducted a multiscale analysis using the', 229, { size: 12 }))).toBe('break-vertical-gap');
    expect(atSpaced(line('a sentence that goes on with a tall formula', 260, { size: 12 }), line('under it and ends here.', 229, { size: 12 }))).toBeNull();
    expect(atSpaced(line('associated with drug-induced liver injury (DILI).', 260, { size: 12 }), line('Methods: We conducted a multiscale analysis using the', 236, { size: 12 }))).not.toBe('break-vertical-gap');
  });

  it('break-vertical-gap: a paragraph left without its stop ends at that gap when its last line is short and the next opens a sentence', () => {
    const spaced: DocumentStyle = { ...style, bodySize: 12, lineSpacing: 27.5 };
    const full = line('2006; Pipher, 2013). These limitations prohibit one from developing a full', 603 + 28, { size: 12 });
    const atSpaced = (previous: PlacedLine, next: PlacedLine) => breakRuleFor({ previous, line: next, block: [full, previous], style: spaced, equation: false, blockIsEquation: false });
    const last = line('picture of how consultation is performed in the UK', 603, { size: 12, x1: 337 });
    expect(atSpaced(last, line('This lack of clarity subsequently has a significant impact on', 566, { size: 12 }))).toBe('break-vertical-gap');
    // A lower-case line goes on with the sentence; a line that runs to the column's end is no paragraph's last line.
    expect(atSpaced(last, line('though this lack of clarity subsequently has an impact on', 566, { size: 12 }))).toBeNull();
    expect(atSpaced(line('picture of how consultation is performed in the UK and also the rest of the', 603, { size: 12 }), line('This lack of clarity subsequently has a significant impact on', 566, { size: 12 }))).toBeNull();
    // At the line spacing itself it is no break.
    expect(atSpaced(last, line('This lack of clarity subsequently has a significant impact on', 603 - 27.5, { size: 12 }))).toBeNull();
  });

  it('break-glossary-entry: a list of abbreviations reads one entry a line, each a list item; a paragraph line opening with an abbreviation is no entry', () => {
    const entry = line('DAA – Differential abundance analysis', 700, { x1: 230 });
    expect(at(entry, line('FF – Fresh frozen samples', 688, { x1: 180 }))).toBe('break-glossary-entry');
    expect(at(entry, line('CB: contamination background', 688, { x1: 180 }))).toBe('break-glossary-entry');
    expect(at(line('the samples were sequenced and assembled with the help of the', 700), line('ONT – Oxford Nanopore pipeline, whose defaults we kept unchanged', 688))).toBeNull();
    expect(kindOf(entry, entry.text, style)).toBe('list');
    expect(kindOf(line('A Study', 700), 'A – Study of things', style)).toBe('text');
  });

  it('break-list-item: a number after a line ending on a cross-reference noun is the reference\'s number, even inside a list', () => {
    const item = line('• The age at which the Rossby number would exceed 2 is calculated by inverting equation', 700);
    expect(at(item, line('1. If a star’s age is greater than this, its mean rotation period is', 688))).toBeNull();
    expect(at(line('them to extend Algorithm', 700), line('(2) to the hybrid space, whose inner product is', 688))).toBeNull();
    expect(at(item, line('• The rotation periods of subgiants are described with a log-normal', 688))).toBe('break-list-item');
    expect(at(line('We proceed in three steps.', 700), line('1. Refactor the code to enable the new solver, as well as', 688))).toBe('break-list-item');
  });

  it('break-caption-across-page: a caption does not go on atop the next page; on its own page it wraps', () => {
    const caption = line('Figure 7b: Progressions for final inertia and dimension with R = (50,100)', 230, { page: 15 });
    expect(at(caption, line('to properly understand an algorithm’s quality.', 724, { page: 16 }))).toBe('break-caption-across-page');
    expect(at(caption, line('and the first fifty epochs of the run.', 218, { page: 15 }))).toBeNull();
    // A sub-figure's caption set as a float of its own ("Figure 7b:") is a caption, like "Figure 7:".
    expect(CAPTION.test('Figure 7b: Progressions for final inertia')).toBe(true);
    expect(CAPTION.test('Figure 7b shows the progressions')).toBe(false);
  });

  it('break-size-change: a URL a size smaller goes on its footnote\'s sentence; after a stop, or in body text, it is a change of kind', () => {
    const note = line('"This is because they logically execute after the processing", see', 100, { size: 7 });
    expect(at(note, line('https://www.postgresql.org/docs/10/static/tutorial-window.html.', 92, { size: 6 }))).toBeNull();
    expect(at(line('The processing is described in the manual.', 100, { size: 7 }), line('https://www.postgresql.org/docs/10/static/tutorial-window.html.', 92, { size: 6 }))).toBe('break-size-change');
    expect(at(line('as the manual says, see', 100), line('https://www.postgresql.org/docs/10/static/tutorial-window.html.', 88, { size: 8 }))).toBe('break-size-change');
  });

  it('break-list-item: "(i)" at the text\'s edge under a full line is an enumeration typed into the sentence; set in, or under a short line, it opens a list', () => {
    const full = line('Following the public ArcPy implementation [5, 1], the pipeline executes:', 700, { x1: 540 });
    expect(at(full, line('(i) arcpy.gp.Combine_sa to produce a raster whose values enumerate unique', 688))).toBeNull();
    expect(at(full, line('(i) arcpy.gp.Combine_sa to produce a raster whose values enumerate unique', 688, { x0: 90 }))).toBe('break-list-item');
    expect(at(line('The pipeline executes:', 700, { x1: 200 }), line('(i) arcpy.gp.Combine_sa to produce a raster whose values enumerate unique', 688))).toBe('break-list-item');
    expect(at(line('where the maps are locally Lipschitz uniformly in n on compact sets.', 700, { x1: 540 }), line('(A3) Uniform first-order design validity for every triangular array', 688))).toBe('break-list-item');
  });

  it('break-list-end: after an item\'s last sentence, a line left of all the item\'s lines starts the next paragraph', () => {
    const label = line('(2) Another lookup table is consulted, mapping the po-', 700, { x0: 88 });
    const hanging = line('tential characters to a result. All features are set to NULL.', 688, { x0: 102 });
    expect(at(hanging, line('Finding a satisfactory representation for this decision', 676, { x0: 82 }), [label, hanging])).toBe('break-list-end');
    // Mid-sentence, or a line no further left than the item's label, goes on in the item.
    expect(at(line('tential characters to a result, hence the', 688, { x0: 102 }), line('checks in lines 86 through 89', 676, { x0: 82 }), [label])).toBeNull();
    expect(at(hanging, line('Further notes on the item wrap here', 676, { x0: 88 }), [label, hanging])).toBeNull();
    // An item of one line set in from the column's edge, then a line at the edge: the paragraph after the list.
    const one = line('10. They are rare at a population level (Rebull et al. 2018).', 700, { x0: 80 });
    expect(at(one, line('The 10.76 hr signal in PTFO 8-8695 meets all of these criteria.', 688), [one])).toBe('break-list-end');
  });

  it('break-list-item: an enumeration inside a caption stays in the caption; in body text it starts an item', () => {
    const caption = line('Figure 1. The study consists of four key steps:', 700);
    expect(at(caption, line('(1) using Bayesian reverse dosimetry to estimate intake;', 688))).toBeNull();
    expect(at(line('The study consists of four key steps.', 700), line('(1) using Bayesian reverse dosimetry to estimate intake;', 688))).toBe('break-list-item');
    // A line left short opens a list; an enumeration wrapped in prose follows a full line.
    expect(at(line('This thesis has two primary objectives', 700, { x1: 295 }), line('1. Refactor the code to enable the new solver, as well as', 688))).toBe('break-list-item');
    expect(at(line('The method runs in three passes over the data, which are listed in order', 700), line('1. a first pass that counts the words of each document', 688))).toBeNull();
  });

  it('break-list-item: JuliaCon\'s em dash set flush against an item\'s first word opens the item; a dash with a space after it does not', () => {
    const lead = line('modelling and molecular simulation studies. Currently, we provide functionalities for:', 700);
    const first = line('—reading common data formats such as PDB, PDBx/mmCIF, Hy-', 683);
    expect(at(lead, first)).toBe('break-list-item');
    const wrapped = line('perChem HIN, SDF (Structured Data File), and PubChem JSON', 673, { x0: 81 });
    expect(at(wrapped, line('—preprocessing the input by preparing the entire system (e.g.,', 661), [first, wrapped])).toBe('break-list-item');
    expect(LIST_ITEM.test('— which is the point of the method, as we show below')).toBe(false);
  });

  it('alpha bibliography labels and superscript-numbered entries start entries', () => {
    expect(at(line('[Qui78] J. R. Quinlan. Induction. 1978.', 700), line('[BC11] A. Bee and C. See. 2011.', 688))).toBe('break-reference-label');
    // The first entry after the authors' notes REVTeX sets before it: the note's last line is short, with no stop.
    expect(at(line('physics Postdoctoral Fellow; DIRAC Fellow', 270, { x0: 72, x1: 248, columnRight: 299 }), line('[1] Aigrain, S., Llama, J., Ceillier, T., et al. 2015, MNRAS,', 259, { x0: 59, x1: 299, columnRight: 299 }))).toBe('break-reference-label');
    expect(at(line('as was shown by the earlier work reported in the paper of', 270, { x0: 59, x1: 299, columnRight: 299 }), line('[1] and since then by many other authors who have studied it', 259, { x0: 59, x1: 299, columnRight: 299 }))).toBeNull();
    const sup = (text: string, y: number) => line(text, y, { supers: [{ text: '2', at: 0 }] });
    expect(at(sup('A. Author, Phys. Rev. 1 (1999).', 700), sup('B. Author, Phys. Rev. 2 (2000).', 688))).toBe('break-superscript-entry');
  });

  it('a citation year after "et al." at a line end is neither a list item nor after a sentence end', () => {
    expect(LIST_ITEM.test('(2014) with detections in Gaia DR1.')).toBe(false);
    expect(LIST_ITEM.test('(iv) the fourth case')).toBe(true);
    expect(LIST_ITEM.test('(a) the first case')).toBe(true);
    expect(endsSentence('found by McQuillan et al.')).toBe(false);
    expect(endsSentence('as shown in Fig.')).toBe(false);
    expect(endsSentence('The end of the sentence.')).toBe(true);
    // citation-after-stop: a numeric citation set after the stop ends the sentence too; one before it, or after "Fig.", does not.
    expect(endsSentence('a basic handwriting recognition algorithm was developed. [2, 5]')).toBe(true);
    expect(endsSentence('can\u2019t you do something about that?\u2019\u201d [1]')).toBe(true);
    expect(endsSentence('as described in [2, 5]')).toBe(false);
    expect(endsSentence('as shown in Fig. [2]')).toBe(false);
    // Science's numbers in parentheses after the stop, as brackets are.
    expect(endsSentence('is common with classical computers. (5)')).toBe(true);
    expect(endsSentence('as reviewed earlier. (3, 4)')).toBe(true);
    expect(endsSentence('as described in (5)')).toBe(false);
    expect(at(line('was first found by McQuillan et al.', 700), line('(2014) with detections in Gaia DR1.', 688))).toBeNull();
    expect(at(line('due to (1) the spot urine samples being unsuitable,', 700), line('(2) the short half-lives of the compounds', 688))).toBeNull();
    expect(at(line('• the first item;', 700), line('• the second item', 688))).toBe('break-list-item');
    expect(at(line('We consider three cases:', 700, { x1: 200 }), line('(a) the first case', 688))).toBe('break-list-item');
  });

  it('break-short-line: a short sentence-ending line ends a paragraph only if the next first word would have fitted on it', () => {
    // Justified text: the last line stops far short of the right edge, and "Next" would have fitted there.
    expect(at(line('The end of a paragraph.', 700, { x1: 200 }), line('Next paragraph starts here', 688))).toBe('break-short-line');
    // Ragged-right, indented text (an abstract): the block's own right edge is 470, not the column's 540; the
    // sentence ends 10 pt short of it and "Thereafter" (about 50 pt) could not have fitted: the paragraph goes on.
    const above = line('periods. A total of 1,299 bright rotating stars were recovered from the', 712, { x0: 120, x1: 470 });
    const ending = line('lying near the main sequence using their absolute magnitudes.', 700, { x0: 120, x1: 460 });
    const next = line('Thereafter the main sequence stars show a bimodality in the rotation', 688, { x0: 120, x1: 468 });
    expect(at(ending, next, [above, ending])).toBeNull();
    // The same sentence end much further left, with room for the word: a paragraph end.
    expect(at({ ...ending, x1: 300 }, next, [above, { ...ending, x1: 300 }])).toBe('break-short-line');
  });

  it('break-justified-short-line: in justified text with no first-line indent, a sentence that ends short of the edge ends its paragraph even when the next word would not have fitted', () => {
    const full = (text: string, y: number) => line(text, y, { x0: 54, x1: 293 });
    const block = [full('in column-wise fashion in the multivariate case, i.e., each column', 245), full('and then some more words of the same paragraph that fill it up', 235)];
    const ending = line('representing a variable and each line representing a time period.', 225, { x0: 54, x1: 283 });
    const next = full('While very simple, the local level model can be successfully ap-', 215);
    expect(at(ending, next, [...block, ending])).toBe('break-justified-short-line');
    // Ragged lines above (no common right edge), a next line in lower case, or a line that reaches the edge: no break.
    expect(at(ending, next, [{ ...block[0]!, x1: 280 }, block[1]!, ending])).toBeNull();
    expect(at(ending, { ...next, text: 'while very simple, the local level model can be successfully ap-' }, [...block, ending])).toBeNull();
    expect(at({ ...ending, x1: 290 }, next, [...block, { ...ending, x1: 290 }])).toBeNull();
  });

  it('a paragraph goes on across a column break unless its last line ended it', () => {
    expect(at(line('a sentence that goes', 100, { column: 'left' }), line('on at the top of the next column', 700, { column: 'right' }))).toBeNull();
  });
});

describe('layout rules', () => {
  it('page-number: a folio in the footer band, or a little higher when it is the lowest line of the page; not a number inside the text', () => {
    const folio = (text: string, y: number) => ({ ...line(text, y), pageHeight: 792 });
    expect(pageNumberLine.test(folio('7', 40), false)).toBe(true);
    expect(pageNumberLine.test(folio('Page 7 of 20', 760), false)).toBe(true);
    expect(pageNumberLine.test(folio('11', 89), true)).toBe(true);
    expect(pageNumberLine.test(folio('11', 89), false)).toBe(false);
    expect(pageNumberLine.test(folio('11', 300), true)).toBe(false);
    expect(pageNumberLine.test(folio('11 initial excess reactivity', 40), true)).toBe(false);
  });

  it('running-text: a running head that repeats the title in capitals leaves page 1\'s title, set larger than the text, in place', () => {
    const head = (n: number) => ({ ...line('AETIOLOGY OF ACUTE RESPIRATORY TRACT INFECTIONS IN', 798), page: n, pageHeight: 842 });
    const body = (n: number) => [700, 680, 660].map((y) => ({ ...line(`Body text of page ${n} at ${y} that runs on.`, y), page: n, pageHeight: 842 }));
    const title = { ...line('Aetiology of Acute Respiratory Tract Infections in', 756, { size: 15 }), page: 1, pageHeight: 842 };
    const pages = [[head(1), title, ...body(1)], ...[2, 3, 4].map((n) => [head(n), ...body(n)])];
    const kept = removeRunningText(pages).flat().map((l) => l.text);
    expect(kept).toContain(title.text);
    expect(kept).not.toContain('AETIOLOGY OF ACUTE RESPIRATORY TRACT INFECTIONS IN');
  });

  it('running-text: a head repeated on enough pages, its folio folded out even when set flush against it', () => {
    expect(runningTextKey('On the adaptation of networks 3')).toBe(runningTextKey('ON THE ADAPTATION OF NETWORKS11'));
    expect(runningTextKey('Results 3')).not.toBe(runningTextKey('Methods 3'));
    expect(runningText.test(3, 10)).toBe(true);
    expect(runningText.test(2, 10)).toBe(false);
    expect(runningText.test(2, 2)).toBe(false);
    // Two-sided: the title heads odd pages; from page 11 the folio touches it. Both spellings go; the body stays.
    const page = (n: number) => [
      { ...line(n % 2 ? `ON THE ADAPTATION OF NETWORKS${n >= 10 ? '' : ' '}${n}` : `${n} A. AUTHOR AND B. AUTHOR`, 760), pageHeight: 792 },
      { ...line(`Body text of page ${n} that runs on.`, 400), pageHeight: 792 },
    ];
    const kept = removeRunningText([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15].map(page));
    expect(kept.flat().map((l) => l.text).filter((t) => !t.startsWith('Body'))).toEqual([]);
    expect(kept.flat()).toHaveLength(13);
  });

  it('echoed-running-head: a two-page paper\'s venue head, echoed in page 1\'s permission block, goes with its row; the body stays', () => {
    const venue = 'NetPL ’19, August 23, 2019, Beijing, China';
    const pages = [
      [{ ...line('NV: An Intermediate Language for Network Verification', 700, { page: 1, size: 14 }), pageHeight: 792 },
        { ...line('Body text of page 1 that runs on.', 400, { page: 1 }), pageHeight: 792 },
        { ...line('More body text of page 1 that runs on.', 388, { page: 1 }), pageHeight: 792 },
        { ...line(venue, 119, { page: 1, size: 8 }), pageHeight: 792 }],
      [{ ...line(venue, 725, { page: 2, size: 8, x1: 190 }), pageHeight: 792 },
        { ...line('R. Beckett et al.', 725, { page: 2, size: 8, x0: 500 }), pageHeight: 792 },
        { ...line('Body text of page 2 that runs on.', 400, { page: 2 }), pageHeight: 792 },
        { ...line('More body text of page 2 that runs on.', 388, { page: 2 }), pageHeight: 792 },
        { ...line('A footnote of page 2 in small type.', 100, { page: 2, size: 8 }), pageHeight: 792 }],
    ];
    expect(removeRunningText(pages).flat().map((l) => l.text)).toEqual(['NV: An Intermediate Language for Network Verification', 'Body text of page 1 that runs on.', 'More body text of page 1 that runs on.', 'Body text of page 2 that runs on.', 'More body text of page 2 that runs on.', 'A footnote of page 2 in small type.']);
    // A head-band line with no echo elsewhere stays (two pages are too few to count).
    expect(removeRunningText([pages[0]!.slice(0, 3), pages[1]!]).flat().map((l) => l.text)).toContain(venue);
  });

  it('running-text: a draft\'s stamp and crop marks above the running head do not keep it in the text (Bioinformatics)', () => {
    // Page 1000 pt tall: the head at 858 lies past the edge band, so only as a page's top row (furniture aside) is it running text.
    const at = (text: string, y: number, n: number, size = 9) => ({ ...line(text, y, { page: n, size }), pageHeight: 1000 });
    const page = (n: number) => [
      at('✐', 926, n, 10),
      at(`“paper” — 2016/9/1 — 22:55 — page ${n} — #${n}`, 904, n),
      at(n % 2 ? 'Multitask matrix completion' : 'Kshirsagar et al.', 858, n, 8),
      at(`Body text of page ${n} that runs on.`, 831, n),
      at(`More body text of page ${n}.`, 500, n),
      at('✐', 74, n, 10),
    ];
    const first = [at('✐', 926, 1, 10), at('“paper” — 2016/9/1 — 22:55 — page 1 — #1', 904, 1), at('Multitask matrix completion for host-pathogen interactions', 850, 1, 14)];
    const kept = removeRunningText([first, ...[2, 3, 4, 5, 6, 7].map(page)]).flat().map((l) => l.text);
    expect(kept.filter((t) => !/body text/i.test(t))).toEqual(['Multitask matrix completion for host-pathogen interactions']);
    expect(kept).toContain('Body text of page 3 that runs on.');
  });

  it('running-text: a table\'s label at the top of several pages (tables float there) is no running head', () => {
    const labels = ['TABLE 1', 'TABLE 1 — Continued', 'TABLE 2', 'Table 3. Priors and posteriors.'];
    const page = (n: number) => [
      { ...line(labels[n]!, 760, { page: n }), pageHeight: 792 },
      { ...line(`Body text of page ${n} that runs on.`, 400, { page: n }), pageHeight: 792 },
    ];
    expect(removeRunningText([0, 1, 2, 3].map(page)).flat().filter((l) => !l.text.startsWith('Body')).map((l) => l.text)).toEqual(labels);
  });

  it('a table\'s label alone on the first line of its block ("TABLE 2" over its caption) makes the block a caption', () => {
    const first = line('TABLE 2', 712, { x0: 150, x1: 187 });
    expect(kindOf(first, 'TABLE 2 Orbital parameters for the ψ^1 Draconis A subsystem.', style)).toBe('caption');
    expect(kindOf(line('TABLE II', 712), 'TABLE II Results on the test sets', style)).toBe('caption');
    expect(kindOf(line('Tables of results are given below for each', 712), 'Tables of results are given below for each of the runs.', style)).toBe('text');
    // Elsevier CAS: "Table 2" alone in bold over the caption's words, no stop after the number; not in the words' own face.
    const label = { ...line('Table 2', 726), font: 'Bold' };
    const words = { ...line('Experimental Environment and Key Parameter Configurations', 715), font: 'Roman' };
    expect(kindOf(label, 'Table 2 Experimental Environment and Key Parameter Configurations', style, undefined, words)).toBe('caption');
    expect(kindOf({ ...label, font: 'Roman' }, 'Table 2 Experimental Environment and Key Parameter Configurations', style, undefined, words)).toBe('text');
  });

  it('page-number-sequence: a bottom line of bare digits that counts up with the pages is a folio, however far in it stands', () => {
    // A journal's small page on letter paper: the folio sits 190 pt up, in the text's size, under the last line.
    const page = (n: number, folio: string) => [
      { ...line(`Body text of page ${n} that runs on to the next page and`, 700, { page: n }), pageHeight: 792 },
      { ...line(`the last line of page ${n}, which runs on to the next`, 220, { page: n }), pageHeight: 792 },
      { ...line(folio, 189, { page: n, x0: 283, x1: 288 }), pageHeight: 792 },
    ];
    const counting = removeRunningText([1, 2, 3, 4, 5].map((n) => page(n, String(n + 2))));
    expect(counting.flat().map((l) => l.text).filter((t) => /^\d+$/.test(t))).toEqual([]);
    // The same number on every page (a table's count, a step number) does not count up: it stays.
    const constant = removeRunningText([1, 2, 3, 4, 5].map((n) => page(n, '7')));
    expect(constant.flat().filter((l) => l.text === '7')).toHaveLength(5);
    expect(pageNumberSequence.test(3, 5)).toBe(true);
    expect(pageNumberSequence.test(2, 5)).toBe(false);
    expect(pageNumberSequence.test(2, 2)).toBe(false);
  });

  it('running-text: further in than the edge band, only a later page\'s top line in smaller type', () => {
    // amsart: the head is 13% down the page in 8 pt; page 1 opens with the title, which the odd pages' head repeats.
    const page = (n: number) => [
      { ...line(n === 1 ? 'STATE-SPACE CHECKS FOR MODELS' : `STATE-SPACE CHECKS FOR MODELS ${n}`, 690, { size: n === 1 ? 11 : 8, page: n }), pageHeight: 792 },
      ...Array.from({ length: 5 }, (_, i) => ({ ...line(`Body text line ${i} of page ${n} that runs on and on.`, 600 - 14 * i, { size: 11, page: n }), pageHeight: 792 })),
    ];
    const kept = removeRunningText([1, 2, 3, 4, 5, 6].map(page));
    expect(kept[0]![0]!.text).toBe('STATE-SPACE CHECKS FOR MODELS');
    expect(kept.slice(1).flat().filter((l) => l.text.startsWith('STATE'))).toEqual([]);
    // A body-size first line repeated on every page (a test document) is text, not a head.
    const plain = (n: number) => [0, 1].map((i) => ({ ...line(i ? 'It ends here.' : `Page ${n} begins a paragraph.`, 690 - 300 * i, { size: 11, page: n }), pageHeight: 792 }));
    expect(removeRunningText([1, 2, 3, 4].map(plain)).flat()).toHaveLength(8);
  });

  it('running-text: "smaller type" is smaller than the document\'s text, so the head goes on pages set mostly in that type too (LNCS code pages)', () => {
    // The head is 9 pt, 100 pt from the top; pages 4 to 9 hold mostly 9-pt code, pages 2 and 3 10-pt text.
    const page = (n: number) => [
      { ...line(n % 2 ? 'A NEW FUNCTIONAL LANGUAGE WITH EFFECT TYPES' : `${n} P. SOKOLOV`, 692, { size: 9, page: n }), pageHeight: 792 },
      ...Array.from({ length: 6 }, (_, i) => ({ ...line(`Line ${i} of page ${n} that runs on and on.`, 600 - 14 * i, { size: n >= 4 && i > 0 ? 9 : 10, page: n }), pageHeight: 792 })),
    ];
    const bodies = [2, 3].flatMap((n) => Array.from({ length: 30 }, (_, i) => ({ ...line(`More text ${i} on page ${n}.`, 500 - 10 * i, { size: 10, page: n }), pageHeight: 792 })));
    const pages = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(page).map((lines, i) => [...lines, ...bodies.filter((l) => l.page === i + 1)]);
    const kept = removeRunningText(pages);
    expect(kept.slice(1).flat().filter((l) => /FUNCTIONAL|SOKOLOV/.test(l.text))).toEqual([]);
  });

  it('band-break: both columns restarting at one height after a gap start a new band', () => {
    const l = (text: string, y: number, column: 'left' | 'right', size = 10) => ({ ...line(text, y, { column, size }) });
    expect(bandBreak.test(l('body', 400, 'left'), l('[1] A. Author', 360, 'left', 8), l('body', 400, 'right'), l('[10] B. Author', 360, 'right', 8))).toBe(true);
    expect(bandBreak.test(l('body', 400, 'left'), l('body', 388, 'left'), l('body', 400, 'right'), l('body', 388, 'right'))).toBe(false);
    const band = [l('L1', 420, 'left'), l('R1', 420, 'right'), l('L2', 408, 'left'), l('R2', 408, 'right'), l('[1]', 360, 'left', 8), l('[3]', 360, 'right', 8), l('[2]', 350, 'left', 8)];
    expect(splitBand(band).map((b) => b.map((x) => x.text))).toEqual([['L1', 'R1', 'L2', 'R2'], ['[1]', '[3]', '[2]']]);
    // Section headings that share a height across the columns, or the first line under one, are the columns' own flow.
    expect(bandBreak.test(l('the specification of models.', 400, 'left'), l('1 Introduction', 360, 'left', 14), l('with the length of the series.', 400, 'right'), l('2.2.1 Identifiability', 360, 'right', 12))).toBe(false);
    expect(bandBreak.test(l('9.2 Findings of study 4', 400, 'left', 12), l('The checks caught most of them,', 380, 'left'), l('Press, 2012.', 400, 'right'), l('[3] A. Gelman, J. B. Carlin', 380, 'right'))).toBe(false);
  });

  it('page-gutter: columns set 10 pt apart are cut at the gutter even where their baselines meet; one column is not cut', () => {
    const rows = Array.from({ length: 12 }, (_, i) => 700 - i * 12);
    const twoColumns = rows.flatMap((y, i) => [item(`Left column line ${i} of running prose here and`, 72, y, 10, 229), item(`right column line ${i} of other prose`, 311, y, 10, 228)]);
    expect(gutterOf(twoColumns, 595)).not.toBeNull();
    const lines = buildLines({ pageNumber: 1, width: 595, height: 842, items: twoColumns });
    expect(lines).toHaveLength(24);
    expect(lines[0]!.text).toBe('Left column line 0 of running prose here and');
    const oneColumn = rows.map((y, i) => item(`A line of prose ${i} across the whole text block of the page, wide.`, 72, y, 10, 468));
    expect(gutterOf(oneColumn, 595)).toBeNull();
  });

  it('page-gutter: a full-width title block above the columns (page 1) does not hide the gutter; a one-column page under a title is still one column', () => {
    const rows = Array.from({ length: 12 }, (_, i) => 600 - i * 12);
    const title = [700, 686, 672, 658, 644, 630].map((y, i) => item(`A centred title block line number ${i}`, 150, y, 12, 300));
    const twoColumns = rows.flatMap((y, i) => [item(`Left column line ${i} of running prose here and`, 72, y, 10, 229), item(`right column line ${i} of other prose`, 311, y, 10, 228)]);
    expect(gutterOf([...title, ...twoColumns], 595)?.x).toBeGreaterThan(295);
    expect(columnBand([...title, ...twoColumns], 595)).toHaveLength(24);
    const oneColumn = rows.map((y, i) => item(`A line of prose ${i} across the whole text block of the page, wide.`, 72, y, 10, 468));
    expect(gutterOf([...title, ...oneColumn], 595)).toBeNull();
    expect(columnBand(oneColumn, 595)).toHaveLength(12);
  });

  it('page-gutter: a full-width abstract whose lines a word processor writes in two items (at a stretched sentence space) does not hide the gutter below it', () => {
    const abstract = [700, 686, 672, 658, 644, 630].flatMap((y, i) => [item(`Abstract line ${i} ends a sentence here.`, 72, y, 11, 354), item('The aim was', 433, y, 11, 90)]);
    const rows = Array.from({ length: 12 }, (_, i) => 600 - i * 13);
    const twoColumns = rows.flatMap((y, i) => [item(`Left column line ${i} of running prose`, 72, y, 11, 216), item(`right column line ${i} of prose`, 307, y, 11, 216)]);
    expect(gutterOf([...abstract, ...twoColumns], 612)?.x).toBeGreaterThan(288);
    expect(columnBand([...abstract, ...twoColumns], 612)).toHaveLength(24);
  });

  it('page-gutter: a full-width abstract justified word by word, its spaces stretched past a sentence space, does not hide the gutter below it', () => {
    // Nine 10-pt words at even 8-pt gaps across the page (0.8 of a size), on six lines, one of them over the gutter; two columns under them.
    const abstract = [700, 687, 674, 661, 648, 635].flatMap((y, i) => Array.from({ length: 9 }, (_, k) => item(`word${i}${k}`, 72 + k * 53, y, 10, 45)));
    const rows = Array.from({ length: 12 }, (_, i) => 600 - i * 13);
    const twoColumns = rows.flatMap((y, i) => [item(`Left column line ${i} of running prose`, 72, y, 10, 216), item(`right column line ${i} of prose`, 307, y, 10, 216)]);
    expect(gutterOf([...abstract, ...twoColumns], 595)?.x).toBeGreaterThan(288);
  });

  it('page-gutter: on a one-column page of displays, the strip between pieces of maths and their equation numbers is no gutter', () => {
    const prose = [700, 686, 672].map((y, i) => item(`A line of prose ${i} that runs across the whole text block, before the displays.`, 72, y, 11, 451));
    const displays = Array.from({ length: 10 }, (_, k) => 600 - k * 36).flatMap((y, k) => [
      item('F', 169, y, 11, 7), item('(x) =', 177, y, 11, 27), item('2', 240, y - 4, 8, 4), item('exp', 286, y, 11, 17), item('−', 308, y, 11, 8),
      item('x', 330, y, 11, 6), item('(2k − 1)', 352, y, 11, 40), item('π', 406, y, 11, 6), item(`(${k + 1})`, 509, y, 11, 14),
    ]);
    expect(gutterOf([...prose, ...displays], 595)).toBeNull();
  });

  it('page-gutter: a left display\'s exponent overhanging the gutter does not join the right column\'s line', () => {
    const rows = Array.from({ length: 12 }, (_, i) => 700 - i * 12);
    const columns = rows.flatMap((y, i) => [item(`Left column line ${i} of running prose here and`, 72, y, 10, 229), item(`right column line ${i} of other prose`, 311, y, 10, 228)]);
    const row = [item('x', 297.3, 555.2, 10, 5.7), item('3', 303, 558.1, 7, 4), item('2.1.2', 311, 556.7, 10, 23.5), item(' ', 334.5, 556.7, 10, 11.5), item('Maximum absolute value of the', 346, 556.7, 10, 160)];
    const lines = buildLines({ pageNumber: 1, width: 612, height: 792, items: [...columns, ...row] });
    expect(lines.map((l) => l.text)).toContain('2.1.2 Maximum absolute value of the');
  });

  it('page-gutter: the one-pass sweep finds the same strip as counting every item at every x', () => {
    // The naive twin: at each whole x of the middle, count the items left of it, right of it and across it.
    const naive = (items: PdfTextItem[], width: number) => {
      const text = columnBand(items.filter((i) => i.text.trim() && i.width > 0), width);
      if (text.length < 20) return null;
      let best: { x: number; crossing: number } | null = null;
      for (let x = Math.round(width * 0.3); x <= width * 0.7; x++) {
        const leftOf = text.filter((i) => i.x + i.width <= x).length;
        const rightOf = text.filter((i) => i.x >= x).length;
        const crossing = text.length - leftOf - rightOf;
        if (!pageGutter.test(crossing, leftOf, rightOf, text.length)) continue;
        if (!best || crossing < best.crossing || (crossing === best.crossing && Math.abs(x - width / 2) < Math.abs(best.x - width / 2))) best = { x, crossing };
      }
      return best?.x ?? null;
    };
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let trial = 0; trial < 40; trial++) {
      const gutter = 250 + random() * 100;
      const items = Array.from({ length: 20 + Math.floor(random() * 60) }, (_, k) => {
        const left = random() < 0.5;
        const across = random() < 0.04;
        const x = across ? gutter - 30 : left ? 60 + random() * 100 : gutter + 5 + random() * 20;
        const width = across ? 60 : left ? Math.min(gutter - 2 - x, 20 + random() * 150) : 20 + random() * 150;
        return item(`w${k}`, x, 700 - k * 3, 10, width);
      });
      expect(gutterOf(items, 595)?.x ?? null, `trial ${trial}`).toBe(naive(items, 595));
    }
  });

  it('bulleted-line: a short bulleted item with a word ("• T_eff = 4400 K") is a list item, not a display, and no figure label', () => {
    const col = { columnLeft: 54, columnRight: 294, column: 'left' as const };
    const lines = [
      line('cross-correlate each residual spectrum against a model spectrum with parameters', 500, { x0: 54, x1: 294, ...col }),
      line('• T_eff = 4400 K', 482, { x0: 78, x1: 134, ...col }),
      line('• log g = 4.5 (cgs units)', 468, { x0: 78, x1: 172, ...col }),
      line('• [Fe/H] = 0.0', 454, { x0: 78, x1: 130, ...col }),
    ];
    const blocks = buildBlocks(lines, style).filter((b): b is TextBlock => b.type === 'paragraph');
    // An item of maths alone keeps its reading as maths.
    expect(blocks.map((b) => b.kind)).toEqual(['text', 'list', 'list', 'equation']);
    expect(dropFigureText(blocks, { style, vocabulary: new Set() } as never)).toHaveLength(4);
    // An item leading into a display goes with the display.
    expect(bulletedLine.test({ text: '• z = (z_0, z_1, z_2), such that' })).toBe(false);
  });

  it('panel-letters: a row of lone letters ("A. B. C.", "(a) (b)") is a figure\'s panel labels; prose with a short word is not', () => {
    expect(panelLetters.test('A. B. C.')).toBe(true);
    expect(panelLetters.test('(a) (b) (c)')).toBe(true);
    expect(panelLetters.test('A.')).toBe(false);
    expect(panelLetters.test('A B and C')).toBe(false);
    const block = (text: string): TextBlock => ({ type: 'paragraph', kind: 'text', lines: [line(text, 600, { x0: 100, x1: 300 })], text, marks: [], trace: [] });
    expect(dropFigureText([block('A. B. C.'), block('We show the three panels in turn, from the left.')], { style, vocabulary: new Set() } as never)).toHaveLength(1);
  });

  it('figure-text: a reference line of initials is not a spaced-out plot label; a spaced-out label is', () => {
    const one = (text: string) => ({ kind: 'text', text, lines: [line(text, 320, { x0: 311, x1: 539, columnLeft: 311, columnRight: 539 })] });
    expect(figureText.test(one('[3] A. Gelman, J. B. Carlin, H. S. Stern and D. B.'), style)).toBe(false);
    expect(figureText.test(one('F - m e a s u r e'), style)).toBe(true);
    // IOP and Vancouver styles write initials without stops: the names, not the short tokens, say what the line is.
    expect(figureText.test(one('[5] Lukyanov S M, Denikin A S, Voskoboynik E I, Khlebnikov'), style)).toBe(false);
    expect(figureText.test(one('Kukulin V I and Voronchev V T 2010 Phys. At. Nucl. 73'), style)).toBe(false);
    // One name is no list: a row of panel capitals stays figure text.
    expect(figureText.test(one('Panel A B C D E'), style)).toBe(true);
  });

  it('figure-text: an algorithm\'s caption, short and unpunctuated like a label, is kept to open its float; its steps are pseudo-code', () => {
    const at = (text: string, y: number, size = 10): TextBlock => ({ type: 'paragraph', kind: 'text', lines: [line(text, y, { x0: 72, x1: 72 + text.length * 4, size })], text, marks: [], trace: [] });
    const caption = at('Algorithm 2 Hybrid partial least squares regression', 608);
    expect(figureText.test(caption, style)).toBe(false);
    const blocks = [caption, at('1: Initialize: (B, B′′, Θ[1], y[1]) as the data objects after basis expansion.', 589, 9), at('Regression coefficient estimation (Section 3.4):', 335, 9)];
    expect(markAlgorithmFloats(dropFigureText(blocks, { style, vocabulary: new Set() } as never)).map((b) => (b.type === 'paragraph' ? b.kind : 'heading'))).toEqual(['caption', 'algorithm', 'algorithm']);
  });

  it('display-lead-in: a participle alone on a line ("yielding", "using") announces the display under it', () => {
    expect(displayLeadIn.test('yielding')).toBe(true);
    expect(displayLeadIn.test('and thus, using')).toBe(true);
    expect(displayLeadIn.test('Training loss')).toBe(false);
    // A bare connective left on its line before the display.
    expect(displayLeadIn.test('Let')).toBe(true);
    expect(displayLeadIn.test('with')).toBe(true);
  });

  it('inline-maths-prose: a short line of inline maths with the words of a clause is prose, not a spaced-out figure label', () => {
    const short = (text: string) => ({ kind: 'text', text, lines: [line(text, 320, { x0: 51, x1: 300, columnLeft: 51, columnRight: 562 })] });
    expect(inlineMathsProse.test('Proof. For any h ∈ H and d ∈ R, we have:')).toBe(true);
    expect(figureText.test(short('Proof. For any h ∈ H and d ∈ R, we have:'), style)).toBe(false);
    expect(figureText.test({ ...short('1. Show that for every s ≥ 1 and every j ≤ s − 1, we have E[ρ] = 0 for'), kind: 'list' }, style)).toBe(false);
    // A plot's labels have no relation between symbols and no clause.
    expect(inlineMathsProse.test('x y z a b c d e')).toBe(false);
    expect(figureText.test(short('F - m e a s u r e'), style)).toBe(true);
  });

  it('figure-text: a short sentence of short English words after a display is prose; the same words in a line of code are not', () => {
    const short = (text: string) => ({ kind: 'text', text, lines: [line(text, 320, { x0: 51, x1: 149, columnLeft: 51, columnRight: 562 })] });
    expect(figureText.test(short('up to a constant term.'), style)).toBe(false);
    expect(figureText.test(short('cons of a a list generative'), style)).toBe(true);
    expect(figureText.test(short('D a t a s e t s'), style)).toBe(true);
    // A short numbered author-year entry stops short of the edge with no stop too; it is an entry.
    expect(figureText.test(short('[33] Skumanich, A. 1972, Astrophys. J., 171, 565'), style)).toBe(false);
  });

  it('figure-text: a run of words repeated back to back (each panel of a grid labelled alike) is figure text; prose is not', () => {
    const wide = (text: string) => ({ kind: 'text', text, lines: [line(text, 487, { x0: 72, x1: 540 })] });
    expect(figureText.test(wide('train_time (s) batch_size b est_type train_time (s) batch_size b est_type train_time (s)'), style)).toBe(true);
    expect(repeatsItself('a b a b'.split(' '))).toBe(true);
    expect(repeatsItself('the model and the model and the data'.split(' '))).toBe(false);
    expect(repeatsItself('It ends here. It ends here.'.split(' '))).toBe(false); // a sentence said again is not a label
    expect(figureText.test(wide('We fit the model to the data, and then we fit the model to the new data at the column edge.'), style)).toBe(false);
  });

  it('figure-text: one word in capitals alone on a line is a label, even flush with the column edge; a word of prose is not', () => {
    const edge = (text: string) => ({ kind: 'text', text, lines: [line(text, 487, { x0: 535, x1: 563, columnLeft: 312, columnRight: 563 })] });
    expect(figureText.test(edge('KMAP'), style)).toBe(true);
    expect(figureText.test(edge('T-RULE2'), style)).toBe(true);
    expect(figureText.test(edge('respectively.'), style)).toBe(false);
    expect(figureText.test(edge('Results'), style)).toBe(false);
  });

  it('heading-after-shaped-bibliography: a list found by its shape ends at an unnumbered title in a heading face; a headed one does not, nor does a numbered entry', () => {
    expect(headingAfterShapedBibliography.test({}, true, true)).toBe(true);
    expect(headingAfterShapedBibliography.test({}, false, true)).toBe(false);
    expect(headingAfterShapedBibliography.test({ number: '12' }, true, true)).toBe(false);
    expect(headingAfterShapedBibliography.test({}, true, false)).toBe(false);
  });

  it('reference-tail: an entry\'s last line of pages and year is kept, alone in its block or not; other bare digits are not', () => {
    expect(referenceTail.test('1735–1780, 1997.')).toBe(true);
    expect(referenceTail.test('61:85–117, 2015.')).toBe(true);
    expect(referenceTail.test('0.5 0.6 0.7')).toBe(false);
    expect(referenceTail.test('(12)')).toBe(false);
    // A DOI alone, in digits (bioRxiv's), wrapped to the entry's last line.
    expect(referenceTail.test('10.1101/2021.10.18.461897.')).toBe(true);
    expect(referenceTail.test('10.5 11.2')).toBe(false);
    const tail = { kind: 'text', text: '1735–1780, 1997.', lines: [line('1735–1780, 1997.', 174, { x0: 100, x1: 181 })] };
    expect(figureText.test(tail, style)).toBe(false);
    // Set apart from its entry by the gap of a page's foot, the tail is still a block of its own, not dropped as digits.
    const blocks = buildBlocks([line('S. Hochreiter and J. Schmidhuber. Long short-term memory. Neural Computation, 9(8):', 300), line('1735–1780, 1997.', 250, { x0: 82, x1: 160 })], style);
    expect(blocks.filter((b) => b.type === 'paragraph').map((b) => (b as TextBlock).text).join(' ')).toContain('1735–1780, 1997.');
  });

  it('figure-text: a short unpunctuated line that leads into a display equation is prose', () => {
    const lead = { kind: 'text', text: 'We define the series', lines: [line('We define the series', 660, { x0: 314, x1: 394, columnLeft: 305, columnRight: 548 })] };
    expect(figureText.test(lead, style)).toBe(true);
    expect(figureText.test(lead, style, true)).toBe(false);
    expect(figureText.test({ ...lead, text: '0.5' }, style, true)).toBe(true);
  });

  it('lead-in-above-gap: prose at the column edge with a display\'s gap under it is kept; a label, a table\'s row label or code is not', () => {
    const block = (text: string, over: Partial<PlacedLine> = {}) => ({ kind: 'text', text, lines: [line(text, 544, { x0: 72, x1: 91, ...over })] });
    const wide = 3 * style.lineSpacing;
    for (const text of ['with', 'where we used Sylvester\'s determinant theorem,', 'We note that in the univariate case, n = 1, these relations become', 'Define the studentized statistic']) {
      expect(leadInAboveGap.test(block(text), style, wide), text).toBe(true);
      expect(figureText.test(block(text), style, false, wide), text).toBe(false);
    }
    // No gap below (the next line follows at the line spacing), no block below, or set in the middle of the column: a label.
    expect(leadInAboveGap.test(block('with'), style, style.lineSpacing)).toBe(false);
    expect(leadInAboveGap.test(block('with'), style, null)).toBe(false);
    expect(leadInAboveGap.test(block('with', { x0: 250, x1: 270 }), style, wide)).toBe(false);
    expect(leadInAboveGap.test(block('with', { size: 7 }), style, wide)).toBe(false);
    // A table's row label, a formula and a line of code.
    expect(leadInAboveGap.test(block('Side length of the graphite hexagonal prism, cm'), style, wide)).toBe(false);
    expect(leadInAboveGap.test(block('Fuel salt components'), style, wide)).toBe(false);
    expect(leadInAboveGap.test(block('x = y + z'), style, wide)).toBe(false);
    expect(leadInAboveGap.test(block('{ mutable ops: int [@atomic]; mutable state: state [@atomic]; }'), style, wide)).toBe(false);
  });

  it('continues-line-above: the bold end of a wrapped caption is not a section named "Experiments"', () => {
    const caption = { text: 'Table 1: WH circuit: Parameter configuration of the', font: 'Bold', size: 9, y: 700, page: 4 };
    const end = { text: 'experiments.', font: 'Bold', size: 9, y: 689, page: 4 };
    expect(continuesLineAbove.test(caption, end)).toBe(true);
    expect(continuesLineAbove.test({ ...caption, text: 'Table 1: WH circuit: Parameter configuration.' }, end)).toBe(false);
    expect(continuesLineAbove.test(caption, { ...end, font: 'Regular' })).toBe(false);
    expect(continuesLineAbove.test(caption, { ...end, y: 660 })).toBe(false);
    expect(continuesLineAbove.test(undefined, end)).toBe(false);
    // A title starts in capitals: "REFERENCES" under the last line of the acknowledgements is a heading.
    expect(continuesLineAbove.test({ ...caption, text: 'and the referee for comments' }, { ...end, text: 'REFERENCES' })).toBe(false);
  });

  it('equation-row: a row ending in an equation number is one line, on its side of the gutter only', () => {
    // MNRAS (fleqn): the display starts at the column edge, far from its number.
    const fleqn = buildLines({ pageNumber: 1, width: 595, height: 842, items: [item('F (x) =', 305, 532, 9, 29), item('f(y) dy', 352, 532, 9, 29), item('(2)', 536, 532, 9, 12)] });
    expect(fleqn.map((l) => l.text)).toEqual(['F (x) = f(y) dy (2)']);
    // A left-column line on the same baseline stays apart (the gutter is between).
    expect(withEquationRowJoined([[item('left column prose that runs', 42, 532, 9, 243)], [item('F (x) =', 305, 532, 9, 29)], [item('(2)', 536, 532, 9, 12)]], 295).map((s) => s.map((i) => i.text).join(' '))).toEqual(['left column prose that runs', 'F (x) = (2)']);
    // Table cells that end in something else are left as they are.
    expect(withEquationRowJoined([[item('Method', 72, 500)], [item('0.93', 300, 500)]], null)).toHaveLength(2);
    expect(equationRow.test('(12a)')).toBe(true);
    expect(equationRow.test('(see 2)')).toBe(false);
  });

  it('equation-row-left: a row that starts with an equation number and holds maths is one line (AMS style, numbers at the left)', () => {
    // imsart: "(11)" at the column edge, the display centred far from it, in two pieces.
    const leqno = buildLines({ pageNumber: 1, width: 612, height: 792, items: [item('(11)', 103, 630, 10, 18), item('B := blkdiag(B, I_p),', 167, 630, 10, 124), item('C := blkdiag(C, I_p),', 304, 630, 10, 139)] });
    expect(leqno.map((l) => l.text)).toEqual(['(11) B := blkdiag(B, I_p), C := blkdiag(C, I_p),']);
    // A table row that opens with a row number and holds no maths stays in its cells.
    expect(withEquationRowJoined([[item('(1)', 100, 500)], [item('Baseline', 200, 500)], [item('0.93', 400, 500)]], null)).toHaveLength(3);
    // On a two-column page only the number's side joins.
    expect(withEquationRowJoined([[item('(4)', 42, 532, 9, 12)], [item('x = y + z', 120, 532, 9, 40)], [item('right column prose', 310, 532, 9, 200)]], 295).map((s) => s.map((i) => i.text).join(' '))).toEqual(['(4) x = y + z', 'right column prose']);
    expect(leftEquationRow.test('(7)', 'a = b')).toBe(true);
    expect(leftEquationRow.test('(7)', 'Second item of the list')).toBe(false);
  });

  it('equation numbers within sections ("(3.2)", "(A.1)", SIAM and imsart) are equation numbers; a decimal below one or a year is not', () => {
    // SIAM: "(3.2)" at the column's left edge, the display far from it.
    const siam = buildLines({ pageNumber: 1, width: 612, height: 792, items: [item('(3.2)', 72, 119, 10, 20), item('Y_i = ⟨β, W_i⟩_H + ϵ_i, where β ∈ H.', 132, 119, 10, 249)] });
    expect(siam.map((l) => l.text)).toEqual(['(3.2) Y_i = ⟨β, W_i⟩_H + ϵ_i, where β ∈ H.']);
    for (const number of ['(3.2)', '(A.1)', '(2.10b)']) expect(equationRow.test(number)).toBe(true);
    for (const notANumber of ['(0.12)', '(2002)', '(1.2.3)']) expect(equationRow.test(notANumber)).toBe(false);
  });

  it('bibliography-line: a bibliography heading or an author-year entry line is not figure text; plot labels are', () => {
    expect(bibliographyLine.test('REFERENCES')).toBe(true);
    expect(bibliographyLine.test('Abel, T., Hahn, O., & Kaehler, R. 2012, MNRAS, 427, 61')).toBe(true);
    expect(bibliographyLine.test('Powell, D., & Abel, T. 2014, ArXiv e-prints')).toBe(true);
    expect(bibliographyLine.test('Rsp (Rk = 0.15)/Rsp (Rk = 0.2)')).toBe(false);
    expect(bibliographyLine.test('L = 62.5 Mpc/h')).toBe(false);
    expect(bibliographyLine.test('Training loss, 2019 run')).toBe(false);
    expect(bibliographyLine.test('2010, Science, 327, 977')).toBe(true);
    expect(bibliographyLine.test('2010 2012 2014')).toBe(false);
    // The dash that repeats the authors of the entry above (AASTeX).
    expect(bibliographyLine.test('—. 2020, arXiv:2008.05170 [astro-ph]. http://arxiv.org/abs/2008.05170')).toBe(true);
    expect(bibliographyLine.test('— 2020 — a dash in a label')).toBe(false);
  });
});

describe('equation-line', () => {
  const withPieces = (parts: { text: string; x0: number; x1: number }[], y = 300) => {
    let text = '';
    const pieces = parts.map((p) => {
      const start = text.length + (text ? 1 : 0);
      text = text ? `${text} ${p.text}` : p.text;
      return { x0: p.x0, x1: p.x1, start, end: text.length };
    });
    return line(text, y, { x0: parts[0]!.x0, x1: parts[parts.length - 1]!.x1, pieces, size: 9, columnLeft: 305, columnRight: 548 });
  };

  it('a line of an abstract set in from both margins, flush with the lines above and below it, is no centred display', () => {
    const at = (text: string, y: number, x0 = 85, x1 = 527) => line(text, y, { x0, x1, columnLeft: 51, columnRight: 562 });
    const maths = at('7368 b (R_p = 2.22 ± 0.12R_⊕, P = 6.8 days), KOI-7913 Ab (R_p = 2.34 ± 0.18R_⊕, P = 24.2 days), and', 438.8);
    const above = at('The group includes four Kepler Objects of Interest: Kepler-1643 b (R_p = 2.32 ± 0.13R_⊕, P = 5.3 days), KOI-', 450.3);
    const below = at('1627 Ab (R_p = 3.85 ± 0.11R_⊕, P = 7.2 days). The latter Neptune-sized planet is in part of the complex', 427.4);
    expect(equationLine.test(maths, style, above, below)).toBe(false);
    // Centred between lines of prose that run from margin to margin, it is a display.
    expect(equationLine.test(maths, style, at(above.text, 450.3, 51, 562), at(below.text, 427.4, 51, 562))).toBe(true);
    expect(equationLine.test(maths, style)).toBe(true);
  });

  it('a number flush right, apart from the maths, is display maths; a reference closing a line of prose is not', () => {
    expect(equationLine.test(withPieces([{ text: 'F (x) = f(y) dy', x0: 305, x1: 381 }, { text: '(2)', x0: 536, x1: 548 }]), style)).toBe(true);
    expect(equationLine.test(withPieces([{ text: 'ter n terms, where n = n(x) is the least integer such that', x0: 305, x1: 533 }, { text: '(9)', x0: 536, x1: 548 }]), style)).toBe(false);
    expect(equationLine.test(withPieces([{ text: 'ter n terms, where n = n(x) is the least integer such that (9)', x0: 305, x1: 548 }]), style)).toBe(false);
    expect(equationLine.test(withPieces([{ text: 'G(x) = exp − x (4)', x0: 350, x1: 548 }]), style)).toBe(true);
    // An enumeration in prose closing its line after a clause ("…Architecture), (3)"); a display ending "y, (3)" stays maths.
    expect(equationLine.test(withPieces([{ text: 'mantic Pointers, Vector Function Architecture), (3)', x0: 305, x1: 548 }]), style)).toBe(false);
    expect(equationLine.test(withPieces([{ text: 'G(x) = x + y, (3)', x0: 350, x1: 548 }]), style)).toBe(true);
    // A year closing a line of prose is not an equation number.
    expect(equationLine.test(withPieces([{ text: '2002; Slesnick et al. 2008). Crucially, Preibisch et al. (2002)', x0: 305, x1: 548 }]), style)).toBe(false);
  });

  it('a number at the left margin, a wide gap before the maths, is display maths; a list label close to its text is not', () => {
    expect(equationLine.test(withPieces([{ text: '(11)', x0: 305, x1: 321 }, { text: 'B := blkdiag(B, . . . , B, I_p),', x0: 380, x1: 500 }]), style)).toBe(true);
    // "(1) We crawl …": an enumerate label a word space from its text.
    expect(equationLine.test(withPieces([{ text: '(1)', x0: 305, x1: 317 }, { text: 'We set x = 2 in all runs', x0: 321, x1: 450 }]), style)).toBe(false);
    // A left number before words with no maths is not a display.
    expect(equationLine.test(withPieces([{ text: '(2)', x0: 305, x1: 317 }, { text: 'Second stage', x0: 380, x1: 450 }]), style)).toBe(false);
    expect(numberedDisplayLine(withPieces([{ text: '(11)', x0: 305, x1: 321 }, { text: 'B := blkdiag(B, I_p),', x0: 380, x1: 500 }]), style)).toBe(true);
    // Numbered within a section (SIAM): the display holds a short word ("where") and is still maths.
    expect(equationLine.test(withPieces([{ text: '(3.2)', x0: 305, x1: 325 }, { text: 'Y_i = ⟨β, W_i⟩_H + ϵ_i, where β ∈ H.', x0: 365, x1: 520 }]), style)).toBe(true);
    expect(equationLine.test(withPieces([{ text: 'F (x) = f(y) dy', x0: 350, x1: 420 }, { text: '(A.1)', x0: 528, x1: 548 }]), style)).toBe(true);
  });

  it('maths-only-line: a line set in from the edge with a relation and no word of prose is a display\'s line; prose, a list item and a line at the edge are not', () => {
    // A display's line flush with a narrow column's right edge: not centred, but set in and all maths.
    expect(mathsOnlyLine.test(withPieces([{ text: '= Φ(x) + o_P(1),', x0: 480, x1: 546 }]), style)).toBe(true);
    expect(mathsOnlyLine.test(withPieces([{ text: 'Var_Π(τ_N | Y^obs, W) = (1 − p_1) + o_P(1),', x0: 330, x1: 548 }]), style)).toBe(true);
    // Operator names are not words.
    expect(mathsOnlyLine.test(withPieces([{ text: 'log p(X | M) = − log |C| − Tr C^(−1),', x0: 330, x1: 540 }]), style)).toBe(true);
    // A wide display set only an em and a half in (SIAM) is one; the same line half an em in is at the prose's edge.
    expect(mathsOnlyLine.test(withPieces([{ text: 'Uh = C_WY(C_YW h) = E(Y ⊗ W),', x0: 319, x1: 540 }]), style)).toBe(true);
    expect(mathsOnlyLine.test(withPieces([{ text: 'Uh = C_WY(C_YW h) = E(Y ⊗ W),', x0: 309, x1: 540 }]), style)).toBe(false);
    // A word of prose, or an identifier in running text, says sentence.
    expect(mathsOnlyLine.test(withPieces([{ text: 'where x = y + z and z ≥ 0,', x0: 330, x1: 480 }]), style)).toBe(false);
    expect(mathsOnlyLine.test(withPieces([{ text: 's, batch_size=128, seq_len=40.', x0: 330, x1: 480 }]), style)).toBe(false);
    // A line of inline maths filling a line of prose starts at the column's edge.
    expect(mathsOnlyLine.test(withPieces([{ text: '0.9 < G_BP − G_RP < 2.2 or 0.5 < M/M_⊙ < 0.9,', x0: 305, x1: 548 }]), style)).toBe(false);
    // "Distributed as" and "not equal" are relations: a display of priors ("D ∼ U(10, 1000) [pc]"), one per line.
    expect(mathsOnlyLine.test(withPieces([{ text: 'A_V ∼ U(0, 0.1).', x0: 380, x1: 440 }]), style)).toBe(true);
    expect(mathsOnlyLine.test(withPieces([{ text: 'D ∼ U(10, 1000) [pc]', x0: 380, x1: 460 }]), style)).toBe(true);
    expect(mathsOnlyLine.test(withPieces([{ text: 'f(x) ≠ g(x) + h(x),', x0: 380, x1: 460 }]), style)).toBe(true);
    // A short name in capitals, a unit in brackets and "const" are symbols of a display, not words of prose.
    expect(mathsOnlyLine.test(withPieces([{ text: 'EEP ∼ U(198, 480)', x0: 380, x1: 460 }]), style)).toBe(true);
    expect(mathsOnlyLine.test(withPieces([{ text: 't ∼ U(0.5, 14) [Gyr]', x0: 380, x1: 460 }]), style)).toBe(true);
    expect(mathsOnlyLine.test(withPieces([{ text: 'L = (y_i − μ_0)Ψ(y_i − μ_0) + const,', x0: 340, x1: 520 }]), style)).toBe(true);
    expect(mathsOnlyLine.test(withPieces([{ text: 'where EEP ∼ U(198, 480)', x0: 380, x1: 460 }]), style)).toBe(false);
    // A list item and an address are not displays; nor is a line without a relation.
    expect(mathsOnlyLine.test(withPieces([{ text: '• σ(G_RP)/G_RP < 0.01', x0: 330, x1: 420 }]), style)).toBe(false);
    expect(mathsOnlyLine.test(withPieces([{ text: '<ab@cd.org>.', x0: 330, x1: 420 }]), style)).toBe(false);
    expect(mathsOnlyLine.test(withPieces([{ text: '(Y_1(0), Y_1(1)), (Y_2(0), Y_2(1))', x0: 330, x1: 500 }]), style)).toBe(false);
  });

  it('a display as wide as the column, right after its left number, is display maths when a relation among symbols follows; a list item of prose is not', () => {
    expect(equationLine.test(withPieces([{ text: '(20) γˆ_11, . . . , γˆ_KM , ζˆ^⊤ = arg max ξ^⊤V ξ', x0: 305, x1: 545 }]), style)).toBe(true);
    expect(equationLine.test(withPieces([{ text: '(1) We set x = 2 in all runs and report the mean of five seeds.', x0: 305, x1: 545 }]), style)).toBe(false);
    // Symbols but no relation: a label before a formula named in prose, not a display.
    expect(equationLine.test(withPieces([{ text: '(3) γ_1, γ_2 and γ_3 in turn', x0: 305, x1: 420 }]), style)).toBe(false);
    // Indented from the column's edge: not a left number.
    expect(equationLine.test(withPieces([{ text: '(20) ζˆ = arg max ξ^⊤V ξ', x0: 330, x1: 545 }]), style)).toBe(false);
  });
});

describe('set-off-maths-line', () => {
  const kinds = (lines: PlacedLine[]) => buildBlocks(lines, style).map((b) => (b.type === 'paragraph' ? b.kind : b.type));
  const above = line('Then necessarily,', 700, { x0: 82, x1: 160 });
  const display = line('C_N = τˆ_N − z Vˆ, τˆ + z + o(m^(−1/2)),', 676, { x0: 72, x1: 546 });
  const below = line('uniformly over the same class of arrays. In particular,', 652);

  it('a line of maths only, a display\'s skip over and under it, is a display even at the column\'s edge or past it', () => {
    expect(setOffMathsLine.test(display, above, below, style)).toBe(true);
    expect(kinds([above, display, below])).toEqual(['text', 'equation', 'text']);
    // At the foot of a column, the line above a display's skip away is enough.
    expect(setOffMathsLine.test(display, above, undefined, style)).toBe(true);
    expect(setOffMathsLine.test(display, undefined, undefined, style)).toBe(false);
  });

  it('a display\'s line with no relation, set off the same way in the text\'s size, is a display; a figure\'s tick label is not', () => {
    const noRelation = line('X_1^(′′)(t)X_2^(′′)(t) dt + Z_1^⊤Z_2.', 676, { x0: 300, x1: 500 });
    expect(setOffMathsLine.test(noRelation, above, below, style)).toBe(true);
    expect(kinds([above, noRelation, below])).toEqual(['text', 'equation', 'text']);
    expect(setOffMathsLine.test(line('+ o(m^(−1/2)),', 676, { x0: 400, x1: 480 }), above, below, style)).toBe(true);
    expect(setOffMathsLine.test(line('10^2', 676, { x0: 100, x1: 115, size: 7 }), above, below, style)).toBe(false);
    expect(setOffMathsLine.test(line('aN aT (AN aT)', 676, { x0: 100, x1: 180 }), above, below, style)).toBe(false);
    expect(setOffMathsLine.test(line('Σ for the model', 676, { x0: 100, x1: 180 }), above, below, style)).toBe(false);
  });

  it('a display\'s line beside another display line stands in for the skip on that side', () => {
    const first = line('Var(τ) = Var(Y(1)) + Var(Y(0)) (4)', 676, { x0: 200, x1: 540 });
    const second = line('− 2 Cov(Y(1), Y(0)) + o(1),', 662, { x0: 72, x1: 300 });
    const after = line('where the first two terms are forced to equal the corrections.', 638);
    expect(setOffMathsLine.test(second, first, after, style)).toBe(false);
    expect(setOffMathsLine.test(second, first, after, style, [true, false])).toBe(true);
    expect(setOffMathsLine.test(second, first, { ...after, y: 650 }, style, [true, false])).toBe(false);
    expect(kinds([line('the posterior variance obeys', 700, { x1: 300 }), first, second, after])).toEqual(['text', 'equation', 'text']);
  });

  it('inline maths wrapped in prose, a typing rule\'s premises and a line with a word are not', () => {
    // A line spacing from the line above: a paragraph's line.
    expect(setOffMathsLine.test({ ...display, y: 688 }, above, below, style)).toBe(false);
    // Premises a line spacing over their conclusion.
    const premises = line('K; Γ ⊢ e : t^m K ⊢ m^′ ≤ m', 676, { x0: 60, x1: 200 });
    expect(setOffMathsLine.test(premises, above, line('K; Γ ⊢ e : t^m′', 662, { x0: 90, x1: 170 }), style)).toBe(false);
    expect(setOffMathsLine.test(line('where x = y + z and z ≥ 0,', 676), above, below, style)).toBe(false);
    // Another column's line is no neighbour.
    expect(setOffMathsLine.test(display, { ...above, column: 'left' }, undefined, style)).toBe(false);
  });
});

describe('display-script-line', () => {
  const display = line('x = Σ a_i b_i, (5)', 676, { x0: 230, x1: 540 });
  const kinds = (lines: PlacedLine[]) => buildBlocks(lines, style).map((b) => (b.type === 'paragraph' ? b.kind : b.type));

  it('a sum\'s limits on a line of their own in script size, beside the display, are the display\'s', () => {
    const limits = line('h∈H', 683, { x0: 250, x1: 262, size: 7 });
    expect(displayScriptLine.test(limits, display, style)).toBe(true);
    expect(displayScriptLine.test(line('i=1', 683, { x0: 250, x1: 262, size: 7 }), display, style)).toBe(true);
    expect(displayScriptLine.test(line('iXmax', 668, { x0: 250, x1: 270, size: 5 }), display, style)).toBe(true);
    const lead = line('the optimal weight at leading order was proved to be', 700, { x1: 400 });
    const after = line('where a and b are the weights of the model we fit.', 652);
    // The limits' smaller size still breaks the block; both parts are display maths, and the lead-in stays prose.
    expect(kinds([lead, limits, display, after])).toEqual(['text', 'equation', 'equation', 'text']);
  });

  it('a line in the text\'s size, far from the display, outside its span or with a word in lower case is not', () => {
    expect(displayScriptLine.test(line('i=1', 683, { x0: 250, x1: 262 }), display, style)).toBe(false);
    expect(displayScriptLine.test(line('i=1', 700, { x0: 250, x1: 262, size: 7 }), display, style)).toBe(false);
    expect(displayScriptLine.test(line('i=1', 683, { x0: 100, x1: 112, size: 7 }), display, style)).toBe(false);
    expect(displayScriptLine.test(line('for all i', 683, { x0: 250, x1: 280, size: 7 }), display, style)).toBe(false);
  });
});

describe('two-column-page', () => {
  const span = (x0: number, x1: number) => ({ x0, x1 });
  const leftColumn = Array.from({ length: 10 }, () => span(54, 296));

  it('six narrow lines a side are two columns; a right column ending early is one when its lines start at one x and reach the margin', () => {
    expect(twoColumnPage.test(leftColumn.slice(0, 6), Array.from({ length: 6 }, () => span(318, 559)))).toBe(true);
    // The last page: the right column holds the bibliography's last few lines.
    expect(twoColumnPage.test(leftColumn, [span(331, 558), span(331, 559), span(331, 360), span(318, 559)])).toBe(true);
    // A table's column of units beside one column of prose starts at one x, but no line reaches the margin.
    expect(twoColumnPage.test(leftColumn, [span(384, 470), span(384, 480), span(384, 455), span(384, 462)])).toBe(false);
    expect(twoColumnPage.test(leftColumn, [span(331, 558), span(331, 559)])).toBe(false); // too few
  });

  it('a left column ending early is one when its lines start at the margin and end at one x', () => {
    const rightColumn = Array.from({ length: 8 }, () => span(318, 559));
    expect(twoColumnPage.test([span(54, 296), span(54, 296), span(54, 180)], rightColumn)).toBe(true);
    expect(twoColumnPage.test([span(91, 205), span(94, 202), span(100, 196)], rightColumn)).toBe(false); // sub-figure labels
  });
});

describe('break-list-end', () => {
  const kinds = (lines: PlacedLine[]) => buildBlocks(lines, style).map((b) => (b.type === 'paragraph' ? `${b.kind}: ${b.text.slice(0, 20).trim()}` : b.type));

  it('ends an indented list where a line goes back to the column\'s edge under a sentence end', () => {
    const items = [line('9. The dip depths can change after flares.', 700, { x0: 85, x1: 300 }), line('10. They are rare at a population level, with an occurrence rate between (Rebull et al. 2018).', 688, { x0: 80, x1: 534 })];
    expect(kinds([...items, line('The 10.76 hr signal in PTFO 8-8695 meets all of these criteria. While this was', 676), line('mentioned before, the data solidify the connection.', 664, { x1: 300 })]))
      .toEqual(['list: 9. The dip depths ca', 'list: 10. They are rare at', 'text: The 10.76 hr signal']);
    // An item that wraps at its own indent goes on; so does one that breaks mid-sentence.
    expect(kinds([items[1]!, line('The smooth variability is interpreted as stellar rotation.', 676, { x0: 97, x1: 400 })])).toEqual(['list: 10. They are rare at']);
    expect(kinds([line('10. They are rare at a population level, with an occurrence rate between the', 688, { x0: 80, x1: 534 }), line('Pleiades and the field stars (Rebull et al. 2018).', 676, { x1: 300 })])).toEqual(['list: 10. They are rare at']);
  });

  it('leaves a run-in numbered heading in another face, whose paragraph wraps to the edge', () => {
    const heading = line('5. Simulation studies. The writing here is not completed and will be done.', 700, { x0: 84, x1: 534, pieces: [{ start: 0, end: 22, x0: 84, x1: 190, font: 'F2' }, { start: 23, end: 76, x0: 193, x1: 534, font: 'F1' }] });
    expect(kinds([heading, line('To evaluate the superiority of our method under complex dependency structures.', 688)])).toEqual(['heading', 'text: The writing here is']);
  });
});

describe('break-caption', () => {
  const kinds = (lines: PlacedLine[]) => buildBlocks(lines, style).map((b) => (b.type === 'paragraph' ? `${b.kind}: ${b.text.slice(0, 20).trim()}` : b.type));

  it('a sentence that wraps before "Figure 1." goes on; after a sentence end, or under a short line, a caption starts', () => {
    expect(kinds([line('We use an isochrone from MIST to choose likely main sequence stars in', 700), line('Figure 1. Our favored model to represent the main sequence had', 688)])).toEqual(['text: We use an isochrone']);
    expect(kinds([line('We use an isochrone from MIST to choose the stars, as shown below.', 700), line('Figure 1. The favoured model and the main sequence it selects.', 688)])).toEqual(['text: We use an isochrone', 'caption: Figure 1. The favour']);
    expect(kinds([line('Time since the start of the run', 700, { x1: 300 }), line('Figure 1. The favoured model and the main sequence it selects.', 688)])).toEqual(['text: Time since the start', 'caption: Figure 1. The favour']);
  });

  it('a caption of two lines or more that wraps before "Fig. 1." goes on; a one-line caption above the next caption does not', () => {
    const caption = [line('Fig. 5. LFP-induced firing in model PCs. Responses of the yPC and aPC to the same', 700), line('forcing. Parameters for the yPC and aPC are the same as in', 688)];
    expect(kinds([...caption, line('Fig. 1. LFP parameters: 50.0 pA for both model PCs.', 676)])).toEqual(['caption: Fig. 5. LFP-induced']);
    expect(kinds([line('Figure 1. The distribution of rotation periods of the stars in the sample and', 700), line('Figure 2. The favoured model and the main sequence it selects.', 688)])).toEqual(['caption: Figure 1. The distri', 'caption: Figure 2. The favour']);
  });

  it('an appendix\'s float numbered by its letter ("Fig. A.1:", SIAM) is a caption too', () => {
    expect(kinds([line('as shown in the right side of Fig. A.1.', 700, { x1: 300 }), line('Fig. A.1: Fitting a data distribution in x and y using Eq. (A.3).', 688)])).toEqual(['text: as shown in the righ', 'caption: Fig. A.1: Fitting a']);
    expect(kinds([line('Table B.2 lists the priors we use in the fit and', 700)])).toEqual(['text: Table B.2 lists the']);
  });

  it('a table numbered in Roman numerals (REVTeX\'s "TABLE II. …") is a caption; "Table I" in prose with no full stop after it is not', () => {
    expect(kinds([line('and the errors are shown below for all of them.', 700, { x1: 300 }), line('TABLE II. The three scenarios we simulated.', 688, { x1: 300 })])).toEqual(['text: and the errors are s', 'caption: TABLE II. The three']);
    expect(kinds([line('Table I lists the three scenarios we simulated and the noise', 700)])).toEqual(['text: Table I lists the th']);
  });

  it('a caption label alone on its line is followed by the caption\'s text, not ended by it', () => {
    expect(kinds([line('Figure 1.', 700, { x1: 120 }), line('Kepler stars from the McQuillan et al. (2014) sample, coloured by period.', 688)])).toEqual(['caption: Figure 1. Kepler sta']);
  });
});

describe('equation-number-alone', () => {
  const display = line('y_∗|u_∗, D_xf ∼ N J_∗(J_xfJ_xf + σ^2I_nθ)^(−1)J_xfy_xf', 574, { x0: 85, x1: 480 });
  it('an equation number alone at the column edge, maths next to it: a tall display', () => {
    expect(equationNumberAlone.test(line('(12)', 588, { x0: 72, x1: 90 }), display, style)).toBe(true);
    expect(equationNumberAlone.test(line('(12)', 588, { x0: 522, x1: 540 }), display, style)).toBe(true);
    // Prose next to it, or the maths far away, or the number inside the column: not a display's number.
    expect(equationNumberAlone.test(line('(12)', 588, { x0: 72, x1: 90 }), line('We then train the model on all of the data we have collected so far.', 574), style)).toBe(false);
    expect(equationNumberAlone.test(line('(12)', 600, { x0: 72, x1: 90 }), display, style)).toBe(false);
    expect(equationNumberAlone.test(line('(12)', 588, { x0: 200, x1: 218 }), display, style)).toBe(false);
  });

  it('makes the number and the maths one equation block, not a list item', () => {
    const blocks = buildBlocks([line('we have the following predictive posterior output distribution:', 601, { x1: 300 }), line('(12)', 588, { x0: 72, x1: 90 }), display, line('Using the matrix inversion lemma, the predictive posterior may be written as', 551)], style);
    expect(blocks.map((b) => (b.type === 'paragraph' ? b.kind : b.type))).toEqual(['text', 'equation', 'text']);
  });

  it('takes the maths beside the number, not the prose with symbols just after the display', () => {
    const column = { columnLeft: 54, columnRight: 299 };
    const blocks = buildBlocks([
      line('L_g = − L_W', 328, { x0: 84, x1: 134, ...column }),
      line('(6)', 328, { x0: 286, x1: 299, ...column }),
      line('where x̂ := x + (1 − ε)x̃, for ε ∼ U[0, 1], x ∼ p_r(x) and', 314, { x0: 54, x1: 299, ...column }),
      line('x̃ ∼ p(x|θ) are drawn afresh at every step of training.', 302, { x0: 54, x1: 260, ...column }),
    ], style);
    expect(blocks.map((b) => (b.type === 'paragraph' ? b.kind : b.type))).toEqual(['equation', 'text']);
  });
});

describe('table-label-caption', () => {
  const block = (text: string, y: number, size = 8): TextBlock => ({ type: 'paragraph', kind: 'text', lines: [line(text, y, { size })], text, marks: [], trace: [] });

  it('joins IEEE\'s "TABLE II" with the caption lines under it, up to the full stop; not the body text after', () => {
    const blocks = joinTableLabelCaptions([block('TABLE II', 379), block('CSTR EXAMPLE: COMPUTATIONAL TIME OF PERFORMING TRANSFER FOR', 370, 6.4), block('PROPOSED METHODS JFR, LM-JFR, GP-LSTM.', 361), block('Fig. 2 compares the ground truth output with the nominal model.', 345, 10)]);
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toMatchObject({ kind: 'caption', text: 'TABLE II CSTR EXAMPLE: COMPUTATIONAL TIME OF PERFORMING TRANSFER FOR PROPOSED METHODS JFR, LM-JFR, GP-LSTM.' });
    expect(headingOf(line('TABLE II', 379, { font: 'F2' }), style)).toBeNull();
    // "Table 2" in a sentence is no label.
    expect(joinTableLabelCaptions([block('Table 2 lists the results.', 379), block('More text follows here.', 370)])).toHaveLength(2);
  });

  it('side-by-side-captions: a deluxetable broken over two columns has a caption over each part; the header cells threaded in are the table\'s', () => {
    const left = { column: 'left' as const, columnLeft: 54, columnRight: 294 };
    const right = { column: 'right' as const, columnLeft: 318, columnRight: 558 };
    const lines = [
      line('TABLE 1', 712, { x0: 153, x1: 190, size: 8, ...left }),
      line('Observations of ψ^1 Dra A', 703, { x0: 118, x1: 225, size: 8, ...left }),
      line('TABLE 1', 712, { x0: 420, x1: 457, size: 8, ...right }),
      line('Observations of ψ^1 Dra A (continued)', 703, { x0: 361, x1: 519, size: 8, ...right }),
      line('Julian Date', 682, { x0: 58, x1: 101, size: 8, ...left }),
      line('raw shifted raw shifted', 674, { x0: 114, x1: 261, size: 8, ...left }),
    ];
    const caption: TextBlock = { type: 'paragraph', kind: 'caption', lines, text: lines.map((l) => l.text).join(' '), marks: [], trace: [] };
    expect(splitSideBySideCaptions([caption]).map((b) => (b.type === 'paragraph' ? b.text : ''))).toEqual(['TABLE 1 Observations of ψ^1 Dra A', 'TABLE 1 Observations of ψ^1 Dra A (continued)']);
    // One table's caption in one column is left alone.
    expect(splitSideBySideCaptions([{ ...caption, lines: lines.slice(0, 2), text: 'TABLE 1 Observations of ψ^1 Dra A' }])).toHaveLength(1);
  });

  it('continued-caption: a table\'s title carried on with "(continued)" is no axis title with its unit, nor a label among the table\'s cells', () => {
    expect(continuedCaption.test('Observations of ψ^1 Dra A (continued)')).toBe(true);
    expect(continuedCaption.test('Flux density (mJy)')).toBe(false);
    const at = (text: string, x: number, y: number) => ({ page: 1, pageWidth: 612, pageHeight: 792, x0: x, x1: x + text.length * 4, y, size: 8, font: 'F1', text, supers: [], pieces: [] });
    const page = [
      at('Observations of ψ^1 Dra A (continued)', 361, 703),
      at('Julian Date', 330, 682), at('raw', 380, 674), at('shifted', 420, 674), at('σ', 460, 674), at('2456401.97', 330, 664), at('6.941', 380, 664),
      ...Array.from({ length: 20 }, (_, k) => ({ ...at('A line of prose long enough to read as the page body text here.', 54, 600 - k * 10), size: 10 })),
    ];
    expect(removeFigureText(page as never).some((l) => l.text.endsWith('(continued)'))).toBe(true);
  });
});

describe('keywords-line', () => {
  it('takes the keywords on the first pages for front matter, in the usual classes\' forms; prose about keywords is not', () => {
    for (const text of ['Keywords: Exoplanet evolution (491), Pre-main sequence stars (1290), Stellar rotation (1629)', 'Keywords and phrases: dimension reduction, functional data analysis.', 'Subject headings: stars: rotation — stars: late-type', 'Index Terms—Recurrent neural networks, adaptation.', 'Key words. stars: rotation', 'MSC2020 subject classifications: Primary 62H12.']) {
      expect(keywordsLine.test({ text, page: 1 })).toBe(true);
    }
    expect(keywordsLine.test({ text: 'Keywords: stars', page: 5 })).toBe(false);
    expect(keywordsLine.test({ text: 'Keywords are extracted from each abstract with a tagger and counted.', page: 1 })).toBe(false);
  });

  it('drops a keywords paragraph or footnote of page 1 and keeps the abstract', () => {
    const block = (text: string, kind: 'text' | 'footnote', page = 1): TextBlock => ({ type: 'paragraph', kind, lines: [line(text, 100, { page, size: 8 })], text, marks: [], trace: [] });
    const kept = dropAffiliations([
      block('PTFO 8-8695 is a star in the 7–10 million year old Orion-OB1a cluster that shows brightness dips.', 'text'),
      block('Keywords: Exoplanet evolution (491), Pre-main sequence stars (1290)', 'text'),
      block('Keywords and phrases: deep learning, state-space models, system identification.', 'footnote'),
    ]);
    expect(kept.map((b) => (b.type === 'paragraph' ? b.text.slice(0, 11) : ''))).toEqual(['PTFO 8-8695']);
  });
});

describe('affiliation-text', () => {
  it('an address or an e-mail is an affiliation; prose that opens with "research" is not', () => {
    expect(affiliationText.test('Enrico Fermi Institute, The University of Chicago, Chicago, IL 60637 USA')).toBe(true);
    expect(affiliationText.test('mansfield@uchicago.edu')).toBe(true);
    expect(affiliationText.test('The author\'s recent research papers propose graphical methods and statistics.')).toBe(false);
    expect(affiliationText.test('We thank the Department for its support of this work, which was done in the summer.')).toBe(false);
  });

  it('an author\'s note naming a fellowship (AASTeX\'s \\altaffiliation) is front matter too; a sentence about one is not', () => {
    expect(affiliationText.test('NSF Astronomy and Astrophysics Postdoctoral Fellow')).toBe(true);
    expect(affiliationText.test('DIRAC Fellow')).toBe(true);
    expect(affiliationText.test('51 Pegasi b Fellow')).toBe(true);
    expect(affiliationText.test('The first author was a fellow of the institute when most of this work was done.')).toBe(false);
  });

  it('affiliations set as footnotes, or as short blocks on page 1, are not paragraphs; a footnote of prose is', () => {
    const block = (text: string, kind: 'text' | 'footnote', page = 2): TextBlock => ({ type: 'paragraph', kind, lines: [line(text, 100, { page, size: 8 })], text, marks: [], trace: [] });
    const kept = dropAffiliations([
      block('Kavli Institute for Cosmological Physics, The University of Chicago, Chicago, IL 60637', 'footnote'),
      block('Center for Computational Astrophysics, Flatiron Institute, 162 5th Avenue, New York, NY, USA', 'text', 1),
      block('For this analysis it is assumed that an intersection check is sufficient to evaluate the radius.', 'footnote'),
      block('[2] D. Leijen, Algebraic effects for functional programming, Microsoft Research, Tech. Rep., 2016', 'footnote', 1),
      block('Institute for Advanced Study, Princeton, NJ 08540', 'footnote', 5),
    ]);
    expect(kept.map((b) => (b.type === 'paragraph' ? b.text.slice(0, 20) : ''))).toEqual(['For this analysis it', '[2] D. Leijen, Algeb', 'Institute for Advanc']);
  });
});

describe('where the bibliography ends', () => {
  const block = (text: string, y: number): TextBlock => ({ type: 'paragraph', kind: 'text', lines: [line(text, y)], text, marks: [], trace: [] });
  const heading = (title: string, y: number, number?: string, font = 'F2'): HeadingBlock => ({ type: 'heading', ...(number ? { number } : {}), title, level: 1, ...headingLines(line(title, y, { font })), trace: [] });

  it('a "References." note under a table does not swallow the sections after it: the next numbered section ends it (A&A)', () => {
    const body = assembleBody([
      heading('Stellar evolution models', 700, '2'), block('Models adopted in the analysis are magnetic models.', 690),
      heading('References', 600, undefined, 'F1'), block('(1) Bahcall et al. (2005); (2) IAU 2009.', 590),
      heading('Properties of members', 500, '3'), block('Empirical data are taken from literature sources.', 490),
      heading('References', 300, undefined, 'F2'), block('Bahcall, J. N., Basu, S., & Serenelli, A. M. 2005, ApJ, 618, 1049', 290),
    ]);
    expect(body.sections.map((s) => s.title)).toEqual(['Stellar evolution models', 'Properties of members']);
    expect(body.paragraphs.map((p) => p.text)).toContain('Empirical data are taken from literature sources.');
    // The note's own "references" are not entries of the bibliography that comes later.
    expect(body.referenceLines.map((l) => l.text)).toEqual(['Bahcall, J. N., Basu, S., & Serenelli, A. M. 2005, ApJ, 618, 1049']);
  });

  it('figures and tables set after the references are the paper\'s floats, not entries (floats at the end)', () => {
    const caption = (text: string, y: number): TextBlock => ({ ...block(text, y), kind: 'caption' });
    const body = assembleBody([
      heading('Discussion', 700, '5'), block('The clusters differ in their resource needs.', 690),
      heading('References', 600), block('Zayas, C. E., He, Z., & Yuan, J. (2016). Examining healthcare utilization.', 590),
      caption('Table 2. A comparison of the observed and simulated data', 400), block('statistics for length of stay', 390), block('Origin Destination', 380),
      caption('Figure 1. A Gantt chart of two patient spells', 300),
    ]);
    expect(body.referenceLines.map((l) => l.text)).toEqual(['Zayas, C. E., He, Z., & Yuan, J. (2016). Examining healthcare utilization.']);
    expect(body.paragraphs.map((p) => p.text)).toEqual(expect.arrayContaining(['Table 2. A comparison of the observed and simulated data', 'Figure 1. A Gantt chart of two patient spells']));
  });

  it('entry-after-float: a table\'s header run into the entries under it in one block; the entries resume at the first line that opens like one (MNRAS)', () => {
    const caption: TextBlock = { ...block('Table 1. The list of columns in the data table published online.', 700), kind: 'caption' };
    const lines = [line('Column name Description', 650), line('Cropper M., et al., 2018, A&A, 616, A5', 640), line('Cui X.-Q., Zhao Y.-H., Chu et al. Y.-Q., 2012, RAA, 12, 1197', 630)];
    const run: TextBlock = { type: 'paragraph', kind: 'text', lines, text: lines.map((l) => l.text).join(' '), marks: [], trace: [] };
    const body = assembleBody([heading('References', 800), block('Bailer-Jones C. A. L., et al., 2018, AJ, 156, 58', 790), caption, run]);
    expect(body.referenceLines.map((l) => l.text)).toEqual(['Bailer-Jones C. A. L., et al., 2018, AJ, 156, 58', 'Cropper M., et al., 2018, A&A, 616, A5', 'Cui X.-Q., Zhao Y.-H., Chu et al. Y.-Q., 2012, RAA, 12, 1197']);
    expect(entryAfterFloat.test('Column name Description')).toBe(false);
  });

  it('numbered-entry-heading: a short numbered entry read as a numbered title inside the list is an entry, not lost; a subheading without a number is dropped as before', () => {
    const entryTitle = (n: string, text: string, y: number): HeadingBlock => ({ type: 'heading', number: n, title: text, level: 1, ...headingLines(line(`${n}. ${text}.`, y, { font: 'F2' })), trace: ['heading-numbered'] });
    const body = assembleBody([
      heading('Discussion', 700, '5'), block('The tiles were read faster than the lists.', 690),
      heading('References', 600), entryTitle('1', 'AllMusic. http://www.allmusic.com/', 590), entryTitle('2', 'Allrecipes. http://www.allrecipes.com/', 580),
      heading('Software', 570), block('3. Amini, S., Brush, A., and Krumm, J. Trajectory-aware Mobile Search. In Proc. CHI (2012), 2561–2564.', 560),
    ]);
    expect(body.referenceLines.map((l) => l.text)).toEqual(['1. AllMusic. http://www.allmusic.com/.', '2. Allrecipes. http://www.allrecipes.com/.', '3. Amini, S., Brush, A., and Krumm, J. Trajectory-aware Mobile Search. In Proc. CHI (2012), 2561–2564.']);
    expect(numberedEntryHeading.test({ number: '1' }, true)).toBe(false);
  });

  it('numbered-entry-heading: a wrapped entry read as a title gives all its lines; one run into its line is taken once (LNCS)', () => {
    const first = line('7. Canetti, R.: Universally composable security: A new paradigm for cryptographic', 580, { font: 'F2' });
    const last = line('protocols. In: 42nd IEEE Symposium on Foundations of Computer Science (2001)', 570, { font: 'F2' });
    const wrapped: HeadingBlock = { type: 'heading', number: '7', title: 'Canetti, R.: Universally … Science (2001)', level: 1, ...headingLines(last, [first]), trace: ['heading-numbered', 'heading-wrap'] };
    const runInLine = line('12. Flashbots: Mev-boost. https://boost.flashbots.net (2022)', 560, { font: 'F2' });
    const runIn: HeadingBlock = { type: 'heading', number: '12', title: 'Flashbots', level: 1, ...headingLines(runInLine), trace: ['heading-run-in'] };
    const body = assembleBody([
      heading('References', 600), block('6. Buterin, V.: On settlement finality. Blog post (2016)', 590), wrapped,
      runIn, { type: 'paragraph', kind: 'text', lines: [runInLine], text: 'Mev-boost. https://boost.flashbots.net (2022)', marks: [], trace: ['after-heading'] },
    ]);
    expect(body.referenceLines.map((l) => l.text)).toEqual([
      '6. Buterin, V.: On settlement finality. Blog post (2016)', first.text, last.text, runInLine.text,
    ]);
  });

  it('a float after one reference list does not make the next list\'s first entry the float\'s text', () => {
    const caption = (text: string, y: number): TextBlock => ({ ...block(text, y), kind: 'caption' });
    const body = assembleBody([
      heading('References', 700), block('Zayas, C. E., He, Z., & Yuan, J. (2016). Examining healthcare utilization.', 690),
      caption('Table 2. A comparison of the observed and simulated data', 600), block('Origin Destination', 590),
      heading('Bibliography', 500, undefined, 'F2'), block('van Dijk, A. (2019). A paper whose author opens in lower case.', 490),
    ]);
    expect(body.referenceLines.map((l) => l.text)).toContain('van Dijk, A. (2019). A paper whose author opens in lower case.');
  });

  it('a numbered entry in the list, or a section number that does not follow on, stays in it', () => {
    const body = assembleBody([
      heading('Results', 700, '4'), block('The model fits.', 690),
      heading('References', 600), block('[1] A. Author, A paper, 2020.', 590),
      heading('Smith J. A later paper', 580, '5', 'F1'), block('[6] B. Author, Another paper, 2021.', 570),
      heading('Unrelated', 560, '9'), block('[7] C. Author, Third paper, 2022.', 550),
    ]);
    expect(body.sections.map((s) => s.title)).toEqual(['Results']);
    // The numbered lines read as titles are the list's lines too (numbered-entry-heading), where they were dropped.
    expect(body.referenceLines.map((l) => l.text)).toEqual(['[1] A. Author, A paper, 2020.', 'Smith J. A later paper', '[6] B. Author, Another paper, 2021.', 'Unrelated', '[7] C. Author, Third paper, 2022.']);
  });

  it('a manuscript\'s figure legends after its references, under a heading in the headings\' face, are the paper\'s text, not entries', () => {
    const throughReferences = [
      heading('Conclusions', 700), block('Immunosuppressants differ in their risk of liver injury.', 690),
      heading('References', 600), block('1. Liu C, Wang X, Cao X. Ophthalmic corticosteroids. Drugs. 2020;3:1-9.', 590),
    ];
    const body = assembleBody([...throughReferences, heading('Figure legends', 500), block('(B) Annual trends in DILI reporting by drug class from 2004 to 2024.', 490)]);
    expect(body.sections.map((s) => s.title)).toEqual(['Conclusions', 'Figure legends']);
    expect(body.paragraphs.map((p) => p.text)).toContain('(B) Annual trends in DILI reporting by drug class from 2004 to 2024.');
    expect(body.referenceLines).toHaveLength(1);
    // In a face no heading of the paper uses, such a line is more likely an entry's own words: the list goes on.
    const inEntryFace = assembleBody([...throughReferences, heading('Funding', 500, undefined, 'F1'), block('2. Ueda H. A comparison of adverse events. Drugs. 2021;4:1-9.', 490)]);
    expect(inEntryFace.referenceLines).toHaveLength(2);
    expect(backMatterAfterReferences.test('Figure legends')).toBe(true);
    expect(backMatterAfterReferences.test('Conflicts of interest disclosure')).toBe(true);
    expect(backMatterAfterReferences.test('Figure 1. Overall study workflow')).toBe(false);
    // ACL's unnumbered "Notes" after the references: its text had been read as six entries, one per line.
    expect(backMatterAfterReferences.test('Notes')).toBe(true);
    expect(backMatterAfterReferences.test('Endnotes')).toBe(true);
    expect(backMatterAfterReferences.test('Notes on the proofs')).toBe(false);
  });
});

describe('unheaded-acknowledgments', () => {
  const block = (text: string, y: number): TextBlock => ({ type: 'paragraph', kind: 'text', lines: [line(text, y)], text, marks: [], trace: [] });
  const heading = (title: string, y: number, number?: string): HeadingBlock => ({ type: 'heading', ...(number ? { number } : {}), title, level: 1, ...headingLines(line(title, y, { font: 'F2' })), trace: [] });
  const sectionOf = (body: ReturnType<typeof assembleBody>, start: string) => body.sections.find((s) => s.id === body.paragraphs.find((p) => p.text.startsWith(start))?.sectionId)?.title;

  it('a paragraph of thanks at the end of the last section, with no heading of its own, opens an Acknowledgments section', () => {
    expect(unheadedAcknowledgments.test('Special thanks to Kevin Covey for helpful discussions.')).toBe(true);
    expect(unheadedAcknowledgments.test('J.R.A.D. is supported by an NSF Astronomy and Astrophysics Postdoctoral Fellowship.')).toBe(true);
    expect(unheadedAcknowledgments.test('We thank the referee for comments that improved the paper.')).toBe(true);
    expect(unheadedAcknowledgments.test('We find that the gap extends to 1 kpc.')).toBe(false);
    const body = assembleBody([
      heading('Introduction', 700, '1'), block('We thank the reader for patience; this paragraph opens the paper.', 690),
      heading('Discussion', 600, '5'), block('The gap extends to 1 kpc.', 590), block('We thank K. Covey for helpful discussions.', 580), block('This work made use of Gaia data.', 570),
      heading('Appendix A', 500), block('Details of the fit.', 490),
    ]);
    expect(body.sections.map((s) => s.title)).toEqual(['Introduction', 'Discussion', 'Acknowledgments', 'Appendix A']);
    expect(sectionOf(body, 'We thank K. Covey')).toBe('Acknowledgments');
    expect(sectionOf(body, 'This work made use')).toBe('Acknowledgments');
    expect(sectionOf(body, 'The gap extends')).toBe('Discussion');
    expect(sectionOf(body, 'We thank the reader')).toBe('Introduction'); // not in the last section
  });

  it('thanks in the third person ("G.A.F. thanks …") open them too, and lettered appendices after the last section do not hide it', () => {
    expect(unheadedAcknowledgments.test('G.A.F. thanks Alexis Lavail and Eric Mamajek for reading an early version.')).toBe(true);
    expect(unheadedAcknowledgments.test('A.B. acknowledges the hospitality of the institute.')).toBe(true);
    expect(unheadedAcknowledgments.test('A. Fit works thanks to the prior.')).toBe(false);
    const body = assembleBody([
      heading('Conclusions', 600, '7'), block('All the code is available online.', 590), block('We thank the anonymous referee for their helpful comments.', 580),
      heading('ADI processing results', 500, 'A'), block('Details of the processing.', 490), heading('Provisional orbit fitting', 450, 'B'), block('Details of the fit.', 440),
    ]);
    expect(body.sections.map((s) => s.title)).toEqual(['Conclusions', 'Acknowledgments', 'ADI processing results', 'Provisional orbit fitting']);
    expect(sectionOf(body, 'We thank the anonymous')).toBe('Acknowledgments');
  });

  it('leaves a paper with its own acknowledgments heading, or thanks as the first paragraph of the last section, alone', () => {
    const headed = assembleBody([heading('Discussion', 600, '5'), block('The gap extends.', 590), heading('Acknowledgements', 560), block('We thank K. Covey.', 550)]);
    expect(headed.sections.map((s) => s.title)).toEqual(['Discussion', 'Acknowledgements']);
    const first = assembleBody([heading('Funding', 600, '5'), block('This work was supported by grant 42.', 590)]);
    expect(first.sections.map((s) => s.title)).toEqual(['Funding']);
  });
});

describe('self-citation', () => {
  const block = (text: string, y: number): TextBlock => ({ type: 'paragraph', kind: 'text', lines: [line(text, y)], text, marks: [], trace: [] });
  const heading = (title: string, y: number): HeadingBlock => ({ type: 'heading', title, level: 1, ...headingLines(line(title, y, { font: 'F2' })), trace: [] });

  it('the paper\'s citation of itself on page 1 is not a paragraph: the label, and the reference under it when the label stands alone', () => {
    const body = assembleBody([
      heading('Abstract', 700), block('We present NV, an intermediate language for network verification.', 690),
      block('ACM Reference Format:', 650), block('Ryan Beckett and David Walker. 2019. NV: An intermediate language. In NetPL ’19. ACM, 2 pages.', 640),
      heading('Introduction', 600), block('Network devices rely on distributed protocols.', 590),
    ]);
    expect(body.paragraphs.map((p) => p.text)).toEqual(['We present NV, an intermediate language for network verification.', 'Network devices rely on distributed protocols.']);
    const inline = assembleBody([heading('Abstract', 700), block('How to cite this article: Smith J. 2020. A title. J. Things 1: 1–2.', 690), block('We study things.', 680)]);
    expect(inline.paragraphs.map((p) => p.text)).toEqual(['We study things.']);
  });
});

describe('the abstract without a heading', () => {
  const block = (text: string, y: number): TextBlock => ({ type: 'paragraph', kind: 'text', lines: [line(text, y)], text, marks: [], trace: [] });
  const heading: HeadingBlock = { type: 'heading', number: '1', title: 'Introduction', level: 1, ...headingLines(line('1 Introduction', 500)), trace: [] };

  it('is the longest block before the first section, even when it opens with an institution\'s word; an affiliation block is not', () => {
    const abstract = 'The author\'s recent research papers propose graphical methods and summary statistics. The present paper details how to calibrate the P-values. It presents efficient numerical methods, with proofs of their accuracy, and validates them on examples from open data. The software is open source.';
    const affiliation = 'Fundamental Artificial Intelligence Research, Meta Platforms, Inc., 786 Coleman Ave., Menlo Park, CA 94025, and Department of Statistics, University of California at Berkeley, Evans Hall, Berkeley, CA 94720, and Courant Institute of Mathematical Sciences, New York University';
    const body = assembleBody([block(affiliation, 700), block(abstract, 650), heading, block('Two basic problems in statistics are checking calibration.', 480)]);
    expect(body.abstract).toBe(abstract);
    expect(assembleBody([block(affiliation, 700), heading, block('Two basic problems in statistics are checking calibration.', 480)]).abstract).toBe('');
  });
});

describe('figure text and wrapped titles', () => {
  it('keeps the wrapped second line of a small-type numbered title among maths fragments; drops the fragments', () => {
    const at = (text: string, x0: number, y: number, size = 10) => line(text, y, { x0, x1: x0 + text.length * size * 0.5, size, font: size === 9 ? 'Caps' : 'F1' });
    const prose = Array.from({ length: 12 }, (_, i) => at(`Body text line ${i} of the column that runs on to its right edge here.`, 54, 700 - 12 * i));
    const page = [
      ...prose,
      at('III. FINITE-POPULATION', 107, 526, 9), at('THIRD-CUMULANT DECOMPOSITION', 76, 515, 9),
      at('VIII. EXTENSIONS: CLUSTERED DESIGNS', 60, 480, 9), at('WITH GROWING CLUSTERS (REGIME B)', 65, 469, 9),
      at('x', 100, 540), at('yi', 140, 536), at('z', 180, 532), at('k=1', 220, 505), at('σ', 120, 500),
      // A body-size numbered title too long to be a fragment itself still keeps its wrapped word.
      at('9.2. A Bayesian continuity correction via randomized', 54, 460), at('jittering', 120, 449),
      at('a', 90, 470), at('b', 150, 440), at('c', 200, 452),
    ];
    const kept = removeFigureText(page).map((l) => l.text);
    expect(kept).toEqual(expect.arrayContaining(['III. FINITE-POPULATION', 'THIRD-CUMULANT DECOMPOSITION', 'VIII. EXTENSIONS: CLUSTERED DESIGNS', 'WITH GROWING CLUSTERS (REGIME B)', 'jittering']));
    expect(kept.filter((t) => ['x', 'yi', 'z', 'k=1', 'σ'].includes(t))).toEqual([]);
  });

  it('keeps an author-year list in small type beside the text (OUP "medium"): entry openings with no year, the rest of a line stretched after the authors, hanging lines', () => {
    // Measured on an OUP article of our own (oup-modern-medium): 7.5-pt entries in the right column, 8.5-pt text in the left.
    const at = (text: string, x0: number, x1: number, y: number, size = 7.5) => line(text, y, { x0, x1, size, font: size === 7.5 ? 'Ref' : 'F1' });
    const prose = Array.from({ length: 14 }, (_, i) => at(`Body text line ${i} of the left column that runs on to its edge.`, 54.5, 260.3, 470 - 11 * i, 8.5));
    const entries = [
      at('C. Dubois and J. Smith.', 274.8, 371, 432), at('Interactions between', 399.5, 480.6, 432),
      at('mutations in evolving populations, part 8. Journal', 283.8, 480.6, 422), at('of Evolutionary Studies, 18:156–166, 2003.', 283.8, 445.6, 412),
      at('P. Kowalski and M. Garcia. Interactions between', 274.8, 480.6, 402),
      at('mutations in evolving populations, part 9. Journal', 283.8, 480.6, 392), at('of Evolutionary Studies, 19:163–173, 2004.', 283.8, 445.6, 382),
      at('H. Müller and R. Haddad.', 274.8, 372, 372), at('Interactions between', 399.5, 480.6, 372),
      at('mutations in evolving populations, part 5. Journal', 283.8, 480.6, 362), at('of Evolutionary Studies, 15:135–145, 2000.', 283.8, 445.6, 352),
    ];
    const kept = removeFigureText([...prose, ...entries]).map((l) => l.text);
    expect(kept).toEqual(expect.arrayContaining(entries.map((l) => l.text)));
    // A figure's short labels beside the same column still go.
    const labels = [at('wild type', 300, 340, 300), at('mutant A', 360, 400, 300), at('mutant B', 420, 460, 300), at('fitness', 300, 330, 290), at('generation', 380, 430, 290)];
    expect(removeFigureText([...prose, ...labels]).map((l) => l.text).filter((t) => !t.startsWith('Body'))).toEqual([]);
  });

  it('keeps an author row cut at its marks at the top of page 1 ("Miles Lucas", ", Michael Bottom"); a figure\'s labels still go', () => {
    const at = (text: string, x0: number, y: number, page = 1) => line(text, y, { x0, x1: x0 + text.length * 5, size: 9, page });
    const prose = Array.from({ length: 10 }, (_, i) => at(`Body text line ${i} of the column that runs on to its right edge here.`, 54, 560 - 12 * i));
    const names = [at('Miles Lucas', 123, 643), at(', Michael Bottom', 189, 643), at(', Garreth Ruane', 287, 643), at(', and Sam Ragland', 379, 643)];
    // The same names as a row of small labels with no comma to carry a list on (a figure's legend) go as before.
    const labels = ['Miles Lucas', 'Michael Bottom', 'Garreth Ruane', 'Sam Ragland'].map((t, i) => ({ ...at(t, 123 + i * 90, 643), size: 7 }));
    expect(removeFigureText([...prose, ...names]).map((l) => l.text)).toEqual(expect.arrayContaining(names.map((l) => l.text)));
    const legend = removeFigureText([...prose, ...labels]).map((l) => l.text);
    expect(legend.filter((t) => labels.some((l) => l.text === t))).toEqual([]);
  });

  it('short author-year entries in small type (MNRAS, A&A) are kept, stacked closely as they are; a figure\'s labels in that type still go', () => {
    // The foot of kepler-kinematics-mnras's right column (dev): the three short entries had been dropped as labels.
    const at = (text: string, x0: number, x1: number, y: number) => line(text, y, { x0, x1, size: 7.97, page: 8 });
    const prose = Array.from({ length: 20 }, (_, i) => line(`Body text line ${i} of the column that runs on to its right edge here.`, 300 - 11 * i, { x0: 42, x1: 285, size: 8.97, page: 8 }));
    const entries = [
      at('Bailer-Jones C. A. L., Rybizki J., Fouesneau M., Demleitner M.,', 305, 548, 139.7), at('Andrae R., 2021, AJ, 161, 147', 319, 431, 129.7),
      at('Barnes S. A., 2003, ApJ, 586, 464', 305, 430, 119.7), at('Barnes S. A., 2007, ApJ, 669, 1167', 305, 435, 109.7),
      at('Bennett M., Bovy J., 2019, MNRAS, 482, 1417', 305, 480, 99.7), at('Casagrande L., Schonrich R., Asplund et al M., 2011, A&A, 530,', 305, 548, 89.7), at('A138', 319, 338, 79.8),
    ];
    expect(removeFigureText([...prose, ...entries]).map((l) => l.text)).toEqual(expect.arrayContaining(entries.map((l) => l.text)));
    const labels = ['Flux density', 'Time in days', 'Model fit', 'Residuals'].map((t, i) => at(t, 320, 380, 200 - 10 * i));
    expect(removeFigureText([...prose, ...labels]).map((l) => l.text).filter((t) => labels.some((l) => l.text === t))).toEqual([]);
    expect(bibliographyLine.test('Barnes S. A., 2003, ApJ, 586, 464')).toBe(true);
    expect(bibliographyLine.test('Abt, H. A. 1983, ARA&A, 21, 343')).toBe(true);
    expect(bibliographyLine.test('Time in days')).toBe(false);
    expect(bibliographyLine.test('Barnes et al. found that')).toBe(false);
  });

  it('a smaller-type line in a justified block (ACL\'s indented abstract) is prose; a legend\'s short lines in that type are not', () => {
    const at = (text: string, x0: number, x1: number, y: number, size = 10.9) => line(text, y, { x0, x1, size });
    const prose = Array.from({ length: 10 }, (_, i) => at(`Body text line ${i} of the column that runs on to its right edge here.`, 306, 526, 600 - 13 * i));
    const abstract = ['VSAX is an open-source Python library for', 'Vector Symbolic Architectures (VSAs) with', 'GPU acceleration via JAX and it provides', 'plete implementations of three major VSA', 'models (FHRR, MAP, Binary) under a uni', 'fied API with advanced capabilities for'].map((t, i) => at(t, 88, 272, 584 - 12 * i, 9.96));
    expect(removeFigureText([...prose, ...abstract]).map((l) => l.text)).toEqual(expect.arrayContaining(abstract.map((l) => l.text)));
    const legend = ['Training loss on held-out data', 'Validation loss per epoch here', 'Test loss of the best model', 'Loss of the baseline method'].map((t, i) => at(t, 100 + 7 * i, 220 - 9 * i, 584 - 12 * i, 8));
    expect(removeFigureText([...prose, ...legend]).map((l) => l.text).filter((t) => legend.some((l) => l.text === t))).toEqual([]);
  });

  it('a one-word section name set larger than the text is kept among a margin column\'s short notes; a label of the same size and no section name goes', () => {
    const at = (text: string, x0: number, y: number, size = 10) => line(text, y, { x0, x1: x0 + text.length * size * 0.5, size });
    const prose = Array.from({ length: 8 }, (_, i) => at(`Body text line ${i} of the column that runs on to its right edge.`, 128, 539 - 12 * i));
    const notes = [at('Edited by', 78, 613, 8), at('Konrad Hinsen', 54, 602, 8), at('Reviewed by', 68, 583, 8), at('Bruno Levy', 72, 573, 8), at('Received', 78, 554, 8), at('01 January 2020', 55, 545, 8)];
    const kept = removeFigureText([...prose, ...notes, at('Introduction', 128, 565, 14.3)]).map((l) => l.text);
    expect(kept).toContain('Introduction');
    expect(removeFigureText([...prose, ...notes, at('Throughput', 128, 565, 14.3)]).map((l) => l.text)).not.toContain('Throughput');
    expect(removeFigureText([...prose, ...notes, at('Introduction', 128, 565, 10)]).map((l) => l.text)).not.toContain('Introduction');
  });

  it('an axis title with its unit ("projected separation [AU]") goes with the ticks above it; an equation with its number stays', () => {
    const at = (text: string, x0: number, y: number, size = 10) => line(text, y, { x0, x1: x0 + text.length * size * 0.5, size, page: 8, pageHeight: 792 });
    const prose = Array.from({ length: 8 }, (_, i) => at(`Body text line ${i} of the column that runs on to its right edge.`, 51, 400 - 12 * i));
    const ticks = ['0.25', '0.5', '0.75', '1', '1.25', '1.5'].map((t, i) => at(t, 127 + 50 * i, 517, 8));
    const kept = removeFigureText([...prose, ...ticks, at('projected separation [AU]', 259, 505), at('F (x) = f(y) dy (2)', 258, 470)]).map((l) => l.text);
    expect(kept).not.toContain('projected separation [AU]');
    expect(kept).toContain('F (x) = f(y) dy (2)');
  });

  it('a title that wraps over three lines in a narrow column keeps its last line among a display\'s fragments beside it', () => {
    const at = (text: string, x0: number, y: number, font = 'F1') => line(text, y, { x0, x1: x0 + text.length * 5, size: 10, font });
    const page = [
      ...Array.from({ length: 8 }, (_, i) => at(`Body text line ${i} of the column that runs on to its edge.`, 311, 600 - 12 * i)),
      at('2.3 Calibration of P-values for the', 311, 710, 'F2'), at('Kolmogorov-Smirnov statistic and', 342, 696, 'F2'), at('the Kuiper statistic', 342, 682, 'F2'),
      at('P', 157, 692), at('k=1', 168, 684), at('I', 140, 670), at('Wk', 195, 667),
    ];
    const kept = removeFigureText(page).map((l) => l.text);
    expect(kept).toContain('the Kuiper statistic');
    expect(kept.filter((t) => ['P', 'k=1', 'I', 'Wk'].includes(t))).toEqual([]);
  });

  it('LNCS\'s short entries and entry tails in small type with no closing stop are kept (labelled-entry-line, hanging-entry-tail); a figure\'s labels in that type still go', () => {
    // As splncs04 sets them: 9-pt entries under 10-pt text, numbers at the margin, next lines hanging 13 pt right, no final stop.
    const at = (text: string, x0: number, y: number) => line(text, y, { x0, x1: x0 + text.length * 4.4, size: 9, font: 'CMR9', page: 5 });
    const prose = Array.from({ length: 12 }, (_, i) => line(`Body text line ${i} of the column that runs on to its right edge here.`, 700 - 12 * i, { x0: 134, x1: 481, page: 5 }));
    const entries = [
      at('1. Allmusic. http://www.allmusic.com/, accessed: 2021-03-01', 138, 500),
      at('2. Go ethereum. https://github.com/ethereum/go-ethereum', 138, 489),
      at('3. Boneh, D., Bonneau, J., Bünz, B., Fisch, B.: Verifiable delay functions. In:', 138, 478),
      at('CRYPTO 2018. pp. 757–788. Springer (2018)', 151, 467),
      at('4. Bradner, S.: Key words for use in RFCs to indicate requirement levels. RFC 2119', 138, 456),
      at('(1997)', 151, 445),
      at('5. Buterin, V.: On settlement finality. Blog post (2016)', 138, 434),
      at('6. Canetti, R.: Universally composable security: A new paradigm for cryptographic', 138, 423),
      at('protocols. In: 42nd IEEE Symposium on Foundations of Computer Science. pp.', 151, 412),
      at('136–145 (2001)', 151, 401),
    ];
    const kept = removeFigureText([...prose, ...entries]).map((l) => l.text);
    expect(kept).toEqual(expect.arrayContaining(entries.map((l) => l.text)));
    // The same short lines at one edge with no label above them, as a figure's legend sets them, go.
    const legend = ['CRYPTO 2018 runs', 'Go ethereum client', '(1997) baseline', 'Blog post (2016)'].map((t, i) => at(t, 300, 300 - 10 * i));
    expect(removeFigureText([...prose, ...legend]).map((l) => l.text).filter((t) => legend.some((l) => l.text === t))).toEqual([]);
    expect(labelledEntryLine.test('2. Go ethereum. https://github.com/ethereum/go-ethereum')).toBe(true);
    expect(labelledEntryLine.test('[KZG10] Kate, A.: Constant-size commitments (2010)')).toBe(true);
    expect(labelledEntryLine.test('2. Run the simulations')).toBe(false);
    // A questionnaire's numbered question with years among its answers is no entry.
    expect(labelledEntryLine.test('1. What year did you graduate high school? 2019 2020 2021')).toBe(false);
    expect(labelledEntryLine.test('24. Wood, G.: Ethereum yellow paper (2014)')).toBe(true);
    expect(hangingEntryTail.test({ ...entries[2]!, text: '1. What year did you graduate from high school, and where did' }, entries[3]!, false)).toBe(false);
    expect(hangingEntryTail.test(entries[2]!, entries[3]!, false)).toBe(true);
    expect(hangingEntryTail.test(entries[7]!, entries[8]!, false)).toBe(true);
    expect(hangingEntryTail.test(entries[8]!, entries[9]!, true)).toBe(true);
    // Under an unlabelled line, or hanging further than a label is wide, it is not an entry's line.
    expect(hangingEntryTail.test({ ...entries[2]!, text: 'Boneh, D., Bonneau, J.: Verifiable delay functions. In:' }, entries[3]!, false)).toBe(false);
    expect(hangingEntryTail.test(entries[2]!, { ...entries[3]!, x0: 200 }, false)).toBe(false);
  });

  it('paragraph-tail: the short last line of a sentence broken off before a display is kept; the display\'s fragments are not', () => {
    const at = (text: string, x0: number, y: number) => line(text, y, { x0, x1: x0 + text.length * 4, size: 9 });
    const prose = at('for any positive real number x. If ε is a positive real number', 42, 614);
    const tail = at('less than 1 and', 42, 603);
    const page = [...Array.from({ length: 8 }, (_, i) => at(`Body text line ${i} of the column that runs on to its right edge.`, 42, 700 - 11 * i)), prose, tail, at('n', 90, 590), at('k=1', 120, 585), at('ε', 150, 580), at('x2', 180, 575)];
    expect(paragraphTail.test(prose, tail)).toBe(true);
    expect(paragraphTail.test({ ...prose, text: 'for any positive real number x, which ends here.' }, tail)).toBe(false);
    expect(paragraphTail.test(prose, { ...tail, x0: 90 })).toBe(false);
    // Under a paragraph's indented first line, the tail starts at the column's edge, an indent to its left.
    expect(paragraphTail.test({ ...prose, x0: 51, text: 'We also consider adiabatic orbit expansion of a sub-' }, { ...tail, text: 'stellar companion' })).toBe(true);
    expect(paragraphTail.test({ ...prose, x0: 80, text: 'We also consider adiabatic orbit expansion of a sub-' }, { ...tail, text: 'stellar companion' })).toBe(false);
    const kept = removeFigureText(page).map((l) => l.text);
    expect(kept).toContain('less than 1 and');
    expect(kept.filter((t) => ['n', 'k=1', 'ε', 'x2'].includes(t))).toEqual([]);
  });

  it('caption-tail: a caption\'s wrapped line above a table\'s cells is kept with the caption; the cells are not', () => {
    const at = (text: string, x0: number, y: number) => line(text, y, { x0, x1: x0 + text.length * 5, size: 12 });
    const caption = at('Table 1. Baseline characteristics of', 72, 315);
    const tail = at('the participants', 72, 301);
    const cells = [at('Characteristic', 78, 287), at('Intervention', 160, 287), at('P value', 240, 287), at('Hypertension', 78, 270), at('26.8 (2.0)', 160, 270), at('0.361', 240, 270), at('Current', 78, 253), at('39.6', 160, 253)];
    const body = Array.from({ length: 8 }, (_, i) => at(`Body text line ${i} of the column that runs on to its right edge.`, 72, 700 - 14 * i));
    expect(captionTail.test(caption, tail, true)).toBe(true);
    expect(captionTail.test({ ...caption, text: 'Table 1. Baseline characteristics.' }, tail, true)).toBe(false);
    expect(captionTail.test(caption, { ...tail, x0: 90 }, true)).toBe(false);
    expect(captionTail.test(caption, { ...tail, y: 280 }, true)).toBe(false);
    const kept = removeFigureText([...body, caption, tail, ...cells]).map((l) => l.text);
    expect(kept).toContain('the participants');
    expect(kept).not.toContain('Intervention');
  });

  it('display-lead-in: a short line that announces a display is prose, among the display\'s fragments or alone; a plot label is not', () => {
    const at = (text: string, x0: number, y: number) => line(text, y, { x0, x1: x0 + text.length * 4, size: 9 });
    // The top of a page: no prose line above it, the display's pieces all round it.
    const page = [at('Leveraging this, we have', 42, 700), at('H E ρ W]', 120, 680), at('1', 150, 676), at(']', 170, 672), at('Σ_W ξ', 130, 660), at('= 0', 160, 655)];
    const kept = removeFigureText(page).map((l) => l.text);
    expect(kept).toContain('Leveraging this, we have');
    expect(kept.filter((t) => ['H E ρ W]', '1', ']'].includes(t))).toEqual([]);
    for (const text of ['where', 'and thus', 'the posterior variance is given by', 'It follows that']) expect(displayLeadIn.test(text), text).toBe(true);
    for (const text of ['Number of samples', 'Training loss', 'x_1 where']) expect(displayLeadIn.test(text), text).toBe(text === 'x_1 where');
    const one = (text: string) => ({ kind: 'text', text, lines: [line(text, 320, { x0: 72, x1: 200 })] });
    expect(figureText.test(one('where'), style)).toBe(false);
    expect(figureText.test(one('Number of samples'), style)).toBe(true);
  });
});

describe('overfull-column-line', () => {
  const at = (text: string, x0: number, x1: number, y: number) => line(text, y, { x0, x1, pageWidth: 612 });
  const left = (i: number) => at(`Left column line ${i} of the second section, set in full in its column.`, 54, 295, 700 - 11 * i);
  const right = (i: number) => at(`Right column line ${i} of the fourth section, set in full in its column.`, 318, 558, 700 - 11 * i);

  it('a left-column line that overruns the gutter but stops short of the right column is read in the left column', () => {
    expect(overfullColumnLine.test({ x0: 54, x1: 312 }, 306, 318)).toBe(true);
    expect(overfullColumnLine.test({ x0: 54, x1: 540 }, 306, 318)).toBe(false);
    const overfull = at('Consider an n-length sequence of variables z = {z0, z1, . . . , zn−1},', 54, 312, 700 - 11 * 8);
    const lines = [...Array.from({ length: 8 }, (_, i) => left(i)), overfull, ...Array.from({ length: 8 }, (_, i) => left(i + 9)), ...Array.from({ length: 6 }, (_, i) => right(i))];
    const placed = placeLines(lines, 612);
    // The whole left column first, the overfull line in its place; then the right column.
    expect(placed.findIndex((l) => l === placed.find((p) => p.text.startsWith('Right')))).toBe(17);
    expect(placed.find((l) => l.text.startsWith('Consider'))?.column).toBe('left');
  });

  it('spanning-block-last-line: the short last line of a page-wide block stays in it, not atop the left column', () => {
    const wide = (text: string, y: number) => at(text, 54, 558, y);
    const abstract = [
      wide('Motivation: Disease causing pathogens such as viruses introduce their proteins into the host cells where they', 720),
      wide('interact with the host proteins. Here we present a multitask learning method to jointly model interactions with', 709),
    ];
    const tail = at('Hepatitis C, Ebola virus and Influenza A.', 54, 215, 698);
    const results = wide('Results: Our multitask matrix completion based model uses a shared low-rank structure in addition to a', 687);
    const columns = [...Array.from({ length: 8 }, (_, i) => left(i + 4)), ...Array.from({ length: 8 }, (_, i) => right(i + 4))];
    const placed = placeLines([...abstract, tail, results, ...columns], 612);
    expect(placed.slice(0, 4).map((l) => l.text.slice(0, 10))).toEqual(['Motivation', 'interact w', 'Hepatitis ', 'Results: O']);
    expect(placed.find((l) => l === placed[2])?.column).toBe('full');
    // A line with a right-column line beside it is the columns' first row, not the block's tail.
    expect(spanningBlockLastLine.test(abstract[1]!, tail, [])).toBe(true);
    expect(spanningBlockLastLine.test(abstract[1]!, tail, [right(0)])).toBe(false);
    // Nor a line under a gap, or in another size.
    expect(spanningBlockLastLine.test(abstract[1]!, { ...tail, y: 680 }, [])).toBe(false);
    expect(spanningBlockLastLine.test(abstract[1]!, { ...tail, size: 8 }, [])).toBe(false);
  });

  it('document-columns: a page too short to show its columns takes the document\'s, when its lines keep clear of the gutter', () => {
    // The last page: two lines at the top of the left column, four in the right; two rows share a baseline.
    const lines = [left(0), left(1), right(0), right(1), right(2), right(3)].map((l) => ({ ...l, page: 15 }));
    // Alone, the page reads as one column: rows that share a baseline are joined or dropped as a table's.
    expect(placeLines(lines, 612).every((l) => l.column === 'full')).toBe(true);
    const placed = placeLines(lines, 612, { gutter: 306, rightStart: 318 });
    expect(placed.map((l) => l.text.slice(0, 12))).toEqual(['Left column ', 'Left column ', 'Right column', 'Right column', 'Right column', 'Right column']);
    expect(placed.map((l) => l.column)).toEqual(['left', 'left', 'right', 'right', 'right', 'right']);
    // A line across the gutter with no gap there: a page of one column.
    expect(placeLines([...lines, at('A sentence that runs right across the middle of the page without a gap.', 54, 558, 500)], 612, { gutter: 306, rightStart: 318 })[0]!.column).toBe('full');
    expect(documentColumns.test(2, 4, 0)).toBe(true);
    expect(documentColumns.test(0, 4, 0)).toBe(false);
  });

  it('a page-wide table of centred rows that cross the gutter is left out before its rows are cut into the columns', () => {
    const widths = [208, 157, 131, 154, 111, 207, 176];
    // Each row has a word space where the gutter is (as "The | v_x velocity calculated using RV" did), so it would be cut there.
    const rows = widths.map((w, i) => {
      const [a, b] = [`Row ${i} of the`, 'column descriptions, centred on the page'];
      const row = at(`${a} ${b}`, 306 - w / 2, 306 + w / 2, 760 - 12 * i);
      return { ...row, pieces: [{ ...row.pieces[0]!, x0: 306 - w / 2, x1: 303, start: 0, end: a.length }, { ...row.pieces[0]!, x0: 308, x1: 306 + w / 2, start: a.length + 1, end: row.text.length }] };
    });
    // Page 3: at the top of page 1 a centred block is the title's.
    const lines = [...rows, ...Array.from({ length: 8 }, (_, i) => left(i + 10)), ...Array.from({ length: 8 }, (_, i) => right(i + 10))].map((l) => ({ ...l, page: 3 }));
    const placed = placeLines(lines, 612);
    expect(placed.filter((l) => l.text.includes('centred on the page') || /^Row|^the page$/.test(l.text))).toEqual([]);
    expect(placed.filter((l) => l.column === 'left')).toHaveLength(8);
  });

  it('row-at-column-margin: two left-column lines cut by a wide gap and ending at the gutter are prose, not a table\'s rows', () => {
    // Each line is two pieces apart on one baseline: the text, a wide gap, the rest up to the gutter.
    const cut = (i: number, a: string, b: string, bAt: number) => [at(a, 54, 150, 612 - 11 * i), at(b, bAt, 295, 612 - 11 * i)];
    const lines = [...Array.from({ length: 8 }, (_, i) => left(i)), ...cut(8, 'where the estimator', 'is unbiased for all n and', 200), ...cut(9, 'with the variance', 'of the mean given above.', 180), ...Array.from({ length: 10 }, (_, i) => right(i))];
    const placed = placeLines(lines, 612);
    expect(placed.filter((l) => l.text.startsWith('where the') || l.text.startsWith('with the'))).toHaveLength(2);
    expect(rowAtColumnMargin.test(295, 295)).toBe(true);
    expect(rowAtColumnMargin.test(250, 295)).toBe(false);
  });

  it('bibliography-columns: a two-column bibliography under one-column text (AASTeX) is read column by column', () => {
    const text = Array.from({ length: 20 }, (_, i) => at(`Body text line ${i} of a one-column page that runs across the whole text block here.`, 51, 562, 700 - 12 * i));
    const heading = at('REFERENCES', 272, 341, 440);
    const bib = [
      at('Ahumada, R., Prieto, C. A., Almeida, A., & et al. 2020,', 51, 277, 420), at('Angus, R., Morton, T. D., & Foreman-Mackey, D.', 321, 544, 420),
      at('ApJS, 249, 3, doi: 10.3847/1538-4365/ab929e', 60, 243, 408), at('2019, AJ, 158, 173, doi: 10.3847/1538-3881/ab3c53', 330, 535, 402),
      at('Anguiano, B., Majewski, S. R., Hayes, C. R., et al. 2020,', 51, 280, 392), at('Angus, R., Beane, A., Price-Whelan, A. M., et al. 2020, AJ,', 321, 562, 378),
      at('AJ, 160, 43, doi: 10.3847/1538-3881/ab9813', 60, 237, 380), at('160, 90, doi: 10.3847/1538-3881/ab91b2', 330, 491, 366),
    ];
    const placed = placeLines([...text, heading, ...bib], 612).map((l) => l.text);
    const order = bib.map((l) => placed.indexOf(l.text));
    // The left column's four lines, then the right column's, each in its order down the page.
    expect(order.filter((_, i) => i % 2 === 0)).toEqual([21, 22, 23, 24]);
    expect(order.filter((_, i) => i % 2 === 1)).toEqual([25, 26, 27, 28]);
    expect(placed.indexOf('REFERENCES')).toBe(20);
    expect(bibliographyColumns.test(8, 4, 4)).toBe(true);
    expect(bibliographyColumns.test(8, 4, 3)).toBe(false); // a line crosses the middle: not two columns
  });

  it('a page-wide table whose centred rows start right of the middle does not hide the two columns under it', () => {
    const rows = Array.from({ length: 8 }, (_, i) => at(`The covariance between v_${i} and ln(distance) samples.`, 284, 440, 740 - 10 * i));
    const lines = [...rows, ...Array.from({ length: 8 }, (_, i) => left(i + 10)), ...Array.from({ length: 8 }, (_, i) => right(i + 10))];
    const placed = placeLines(lines, 612);
    expect(placed.filter((l) => l.text.startsWith('Right') && l.column === 'right')).toHaveLength(8);
    expect(placed.filter((l) => l.text.startsWith('Left') && l.column === 'left')).toHaveLength(8);
  });
});

describe('table-fragment', () => {
  // A column 54-292 wide; the table's caption on page 7, then what the row test left of its body.
  const block = (text: string, x1: number, kind: 'text' | 'footnote' | 'caption' = 'text', lines = 1, page = 7): TextBlock => ({
    type: 'paragraph', kind, lines: Array.from({ length: lines }, (_, i) => line(text, 500 - 12 * i, { page, x0: 54, x1, columnLeft: 54, columnRight: 292 })), text, marks: [], trace: [],
  });
  const caption = 'Table 1. Selected system parameters of Kepler-1643, KOI-7368, and KOI-7913.';

  it('takes a table\'s word cells under its caption for the table, not a paragraph\'s resumption or a figure\'s caption', () => {
    expect(tableFragment.test(block('Transit parameters:', 130), caption)).toBe(true);
    expect(tableFragment.test(block('log R_p/R_⋆', 110), caption)).toBe(true);
    expect(tableFragment.test(block('Gaia EDR3 right ascension [deg].', 190), caption)).toBe(true);
    expect(tableFragment.test(block('TABLE II', 100), 'TABLE II Results on the test sets')).toBe(true);
    // A paragraph resumes after the table in lower case, ending a clause; a full line of prose is not a cell.
    expect(tableFragment.test(block('on i_L according to:', 150), caption)).toBe(false);
    expect(tableFragment.test(block('ing form and content.', 150), caption)).toBe(false);
    // One word and a comma ends no clause: a wrapped cell's middle line ("Body mass" / "index," / "kg/m2").
    expect(tableFragment.test(block('index,', 90), caption)).toBe(true);
    expect(tableFragment.test(block('and the second model,', 150), caption)).toBe(false);
    expect(tableFragment.test(block('The planets are validated by the statistical tests of the next section here.', 292), caption)).toBe(false);
    expect(tableFragment.test(block('Transit parameters:', 130), 'Figure 3. Rotation periods.')).toBe(false);
    expect(tableFragment.test(block('Transit parameters:', 130, 'text', 2), caption)).toBe(false);
  });

  it('drops the run of cells under a table\'s caption and keeps what follows the table', () => {
    const blocks = [
      block(caption, 292, 'caption'), block('Transit parameters:', 130), block('R_p/R_⋆', 100), block('Stellar parameters:', 130, 'footnote'),
      block('NOTE—The planet orbits KOI-7913 A (Section 4.3). (A) Gaia Collaboration et al. (2021a). (B) HIRES SpecMatch.', 292, 'footnote', 2),
      block('Short line of a new paragraph', 150),
    ];
    expect(dropTableFragments(blocks).map((b) => (b.type === 'paragraph' ? b.text.slice(0, 12) : ''))).toEqual(['Table 1. Sel', 'NOTE—The pla', 'Short line o']);
    // On another page than the caption, a short block is not the caption's table.
    expect(dropTableFragments([block(caption, 292, 'caption'), block('Transit parameters:', 130, 'text', 1, 8)])).toHaveLength(2);
  });

  it('table-note-sentence: keeps the last line under a table when it is a sentence, as the table\'s note (a caption)', () => {
    const note = 'Values are n (%) or mean (SD) unless stated otherwise.';
    expect(tableNoteSentence.test(note)).toBe(true);
    expect(tableNoteSentence.test('CI, confidence interval; OR, odds ratio; SD, standard deviation.')).toBe(true);
    // Cells: a parameter's description, a group label, a row of values.
    expect(tableNoteSentence.test('Gaia EDR3 right ascension [deg].')).toBe(false);
    expect(tableNoteSentence.test('Transit parameters:')).toBe(false);
    expect(tableNoteSentence.test('Female sex 34.2 (8.3) 23 (69.3%) 0.806.')).toBe(false);
    const kept = dropTableFragments([block(caption, 292, 'caption'), block('Score at 12', 110), block(note, 240), block('The survey selected 17 urban clusters and 18 rural clusters in the province.', 292, 'text', 3)]);
    expect(kept.map((b) => (b.type === 'paragraph' ? `${b.kind}: ${b.text.slice(0, 12)}` : ''))).toEqual(['caption: Table 1. Sel', 'caption: Values are n', 'text: The survey s']);
    // Not the note when another cell follows it: a column of descriptions.
    expect(dropTableFragments([block(caption, 292, 'caption'), block(note, 240), block('Score at 12', 110)])).toHaveLength(1);
  });
});

describe('loose-justified-line', () => {
  const seg = (text: string, x0: number, x1: number) => line(text, 431, { x0, x1 });

  it('takes a line cut by one wide gap beside a URL for prose stretched around it, not a table row', () => {
    expect(looseJustifiedLine.test([seg('(https://www.cosmos.esa.int/gaia),', 54, 227), seg('processed', 258, 299)])).toBe(true);
    expect(looseJustifiedLine.test([seg('(DPAC,', 54, 89), seg('https://www.cosmos.esa.int/web/gaia/', 111, 299)])).toBe(true);
    // Two cells with no URL, or unequal gaps among three: a table's row.
    expect(looseJustifiedLine.test([seg('Parallax', 54, 100), seg('0.41', 258, 299)])).toBe(false);
    expect(looseJustifiedLine.test([seg('Parallax', 54, 100), seg('0.41', 150, 170), seg('mas', 258, 299)])).toBe(false);
    expect(looseJustifiedLine.test([seg('see', 54, 70), seg('the', 90, 106), seg('page', 126, 150)])).toBe(true);
  });
});

describe('author-row', () => {
  const cell = (text: string, y = 643, page = 1) => ({ text, page, y, pageHeight: 792 });
  it('takes a row of names, or of e-mail addresses, on page 1\'s title half for the author block', () => {
    expect(authorRow.test([cell('Qiming Qiu'), cell('Zhipeng Xu')])).toBe(true);
    expect(authorRow.test([cell('23307110278@m.fudan.edu.cn'), cell('23307110122@m.fudan.edu.cn')])).toBe(true);
    expect(authorRow.test([cell('Ada Lovelace∗'), cell('Charles Babbage 2'), cell('Mary Somerville')])).toBe(true);
  });
  it('leaves table rows, names lower on the page, and one cell alone', () => {
    expect(authorRow.test([cell('Qiming Qiu', 300), cell('Zhipeng Xu', 300)])).toBe(false);
    expect(authorRow.test([cell('Qiming Qiu', 643, 2), cell('Zhipeng Xu', 643, 2)])).toBe(false);
    expect(authorRow.test([cell('Baseline Model'), cell('0.41')])).toBe(false);
    expect(authorRow.test([cell('Qiming Qiu')])).toBe(false);
  });
});

describe('stretched-after-stop', () => {
  const seg = (text: string, x0: number, x1: number) => line(text, 350, { x0, x1 });

  it('takes a line cut at the wide space after a stop, running on to the margin, for a justified line', () => {
    // An author-year entry in a narrow column: the space after the authors' stop stretched most.
    expect(stretchedAfterStop.test([seg('R. Haddad and W. Chen.', 300, 424), seg('Interactions between', 445, 534)], true)).toBe(true);
    expect(stretchedAfterStop.test([seg('as shown by the fit:', 300, 400), seg('the slope is small', 440, 534)], true)).toBe(true);
  });

  it('leaves table rows alone: a cell short of the margin, a number, a one-word label, three cells', () => {
    expect(stretchedAfterStop.test([seg('R. Haddad and W. Chen.', 300, 424), seg('Interactions between', 445, 500)], false)).toBe(false);
    expect(stretchedAfterStop.test([seg('Mean of all runs.', 300, 400), seg('0.41', 500, 534)], true)).toBe(false);
    expect(stretchedAfterStop.test([seg('Total.', 300, 330), seg('Forty two', 480, 534)], true)).toBe(false);
    expect(stretchedAfterStop.test([seg('Baseline model', 300, 400), seg('Interactions between', 445, 534)], true)).toBe(false);
    // The same cut on an entry's first line: its rest is the entry's when the part before it is initials-first authors.
    expect(entryFirstLineRest.test(seg('R. Haddad and W. Chen.', 300, 424), seg('Interactions between', 445, 534))).toBe(true);
    expect(entryFirstLineRest.test(seg('Baseline model.', 300, 400), seg('Interactions between', 445, 534))).toBe(false);
    expect(entryFirstLineRest.test(seg('R. Haddad and W. Chen.', 300, 424), { ...seg('Interactions between', 445, 534), y: 340 })).toBe(false);
    expect(stretchedAfterStop.test([seg('A b.', 300, 330), seg('c', 400, 420), seg('d', 480, 534)], true)).toBe(false);
  });
});

describe('table-body-before-note', () => {
  const block = (text: string, x1: number, kind: 'text' | 'footnote' | 'caption' = 'text', lines = 1, page = 21): TextBlock => ({
    type: 'paragraph', kind, lines: Array.from({ length: lines }, (_, i) => line(text, 500 - 12 * i, { page, x0: 288, x1, columnLeft: 288, columnRight: 497 })), text, marks: [], trace: [],
  });
  const caption = block('Table 3. Rotation periods and kinematics for candidate RSG-5 and CH-2 members.', 456, 'caption');
  const note = block('NOTE—Table 3 is published in its entirety in a machine-readable format. One entry is shown for guidance.', 504, 'text', 2);
  // A column of descriptions left when the figure-text test took the table's columns of numbers: full lines of that column.
  const cells = [block('Strength of connectivity to other candidate cluster members. Longitudinal galactic velocity [km s^(−1)].', 483, 'text', 2), block('Latitudinal galactic velocity [km s^(−1)].', 411)];

  it('takes the blocks between a table\'s caption and its note, on one page, for the table\'s body', () => {
    expect(tableBodyBeforeNote.test(caption, cells, note)).toBe(true);
    // A figure's caption, no note, the note on the next page, or a paragraph of prose in between: not a table's body.
    expect(tableBodyBeforeNote.test(block('Figure 3. Rotation periods.', 400, 'caption'), cells, note)).toBe(false);
    expect(tableBodyBeforeNote.test(caption, cells, block('As described by Thompson et al. (2018), the flag is an indication.', 497))).toBe(false);
    expect(tableBodyBeforeNote.test(caption, cells, block(note.text, 504, 'text', 2, 22))).toBe(false);
    expect(tableBodyBeforeNote.test(caption, [...cells, block('A paragraph of prose, set between the caption and the note, five lines long.', 497, 'text', 5)], note)).toBe(false);
  });

  it('drops the table\'s body and keeps the caption, the note and the text after them', () => {
    const after = block('As described by Thompson et al. (2018), the flag is an indication.', 497, 'text', 4);
    expect(dropTableFragments([caption, ...cells, note, after]).map((b) => (b.type === 'paragraph' ? b.text.slice(0, 12) : ''))).toEqual(['Table 3. Rot', 'NOTE—Table 3', 'As described']);
  });
});

describe('centred-table-column', () => {
  const centred = (text: string, y: number, width: number, page = 12) => line(text, y, { x0: 306 - width / 2, x1: 306 + width / 2, page, pageHeight: 792 });
  const descriptions = ['The Kepler Input Catalog ID number of the target.', 'The Gaia DR3 source ID of the target.', 'Gaia EDR3 right ascension.', 'Gaia EDR3 declination in degrees.', 'Gaia EDR3 parallax (mas).', 'Gaia EDR3 proper motion in declination (mas/yr).', 'The covariance between v_x and v_y samples.'];
  const widths = [208, 157, 131, 154, 111, 207, 176];

  it('takes six or more lines centred on one axis, of ragged starts, for a table', () => {
    const rows = descriptions.map((d, i) => centred(d, 442 - 13 * i, widths[i]!));
    expect(centredTableLines(rows, 511).size).toBe(rows.length);
  });

  it('leaves prose, a short run, and a centred title block at the top of page 1', () => {
    const prose = descriptions.map((d, i) => line(d, 442 - 13 * i, { x0: 51, x1: 51 + widths[i]! }));
    expect(centredTableLines(prose, 511).size).toBe(0);
    expect(centredTableLines(descriptions.slice(0, 5).map((d, i) => centred(d, 442 - 13 * i, widths[i]!)), 511).size).toBe(0);
    expect(centredTableLines(descriptions.map((d, i) => centred(d, 700 - 13 * i, widths[i]!, 1)), 511).size).toBe(0);
  });
});

describe('table rows against justified prose', () => {
  const at = (text: string, y: number, x0: number, x1: number) => line(text, y, { x0, x1 });
  // Prose lines broken into two pieces by inline maths, both pieces ending at the text's right margin (562), and a
  // footnote set wider than the text (AASTeX: to 576).
  const page = [
    at('To compress the data, we project the original length-2p data vector d to a length-s data via a projection', 420, 60, 562),
    at('matrix v, and apply the likelihood analysis on the projected data d = (v)', 407, 51, 374),
    at('d . Let Σ be the covariance matrix of', 407, 392, 562),
    at('data vector d, then vΣv is the covariance matrix of projected data vector d,', 395, 51, 401),
    at('d ∼ N (0, Σ), and d ∼ N (0, vΣv).', 395, 404, 562),
    at('Then the likelihood of r given projected data d is simply written as the following sum over', 382, 51, 562),
    at('The large-scale delensed B modes are no longer the highest S/N modes, when foregrounds are considered.', 96, 59, 576),
    at('large scales, are considered. Our methodology is flexible. In principle, modes could be selected.', 86, 65, 576),
  ];

  it('keeps a prose row cut by a formula whose piece starts where a sum\'s limits sit on the row below (scripts are no table row)', () => {
    const row = (text: string, y: number, x0: number, x1: number, size = 10) => line(text, y, { x0, x1, size });
    const lines = [
      row('where y is the measured output; y^sim is the model\'s simulated output; and y is the', 112, 72, 441),
      row('mean value of y, i.e. y =', 100, 72, 188),
      row('y_t. We then inspect the results of our experimental', 100, 201, 441),
      row('n', 96.4, 183, 188, 7),
      row('t=0', 96.9, 201, 214, 7),
      row('campaigns using standard tools for statistical analysis, taking the settings as factors.', 88, 72, 441),
    ];
    expect(placeLines(lines, 612).some((l) => l.text.startsWith('mean value of y') && l.text.includes('We then inspect'))).toBe(true);
  });

  it('keeps rows whose pieces end at the right margin most lines reach, whatever a wider footnote reaches', () => {
    const texts = placeLines(page, 612).map((l) => l.text);
    expect(texts.some((t) => t.startsWith('matrix v, and apply') && t.endsWith('covariance matrix of'))).toBe(true);
    expect(texts.some((t) => t.startsWith('data vector d, then'))).toBe(true);
  });
});

describe('column-edge-line', () => {
  it('measures a column on its long lines at the body size, not on wider footnotes', () => {
    expect(columnEdgeLine.test(line('A line of prose at the body size, long enough to run to the edge.', 500), 10)).toBe(true);
    expect(columnEdgeLine.test(line('A footnote set smaller than the text and wider than the text column.', 80, { size: 8 }), 10)).toBe(false);
    expect(columnEdgeLine.test(line('(5)', 400), 10)).toBe(false);
  });

  it("puts the right edge of a one-column page at the body's margin, so a display's number there is a display's (AASTeX)", () => {
    const at = (text: string, y: number, x1: number, size = 10) => line(text, y, { x0: 60, x1, size, column: 'full' });
    const prose = Array.from({ length: 8 }, (_, i) => at(`Body text line ${i} of the column, justified to the right margin of the text.`, 700 - 12 * i, 548));
    // Footnotes set in smaller type and wider than the text (to 562): a fifth of the page's long lines.
    const notes = Array.from({ length: 4 }, (_, i) => at(`A footnote line ${i} set wider than the text in its smaller type size.`, 120 - 9 * i, 562, 8));
    const display = line('L ≡ p(D|M, θ, I) = pc(M_r, A_r). (5)', 560, { x0: 360, x1: 548 });
    const placed = placeLines([...prose, display, ...notes], 612);
    const number = placed.find((l) => l.text.endsWith('(5)'))!;
    expect(number.columnRight).toBeLessThan(550);
    const pieces = [{ x0: 360, x1: 470, start: 0, end: 32, size: 10, font: 'F1' }, { x0: 536, x1: 548, start: 33, end: 36, size: 10, font: 'F1' }];
    expect(equationLine.test({ ...number, pieces } as PlacedLine, style)).toBe(true);
  });
});

describe('front-matter-line', () => {
  // JMLR's page 1: a title in two lines of 14.3 pt, a name with its e-mail address at the row's far end, an affiliation, 10 pt text.
  const at = (text: string, y: number, x0: number, size = 10, page = 1) => line(text, y, { x0, x1: x0 + text.length * size * 0.5, size, page });
  const page1 = [
    at('Automated discovery of interpretable gravitational-wave', 679, 107, 14.3),
    at('population models', 661, 241, 14.3),
    at('Kaze W.K. Wong', 630, 90, 10.9),
    at('kwong@flatironinstitute.org', 630, 400),
    at('Center for Computational Astrophysics, Flatiron Institute', 618, 90),
    ...Array.from({ length: 8 }, (_, i) => at('We present an approach to automatically discover analytic population models for gravitational', 470 - 12 * i, 109)),
  ];

  it('keeps a title line in the page\'s largest type and a name with its e-mail address on its row, on the top half of page 1', () => {
    expect(frontMatterLine.test(page1[1]!, page1)).toBe(true);
    expect(frontMatterLine.test(page1[2]!, page1)).toBe(true);
  });

  it('leaves an affiliation, a name with no address beside it, a lone large word, the same lines lower on the page or on another page', () => {
    expect(frontMatterLine.test(page1[4]!, page1)).toBe(false);
    expect(frontMatterLine.test(page1[1]!, page1.slice(1))).toBe(false);
    expect(frontMatterLine.test(at('Miles Cranmer', 590, 90, 10.9), page1)).toBe(false);
    const lower = [at('population models', 300, 241, 14.3), at('Kaze W.K. Wong', 280, 90, 10.9), at('kwong@flatironinstitute.org', 280, 400)];
    expect(lower.some((l) => frontMatterLine.test(l, [...page1, ...lower]))).toBe(false);
    const page2 = page1.map((l) => ({ ...l, page: 2 }));
    expect(page2.some((l) => frontMatterLine.test(l, page2))).toBe(false);
  });

  it('keeps them from being dropped as a figure\'s labels among the author block\'s short lines', () => {
    const block = [...page1, at('Miles Cranmer', 594, 90, 10.9), at('Department of Astrophysical Sciences', 582, 90), at('Princeton, NJ', 570, 90), at('Editor', 550, 90)];
    const kept = removeFigureText(block).map((l) => l.text);
    expect(kept).toContain('population models');
    expect(kept).toContain('Kaze W.K. Wong');
  });
});

describe('table-cell-column', () => {
  const at = (text: string, x0: number, x1: number, y: number) => line(text, y, { x0, x1 });
  const prose = [
    at('The trained models are then evaluated in terms of their index on a test dataset, as below.', 72, 540, 560),
    at('We then inspect the results of our experimental campaigns using standard tools for statistics,', 72, 540, 548),
  ];
  const labels = ['Estimator type (est type)', 'Training time (s) (max time)', 'Size of training (mini)batch', 'Fitting seq. length (seq fit len)'];
  const values = ['FF, LSTM, ZERO', '300, 1800, 3600', '32, 128, 512, 1032', '40, 80, 160, 320'];
  const table = labels.flatMap((label, i) => [at(label, 171, 171 + label.length * 5, 700 - 11 * i), at(values[i]!, 363, 363 + values[i]!.length * 5, 700 - 11 * i)]);

  it('a short line on the baseline of a dropped cell is a cell; prose beside nothing is not', () => {
    expect(tableCellColumn.test(table[0]!, [table[1]!], () => true)).toBe(true);
    expect(tableCellColumn.test(table[0]!, [table[3]!], () => true)).toBe(false); // another row
    expect(tableCellColumn.test(prose[0]!, [table[1]!], () => true)).toBe(false);
  });

  it('drops a table\'s label column with its value cells, and keeps the prose around it', () => {
    const kept = removeFigureText([...table, ...prose]).map((l) => l.text);
    expect(kept).toEqual(prose.map((l) => l.text));
  });
});

describe('entry-not-interruption', () => {
  it('a bibliography entry in small type is no footnote a paragraph resumes across: "[18] Jao, …" stops the merge', () => {
    expect(entryNotInterruption.test({ text: '[18] Jao, W.-C., Henry, T. J., Gies, D. R., & Hambly, N. C.' })).toBe(true);
    expect(entryNotInterruption.test({ text: '[BC11] A. Bee and C. See. Title.' })).toBe(true);
    expect(entryNotInterruption.test({ text: '∗ James.Davenport@wwu.edu; NSF Astronomy and Astrophysics Postdoctoral Fellow' })).toBe(false);
    expect(entryNotInterruption.test({ text: '1 The code is available online.' })).toBe(false);
  });
});

describe('reference rules', () => {
  const entry = (text: string, supers: PlacedLine['supers'] = []) => ({ firstLine: { text, supers }, text });

  it('hanging-indent: a fifth of the lines indented, or (most entries on one line, MNRAS) three or more at one indent; stray indents are none', () => {
    const flush = Array.from({ length: 16 }, () => 0);
    expect(hangingIndent.test([0, 14, 0, 14, 0, 0, 14, 0, 0], 9)).toBe(true);
    expect(hangingIndent.test([...flush, 14, 14, 14.5], 9)).toBe(true);
    expect(hangingIndent.test([...flush, 14, 22, 9], 9)).toBe(false);
    expect(hangingIndent.test([...flush, 14, 14], 9)).toBe(false);
  });

  it('hanging-indent: a word processor\'s half-inch (36 pt) hanging indent counts at 10, 11 and 12 points; a line set in by a column\'s width does not', () => {
    for (const size of [10, 11, 12]) expect(hangingIndent.test([0, 36, 36, 0, 36, 0, 36, 36], size)).toBe(true);
    // Widened to most of an inch by the author (an APA manuscript from Word: 57 pt at 12 pt).
    expect(hangingIndent.test([0, 57, 57, 0, 57, 0, 57, 57], 12)).toBe(true);
    expect(hangingIndent.test([0, 120, 120, 0, 120, 0], 10)).toBe(false);
  });

  it('short-column-indent: a last page\'s column of a few unindented lines continues the entry before it, not each line an entry', () => {
    const at = (text: string, page: number, column: 'left' | 'right', x0: number, y: number) => line(text, y, { page, column, x0, x1: x0 + 230, columnLeft: column === 'left' ? 54 : 318, columnRight: column === 'left' ? 295 : 558 });
    const lines = [
      at('S. Meibom, S. A. Barnes, I. Platais, and D. W. Latham. 2015. A spin-down clock', 14, 'right', 318, 700),
      at('for cool stars from observations of a 2.5-billion-year-old cluster. Nature 517,', 14, 'right', 327, 689),
      at('589–591.', 14, 'right', 327, 678),
      at('N. J. Wright, J. J. Drake, E. E. Mamajek, and G. W. Henry. 2011. The', 14, 'right', 318, 667),
      at('Stellar-activity-Rotation Relationship and the Evolution of Stellar', 14, 'right', 327, 656),
      at('Dynamos. ApJ 743, Article 48 (Dec. 2011), 48 pages. https://doi.', 15, 'left', 54, 700),
      at('org/10.1088/0004-637X/743/1/48 arXiv:1109.4634 [astro-ph.SR]', 15, 'left', 54, 689),
      at('S. Yi, P. Demarque, Y.-C. Kim, and S. Barnes. 2001. Toward Better Age', 15, 'right', 318, 700),
      at('Estimates for Stellar Populations. ApJS 136, 417–437.', 15, 'right', 327, 689),
    ];
    const entries = splitReferenceEntries(lines, { ...style, bodySize: 9 });
    expect(entries.map((e) => e.text.slice(0, 10))).toEqual(['S. Meibom,', 'N. J. Wrig', 'S. Yi, P. ']);
    expect(shortColumnIndent.test(2, true)).toBe(true);
    expect(shortColumnIndent.test(8, true)).toBe(false);
  });

  it('entry labels: bracketed, dotted, alpha and superscript numbers', () => {
    expect(entryLabelOf({ text: '[12] A. Author', supers: [] })).toMatchObject({ label: '[12]', n: 12 });
    expect(entryLabelOf({ text: '3. Author, A.: Title', supers: [] })).toMatchObject({ label: '3.', n: 3 });
    expect(entryLabelOf({ text: '[Qui78] J. R. Quinlan', supers: [] })).toMatchObject({ label: '[Qui78]' });
    expect(entryLabelOf({ text: 'A. Author, Nature', supers: [{ text: '7', at: 0 }] })).toMatchObject({ label: '7', n: 7 });
    expect(entryLabelOf({ text: 'In 2019 we found', supers: [] })).toBeNull();
    // LIPIcs: the number alone in its label column, then a name.
    expect(entryLabelOf({ text: '15 Pedro da Rocha Pinto, Thomas Dinsdale-Young', supers: [] })).toMatchObject({ label: '15', form: 'bare', n: 15 });
    expect(entryLabelOf({ text: '2022. doi:10.1007/978-3', supers: [] })).toBeNull();
    expect(entryLabelOf({ text: '7 of Lecture Notes in Computer Science', supers: [] })).toBeNull();
    expect(entryLabelOf({ text: '13260 Springer', supers: [] })).toBeNull();
  });

  it('entry labels in parentheses (the ACS styles, achemso): "(12) Linic, S.; …" opens entry 12, the list is numeric and superscript citations find it; such a run does not make a bibliography with no heading', () => {
    expect(entryLabelOf({ text: '(12) Linic, S.; Christopher, P.; Ingram, D. B. Plasmonic-metal nanostructures.', supers: [] })).toMatchObject({ label: '(12)', form: 'paren', n: 12 });
    expect(entryLabelOf({ text: '(see above) and more', supers: [] })).toBeNull();
    const references = [1, 2, 3].map((n) => ({ id: `ref${n}`, label: `(${n})`, raw: `Author${n}, A. Title. J. Chem. 201${n}, ${n}, 1–2.` })) as Reference[];
    expect(citationStyleOf(references)).toBe('numeric');
    expect(bibliographyShape.test([entry('(1) we load the data of 2019.'), entry('(2) we train the model on 2020 data.'), entry('(3) we test it on 2021 data.')])).toBe(false);
  });

  it('alpha labels: a raised "+" (B^+16), a key from a lower-case bibliography key (bin17), capitals with no year (BRC); "[Online]" is none, and a citation finds its entry however the "+" came out', () => {
    expect(entryLabelOf({ text: '[B^+16] J. Baillieul et al. Report on the First IEEE Workshop', supers: [] })).toMatchObject({ label: '[B^+16]', form: 'alpha' });
    expect(entryLabelOf({ text: '[bin17] Binder. http://mybinder.org/, 2017.', supers: [] })).toMatchObject({ label: '[bin17]', form: 'alpha' });
    expect(entryLabelOf({ text: '[BRC] F. Berman, R. Rutenbar, and B. Hailpern.', supers: [] })).toMatchObject({ label: '[BRC]', form: 'alpha' });
    expect(entryLabelOf({ text: '[Online]. Available: https://example.org', supers: [] })).toBeNull();
    expect(alphaKeyOf('BBC+12')).toBe(alphaKeyOf('BBC12'));
    expect(alphaKeyOf('B^+16')).toBe(alphaKeyOf('B+16'));
    const references = [{ id: 'r1', label: '[BBC+12]', raw: 'K. Belhajjame et al. PROV-O. 2012.' }, { id: 'r2', label: '[bin17]', raw: 'Binder. 2017.' }] as Reference[];
    expect(findCitations('as shown before [BBC12, bin17].', references).flatMap((c) => c.referenceIds)).toEqual(['r1', 'r2']);
  });

  it('bibliography-shape: a run of labelled entries with years from 1 is a bibliography; a numbered list is not', () => {
    expect(bibliographyShape.test([entry('[1] A. Author. Title. 2019.'), entry('[2] B. Author. Title. 2020.'), entry('[3] C. Author. Title. 2021.')])).toBe(true);
    const sup = (n: string, text: string) => entry(text, [{ text: n, at: 0 }]);
    expect(bibliographyShape.test([sup('1', 'A. Author, Phys. Rev. 1 (1999).'), sup('2', 'B. Author, Nature 2 (2001).'), sup('3', 'C. Author, Science 3 (2003).')])).toBe(true);
    expect(bibliographyShape.test([entry('1. First we load the data.'), entry('2. Then we train the model.'), entry('3. Finally we test it.')])).toBe(false);
    expect(bibliographyShape.test([entry('[4] A. Author. 2019.'), entry('[5] B. Author. 2020.'), entry('[6] C. 2021.')])).toBe(false);
  });

  it('spaced-list: entries set apart by space, not by a hanging indent, start only where the space is (an entry\'s short line ending in a stop goes on)', () => {
    // Single-spaced 12-pt entries (14 pt apart) with 6 pt after each, as a word processor sets a Harvard list.
    const rows: [string, number][] = [
      ['Berman, P., & McLaughlin, M. W. (1976). Implementation of educational', 700], ['innovation. The Educational Forum, 40, 345–370.', 686],
      ['Castel, R. “From Dangerousness to Risk.” In The Foucault Effect, edited by', 666], ['Graham Burchell, Colin Gordon, and Peter Miller.', 652], ['London: Harvester, 1991, 281–98.', 638],
      ['Hinton, G. E., & Nowlan, S. J. (1987). How learning can guide evolution.', 618], ['Complex Systems, 1, 495-502.', 604],
    ];
    const lines = rows.map(([text, y]) => line(text, y, { size: 12, x1: text.length > 50 ? 530 : 300 }));
    const entries = splitReferenceEntries(lines, { bodySize: 12, bodyFont: 'F1', lineSpacing: 14 });
    expect(entries.map((e) => e.text.slice(0, 8))).toEqual(['Berman, ', 'Castel, ', 'Hinton, ']);
    expect(spacedList.test(2, 6)).toBe(true);
    expect(spacedList.test(1, 6)).toBe(false);
    // Space before every line is no list's spacing (a double-spaced list the line spacing missed).
    expect(spacedList.test(6, 6)).toBe(false);
  });

  it('spaced-list: the space between entries is measured beyond the list\'s own spacing (AAAI: 9-pt entries 10 pt apart, 2.7 pt between, under 11-pt text)', () => {
    // Each entry's last line runs to the column's end, so only the space tells where the next starts.
    const entries = [
      ['Christoffersen, P. F., and Diebold, F. X. 1997. Optimal predic-', 'tion under asymmetric loss. Econometric Theory 13(6):808–817.'],
      ['Espinosa-Perez, G., and Ortega, R. 1994. State observers are', 'unnecessary for induction motor control. Systems and Control', 'Letters 23(5):315–323, and the same authors again in full.'],
      ['Ghaderi, A.; Sanandaji, B.; and Ghaderi, F. 2017. Deep forecast:', 'Deep learning-based spatio-temporal forecasting. In Time', 'Series Workshop in International Conference on Machine Learning.'],
      ['Jadot, F.; Malrait, F.; Moreno-Valenzuela, J.; and Sepulchre,', 'R. 2009. Adaptive regulation of vector-controlled induc-', 'tion motors. IEEE Transactions on Control Systems Technology.'],
      ['Levin, E. 1990. Modeling time varying systems using hid-', 'den control neural architecture. In International Conference on', 'Neural Information Processing Systems, 147–154 and more pages.'],
      ['Zhang, Q. 2002. Adaptive observer for multiple-input-multiple-', 'output (MIMO) linear time-varying systems. IEEE Transactions', 'on Automatic Control 47(3):525–529, with a correction later on.'],
    ];
    let y = 700;
    const lines = entries.flatMap((entry, e) => entry.map((text, i) => {
      y -= i === 0 && e > 0 ? 12.7 : 10;
      return line(text, y, { size: 9, x1: 530 });
    }));
    const split = splitReferenceEntries(lines, { bodySize: 10, bodyFont: 'F1', lineSpacing: 10.959 });
    expect(split.map((e) => e.text.slice(0, 8))).toEqual(['Christof', 'Espinosa', 'Ghaderi,', 'Jadot, F', 'Levin, E', 'Zhang, Q']);
  });

  it('author-year-entry-start: with no hanging indent, "Surname, I. … year" after a short line starts an entry', () => {
    const short = { x1: 240, columnRight: 562 };
    const full = { x1: 561, columnRight: 562 };
    expect(authorYearEntryStart.test({ text: 'More, S., Diemer, B., & Kravtsov, A. V. 2015, ApJ, 810, 36' }, short, 8)).toBe(true);
    expect(authorYearEntryStart.test({ text: 'More, S., Diemer, B., & Kravtsov, A. V. 2015, ApJ, 810, 36' }, full, 8)).toBe(false);
    expect(authorYearEntryStart.test({ text: 'Physics, 12, 2015, pp. 3-9' }, short, 8)).toBe(false);
    expect(authorYearEntryStart.test({ text: 'More, S., Diemer, B., and others' }, short, 8)).toBe(false);
    // A family name with its particles ("Van der Walt", "van der Berg", "de la Cruz") opens an entry too.
    expect(authorYearEntryStart.test({ text: 'Van der Walt, S., Colbert, S. C., & Varoquaux, G. 2011, CiSE, 13, 22' }, short, 8)).toBe(true);
    expect(authorYearEntryStart.test({ text: 'de la Cruz, M. 2019, A&A, 622, 1' }, short, 8)).toBe(true);
  });

  it('document-text-edge: a page of one-line entries takes the document\'s text edge, so each entry ends short of it and stands alone (A&A)', () => {
    const prose = (page: number) => Array.from({ length: 6 }, (_, i) => line(`Body text line ${i} of the page that runs on to the text block's right edge.`, 700 - 12 * i, { page, x0: 37, x1: 558, columnLeft: 37, columnRight: 558 }));
    // Page 9 holds only the list: measured from its own lines its edge is its longest entry's end (419).
    const entry = (text: string, y: number, x1: number) => line(text, y, { page: 9, size: 8, x0: 37, x1, columnLeft: 37, columnRight: 419 });
    const list = [
      entry('Cano Rodríguez, J. L., Hidalgo, A., Bapat, S., et al. 2019, poliastro/poliastro: poliastro', 725, 411),
      entry('Einstein, A. 1916, Annalen Phys., 49, 769, [Annalen Phys.14,517(2005); ,65(1916)]', 716, 419),
      entry('Kerr, R. P. 1963, Phys. Rev. Lett., 11, 237', 707, 170),
      entry('Shaikh, R., Kocherlakota, P., Narayan, R., & Joshi, P. S. 2018, Monthly Notices of the Royal', 698, 415),
      entry('Van der Walt, S., Colbert, S. C., & Varoquaux, G. 2011, Computing in Science & Engineering', 689, 360),
    ];
    const pages = withDocumentTextEdge([prose(1), prose(2), prose(3), list]);
    expect(pages[3]!.map((l) => l.columnRight)).toEqual(list.map(() => 558));
    const entries = splitReferenceEntries(pages[3]!, { bodySize: 10, bodyFont: 'F1', lineSpacing: 12 });
    expect(entries.map((e) => e.text.slice(0, 12))).toEqual(['Cano Rodrígu', 'Einstein, A.', 'Kerr, R. P. ', 'Shaikh, R., ', 'Van der Walt']);
    // Measured from its own lines, the list ran its entries together.
    expect(splitReferenceEntries(list, { bodySize: 10, bodyFont: 'F1', lineSpacing: 12 }).length).toBeLessThan(5);
    expect(documentTextEdge.test(419, 558, 8, 37)).toBe(true);
    expect(documentTextEdge.test(550, 558, 8, 37)).toBe(false);
    // A block half the text's width (a two-column paper's page holding only its left column) is a column, not a short page.
    expect(documentTextEdge.test(292, 562, 8, 50)).toBe(false);
    // In a document set mostly in two columns, no page is widened.
    const twoColumn = (page: number) => prose(page).map((l) => ({ ...l, column: 'left' as const }));
    expect(withDocumentTextEdge([twoColumn(1), twoColumn(2), twoColumn(3), twoColumn(4), twoColumn(8), prose(5), prose(6), prose(7), list])[8]).toBe(list);
    // With a ragged right edge (a word processor's left-aligned text), each page ends where its lines do: none is widened.
    const ragged = (page: number, right: number) => prose(page).map((l) => ({ ...l, columnRight: right }));
    expect(withDocumentTextEdge([ragged(1, 540), ragged(2, 551), ragged(3, 529), ragged(4, 558), list])[4]).toBe(list);
  });
});

describe('citation rules', () => {
  const ref = (id: string, raw: string, extra: Partial<Reference> = {}): Reference => ({ id, raw, ...extra });

  it('alpha keys link by label', () => {
    const refs = [ref('ref1', 'J. R. Quinlan. Induction of decision trees. 1986.', { label: '[Qui86]' }), ref('ref2', 'A. Bee and C. See. Title. 2011.', { label: '[BC11]' })];
    expect(findCitations('as in [BC11] and [Qui86, BC11].', refs).map((c) => c.referenceIds)).toEqual([['ref2'], ['ref1', 'ref2']]);
  });

  it('cite-parenthesised: a numbered list cited "(3)" and "(1,4–6)" throughout, never in brackets, is cited in parentheses', () => {
    expect(parenthesisedCitations.test([1, 2, 3, 4, 5, 6], 0, 12)).toBe(true);
    // Enumerations "(1) … (2) …" name few entries; bracketed citations elsewhere say how the document cites.
    expect(parenthesisedCitations.test([1, 2, 1, 2], 0, 12)).toBe(false);
    expect(parenthesisedCitations.test([1, 2, 3, 4, 5, 6], 4, 12)).toBe(false);
    // Sample sizes and years in parentheses lie outside the list.
    expect(parenthesisedCitations.test([1, 2, 3, 4, 412, 2019, 64], 0, 12)).toBe(false);
  });

  it('numbers in parentheses link only in a document that cites that way, and never after "Eq." or "Table"', () => {
    const refs = [1, 2, 3, 4, 5, 6].map((n) => ref(`ref${n}`, `${n}. Author${n} A. Title ${n}. Lancet. 2001;${n}:1-9.`, { label: `${n}.` }));
    const texts = ['Sleep is short in adolescence (1), as it was in 2014 (2014, 2015).', 'It harms mood (2,3) and attention (4–6).', 'As in Eq. (2), the effect (5) grew; see Table (3).'];
    const forms = citationFormsOf(texts, refs, []);
    expect(forms).toEqual({ parenthesised: true });
    expect(texts.map((t) => findCitations(t, refs, [], forms).map((c) => c.referenceIds))).toEqual([[['ref1']], [['ref2', 'ref3'], ['ref4', 'ref5', 'ref6']], [['ref5']]]);
    // Cited in brackets, "(2)" stays an equation's number.
    const bracketed = ['Sleep is short [1].', 'It harms mood [2, 3] and attention [4–6].', 'Substituting (2) into (3) gives (5) and (6).'];
    expect(citationFormsOf(bracketed, refs, [])).toEqual({});
    expect(findCitations(bracketed[2]!, refs, [], citationFormsOf(bracketed, refs, []))).toEqual([]);
    // Raised numbers count against the parentheses only when they could name entries: "4096" and "128" are a network's sizes (PNAS).
    expect(citationFormsOf(texts, refs, ['4096', '8192', '128', '512', '1024'])).toEqual({ parenthesised: true });
    expect(citationFormsOf(texts, refs, ['1', '2', '3', '4', '5'])).toEqual({});
    // A matrix entry "B²[5, 0]" is an index: it neither links nor counts as a bracketed citation against the parentheses.
    const indexed = [...texts, 'so B^2[5, 0] = 1/3 and P^2[5, 0] = 0, while B[0, 2] = 1/2.', 'and [0, 1] is the interval.'];
    expect(citationFormsOf(indexed, refs, [])).toEqual({ parenthesised: true });
    expect(findCitations(indexed[3]!, refs)).toEqual([]);
    expect(zeroIndexNotCitation.test([5, 0], false)).toBe(true);
    expect(zeroIndexNotCitation.test([0, 1], true)).toBe(false); // a list numbered from [0]
    expect(zeroIndexNotCitation.test([5, 6], false)).toBe(false);
  });

  it('numbers in brackets link with words set before or after them ("[e.g. 1–3]", "[see also 2]", "[3, and references therein]")', () => {
    const refs = [1, 2, 3, 4].map((n) => ref(`ref${n}`, `A. Author${n}. Title ${n}. Phys. Rev. D ${n}, 1 (2001).`, { label: `[${n}]` }));
    const citations = findCitations('explained the perturbations [e.g. 1–3], the modes [see also 2], a bound [cf. 4] and more [3, and references therein], but not [A] or [see Sec. 2].', refs);
    expect(citations.map((c) => c.referenceIds)).toEqual([['ref1', 'ref2', 'ref3'], ['ref2'], ['ref4'], ['ref3']]);
    expect(citations[0]!.marker).toBe('[e.g. 1–3]');
  });

  it('a numeric citation may name a place in the work after its number ("[2, Chapter 10]", "[3, Thm. 2.1]", "[1, p. 12]"); a word that is no place is not one', () => {
    const refs = [1, 2, 3].map((n) => ref(`ref${n}`, `A. Author${n}. Title ${n}. 2001.`, { label: `[${n}]` }));
    const citations = findCitations('following [2, Chapter 10], as shown in [3, Thm. 2.1] and [1, p. 12], but not [2, Smith].', refs);
    expect(citations.map((c) => c.referenceIds)).toEqual([['ref2'], ['ref3'], ['ref1']]);
  });

  it('bracketed author-year links like parenthetical author-year', () => {
    const refs = [ref('ref1', 'Wu, X., Li, Y. Title. 2024.', { authors: ['Wu'], year: 2024 }), ref('ref2', 'Chen, Z. Title. 2023.', { authors: ['Chen'], year: 2023 })];
    const citations = findCitations('shown before [Wu et al., 2024; Chen, 2023] and by Chen [2023].', refs);
    expect(citations.map((c) => c.referenceIds)).toEqual([['ref1', 'ref2'], ['ref2']]);
    // Works separated by commas (JMLR, fairmeta): "[Wu et al., 2024, Chen, 2023]"; years of one author stay together.
    expect(findCitations('also known [Wu et al., 2024, Chen, 2023] and [Chen, 2023, 2024].', refs).map((c) => c.referenceIds)).toEqual([['ref1', 'ref2'], ['ref2']]);
    // Three authors named in full (imsart): "(Wu, Li and Zhang, 2024; Chen, 2023)" and "Wu, Li and Zhang (2024)".
    const threeNamed = findCitations('as in (Wu, Li and Zhang, 2024; Chen, 2023) and in Wu, Li and Zhang (2024).', refs).sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
    expect(threeNamed.map((c) => c.referenceIds)).toEqual([['ref1', 'ref2'], ['ref1']]);
  });

  it('a bare letter after a year is another work of that year ("Khoury et al. 2001a,b, 2003"), in a group and in the text', () => {
    const refs = [
      ref('ref1', 'Khoury, J., Ovrut, B. A. 2001a, Phys. Rev. D, 64, 123522', { authors: ['Khoury'], year: 2001 }),
      ref('ref2', 'Khoury, J., Ovrut, B. A. 2001b, Phys. Rev. D, 66, 046005', { authors: ['Khoury'], year: 2001 }),
      ref('ref3', 'Khoury, J., Steinhardt, P. J. 2003, Phys. Rev. Lett., 91, 161301', { authors: ['Khoury'], year: 2003 }),
      ref('ref4', 'Boyle, L. A. 2004, Phys. Rev. D, 69, 127302', { authors: ['Boyle'], year: 2004 }),
    ];
    expect(findCitations('models (e.g. Khoury et al. 2001a,b, 2003; Boyle 2004) and', refs).map((c) => c.referenceIds)).toEqual([['ref1', 'ref2', 'ref3', 'ref4']]);
    expect(findCitations('as Khoury et al. (2001a,b) showed, e.g. in 2004', refs).map((c) => c.referenceIds)).toEqual([['ref1', 'ref2']]);
    expect(yearsOf('2001a,b, 2003')).toEqual(['2001a', '2001b', '2003']);
  });

  it('a number printed at the start of an entry\'s text is its label: superscript citations link by it (biblatex, labels set apart)', () => {
    const refs = [ref('ref1', '1. N. P. Rougier. "LOUPE." In: Tremplin Micro 19 (Mar. 1988), pp. 60-61.'), ref('ref2', '2. H. Lowood, D. Monnens. Before It\'s Too Late. 2009.')];
    expect(citationStyleOf(refs)).toBe('numeric');
    expect(findCitations('as discussed before', refs, [{ text: '2', at: 19 }]).map((c) => c.referenceIds)).toEqual([['ref2']]);
  });

  it('years alone after a semicolon repeat the authors before them ("Real et al., 2019; 2020")', () => {
    const refs = [
      ref('ref1', 'Real, E., Liang, C. Regularized evolution. 2019.', { authors: ['Real'], year: 2019 }),
      ref('ref2', 'Real, E., Liang, C. AutoML-Zero. 2020.', { authors: ['Real'], year: 2020 }),
      ref('ref3', 'Koza, J. Genetic programming. 1994.', { authors: ['Koza'], year: 1994 }),
    ];
    const citations = findCitations('search methods (Real et al., 2019; 2020; Koza, 1994) and later (2020; Koza, 1994).', refs);
    // A year with no author before it in its group names no one.
    expect(citations.map((c) => c.referenceIds)).toEqual([['ref1', 'ref2', 'ref3'], ['ref3']]);
  });

  it('a group author that opens an entry ("Gaia Collaboration, Prusti, T., …") is cited by its last word', () => {
    const refs = [
      ref('ref1', 'Gaia Collaboration, Prusti, T., de Bruijne, J. H. J., et al. 2016, A&A, 595, A1', { authors: ['T. Prusti', 'J. H. J. de Bruijne'], year: 2016 }),
      ref('ref2', 'Gaia Collaboration, Brown, A. G. A., et al. 2021, A&A, 649, A1', { authors: ['A. G. A. Brown'], year: 2021 }),
      ref('ref3', 'Prusti, T. 2016, a paper of his own', { authors: ['T. Prusti'], year: 2016 }),
    ];
    const citations = findCitations('close to the sun (Gaia Collaboration et al. 2016; Gaia Collaboration et al. 2021), as Prusti (2016) says.', refs);
    expect(citations.map((c) => c.referenceIds)).toEqual([['ref1', 'ref2'], ['ref3']]);
    expect(groupAuthorFamily(refs[0]!)).toBe('collaboration');
    expect(groupAuthorFamily(refs[2]!)).toBeNull();
  });

  it('works of one first author and year are told apart by how the citation names the authors ("et al.", "and Endl", one name, a group\'s full name)', () => {
    const refs = [
      ref('ref1', 'Cranmer, M. PySR: Fast & Parallelized Symbolic Regression. 2020.', { authors: ['M. Cranmer'], year: 2020 }),
      ref('ref2', 'Cranmer, M., Sanchez-Gonzalez, A., Battaglia, P. Discovering symbolic models. 2020.', { authors: ['M. Cranmer', 'A. Sanchez-Gonzalez', 'P. Battaglia'], year: 2020 }),
      ref('ref3', 'Gullikson, K. & Dodson-Robinson, S. 2013, AJ, 145, 3', { authors: ['K. Gullikson', 'S. Dodson-Robinson'], year: 2013 }),
      ref('ref4', 'Gullikson, K. & Endl, M. 2013, PASP, 125, 924', { authors: ['K. Gullikson', 'M. Endl'], year: 2013 }),
      ref('ref5', 'Lindegren L., Dravins D., 2021, A&A, 652, A45', { authors: ['L. Lindegren', 'D. Dravins'], year: 2021 }),
      ref('ref6', 'Lindegren L., et al., 2021, A&A, 649, A4', { authors: ['L. Lindegren'], year: 2021 }),
      ref('ref7', 'Gaia Collaboration, Brown, A. G. A., et al. 2018, A&A, 616, A1', { authors: ['A. G. A. Brown'], year: 2018 }),
      ref('ref8', 'Gravity Collaboration, Abuter, R., et al. 2018, A&A, 615, L15', { authors: ['R. Abuter'], year: 2018 }),
    ];
    const citations = findCitations('as in (Cranmer et al., 2020; Gullikson & Endl 2013) and Cranmer (2020), Lindegren et al. (2021), (Gravity Collaboration et al. 2018).', refs);
    expect(citations.map((c) => c.referenceIds)).toEqual([['ref2', 'ref4'], ['ref1'], ['ref6'], ['ref8']]);
  });

  it('a textual citation typed with no space after a capitalised word ("MimicGenJiang et al. (2025)") names the entry its last part names', () => {
    const refs = [
      ref('ref1', 'Zhenyu Jiang, Yuqi Xie, Kevin Lin, and Yuke Zhu. Dexmimicgen: Automated data generation. 2025.', { authors: ['Zhenyu Jiang', 'Yuqi Xie', 'Kevin Lin', 'Yuke Zhu'], year: 2025 }),
      ref('ref2', 'NVIDIA, Hassan Abu Alhaija, Jose Alvarez, et al. Cosmos-transfer1. 2025.', { authors: ['NVIDIA'], year: 2025 }),
      ref('ref3', 'Wenshuai Zhao, Jorge Peña Queralta, and Tomi Westerlund. Sim-to-real transfer. 2020.', { authors: ['Wenshuai Zhao'], year: 2020 }),
    ];
    const citations = findCitations('by integrating MimicGenJiang et al. (2025) and Cosmos TransferNVIDIA et al. (2025), as in simulatorsZhao et al. (2020).', refs);
    expect(citations.map((c) => [c.marker, c.referenceIds])).toEqual([['Jiang et al. (2025)', ['ref1']], ['NVIDIA et al. (2025)', ['ref2']], ['Zhao et al. (2020)', ['ref3']]]);
    // A name that is an entry's own stays whole ("McDonald"), and a glued word whose last part names no entry links nothing.
    expect(findCitations('as McDonald et al. (2020) and DataSmith et al. (2020) found.', [ref('ref4', 'McDonald, A. Title. 2020.', { authors: ['A. McDonald'], year: 2020 })]).map((c) => c.marker)).toEqual(['McDonald et al. (2020)']);
  });

  it('a textual citation may add words after its year ("Yool et al. (2013, their Figure 12)"); works in a group may be joined by "and"', () => {
    const refs = [
      ref('ref1', 'Yool, A., Popova, E. E., and Anderson, T. R.: MEDUSA-2.0, Geosci. Model Dev., 6, 1767–1811, 2013.', { authors: ['A. Yool', 'E. E. Popova', 'T. R. Anderson'], year: 2013 }),
      ref('ref2', 'Martioli, E., Hébrard, G., Correia, A. C. M., et al. 2021, A&A, 649, A177', { authors: ['E. Martioli'], year: 2021 }),
      ref('ref3', 'Gilbert, E. A., Barclay, T., Quintana, E. V., et al. 2022, AJ, 163, 147', { authors: ['E. A. Gilbert'], year: 2022 }),
    ];
    const citations = findCitations('as in Yool et al. (2013, their Figure 12) and in Yool et al. (2013; see Gilbert et al. 2022), a radius (3.0 ± 0.2, see Martioli et al. 2021 and Gilbert et al. 2022).', refs);
    // Words that name another work are no comment: that bracket is a group of its own ("(2013; see Gilbert et al. 2022)").
    expect(citations.map((c) => c.referenceIds)).toEqual([['ref1'], ['ref3'], ['ref2', 'ref3']]);
  });

  it('a work not yet out is cited with "in prep.", "in press" or "submitted" in place of its year, and links to the entry that says so', () => {
    const refs = [
      ref('ref1', 'Ridgwell, A. and Death, R.: Iron limitation in an efficient model of global carbon cycling and climate, in prep.', { authors: ['A. Ridgwell', 'R. Death'] }),
      ref('ref2', 'Ridgwell, A., Hargreaves, J. C., Edwards, N. R., et al.: Marine geochemical data assimilation, Biogeosciences, 4, 87–104, 2007.', { authors: ['A. Ridgwell'], year: 2007 }),
      ref('ref3', 'Smith, J. 2021, ApJ, in press', { authors: ['J. Smith'], year: 2021 }),
    ];
    const citations = findCitations('as configured (Ridgwell et al., 2007; Ridgwell and Death, in prep.), and Smith (in press) but not Ridgwell (submitted).', refs);
    expect(citations.map((c) => c.referenceIds)).toEqual([['ref2', 'ref1'], ['ref3']]);
  });

  it('numbers in brackets may follow several leading words ("[e.g. see 1]") or a note closed by ";" ("[MIST; 8]")', () => {
    const refs = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ref(`ref${n}`, `A. Author${n}. Title ${n}. 2001.`, { label: `[${n}]` }));
    expect(findCitations('the catalogue [e.g. see 1], the tracks [MIST; 8], but not [see Sec. 2].', refs).map((c) => c.referenceIds)).toEqual([['ref1'], ['ref8']]);
  });

  it('a numeric textual citation printed without brackets ("Happ and Greven 15") counts when that entry\'s first author is the name', () => {
    const refs = [
      ref('ref1', 'Mokhtar S. Bazaraa, Hanif D. Sherali, and C. M. Shetty. Nonlinear Programming. 2006.', { label: '[1]', authors: ['Mokhtar S. Bazaraa', 'Hanif D. Sherali', 'C. M. Shetty'] }),
      ref('ref2', 'Clara Happ and Sonja Greven. Multivariate functional principal component analysis. 2018.', { label: '[2]', authors: ['Clara Happ', 'Sonja Greven'] }),
    ];
    const citations = findCitations('by, for example, Happ and Greven 2) and (see Theorem 2.3.1 in Bazaraa et al. 1), but not Section 2 or Happ 1.', refs);
    expect(citations.map((c) => c.referenceIds)).toEqual([['ref2'], ['ref1']]);
  });

  it('an entry whose parsed year is not the cited one is still found when it prints that year ("Anderson (2005) …, 2006")', () => {
    const refs = [
      ref('ref1', 'Le Quéré, C.: Reply to Horizons article ‘Plankton functional type modelling’ Anderson (2005), Journal of Plankton Research, 28, 871–872, 2006.', { authors: ['C. Le Quéré'], year: 2005 }),
      ref('ref2', 'Le Quéré, C., Harrison, S. P., Prentice, I. C., et al.: Ecosystem dynamics, Global Change Biology, 11, 2016–2040, 2005.', { authors: ['C. Le Quéré', 'S. P. Harrison', 'I. C. Prentice'], year: 2005 }),
    ];
    const citations = findCitations('as argued (Le Quéré et al., 2005; Le Quéré, 2006), not (Le Quéré, 2016).', refs);
    expect(citations.map((c) => c.referenceIds)).toEqual([['ref2', 'ref1']]);
  });

  it('failing the parsed first author, an entry of the cited year is found by a name in its opening ("Steven R. Majewski, …", "Lu Yuxi Angus R., …")', () => {
    const refs = [
      ref('ref1', 'Steven R. Majewski, Ricardo P. Schiavon, Peter M. Frinchaboy, and many more. 2017. The Apache Point Observatory Galactic Evolution Experiment. AJ 154, 94.', { year: 2017 }),
      ref('ref2', 'Lu Yuxi Angus R., Curtis J. L., David T. J., Kiman R., 2021, arXiv e-prints, p. arXiv:2102.01772', { authors: ['R. Lu Yuxi Angus', 'J. L. Curtis'], year: 2021 }),
    ];
    const citations = findCitations('the survey [R = 22,500; Majewski et al. 2017] and ages (e.g. Lu et al. 2021), not (Schiavon et al. 2017) or (Lu et al. 2020).', refs);
    expect(citations.map((c) => c.referenceIds)).toEqual([['ref1'], ['ref2']]);
  });

  it('a group\'s name may hold digits ("CMB-S4 Collaboration"), and the last of several authors two words ("Beyaztas and Lin Shang")', () => {
    const refs = [
      ref('ref1', 'Planck Collaboration, Ade, P. A. R., et al. 2016, A&A, 594, A13', { authors: ['P. A. R. Ade'], year: 2016 }),
      ref('ref2', 'CMB-S4 Collaboration. 2016, eprint. https://arxiv.org/abs/1610.02743', { year: 2016 }),
      ref('ref3', 'BEYAZTAS, U. and LIN SHANG, H. (2022). A Robust Functional Partial Least Squares.', { authors: ['U. Beyaztas', 'H. Lin Shang'], year: 2022 }),
    ];
    const citations = findCitations('the noise (CMB-S4 Collaboration 2016), as Beyaztas and Lin Shang (2022) show.', refs);
    expect(citations.map((c) => c.referenceIds)).toEqual([['ref2'], ['ref3']]);
  });

  it('APA names a few authors, then "et al." ("Santhi, Bhaskaran, et al. (2010)")', () => {
    const refs = [ref('ref1', 'Santhi, P., Bhaskaran, V. M., et al. (2010). Performance of clustering algorithms.', { authors: ['P. Santhi', 'V. M. Bhaskaran'], year: 2010 })];
    expect(findCitations('examples include Silitonga (2018); Santhi, Bhaskaran, et al. (2010); and (Santhi, Bhaskaran, et al., 2010).', refs).map((c) => c.referenceIds)).toEqual([['ref1'], ['ref1']]);
  });

  it('superscript numerals cite numbered entries; footnote marks do not', () => {
    const refs = Array.from({ length: 15 }, (_, i) => ref(`ref${i + 1}`, `Author ${i + 1}. 2020.`, { label: `[${i + 1}]` }));
    const citations = findCitations('the algorithm is fast', refs, [{ text: '13', at: 16 }, { text: '1–3', at: 21 }, { text: '2', at: 3, footnote: true }, { text: '*', at: 5 }]);
    expect(citations).toEqual([
      { marker: '13', referenceIds: ['ref13'], start: 16, end: 16 },
      { marker: '1–3', referenceIds: ['ref1', 'ref2', 'ref3'], start: 21, end: 21 },
    ]);
  });
});

describe('wrap-figure-caption', () => {
  // A one-column page (body from x 108) with a figure set at the right of the text, its caption beside the prose.
  const piece = (x0: number, x1: number, start: number, end: number) => ({ x0, x1, start, end, font: 'F1' });
  const row = (prose: string, caption: string | null, y: number): PlacedLine => {
    const text = caption ? `${prose} ${caption}` : prose;
    const pieces = caption ? [piece(108, 316, 0, prose.length), piece(331, 504, prose.length + 1, text.length)] : [piece(108, 504, 0, prose.length)];
    return line(text, y, { x0: 108, x1: 504, size: 10, pieces: pieces as never });
  };
  const page = [
    row('In general, aleatoric uncertainty is related to the noise level in the data and does not depend on it', null, 560),
    row('on the sample size, and only the shape of', 'Figure 1: A fit of a model to toy data. The', 548),
    row('this uncertainty becomes sharper with more', 'model has low aleatoric uncertainty at x =', 537),
    row('samples. In contrast, epistemic uncertainty', '{0, 1, 2} and large elsewhere.', 526),
    row('does scale with the sample size in every case we looked at, and it allows the model to follow the data', null, 515),
  ];

  it('cuts the caption out of the rows of prose beside it and reads it after the text', () => {
    const placed = placeLines(page, 612);
    const texts = placed.map((l) => l.text);
    expect(texts.filter((t) => t.includes('Figure 1') || t.includes('aleatoric uncertainty at x'))).toEqual(['Figure 1: A fit of a model to toy data. The', 'model has low aleatoric uncertainty at x =']);
    expect(texts.slice(-3)).toEqual(['Figure 1: A fit of a model to toy data. The', 'model has low aleatoric uncertainty at x =', '{0, 1, 2} and large elsewhere.']);
    expect(texts.slice(0, 5)).toEqual([page[0]!.text, 'on the sample size, and only the shape of', 'this uncertainty becomes sharper with more', 'samples. In contrast, epistemic uncertainty', page[4]!.text]);
  });

  it('leaves a "Figure 1:" reference inside a sentence at the body\'s edge, or a row with no caption, alone', () => {
    expect(wrapFigureCaption.test(line('Figure 1: shows the fit', 548, { x0: 108 }), [], 108)).toBe(false);
    expect(wrapFigureCaption.test(line('as in the fit', 548, { x0: 331, pageWidth: 612 }), [line('prose', 548, { x0: 108, x1: 316 })], 108)).toBe(false);
    expect(wrapFigureCaption.test(line('Figure 1: A fit', 548, { x0: 331, pageWidth: 612 }), [line('prose', 548, { x0: 108, x1: 316 })], 108)).toBe(true);
  });
});

describe('margin-column', () => {
  // A one-column page whose body starts at x 166, with a narrow side column at x 36 (MDPI's first page).
  const at = (text: string, x0: number, x1: number, y: number): PlacedLine => line(text, y, { x0, x1, size: 10, pieces: [{ x0, x1, start: 0, end: text.length, size: 10, font: 'F1' }] as never });
  const body = [
    at('Pyrethroids, synthetic insecticides prevalent in residential and agricultural use, are', 166, 560, 600),
    at('metabolised quickly and excreted in urine, which makes urinary metabolites a good measure', 166, 560, 588),
    at('of recent exposure in the general population of the United States and elsewhere.', 166, 540, 576),
  ];
  const side = [at('Received: 1 May 2025', 36, 120, 640), at('Published: 7 June 2025', 36, 126, 612), at('Citation: Hsieh, N.-H.', 36, 118, 598)];
  const heading = at('1. Introduction', 166, 248, 612);

  it('takes lines that end well left of the body as a side column', () => {
    expect(marginColumn.test(side[0]!, 166)).toBe(true);
    expect(marginColumn.test(body[0]!, 166)).toBe(false);
    expect(marginColumn.test(at('a short last line', 166, 240, 560), 166)).toBe(false);
  });

  it('reads the side column apart and first, so "Published:" never joins the heading beside it', () => {
    const placed = placeLines([...body, ...side, heading], 612);
    expect(placed.map((l) => l.text)).toEqual([...side.map((l) => l.text), heading.text, ...body.map((l) => l.text)]);
    expect(placed.slice(0, 3).every((l) => l.column === 'left')).toBe(true);
  });

  it('leaves a page alone when fewer than three lines sit out there', () => {
    const placed = placeLines([...body, side[1]!, heading], 612);
    expect(placed.map((l) => l.text)).toContain('Published: 7 June 2025 1. Introduction');
  });
});

describe('merge-across-float', () => {
  const bottom = line('The favoured explanation was an age effect with a bimodal distribution of stars.', 80, { page: 6 });
  const paragraph = (lines: PlacedLine[]) => ({ text: lines.map((l) => l.text).join(' '), lines });

  it('joins a paragraph that resumes in lower case after a float', () => {
    const cut = line('The favoured explanation was an age effect with a bimodal', 80, { page: 6 });
    expect(continuesAcrossFloat.test(paragraph([cut]), paragraph([line('distribution of stars in the field.', 700, { page: 7 })]), style)).toBe(true);
  });

  it('joins one that ended a sentence on a full last line and resumes unindented on the next page', () => {
    expect(continuesAcrossFloat.test(paragraph([bottom]), paragraph([line('This explanation was bolstered by their observation.', 500, { page: 7 })]), style)).toBe(true);
  });

  it('keeps apart a paragraph that resumes indented, or after a short last line, or on the same column below', () => {
    const indented = line('This explanation was bolstered by their observation.', 500, { page: 7, x0: 90 });
    expect(continuesAcrossFloat.test(paragraph([bottom]), paragraph([indented]), style)).toBe(false);
    const short = line('with a bimodal distribution.', 80, { page: 6, x1: 300 });
    expect(continuesAcrossFloat.test(paragraph([short]), paragraph([line('This explanation was bolstered by their observation.', 500, { page: 7 })]), style)).toBe(false);
    expect(continuesAcrossFloat.test(paragraph([bottom]), paragraph([line('This explanation was bolstered by their observation.', 60, { page: 6 })]), style)).toBe(false);
  });
});

describe('figure-label-above-caption', () => {
  const block = (text: string, page: number, kind: 'text' | 'caption' | 'equation' | 'footnote', y = 500): TextBlock => ({ type: 'paragraph', kind, lines: [line(text, y, { page })], text, marks: [], trace: [] });

  it('joins a paragraph across a figure at the next page\'s top whose label reads as a display above its caption', () => {
    const blocks = [
      block('While all members are young, these considerations are essential for pre-main-', 5, 'text', 80),
      block('gea.esac.esa.int/archive/', 5, 'footnote', 60),
      block('0.04 P_s = 0.44844 d', 6, 'equation', 700),
      block('Figure 3. Phase-folded longer and shorter-period signals.', 6, 'caption', 300),
      block('sequence stars. Having a clean sample of reference stars is essential.', 6, 'text', 260),
    ];
    const merged = mergeInterruptedParagraphs(blocks, { style, vocabulary: EMPTY_VOCABULARY });
    expect(merged.map((b) => (b.type === 'paragraph' ? b.kind : b.type))).toEqual(['text', 'footnote', 'equation', 'caption']);
    expect((merged[0] as TextBlock).text).toMatch(/essential for pre-main-?sequence stars. Having/);
  });

  it('is no figure label below text on its page, nor before anything but a caption', () => {
    const equation = block('x = y + z', 6, 'equation', 700);
    const caption = block('Figure 3. Signals.', 6, 'caption', 300);
    expect(figureLabelAboveCaption.test(equation, caption, block('We have', 5, 'text', 80))).toBe(true);
    expect(figureLabelAboveCaption.test(equation, caption, block('We have', 6, 'text', 720))).toBe(false);
    expect(figureLabelAboveCaption.test(equation, block('where x is the flux.', 6, 'text', 680), block('We have', 5, 'text', 80))).toBe(false);
    expect(figureLabelAboveCaption.test(block('where x is the flux.', 6, 'text', 700), caption, block('We have', 5, 'text', 80))).toBe(false);
  });
});

describe('footnote-in-bibliography', () => {
  const at = (size: number, y: number) => ({ size, y, pageHeight: 792 });
  it('takes a smaller block at the foot of a references page for the text\'s footnote, not an entry', () => {
    expect(footnoteInBibliography.test({ kind: 'footnote', lines: [at(8, 85), at(8, 75)] }, 10)).toBe(true);
    // Entries set as small as the note (a LaTeX bibliography in \footnotesize), a note high on the page, or no entry seen yet.
    expect(footnoteInBibliography.test({ kind: 'footnote', lines: [at(8, 85)] }, 8)).toBe(false);
    // ACL: a footnote in 9 pt under entries in 10 pt, its continuation at the foot of the references' column.
    expect(footnoteInBibliography.test({ kind: 'footnote', lines: [at(9, 85), at(9, 75)] }, 10)).toBe(true);
    expect(footnoteInBibliography.test({ kind: 'footnote', lines: [at(8, 400)] }, 10)).toBe(false);
    expect(footnoteInBibliography.test({ kind: 'footnote', lines: [at(8, 85)] }, null)).toBe(false);
    expect(footnoteInBibliography.test({ kind: 'text', lines: [at(8, 85)] }, 10)).toBe(false);
    // AASTeX's own note at the last page's foot is no text of the paper.
    expect(isTypesettingNote('This preprint was prepared with the AAS LATEX macros v5.0.')).toBe(true);
    expect(isTypesettingNote('Data were collected between January 2015 and March 2017.')).toBe(false);
  });
});

describe('float-page-in-bibliography', () => {
  it('takes a new page of the list that opens with no entry and has a caption under it for a float\'s text', () => {
    expect(floatPageInBibliography.test('Language from published articles Rewritten using “clarity”', true, true)).toBe(true);
  });
  it('leaves entries, a page with no caption, and a block on the page the list had reached', () => {
    expect(floatPageInBibliography.test('Ziliak, S. and D. N. McCloskey 2008. The cult of statistical significance', true, true)).toBe(false);
    expect(floatPageInBibliography.test('[12] A. Author. A title. 2020.', true, true)).toBe(false);
    expect(floatPageInBibliography.test('costs us jobs, justice, and lives. University of Michigan Press.', true, false)).toBe(false);
    expect(floatPageInBibliography.test('Language from published articles', false, true)).toBe(false);
  });
});

describe('float-in-bibliography', () => {
  it('takes a caption after the references, and the text after it, for a float, not entries; an entry resuming after it is one', () => {
    expect(floatInBibliography.test({ kind: 'caption', text: 'Table 2. A comparison of the observed and simulated data' }, false)).toBe(true);
    expect(floatInBibliography.test({ kind: 'text', text: 'statistics for length of stay' }, true)).toBe(true);
    expect(floatInBibliography.test({ kind: 'text', text: 'Origin Destination' }, true)).toBe(true);
    for (const entry of ['Zayas, C. E., He, Z., & Yuan, J. (2016). Examining healthcare utilization.', 'Bovy J., Rix H.-W., 2013, ApJ, 779, 115', '[12] A. Author, A title, 2019.', '12. A. Author, A title, 2019.']) {
      expect(floatInBibliography.test({ kind: 'text', text: entry }, true)).toBe(false);
    }
    // Before any caption, every block of the references is an entry's.
    expect(floatInBibliography.test({ kind: 'text', text: 'statistics for length of stay' }, false)).toBe(false);
  });
});

describe('float-note', () => {
  it('joins a paragraph across a table whose caption and note stand between its halves', () => {
    const block = (text: string, page: number, kind: 'text' | 'caption', y = 500): TextBlock => ({ type: 'paragraph', kind, lines: [line(text, y, { page })], text, marks: [], trace: [] });
    const blocks = [
      block('The lower and upper bounds give the 16th and 84th', 80, 'text'),
      block('TABLE 2 Orbital parameters for the subsystem.', 4, 'caption', 700),
      block('Note. — The primary mass is derived from the spectroscopic parameters.', 4, 'text', 600),
      block('percentile (i.e. they are credibility intervals). We plot the best fit.', 4, 'text', 560),
    ].map((b, i) => (i === 0 ? { ...b, lines: [line(b.text, 80, { page: 3 })] } : b));
    const merged = mergeInterruptedParagraphs(blocks, { style, vocabulary: EMPTY_VOCABULARY });
    expect(merged.map((b) => (b.type === 'paragraph' ? b.text.slice(0, 20) : ''))).toEqual(['The lower and upper ', 'TABLE 2 Orbital para', 'Note. — The primary ']);
    expect(floatNote.test({ kind: 'text', text: 'NOTE—Table 2 is published in its entirety.' })).toBe(true);
    expect(floatNote.test({ kind: 'text', text: 'Notes: values are medians.' })).toBe(true);
    expect(floatNote.test({ kind: 'text', text: 'Note that the mass is derived from the spectrum.' })).toBe(false);
  });
});

describe('line-type-size', () => {
  const code = (text: string, x: number, size = 7.9) => ({ ...item(text, x, 700, size, text.length * 4), font: 'F6' });
  const lineOf = (items: PdfTextItem[]) => buildLines({ pageNumber: 1, width: 612, height: 792, items })[0]!;

  it('reads a body line with longer inline code in a smaller size at the body size', () => {
    // Code has the longest item and most characters; the prose still sets more than a quarter of them.
    const line = lineOf([item('using the', 72, 700, 9, 33), code('psql', 107), item('variables', 125, 700, 9, 32), code('smoothingfactor', 160), item('and', 222, 700, 9, 13), code('thinningsize', 238), item('. Choos-', 286, 700, 9, 30)]);
    expect(line.text).toBe('using the psql variables smoothingfactor and thinningsize. Choos-');
    expect(line.size).toBe(9);
  });

  it('keeps the main size where a larger size sets too few characters, no letters, or monospaced code', () => {
    expect(lineOf([item('and the sum over all the indices', 72, 700, 10, 150), item('Σ', 225, 700, 14, 10)]).size).toBe(10);
    expect(lineOf([item('10 Myr − 10 Myr', 72, 700, 7.4, 60), item('0.40', 140, 700, 9.3, 18)]).size).toBe(7.4);
    expect(lineOf([item('instantiated in the package', 72, 700, 9, 100), { ...item('ParallelStencil.jl', 175, 700, 10, 94), monospace: true }, item('. Powerful', 271, 700, 9, 39)]).size).toBe(9);
    expect(lineTypeSize.test(1, 4)).toBe(true);
    expect(lineTypeSize.test(1, 5)).toBe(false);
  });
});

describe('stray-glyph', () => {
  const above = line('tion). Under Assumption 2 and bounded (2+δ) moments', 434.6, { x0: 317, x1: 562 });
  const radical = line('p', 428.2, { x0: 439, x1: 449 });
  const hat = line('d', 425.3, { x0: 491, x1: 495, size: 7 });
  const below = line('of cluster totals, {τ − τ}/ Var(τ) → N (0, 1). The', 419.7, { x0: 317, x1: 562 });

  it('drops a radical sign and a wide hat drawn in the gap between two lines of a paragraph', () => {
    expect(strayGlyph.test(radical, above, below, 12)).toBe(true);
    expect(dropStrayGlyphs([above, radical, hat, below], style).map((l) => l.text)).toEqual([above.text, below.text]);
  });

  it('keeps the paragraph whole: without the glyph lines no rule breaks it', () => {
    const texts = (lines: PlacedLine[]) => buildBlocks(lines, style).filter((b): b is TextBlock => b.type === 'paragraph').map((b) => b.text);
    expect(texts([above, radical, hat, below])).toHaveLength(1);
  });

  it('keeps a digit, a longer line, and a glyph in a gap wider than a paragraph\'s lines', () => {
    expect(strayGlyph.test(line('3', 428.2, { x0: 439, x1: 445 }), above, below, 12)).toBe(false);
    expect(strayGlyph.test(line('1', 428.2, { x0: 557, x1: 560, size: 6 }), above, below, 12)).toBe(true); // an exponent in script size
    expect(strayGlyph.test(line('abc', 428.2, { x0: 439, x1: 460 }), above, below, 12)).toBe(false);
    expect(strayGlyph.test(radical, above, line('Next paragraph.', 400, { x0: 317, x1: 562 }), 12)).toBe(false);
    expect(strayGlyph.test(radical, above, { ...below, page: 2 }, 12)).toBe(false);
  });
});

describe('footnote-across-page', () => {
  const note = (text: string, over: Partial<PlacedLine> = {}) => ({ text, lines: [line(text, 100, { page: 6, size: 8, ...over })] });
  const cut = note('Note that the total experimental time is determined a priori as we execute the training algorithm');

  it('joins a note cut at a page foot to its unmarked, lower-case rest at the foot of the next page', () => {
    expect(footnoteContinuesOnNextPage.test(cut, note('for a fixed amount of time, and not for a fixed number of iterations.', { page: 7, y: 110 }))).toBe(true);
  });

  it('keeps apart a new note: one with its own mark, one after a note that ended a sentence, one on the same page', () => {
    const marked = note('for a fixed amount of time.', { page: 7, y: 110, supers: [{ text: '2', at: 0 }] });
    expect(footnoteContinuesOnNextPage.test(cut, marked)).toBe(false);
    expect(footnoteContinuesOnNextPage.test(note('Parameter initialization is the main source of non-determinism.'), note('see also the appendix.', { page: 7, y: 110 }))).toBe(false);
    expect(footnoteContinuesOnNextPage.test(cut, note('for a fixed amount of time.', { y: 80 }))).toBe(false);
  });

  it('keeps apart a figure label in smaller type, or text high on the next page', () => {
    expect(footnoteContinuesOnNextPage.test(cut, note('train_time (s) batch_size b seq_fit_len', { page: 7, y: 110, size: 5.3 }))).toBe(false);
    expect(footnoteContinuesOnNextPage.test(cut, note('for a fixed amount of time.', { page: 7, y: 500 }))).toBe(false);
  });
});

describe('capitals-title', () => {
  it('capitals-name-before-affiliation: acmart\'s "NAME, Affiliation, Country" line gives its author; an affiliation alone or a capitals title does not', () => {
    expect(capitalsNameOf('RUTH ANGUS, American Museum of Natural History, USA, Center for Computational Astrophysics')).toBe('RUTH ANGUS');
    expect(capitalsNameOf('ADRIAN M. PRICE-WHELAN, Center for Computational Astrophysics, Flatiron Institute, USA')).toBe('ADRIAN M. PRICE-WHELAN');
    expect(capitalsNameOf('American Museum of Natural History, USA')).toBeNull();
    expect(capitalsNameOf('DEPARTMENT OF PHYSICS, UNIVERSITY OF CALIFORNIA')).toBeNull(); // no mixed-case affiliation after the comma
    expect(capitalsNameOf('RUTH')).toBeNull();
    expect(capitalsNameBeforeAffiliation.test('JOEL C. ZINN, American Museum of Natural History, USA')).toBe(true);
  });

  it('a centred line in capitals at the top of page 1 is a title; a numbered or off-centre one, or one lower down, is not', () => {
    const at = (text: string, y: number, x0: number, x1: number) => line(text, y, { x0, x1, pageWidth: 612, pageHeight: 792 });
    expect(capitalsTitle.test(at('STATE-SPACE CHECKS FOR SEQUENTIAL MODELS', 684, 159, 453))).toBe(true);
    expect(capitalsTitle.test(at('STATE-SPACE CHECKS FOR SEQUENTIAL MODELS', 400, 159, 453))).toBe(false);
    expect(capitalsTitle.test(at('STATE-SPACE CHECKS FOR SEQUENTIAL MODELS', 684, 72, 366))).toBe(false);
    expect(capitalsTitle.test(at('1. INTRODUCTION TO CHECKS', 684, 220, 392))).toBe(false);
    expect(capitalsTitle.test(at('State-Space Checks for Sequential Models', 684, 159, 453))).toBe(false);
  });

  it('a title centred on a text block that sits off the page\'s middle (SIAM: 72–442 pt) is centred', () => {
    const block = { x0: 115, x1: 398, pageWidth: 612, pageHeight: 792, column: 'full', columnLeft: 72, columnRight: 441 };
    expect(capitalsTitle.test({ ...line('MULTIVARIATE DEEP EVIDENTIAL REGRESSION', 674), ...block })).toBe(true);
    expect(capitalsTitle.test({ ...line('MULTIVARIATE DEEP EVIDENTIAL REGRESSION', 674), ...block, x0: 72, x1: 355 })).toBe(false);
  });
});

describe('front matter', () => {
  it('reads author names set side by side across the gutter, though the right one is placed with the right column', () => {
    const at = (text: string, y: number, x0: number, x1: number, over: Partial<PlacedLine> = {}) => line(text, y, { x0, x1, ...over });
    const placed = [
      at('State-Space Checks for Sequential Models', 740, 170, 425, { size: 17 }),
      at('Alice Writer', 700, 200, 260, { column: 'left' }),
      at('Abstract', 650, 72, 110, { column: 'left', font: 'F2' }),
      at('We describe a set of checks for sequential state-space models and show how they work.', 630, 72, 300, { column: 'left' }),
      at('Bruno Reviewer', 700, 330, 400, { column: 'right' }),
      at('1 Introduction of the checks', 650, 311, 450, { column: 'right', font: 'F2' }),
    ];
    expect(readFrontMatter(placed, style).authors).toEqual(['Alice Writer', 'Bruno Reviewer']);
  });

  it('the title is the run of largest lines from the top: PLOS\'s "Abstract" heading in the same type is not part of it, and the authors between are read', () => {
    const at = (text: string, y: number, x0: number, x1: number, over: Partial<PlacedLine> = {}) => line(text, y, { x0, x1, pageWidth: 612, pageHeight: 792, ...over });
    const placed = [
      at('A biophysical minimal model to investigate age-related', 675, 197, 536, { size: 14.3 }),
      at('changes in CA1 pyramidal cell electrical activity', 661, 198, 496, { size: 14.3 }),
      at('Erin C. McKiernan, Marco A. Herrera-Valdez, Diano F. Marrone', 637, 198, 528),
      at('Abstract', 520, 198, 260, { size: 14.3 }),
      at('Aging is a physiological process that is still poorly understood, especially with respect to effects on the brain.', 500, 198, 576),
    ];
    const front = readFrontMatter(placed, style);
    expect(front.title).toBe('A biophysical minimal model to investigate age-related changes in CA1 pyramidal cell electrical activity');
    expect(front.authors).toEqual(['Erin C. McKiernan', 'Marco A. Herrera-Valdez', 'Diano F. Marrone']);
  });

  it('abstract-paragraph: a labelled abstract\'s next paragraph in its face and column goes on with it; a labelled line does not', () => {
    const at = (text: string, y: number, over: Partial<PlacedLine> = {}) => line(text, y, { x0: 54, x1: 558, font: 'F1', size: 9, ...over });
    const block = (text: string, y: number, over: Partial<PlacedLine> = {}): TextBlock => ({ type: 'paragraph', kind: 'text', lines: [at(text, y, over), at(text, y - 11, over)], text, marks: [], trace: [] });
    const opened = block('Abstract— In recent years, one of the most intriguing and difficult study topics has been writing in the air.', 600);
    const next = 'In the realm of computer vision, object tracking is regarded as a crucial problem, and its techniques have gained popularity.';
    expect(abstractParagraph.test(block(next, 560), opened)).toBe(true);
    expect(abstractParagraph.test(block(next, 560, { font: 'F2' }), opened)).toBe(false);
    expect(abstractParagraph.test(block(next, 560, { x0: 320 }), opened)).toBe(false);
    expect(abstractParagraph.test(block('Keywords: Air Writing, Motion-to-Text Conversion, Computer Vision, Object Tracking, Human-Machine Interaction', 520), opened)).toBe(false);
    expect(abstractParagraph.test(block('CCS Concepts: • Computing methodologies → Computer vision; Tracking; Gesture recognition and pattern analysis.', 520), opened)).toBe(false);
  });

  it('an APA manuscript\'s labelled running head is not its title', () => {
    const at = (text: string, y: number, x0: number, x1: number, over: Partial<PlacedLine> = {}) => line(text, y, { x0, x1, pageWidth: 612, pageHeight: 792, size: 12, ...over });
    const placed = [
      at('Running head: JEWISH CONSPIRACY BELIEF AND VACCINATION DECISION', 733, 72, 485, { font: 'F1' }),
      at('The Enemy of Ummah: Belief in Jewish conspiracy theories indirectly affected vaccination', 597, 73, 539, { font: 'F2' }),
      at('decisions', 570, 283, 329, { font: 'F2' }),
      at('Rizqy Amelia Zein', 542, 260, 352, { font: 'F1' }),
      at('Maghfira Fahmi Arinda', 514, 249, 363, { font: 'F1' }),
      at('Department of Personality and Social Psychology', 432, 187, 425, { font: 'F1' }),
    ];
    // The running-text stage takes the labelled running head out before the front matter is read.
    const front = readFrontMatter(removeRunningText([placed])[0] as PlacedLine[], { ...style, bodySize: 12 });
    expect(front.title).toMatch(/^The Enemy of Ummah/);
    expect(runningHeadLabel.test('Running head: JEWISH CONSPIRACY BELIEF')).toBe(true);
    expect(runningHeadLabel.test('Running heads in APA style are set in capitals.')).toBe(false);
  });

  it('reads names parted by centred dots (Springer), a quad (ICCV), with a particle ("de Boer") or five words long', () => {
    const at = (text: string, y: number, x0: number, x1: number, over: Partial<PlacedLine> = {}) => line(text, y, { x0, x1, pageWidth: 612, pageHeight: 792, ...over });
    const title = at('Lessons learned from comparing molecular dynamics engines', 707, 72, 480, { size: 13 });
    const authors = (...rows: PlacedLine[]) => readFrontMatter([title, ...rows], style).authors;
    expect(authors(at('Michael R. Shirts · Christoph Klein · Jason M. Swails', 662, 72, 400))).toEqual(['Michael R. Shirts', 'Christoph Klein', 'Jason M. Swails']);
    expect(authors(at('Frans de Boer and Nicholas Alan Andrew Patrick Ford', 662, 90, 400))).toEqual(['Frans de Boer', 'Nicholas Alan Andrew Patrick Ford']);
    // A long list wraps inside a name; the part left on a line's end joins the rest on the next.
    expect(authors(at('Jason M. Swails · Jian Yin · Michael K.', 662, 72, 400), at('Gilson · David L. Mobley · David A.', 650, 72, 400), at('Case · Ellen D. Zhong', 638, 72, 300)))
      .toEqual(['Jason M. Swails', 'Jian Yin', 'Michael K. Gilson', 'David L. Mobley', 'David A. Case', 'Ellen D. Zhong']);
    // Names a quad apart on a centred line, in one piece each.
    const names = ['Chunshui Cao', 'Xianming Liu', 'Yi Yang'];
    let text = '';
    const pieces = names.map((name, i) => {
      const start = text.length;
      text += (i ? ' ' : '') + name;
      return { x0: 100 + i * 90, x1: 100 + i * 90 + name.length * 5, start: start + (i ? 1 : 0), end: text.length, font: 'F1' };
    });
    expect(authors(at(text, 662, 100, 340, { pieces }))).toEqual(names);
  });

  it('Elsevier\'s CAS "Highlights" page: the label in larger type is not the title; the title and authors under it are read', () => {
    const at = (text: string, y: number, x1: number, over: Partial<PlacedLine> = {}) => line(text, y, { x0: 39, x1, pageWidth: 595, pageHeight: 842, ...over });
    const placed = [
      at('Highlights', 679, 110, { size: 14 }),
      at('Monte Carlo simulation of Pickering particle dissolution and API release in Pickering', 655, 540, { size: 12 }),
      at('Emulsions', 643, 100, { size: 12 }),
      at('Yi Feng,Antonio Buffo,Elena Simone', 625, 200),
      at('• Random sequential adsorption gives coverages of Pickering emulsions', 593, 400),
    ];
    const front = readFrontMatter(placed, style);
    expect(front.title).toBe('Monte Carlo simulation of Pickering particle dissolution and API release in Pickering Emulsions');
    expect(front.authors).toEqual(['Yi Feng', 'Antonio Buffo', 'Elena Simone']);
    // The label heads the highlights, as LaTeXML's section does, so they are the paper's text, not front matter.
    expect(headingOf(placed[0]!, style)).toMatchObject({ title: 'Highlights', rule: 'heading-named' });
  });

  it('a title set flush left a little larger than the text (Taylor & Francis) keeps its short last line', () => {
    const at = (text: string, y: number, x1: number, over: Partial<PlacedLine> = {}) => line(text, y, { x0: 94, x1, pageWidth: 612, pageHeight: 792, size: 11, ...over });
    const placed = [
      at('Segmentation analysis and the recovery of queuing parameters via', 674, 485, { size: 12, font: 'T' }),
      at('the Wasserstein distance: a study of administrative data for patients', 658, 498, { size: 12, font: 'T' }),
      at('with chronic obstructive pulmonary disease', 642, 350, { size: 12, font: 'T' }),
      at('Henry Wilde, Vincent Knight, Jonathan Gillard and Kendal Smith', 616, 434),
      ...Array.from({ length: 6 }, (_, i) => at(`Body text line ${i} of the first page, set in the text's size and face.`, 400 - 12 * i, 518)),
    ];
    expect(readFrontMatter(placed, { ...style, bodySize: 11 }).title).toBe('Segmentation analysis and the recovery of queuing parameters via the Wasserstein distance: a study of administrative data for patients with chronic obstructive pulmonary disease');
  });

  it('reads JMLR\'s author block: a name with its e-mail address at the far end of its row, then a wide affiliation, then the next name', () => {
    const at = (text: string, y: number, x0: number, x1: number, over: Partial<PlacedLine> = {}) => line(text, y, { x0, x1, pageWidth: 612, pageHeight: 792, ...over });
    const placed = [
      at('Automated discovery of interpretable gravitational-wave', 690, 107, 505, { size: 14.3 }),
      at('population models', 672, 241, 371, { size: 14.3 }),
      at('Kaze W.K Wong kwong@flatironinstitute.org', 642, 90, 522, { size: 10.9 }),
      at('Center for Computational Astrophysics, Flatiron Institute, New York, NY 10010, USA', 630, 89, 468),
      at('Miles Cranmer', 611, 90, 172, { size: 10.9 }),
      at('Department of Astrophysical Sciences, Princeton University, Princeton, New Jersey', 597, 89, 511),
      at('Abstract', 540, 280, 332, { size: 12 }),
      at('We present an approach to automatically discover analytic population models for gravitational', 525, 109, 507),
    ];
    expect(readFrontMatter(placed, style).authors).toEqual(['Kaze W.K Wong', 'Miles Cranmer']);
  });

  it('reads a JMLR block of name-and-e-mail rows to its last author: address lines between them are no names', () => {
    const at = (text: string, y: number, x0: number, x1: number, over: Partial<PlacedLine> = {}) => line(text, y, { x0, x1, pageWidth: 612, pageHeight: 792, ...over });
    const author = (name: string, email: string, company: string, street: string, y: number) => [
      at(`${name} ${email}`, y, 90, 522, { size: 10.9 }), at(company, y - 12, 89, 164), at(street, y - 24, 88, 333),
    ];
    const placed = [
      at('On the adaptation of recurrent neural networks for system identification', 679, 103, 509, { size: 14.3 }),
      ...author('Marco Forgione', 'marco.forgione@supsi.ch', 'Dalle Molle Institute for Artificial Intelligence, IDSIA', 'Via la Santa 1, CH-6962 Lugano-Viganello, Switzerland', 630),
      ...author('Aneri Muni', 'aneri.muni@nnaisense.com', 'NNAISENSE SA', 'Piazza Molino Nuovo 17, CH-6900 Lugano, Switzerland', 588),
      ...author('Dario Piga', 'dario.piga@supsi.ch', 'Dalle Molle Institute for Artificial Intelligence, IDSIA', 'Via la Santa 1, CH-6962 Lugano-Viganello, Switzerland', 547),
      ...author('Marco Gallieri', 'marco@nnaisense.com', 'NNAISENSE SA', 'Piazza Molino Nuovo 17, CH-6900 Lugano, Switzerland', 505),
      at('Editor:', 466, 90, 122),
      at('Abstract', 440, 280, 332, { size: 12 }),
      at('This paper presents a transfer learning approach which enables fast and efficient adaptation of networks', 425, 109, 507),
    ];
    const front = readFrontMatter(placed, style);
    expect(front.authors).toEqual(['Marco Forgione', 'Aneri Muni', 'Dario Piga', 'Marco Gallieri']);
    // The whole block is front matter, down to the empty "Editor:" line: no author's name is left to read as a heading.
    expect(placed.filter((l) => !front.consumed.has(l)).map((l) => l.text)).toEqual(['Abstract', placed.at(-1)!.text]);
  });

  it('reads names set side by side with a wide gap as two, and a row of names as wide as the text; prose that wide ends the names', () => {
    const at = (text: string, y: number, x0: number, x1: number, over: Partial<PlacedLine> = {}) => line(text, y, { x0, x1, ...over });
    const side = 'Nis Meinert Alexander Lavin';
    const placed = [
      at('Multivariate Deep Evidential Regression', 740, 170, 425, { size: 17 }),
      at(side, 700, 150, 460, { pieces: [{ x0: 150, x1: 210, start: 0, end: 11, font: 'F1' }, { x0: 380, x1: 460, start: 12, end: side.length, font: 'F1' }] as never }),
      at('Ben A. Ward1, Jamie D. Wilson1, Ros M. Death2, and Fanny M. Monteiro2', 688, 80, 530),
      at('We describe a model of plankton ecology in an Earth system model and show how it fares.', 670, 80, 530),
    ];
    expect(readFrontMatter(placed, style).authors).toEqual(['Nis Meinert', 'Alexander Lavin', 'Ben A. Ward', 'Jamie D. Wilson', 'Ros M. Death', 'Fanny M. Monteiro']);
    // A title in capitals is headline-cased.
    expect(readFrontMatter([at('ON THE ADAPTATION OF RECURRENT NEURAL NETWORKS', 740, 150, 460, { size: 17 }), ...placed.slice(1)], style).title).toBe('On the Adaptation of Recurrent Neural Networks');
  });
});

describe('centred-title', () => {
  // AASTeX 6.2: banners in small type, the title at body size and centred, then a row of names in small capitals.
  const centred = (text: string, y: number, size: number, font = 'F1') => {
    const width = text.length * size * 0.45;
    return line(text, y, { size, font, x0: 306 - width / 2, x1: 306 + width / 2 });
  };
  const page1 = [
    line('DRAFT VERSION JULY 3, 2020', 723, { size: 6.4, x0: 60, x1: 163 }),
    line('Typeset using LaTeX twocolumn style in AASTeX62', 714, { size: 8, x0: 60, x1: 229 }),
    centred('PTFO 8-8695: Two Stars, Two Signals, No Planet', 667, 10, 'F2'),
    centred('L. G. BOUMA, J. N. WINN, G. R. RICKER', 648, 7.2),
    centred('Department of Astrophysical Sciences, Princeton University, Princeton, NJ 08540, USA', 621, 8),
    centred('ABSTRACT', 560, 10, 'F2'),
    ...Array.from({ length: 20 }, (_, i) => line(`We find that the star has two periods and no planet around it, line ${i}.`, 540 - i * 12, { x0: 72, x1: 540 })),
  ];

  it('is the first centred line of body size under the banners, not a banner, an address or the abstract heading', () => {
    expect(centredTitle.test(page1[2]!, 10)).toBe(true);
    expect(centredTitle.test(page1[0]!, 10)).toBe(false);
    expect(centredTitle.test(centred('Draft version November 21, 2016', 713, 10), 10)).toBe(false);
    expect(centredTitle.test(page1[4]!, 10)).toBe(false);
  });

  it('reads the title and the names under it when no type on page 1 is larger than the text; a title in capitals is headline-cased', () => {
    const front = readFrontMatter(page1, style);
    expect(front.title).toBe('PTFO 8-8695: Two Stars, Two Signals, No Planet');
    expect(front.authors).toEqual(['L. G. Bouma', 'J. N. Winn', 'G. R. Ricker']);
    const capitals = readFrontMatter([centred('ROTATING STARS FROM Kepler OBSERVED WITH GAIA DR1', 640, 10, 'F2'), centred('James R. A. Davenport', 575, 10), centred('Department of Physics, Western Washington University', 545, 8), ...page1.slice(6)], style);
    expect(capitals.title).toBe('Rotating Stars from Kepler Observed with Gaia DR1');
    expect(capitals.authors).toEqual(['James R. A. Davenport']);
  });
});

describe('front matter of theses and reports', () => {
  const centred = (text: string, y: number, page: number, size = 12) => {
    const width = text.length * 5;
    return line(text, y, { page, size, x0: 306 - width / 2, x1: 306 + width / 2 });
  };
  const thesis = [
    centred('© 2022 by Ada Lovelace. All rights reserved.', 400, 1),
    centred('ON THE ANALYTICAL ENGINE AND', 640, 2), centred('ITS NOTES', 626, 2),
    centred('BY', 530, 2), centred('ADA LOVELACE', 504, 2),
    centred('THESIS', 384, 2), centred('Submitted in partial fulfillment of the requirements', 358, 2),
    line('Chapter 1 begins with body text that runs the full width of the page.', 700, { page: 3, size: 12 }),
  ];

  it('title-page: a centred page of a few lines is a title page; a page of body text is not', () => {
    expect(titlePage.test(thesis.filter((l) => l.page === 2))).toBe(true);
    expect(titlePage.test(Array.from({ length: 5 }, (_, i) => line(`Body line ${i} of a paper set across the column.`, 700 - 12 * i)))).toBe(false);
    // amsart's text block is 0.59 of the page wide and centred: its justified lines are not a title page.
    const narrowBody = Array.from({ length: 20 }, (_, i) => line(`Body line ${i}`, 700 - 12 * i, { x0: 126, x1: i % 6 === 5 ? 300 : 486, pageWidth: 612 }));
    expect(titlePage.test(narrowBody)).toBe(false);
  });

  it('reads the title from the title page after a copyright page, the author after "by", and takes both pages out of the body', () => {
    const front = readFrontMatter(thesis, { bodySize: 12, bodyFont: 'F1', lineSpacing: 14 });
    expect(front.title).toBe('ON THE ANALYTICAL ENGINE AND ITS NOTES');
    expect(front.authors).toEqual(['Ada Lovelace']);
    expect(thesis.filter((l) => !front.consumed.has(l)).map((l) => l.page)).toEqual([3]);
  });

  it('navigation-section: a table of contents and a list of figures are dropped with their entries; the next section stays', () => {
    const blocks = buildBlocks([
      line('Table of Contents', 700, { font: 'F2' }), line('Chapter 1 Introduction . . . . . 1', 680),
      line('List of Figures', 600, { font: 'F2' }), line('1.1 A figure . . . . . 3', 580),
      line('Introduction', 500, { font: 'F2' }), line('The thesis begins here with a sentence.', 480),
    ], style);
    const kept = dropNavigationSections(blocks);
    expect(kept.map((b) => (b.type === 'heading' ? `# ${b.title}` : b.text))).toEqual(['# Introduction', 'The thesis begins here with a sentence.']);
    expect(navigationSection.test('Contents')).toBe(true);
    expect(navigationSection.test('Table of content')).toBe(true);
    expect(navigationSection.test('List of Figure')).toBe(true);
    expect(navigationSection.test('List of contributions to the field')).toBe(false);
  });
});

describe('unheaded-introduction', () => {
  const block = (text: string, y: number, over: Partial<PlacedLine> = {}): TextBlock => ({ type: 'paragraph', kind: 'text', lines: [line(text, y, over)], text, marks: [], trace: [] });
  const results = (y: number): HeadingBlock => ({ type: 'heading', title: 'Results', level: 1, ...headingLines(line('Results', y, { font: 'F2' })), trace: [] });
  const abstract = 'Visual modes of communication are ubiquitous in modern life, from maps to data plots to political cartoons. Here we investigate drawing, the most basic form of visual communication, and ask how people adapt their drawings to context. '.repeat(2);
  const intro = 'A watershed moment in the history of human cognition and culture was the invention of graphical representation, independently in Europe and Asia.';
  const blocks = () => [
    block(abstract, 700, { font: 'F2' }), block('drawing | communication | pragmatics', 650, { size: 8 }), block(intro, 600),
    block('Author contributions: the first author designed the study, and the second wrote the simulations of it.', 560, { size: 7 }), results(500), block('We collected drawings in a reference game.', 490),
  ];

  it('keeps page 1\'s paragraphs in the text\'s face after the abstract, before the first heading (PNAS opens with no "Introduction")', () => {
    const body = assembleBody(blocks(), style);
    expect(body.abstract).toBe(abstract);
    expect(body.paragraphs.map((p) => p.text)).toEqual([abstract, intro, 'We collected drawings in a reference game.']);
    expect(body.paragraphs[1]!.sectionId).toBeNull();
  });

  it('leaves the front matter set smaller or in another face, and keeps the old reading with no style given', () => {
    expect(unheadedIntroduction.test(block('drawing | communication | pragmatics and more words to pass the length of a paragraph of text here.', 650, { size: 8 }), 'F1', 10)).toBe(false);
    expect(unheadedIntroduction.test(block(intro, 600), 'F1', 10)).toBe(true);
    expect(assembleBody(blocks()).paragraphs.map((p) => p.text)).toEqual([abstract, 'We collected drawings in a reference game.']);
  });
});

describe('truncated-math-letter', () => {
  // pdf.js's text for STIX Two Math's italic sigma (U+1D70E) and capital G (U+1D43A): their low 16 bits.
  const sigma = String.fromCharCode(0xd70e);
  const capitalG = String.fromCharCode(0xd43a);

  it('restores a maths font\'s letters cut to 16 bits as plain letters', () => {
    expect(restoreMathLetters(`${sigma}`)).toBe('σ');
    expect(restoreMathLetters(`Δ${capitalG}`)).toBe('ΔG');
    const maths = { ...item(sigma, 100, 500), font: 'STIX' };
    expect(truncatedMathFonts([maths, { ...item(capitalG, 120, 500), font: 'STIX' }, item('free energy of binding', 140, 500)])).toEqual(new Set(['STIX']));
  });

  it('leaves a Korean font alone: its text uses the syllables below U+D400 as well', () => {
    expect(truncatedMathLetter.test(['한', '국', '어'])).toBe(false);
    expect(truncatedMathLetter.test(['대', '한', '민', '국'])).toBe(false);
    expect(truncatedMathLetter.test([sigma, capitalG])).toBe(true);
    expect(truncatedMathLetter.test([])).toBe(false);
    expect(truncatedMathFonts([{ ...item('한국어 휴가', 100, 500), font: 'Batang' }])).toEqual(new Set());
  });
});

