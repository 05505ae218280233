/** Rules that decide whether a line is a section heading, and its number and level. */
import { SUPPORTING_ITEM_LABEL, withoutScripts, withoutSymbolScripts } from './line-rules';
import { holdsSentenceBreak } from './text-rules';
import { defineRule } from '../rule';
import { NAME_LIST_OPENING, NAMES_THEN_YEAR } from './entry-names';
import type { LinePiece } from '../lines';
import { sameFace } from '../style';

export const NAMED_SECTIONS = /^(abstract|introduction|related work|related works|background|preliminaries|problem (statement|formulation|setting)|methods?|methodology|approach|model|our approach|proposed method|experiments?|experimental (setup|results|evaluation)|evaluation|results|results and discussion|discussion|analysis|conclusions?|conclusions? and future work|conclusions? and outlook|summary|outlook|future work|limitations|ethics statement|broader impacts?|acknowledg\w*|references|bibliography|appendix( [a-z])?|appendices|supplementary materials?|data availability|code availability|author contributions|competing interests|funding|conflicts? of interest|findings|case background|motivation( and literature)?|concluding remarks|summary and conclusions?|conclusions? and discussion|discussion and conclusions?|related literature|background and related work|materials and methods|experiments and results|results and analysis|(reproducibility|impact|broader impact|ethics|ethical) statement|ethical considerations|declarations?( of competing interests?)?|credit authorship contribution statement|(data and code|code and data) availability|(supplementary|supporting) information|nomenclature|notation|abbreviations|institutional review board statement|informed consent statement|data availability statement|ethics approval( and consent to participate)?|consent for publication|availability of data and materials|associated content|author information|highlights|graphical abstract)$/i;
// "3", "3.2", "III", "A", and appendix numbers "A.1", "B.2.3".
// Levels are parted by a full stop, or by a centred dot in Biometrika's "2·1".
export const NUMBERED = /^((?:[IVX]{1,5}|\d{1,2}(?:[.·]\d{1,2}){0,3}|[A-H](?:[.·]\d{1,2}){0,3})(?:\.(?=\s)|\.?\s))\s*(\S.*)$/;
// "Appendix A.1. Tables" (MDPI, Elsevier), "APPENDIX A: PROOFS" (imsart): the word before an appendix number with a title after it.
const APPENDIX_PREFIX = /^appendix\s+([A-H](?:\.\d{1,2}){0,3})(\.?|:)\s+(?=\p{L})/iu;

/** A heading line without its leading "Appendix" word: "Appendix A: Proofs" reads as the numbered "A Proofs", "Appendix A.1. Tables" as "A.1. Tables". */
export function withoutAppendixWord(text: string): string {
  return text.replace(APPENDIX_PREFIX, (_whole, number: string, separator: string) => `${number}${separator === ':' ? '' : separator} `);
}
// "Figure 3.", "Table S1:", an appendix's "Fig. A.1:" (SIAM numbers appendix floats by the appendix's letter), and a
// sub-figure's own caption set as a float of its own, "Figure 7b:" (subcaption's \subcaptionbox with the label format "Figure 7b").
// REVTeX numbers tables in Roman ("TABLE II. The three scenarios we simulated."): read as body text, the caption kept
// the paragraph a table cut in two from being joined across it.
export const CAPTION = /^(?:(fig(?:ure)?\.?|table|algorithm|listing)\s*(?:[A-Z]\.)?[A-Z]?\d+(\.\d+)?[a-z]?|table\s+[IVXL]{1,6})\s*[.:|]/i;

/** A table's note under its body: "Note. —", "NOTE—", "Notes:" (AASTeX, emulateapj, elsarticle's tablenotes). */
export const FLOAT_NOTE = /^(?:Note|NOTE)s?\.?\s*[—–:]/;

export const namedSection = defineRule({
  name: 'heading-named',
  why: 'Unnumbered headings are recognised by the usual section names, when set apart from body text.',
  constants: { pattern: NAMED_SECTIONS },
  test: (title: string) => NAMED_SECTIONS.test(title),
});

/**
 * Templates without section numbers (ANS Transactions, many journals' unnumbered styles) set
 * every section title the way they set the ones with usual names ("INTRODUCTION", "DISCUSSION").
 * `examples` is how many named headings share the line's font, size and case.
 */
export const sameStyleHeading = defineRule({
  name: 'heading-same-style',
  why: 'An unnumbered title ("BACKGROUND: CYCLUS") is set exactly like the named headings around it; its name alone does not say it is one.',
  constants: { minExamples: 2, maxWords: 12 },
  test: (title: string, examples: number) => examples >= 2 && /^\p{Lu}/u.test(title) && title.split(/\s+/).length <= 12 && !/[.!?,;]$/.test(title),
});

/**
 * Journals with unnumbered headings at every level (PLOS, many biomedical styles) set each level in a face of its own:
 * larger than the text, alone on its line, followed by a paragraph. No name or number marks such a title; its face does,
 * when every line in that face is such a line and there are several of them.
 */
const HEADING_FACE = { minExamples: 3, minSizeRatio: 1.1, maxWords: 16, maxGapSizes: 3, minFollowedShare: 2 / 3, linesPerNotAlone: 10, centredMinMarginSizes: 1 };

export const headingFace = defineRule({
  name: 'heading-face',
  why: 'An unnumbered title in a larger face of its own: every line in that face, three or more in the document, is a short line alone at its column\'s start with body text right under it, so the face is a heading level (PLOS\'s "Simulations", "Study design"). A title that wraps is read whole: its lines in the face, right under one another, are one title of up to 16 words. A title that runs to its column\'s end stands alone when the text starts right under it (eLife\'s long titles on a page-wide line, in the text\'s own font a size up). A title centred in its column, with an em or more on both sides, stands alone too, with the text under it starting at the column\'s start (OUP\'s "traditional" centres its subsection titles in bold). Page 1\'s lines before the text\'s first line are not counted: a template may set its abstract or affiliations in the face of a heading level (OUP\'s "modern" sets its abstract and its subsection titles in the same 9-pt sans), and none of them is a title. A numbered title in the face ("A.3 Causal assumptions", the appendix\'s) is one of its titles whatever stands under it, and one title in ten may stand beside other text (a column\'s top level with the next column\'s last line).',
  constants: HEADING_FACE,
  /** `lines` are all the document's lines in one face; `followedByText(i)` says whether body text starts right under line i. */
  test: (lines: readonly { text: string; size: number; standalone: boolean }[], bodySize: number, followedByText: (index: number) => boolean): boolean => {
    const { minExamples, minSizeRatio, maxWords, minFollowedShare, linesPerNotAlone } = HEADING_FACE;
    const titleLike = (text: string) => /^\p{Lu}/u.test(text) && text.split(/\s+/).length <= maxWords && !/[.!?,;:]$/.test(text);
    if (lines.length < minExamples) return false;
    const read = lines.map((l) => {
      const text = l.text.trim();
      const numbered = NUMBERED.exec(text);
      return { ...l, numbered: numbered !== null && titleLike(numbered[2]!.trim()), titleLike: titleLike(text) };
    });
    if (!read.every((l) => l.size > bodySize * minSizeRatio && (l.numbered || l.titleLike))) return false;
    const notAlone = read.filter((l) => !l.standalone && !l.numbered).length;
    return notAlone <= Math.floor(lines.length / linesPerNotAlone) && read.filter((l, i) => l.numbered || followedByText(i)).length >= lines.length * minFollowedShare;
  },
});

/**
 * LaTeX's lower heading levels in many journal classes (Springer Nature's \paragraph{Gating.}, PLOS's \subsubsection*) are set in
 * the text's size, in bold or italics, on a line of their own: no number, no larger face, often ending in a stop. The space above
 * such a title is more than a skipped line's (about two line spacings); a paragraph break in a parskip style leaves less.
 */
const LINE_ALONE = { maxSizeRatio: 1.1, minGapAboveSpacings: 1.6, maxGapBelowSizes: 2.5, maxIndentSizes: 2, maxWords: 12, minEmptyShare: 0.2 };

export const lineAloneHeading = defineRule({
  name: 'heading-line-alone',
  why: 'A short line wholly in another font at the text\'s size, alone at its column\'s start or centred in it, after a gap (or at the column\'s top, or right under a title in larger type), with body text right under it, is an unnumbered low-level title (Springer Nature\'s "Gating.", PLOS\'s "Spontaneous bursting", a Word manuscript\'s "Study design" under "Materials and Methods"), or a subsection lettered in lower case ("a. Static stability evolution", the American Meteorological Society\'s journals, read under the numbered section before it); a bold phrase inside a paragraph has no gap above it, and a caption or theorem label is not one.',
  constants: LINE_ALONE,
  /** `gapAbove` in line spacings (Infinity at a column's top); `textBelow`: the next line is body text in the body's font, at most an indent in, right under it. */
  test: (title: string, line: { sizeRatio: number; otherFont: boolean; oneFont: boolean; atStart: boolean; short: boolean; gapAbove: number; textBelow: boolean }) =>
    line.otherFont && line.oneFont && line.sizeRatio <= LINE_ALONE.maxSizeRatio && line.sizeRatio > 0.95 && line.atStart && line.short &&
    line.gapAbove >= LINE_ALONE.minGapAboveSpacings && line.textBelow && /^\p{Lu}/u.test(title) && title.split(/\s+/).length <= LINE_ALONE.maxWords &&
    !/[,;:]$/.test(title) && !CAPTION.test(title) && !THEOREM_LIKE.test(title),
});

export const centredHeading = defineRule({
  name: 'heading-centred',
  why: 'A line centred in its column with wide margins on both sides; an unnumbered title so set, in the face of the document\'s centred numbered headings (AASTeX\'s "Priors" under "5. Appendix"), is a heading of the same kind.',
  constants: { minMarginSizes: 3, maxImbalanceSizes: 1.5 },
  /** `minMarginSizes`: the least margin on each side, in sizes of the text; heading-face asks less of a title in a face of its own. */
  test: (line: { x0: number; x1: number; columnLeft: number; columnRight: number }, bodySize: number, minMarginSizes: number = 3) => {
    const left = line.x0 - line.columnLeft;
    const right = line.columnRight - line.x1;
    return Math.min(left, right) > bodySize * minMarginSizes && Math.abs(left - right) < bodySize * 1.5;
  },
});

/** A title-case word: capitalised, or a short function word ("of", "and", "the"). */
const TITLE_CASE_WORD = /^(?:[\p{Lu}\d(]|(?:a|an|and|as|at|by|for|from|in|into|of|on|or|the|to|vs\.?|via|with)$)/u;
const CENTRED_PLAIN = { maxWords: 8, minGapAboveSpacings: 1.25 };

export const centredPlainHeading = defineRule({
  name: 'heading-centred-plain',
  why: 'APA\'s headings are centred, and a manuscript may set them in the text\'s own face ("Logistic Regression" above its section\'s first indented line): a short title-case line centred in its column, after a gap, with text right under it, is a heading, where a line of prose is neither centred nor in title case.',
  constants: CENTRED_PLAIN,
  test: (text: string, line: { atStart: boolean; short: boolean; gapAbove: number; textBelow: boolean; sizeRatio: number }, page: number) => {
    const words = text.split(/\s+/);
    return page > 1 && line.atStart && line.short && Math.abs(line.sizeRatio - 1) < 0.05 && line.gapAbove >= CENTRED_PLAIN.minGapAboveSpacings && line.textBelow &&
      words.length <= CENTRED_PLAIN.maxWords && /^\p{Lu}/u.test(text) && words.every((w) => TITLE_CASE_WORD.test(w)) && !/[.,;:!?]$/.test(text) && !CAPTION.test(text) && !THEOREM_LIKE.test(text);
  },
});

/** The labels a structured abstract runs into its paragraphs (BMC, clinical journals, OUP's GigaScience). */
const ABSTRACT_PART = /^(background|context|introduction|motivation|objectives?|aims?|purpose|goals?|methods?|methodology|materials and methods|design|setting|participants|(?:main )?results?|findings|conclusions?|interpretation|significance|availability(?: and implementation)?|contact|supplementary information)$/i;

/** The heading that opens a paper's body after a structured abstract printed with no heading of its own (BMC). */
const BODY_OPENING = /^(background|introduction)$/i;

const ABSTRACT_PART_RULE = { pattern: ABSTRACT_PART, bodyOpening: BODY_OPENING, maxPage: 2 };

export const abstractPart = defineRule({
  name: 'abstract-part',
  why: 'A structured abstract runs labels into its paragraphs ("Background", "Methods", "Results", "Conclusions"). They are parts of the abstract, as LaTeXML keeps them, not sections of the paper: read as sections, they left the abstract empty. So a run-in label of that kind, on the first pages, stays in its paragraph under an "Abstract" heading and before any other, or, where the abstract has no heading (BMC), before any heading when the body opens later on with "Background" or "Introduction"; with neither, a short paper\'s first run-in sections ("Motivation.", a two-page abstract\'s) are sections.',
  constants: ABSTRACT_PART_RULE,
  /**
   * `headingsSoFar`: the titles of the headings read before this one; `bodyOpensLater`: whether a heading on the first
   * pages after this label opens the body (BODY_OPENING). Both are asked for only when the label and page fit.
   */
  test: (title: string, page: number, headingsSoFar: () => readonly string[], bodyOpensLater: () => boolean = () => false) => {
    if (page > ABSTRACT_PART_RULE.maxPage || !ABSTRACT_PART.test(title.trim())) return false;
    const titles = headingsSoFar();
    return titles.length > 0 ? titles.every((t) => /^abstract$/i.test(t.trim())) : bodyOpensLater();
  },
});

/** "Contents", "Table of Contents" (or "Table of Content", as theses often write it), "List of Figures", … */
const NAVIGATION_TITLE = /^((table of )?contents?|list of (figures?|tables?|abbreviations|acronyms|symbols|algorithms|publications))$/i;

export const navigationSection = defineRule({
  name: 'navigation-section',
  why: 'A table of contents or a list of figures (theses, reports) points into the document; its heading and entries are not a section of it.',
  constants: { pattern: NAVIGATION_TITLE },
  test: (title: string) => NAVIGATION_TITLE.test(title.trim()),
});

export const numberedHeading = defineRule({
  name: 'heading-numbered',
  why: 'A numbered line in a distinct font or size that reads as a title (capitalised, short, no sentence inside) is a heading. Centred in its column it need not be capitalised: a title typed in lower case ("1. idea", REVTeX\'s centred italic subsubsection) is still one, where a list item sits at the column\'s edge.',
  constants: { pattern: NUMBERED, maxWords: 16 },
  test: (text: string, title: string, distinct: boolean, centred = false) => distinct && (centred || /^\p{Lu}/u.test(title)) && title.split(/\s+/).length <= 16 && !holdsSentenceBreak(title) && !CAPTION.test(text),
});

const NUMBERED_IN_SEQUENCE = { maxWords: 12, minRightMarginSizes: 2 };

/**
 * Whether a section number comes next after another in a document's numbering: its first child ("2.1" -> "2.1.1"),
 * its next sibling ("2.1.1" -> "2.1.2"), or the next sibling of one of its parents ("2.1.3" -> "2.2", "2.2.1" -> "3").
 */
export function followsInNumbering(previous: string, next: string): boolean {
  const a = previous.split('.').map(Number);
  const b = next.split('.').map(Number);
  if (b.some(Number.isNaN) || a.some(Number.isNaN)) return false;
  if (b.length === a.length + 1) return a.every((n, i) => n === b[i]) && b[b.length - 1] === 1;
  if (b.length > a.length) return false;
  return a.slice(0, b.length - 1).every((n, i) => n === b[i]) && b[b.length - 1] === a[b.length - 1]! + 1;
}

/**
 * A word processor's lower headings are often typed in the text's own face ("2.1.1 General Intuition"): nothing but
 * the number and the line standing alone marks them. A line whose multi-level number comes next in the document's
 * numbering after the last heading found, with a short capitalised title and the rest of its line empty, is a heading.
 */
export const numberedInSequence = defineRule({
  name: 'heading-numbered-in-sequence',
  why: 'A numbered title in the text\'s face ("2.1.1 General Intuition" under "2.1 What is Modelled") is not distinct, so heading-numbered passed it by and it was dropped as a stray short line: a dotted number next in the numbering after the last heading, before a short capitalised title alone on its line, is a heading.',
  constants: NUMBERED_IN_SEQUENCE,
  test: (number: string, title: string, previousNumber: string | null, line: { x1: number; columnRight: number }, bodySize: number) =>
    previousNumber !== null && /^\d{1,2}(?:\.\d{1,2}){1,3}$/.test(number) && followsInNumbering(previousNumber, number) &&
    /^\p{Lu}/u.test(title) && !/[.,;:]$/.test(title) && title.split(/\s+/).length <= NUMBERED_IN_SEQUENCE.maxWords && !holdsSentenceBreak(title) &&
    line.x1 < line.columnRight - bodySize * NUMBERED_IN_SEQUENCE.minRightMarginSizes,
});

const ARTICLE_AS_LETTER = { maxSizeRatio: 0.85 };

export const articleAsLetter = defineRule({
  name: 'article-as-letter',
  why: 'A title that opens with "A" and a word in lower case ("A global nonlinearity explains most interactions", an unnumbered subsection\'s in OUP\'s template) opens with the article: a lettered title\'s first word is capitalised. A line in much smaller type that opens with "A" and no stop ("A Stellar Model-fitting Pipeline for …", a wrapped title in a 7-pt reference list) is the article, not appendix A. A lettered title with no stop after its letter is set near the text\'s size: REVTeX\'s 9-pt "A Comparison with …" under 10-pt text is one. In such small type a capital with a stop before a family name and a comma is an initial, not a letter ("E. Merle-Lucotte, et al., The thorium …", "C. Le Brun, Optimization …": a bibliography line wrapped before a name, whose entry lost the lines after it).',
  constants: ARTICLE_AS_LETTER,
  /** `number` is the number part NUMBERED read, with its trailing stop or space; `title` what follows it. */
  test: (number: string, size: number, bodySize: number, title?: string) =>
    (/^A\s*$/.test(number) && /^\p{Ll}/u.test(title ?? '')) ||
    ((/^[A-Z]\s*$/.test(number) || (/^[A-Z]\.\s*$/.test(number) && /^\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?,/u.test(title ?? ''))) && size < bodySize * ARTICLE_AS_LETTER.maxSizeRatio),
});

/** A catalogue designation: capitals, then a number ("KOI-7368", "Kepler-1643", "HD 144548", "M31", "GW150914"). */
const DESIGNATION = /^\p{Lu}[\p{L}]{0,11}[- ]?\d{1,9}[\p{L}\d]{0,3}$/u;

export const notATitle = defineRule({
  name: 'not-a-title',
  why: 'Figure labels, algorithm steps, formulas, lists of names and broken bibliography lines are not titles: a title has real words, no code or maths, brackets only around words, fewer than three commas, no initial at its start and no "2016,".',
  constants: { minLetterShare: 0.6 },
  test: (written: string, number?: string) => {
    // A symbol's exponent or subscript ("reactivity ρ_e", "σ^2") is part of a title; "^" or "_" after a word ("max_iter") is code.
    const title = withoutSymbolScripts(written);
    // Letters against the characters that are not spaces: "Radius of HD 144548 A" (a name with a number) is a title.
    // Under a section number of two levels or more, an object's designation alone is one too: "3.2. KOI-7368" (AASTeX).
    if (number !== undefined && /\d\.\d/.test(number) && DESIGNATION.test(title)) return false;
    const letters = (title.match(/\p{L}/gu) ?? []).length;
    if (!/\p{L}{3,}/u.test(title) || letters / Math.max(1, title.replace(/\s/g, '').length) < 0.6) return true;
    // A float's label alone on its line (IEEE's "TABLE II") is a caption's start; so is one typed with no stop before its
    // words ("FIG.2.1 PROPOSED SYSTEM ARCHITECTURE", "Table 3 Outcomes by group"), in capitals a title's look.
    if (/^(table|fig\.?|figure)\s+([IVXL]{1,6}|\d{1,3})$/i.test(title) || /^(?:fig(?:ure)?\.?|table)\s*\d{1,3}(?:\.\d{1,2})*\s+\S/i.test(title)) return true;
    // Words in curly quotes are a title's ("Including the “Dip”"); a quote left open or closed after a comma is a reference's title.
    if (/[←→=<>{}"|^_\\]/.test(title) || /[“”]/.test(title.replace(/“[\p{L}\s'’-]+”/gu, ''))) return true;
    // "(LLMs)", "[Preliminary]", "(using an Apple //e emulator)": brackets around words are fine; "f(x)" or "[3]" are not.
    // An acronym typed with no space after a word ("Connector(XRc)") is still words in brackets.
    const brackets = title.match(/[([][^)\]]*[)\]]/g) ?? [];
    const gluedAcronym = (b: string) => /^\(\p{L}*\p{Lu}\p{L}*\p{Lu}\p{L}*\)$/u.test(b) && /\p{L}{4}\($/u.test(title.slice(0, title.indexOf(b) + 1));
    if (brackets.some((b) => !/^[([]\s*\p{L}[\p{L}\d\s,&'’/-]*[)\]]$/u.test(b) || (/\p{L}[([]/u.test(title.slice(0, title.indexOf(b) + 1)) && !gluedAcronym(b)))) return true;
    // An odd bracket is a formula's, unless the title wraps inside words in brackets ("Inferring 3D velocities (marginalizing over").
    if ((title.match(/[()[\]]/g) ?? []).length % 2 === 1 && !/\(\s*\p{L}[\p{L}'’\s-]*$/u.test(title)) return true;
    // A bibliography line broken after a family name ("… Sion, E. M., & McCook," / "G. P. 2016, Monthly Notices …") reads as
    // appendix "G": a title does not open with another initial, nor hold a year followed by a comma.
    if (/^\p{Lu}\.(?:\s|$)/u.test(title) || /\b(?:1[89]|20)\d{2}[a-z]?,/.test(title)) return true;
    // A list of names ("Vytautas Astrauskas, Aurel Bilý, Jonás Fiala, Zachary …", a bibliography entry under its number) is not a title.
    if ((title.match(/,/g) ?? []).length >= 3) return true;
    // One short word is a unit or a label ("2.5 Gyr"), not a title.
    if (/^\p{L}{1,3}$/u.test(title) && !/^\p{Lu}{2,3}$/u.test(title)) return true;
    // "Test 1: simulated stars" is a title; "COMMIT: finishes the action set" (one capitalised word, then lower case) is a step,
    // unless a section number of two levels or more stands before it ("11.3 ATE: identification gap …").
    if (number !== undefined && /\w\.\d/.test(number)) return false;
    return /^\p{Lu}+:\s+\p{Ll}/u.test(title);
  },
});

/**
 * The last line of a wrapped caption or sentence ("Table 1: WH circuit: Parameter configuration of the" /
 * "experiments.") can read as a title ("Experiments"). An unnumbered title right under an unfinished line
 * of its own face is that line's end.
 */
export const continuesLineAbove = defineRule({
  name: 'continues-line-above',
  why: 'The end of a wrapped caption or sentence in bold ("… configuration of the" / "experiments.") is not a section titled "Experiments": an unnumbered title that starts in lower case, directly under an unfinished line in its own face, continues that line.',
  constants: { maxGapSizes: 1.6 },
  test: (above: { text: string; font: string; size: number; y: number; page: number } | undefined, line: { text: string; font: string; size: number; y: number; page: number }) =>
    above !== undefined && /^\p{Ll}/u.test(line.text.trim()) && above.page === line.page && sameFace(above, line) &&
    above.y - line.y > 0 && above.y - line.y < line.size * 1.6 && !/[.?!:]$/.test(above.text.trim()),
});

/** A title line that ends on a word no title ends with ("Chapter 2 – Experimental and", "Analysis of the") goes on below. */
const UNFINISHED_TITLE = /(?:\s(?:and|or|of|for|the|a|an|to|in|on|with|from|by|at|via|versus|vs\.)|[–—:-])$/i;

const HEADING_WRAP = { maxGapSizes: 1.8, maxUnfinishedGapSizes: 2.4, unfinished: UNFINISHED_TITLE, maxLength: 90, maxSymbolLength: 4 };

export const headingWrap = defineRule({
  name: 'heading-wrap',
  why: 'A long title wraps: the next line in the heading\'s own font and size (and case, for capitals), right below it and not itself numbered, continues it, unless the title\'s line had room for that line\'s first word (a title that stops short is whole: under IEEE\'s italic "C. Problem Description" an italic problem statement is text). A wrapped symbol ("σ^2" of "… for θ and σ²") is set in a maths font, so a line of one or two symbols (with their exponents) continues it whatever its font. A title line that ends on a word no title ends with ("Chapter 2 – Experimental and") goes on a little further down: a word processor sets a large title\'s lines wider apart than LaTeX does.',
  constants: HEADING_WRAP,
  /** `roomLeft`: the title's last line had room for the next line's first word. */
  test: (sameFace: boolean, gap: number, size: number, text: string, headingIsCaps = false, headingText: string = '', roomLeft = false) => {
    if (roomLeft && !UNFINISHED_TITLE.test(headingText.trim())) return false;
    const bare = withoutScripts(text.trim());
    const symbol = bare.length <= HEADING_WRAP.maxSymbolLength && /^[\p{Script=Greek}∂∇ℓ][\p{Script=Greek}\d∂∇ℓ′*]*$/u.test(bare);
    const maxGap = size * (UNFINISHED_TITLE.test(headingText.trim()) ? HEADING_WRAP.maxUnfinishedGapSizes : HEADING_WRAP.maxGapSizes);
    return (sameFace || symbol) && gap > 0 && gap < maxGap && text.length < HEADING_WRAP.maxLength && !NUMBERED.test(text) && (!headingIsCaps || text === text.toUpperCase() || symbol);
  },
});

// "Acknowledgments: This work…", "3) Multiplicities: Rows form…" (IEEE level 3), "Funding. The…",
// and numbered section titles set in the paragraph's first line: "1. Introduction. We study…" (imsart),
// "2.1. Main results. The…" (amsart subsections). A title may open with a bracketed prefix: "5) (Pre)types: …".
// A title typed with its own stop in a class that adds one reads "Polygonization.. Phase 1 …" (elsarticle's \paragraph).
const RUN_IN = /^(?:(\d{1,2}|[a-z])(\))\s+)?((?:\(\p{Lu}\p{L}*\)\p{L}|\p{Lu})[^:.]{2,90}?)[:.]\.?\s+(?=\S)/u;
// The numbered form ends at a full stop only: "8. Extensions: clustered designs (Regime B). We…"; appendix "A.1. …".
// A stop inside a number is not the end: "C.2. Proof of Proposition 3.5. The…" (a \ref may leave a space before the stop).
const RUN_IN_NUMBERED = /^((?:\d{1,2}|[A-H])(?:\.\d{1,2}){0,3})(\.)\s+(\p{Lu}(?:[^.]|(?<=\d)\.(?=\d)){2,110}?)\s?\.\s+(?=\S)/u;

// acmart sets a numbered run-in title without a stop after a number of two levels or more: "2.1.1 Range of the motion. This…".
const RUN_IN_MULTILEVEL = /^((?:\d{1,2}|[A-H])(?:\.\d{1,2}){1,3})()\s+(\p{Lu}(?:[^.]|(?<=\d)\.(?=\d)){2,110}?)\s?\.\s+(?=\S)/u;

// An unnumbered title with a colon inside it, ended by its full stop: "NV: A flexible IR for control plane configurations. To …".
const RUN_IN_WITH_COLON = /^()()(\p{Lu}[^:.]{0,30}:\s+\p{Lu}[^:.]{2,80}?)\.\s+(?=\S)/u;

// AASTeX 6.3's \paragraph: the title in italics, then an em dash and the text, with no stop: "Spectra —We acquired …".
// No stop, colon or dash inside the title, so a sentence's own dash after its first clause is not taken for one; a title typed
// with its own colon keeps it before the dash ("Candidate matches between Cep-Her and the Kepler Objects of Interest: —The …"),
// and APS's letters end it with a stop before the dash ("Introduction.—Axion-like particles …").
const RUN_IN_EM_DASH = /^()()(\p{Lu}[^.:;—–]{1,80}?)[:.]?\s*—\s*(?=\p{Lu})/u;

/**
 * A run-in title at the text's start, read past a leading "Appendix" word (SIAM runs appendix titles in too: "Appendix
 * A. Maximum likelihood estimation. A simple …"); `dropped` is how many characters that word took from the text.
 */
function matchRunIn(text: string): { m: RegExpExecArray; dropped: number } | null {
  const bare = withoutAppendixWord(text);
  const m = RUN_IN_NUMBERED.exec(bare) ?? RUN_IN_MULTILEVEL.exec(bare) ?? RUN_IN_EM_DASH.exec(bare) ?? RUN_IN.exec(bare) ?? RUN_IN_WITH_COLON.exec(bare);
  return m ? { m, dropped: text.length - bare.length } : null;
}

/** A supporting-information item's label (PLOS's \\paragraph*{S1 Fig.}, kept by other journals' bio papers): "S2 Fig", "S1 Table", "S3 Text". */
export const SUPPORTING_ITEM = new RegExp(`^${SUPPORTING_ITEM_LABEL}$`, 'iu');


export const runInHeading = defineRule({
  name: 'heading-run-in',
  why: 'Some headings run into their paragraph ("Acknowledgments: …", IEEE "3) Title: …", imsart "1. Introduction. …", LaTeX\'s \\paragraph "Datasets. …", PLOS\'s supporting-information "S2 Fig. …"): a known section name, a numbered title set in another font before a colon or full stop, or a few unnumbered words in another font before a full stop or, in AASTeX 6.3, an em dash ("Spectra —We acquired …"; not a theorem-like label).',
  constants: { pattern: RUN_IN, numberedPattern: RUN_IN_NUMBERED, withColonPattern: RUN_IN_WITH_COLON, emDashPattern: RUN_IN_EM_DASH, maxWords: 14 },
  test: (text: string, titleInOtherFont: boolean) => {
    const m = matchRunIn(text)?.m;
    if (!m) return false;
    const title = m[3]!;
    // "Abstract: …" stays with the front matter, where the abstract is found with its prefix removed; IEEE's
    // "Index Terms—…" and a "Keywords—…" line are the front matter's keywords, not a section.
    if (/^(?:abstract|index terms|key ?words?)$/i.test(title)) return false;
    // A table's note ("Note. —Values are …", emulateapj) is set as APS's letters set their titles: a float's text, not a title.
    if (FLOAT_NOTE.test(text.trim())) return false;
    // "1. A Author, B Writer, Returns in reading. J. Read. Res. …" (PNAS's numbered entries, initials before surnames, under
    // no heading) is a reference entry, not a title: no title opens on a list of names. Nor on names and a year in brackets
    // ("1. O’Brien B (2022) Neural variability …. Proc. Natl. Acad. Sci.", the 2017 class's entries, the journal in italics).
    if (NAME_LIST_OPENING.test(title) || NAMES_THEN_YEAR.test(text.slice(text.indexOf(title)))) return false;
    // A title runs into prose: an entry's wrapped tail ("Nat." / "Commun. 36, 6529–6547 (1993).", the journal in italics)
    // has only numbers after its stop.
    const rest = text.slice(m[0].length);
    if (rest.trim() && !/\p{L}/u.test(rest)) return false;
    // "BACKGROUND: CYCLUS" is one title in capitals, not "Background" running into "CYCLUS…".
    const next = /^\S+/.exec(rest)?.[0] ?? '';
    if (title === title.toUpperCase() && /\p{Lu}{2,}/u.test(next) && next === next.toUpperCase()) return false;
    if (NAMED_SECTIONS.test(title)) return true;
    if (!titleInOtherFont) return false;
    if (m[1] !== undefined) return title.split(/\s+/).length <= 14;
    // Unnumbered: LaTeX's \paragraph{Datasets.} and imsart's \subsection*{Near-census phase transition}, a
    // few words in bold or italics before a full stop; theorem-like labels ("Proof.", "Remark.") are not sections.
    // A number in its first two words marks a float's or a step's label ("Table 2.", "Phase 1 …"), not a title, save a
    // supporting-information item's ("S2 Fig. Adaptive firing …"); further in, it is the title's ("Decomposing the 287× speedup.").
    return !m[2] && /[.—]\s*$/.test(m[0]) && (!/^\S*\d|^\S+\s+\S*\d/u.test(title) || SUPPORTING_ITEM.test(title)) && title.split(/\s+/).length <= 10 && !THEOREM_LIKE.test(title) && title !== title.toUpperCase();
  },
});

/**
 * Whether a run-in title's words are all set in another font than the text after it. A sentence that opens on a word in
 * italics ("\textit{Current} as this may be, it is not fundamentally \textit{new}. More …") has its first word in another
 * font, but the words between are in the text's own: it is prose, not a \paragraph title, which its class sets wholly in
 * bold or italics. Pieces with no letter (a stop, a space, a number) do not count.
 */
export const runInTitleFont = defineRule({
  name: 'run-in-title-font',
  why: 'A run-in title is set wholly in its own font; a sentence opening on an italic word has roman words before its stop, and one in the document\'s text font before a word in code ("Our work is novel. MeasureTheory.jl has …") is prose too.',
  /** `textFont`: the font of the text after the title; `bodyFont`: the document's text font, never a run-in title's. */
  test: (text: string, pieces: readonly LinePiece[], from: number, to: number, textFont: string | undefined, bodyFont?: string) => {
    const inTitle = pieces.filter((p) => p.start < to && p.end > from && /\p{L}/u.test(text.slice(Math.max(p.start, from), Math.min(p.end, to))));
    return inTitle.length > 0 && inTitle[0]!.font !== textFont && inTitle.every((p) => p.font !== textFont && p.font !== bodyFont);
  },
});

const RUN_IN_WRAPPED = { maxWords: 16 };

export const runInWrapped = defineRule({
  name: 'heading-run-in-wrapped',
  why: 'A run-in title a sentence long wraps (PNAS\'s bold subsection titles: "The hypoxia pathway controls thousands of genes in C. ele-" / "gans. We selected …"): its first line is wholly in the title\'s fonts, and its end is the stop after which the text\'s font begins on the next line. Read on the first line alone, the title stopped at "C." and was not one; its paragraph swallowed it. Not a label, a list of names or a float\'s caption.',
  constants: RUN_IN_WRAPPED,
  test: (title: string) =>
    /^\p{Lu}/u.test(title) && title.split(/\s+/).length <= RUN_IN_WRAPPED.maxWords && title !== title.toUpperCase() && !THEOREM_LIKE.test(title) &&
    !NAME_LIST_OPENING.test(title) && !NAMES_THEN_YEAR.test(title) && !CAPTION.test(title) && !/^\S*\d|^\S+\s+\S*\d/u.test(title),
});

/**
 * LaTeX's \paragraph{Datasets} in the article class: the title in bold, then a quad (1 em) and the text,
 * with no stop between. A bold lead-in typed by hand (\textbf{Overall} the …) is followed by a word space.
 */
const RUN_IN_QUAD = { minGapEms: 0.7, minGapEmsFlushAfterGap: 0.45, maxWords: 10 };

export const runInQuadHeading = defineRule({
  name: 'heading-run-in-quad',
  why: 'The article class runs a \\paragraph title into its text with no stop, set apart only by its font and a 1 em space; a bold word typed into a sentence has a word space after it and stays text. LNCS sets its run-in \\subsubsection half an em from the text, at the column\'s edge after a gap, where a paragraph would be indented: there half an em is enough.',
  constants: RUN_IN_QUAD,
  test: (title: string, otherFont: boolean, gapEms: number, flushAfterGap = false) =>
    otherFont && gapEms >= (flushAfterGap ? RUN_IN_QUAD.minGapEmsFlushAfterGap : RUN_IN_QUAD.minGapEms) && /^(?:\(\p{Lu}\p{L}*\)\p{L}|\p{Lu})/u.test(title) &&
    title.split(/\s+/).length <= RUN_IN_QUAD.maxWords && !/\d/.test(title) && !/[.:;,]$/.test(title) && !THEOREM_LIKE.test(title),
});

/**
 * Labels of theorem-like environments and proofs, which LaTeXML does not make sections. Not "Algorithm": unnumbered
 * and run in, it is a \paragraph title (ICML, JMLR: "Algorithm. There are several …"); a float's label has its number.
 */
export const THEOREM_LIKE = /^(proof|remark|example|definition|lemma|theorem|proposition|corollary|claim|conjecture|assumption|notation|observation|note|fact|property|condition|hypothesis|axiom|exercise|problem|solution|hint|question|answer|case|step|figure|table|input|output|sketch of proof)s?\b/i;

/**
 * The number, title and length of a run-in heading at the start of a text; `parenthesised` for
 * IEEE's "3) Title:" (a third-level heading whatever its number).
 */
export function runInParts(text: string): { number?: string; title: string; length: number; parenthesised: boolean } | null {
  const found = matchRunIn(text);
  if (!found) return null;
  const { m, dropped } = found;
  return { ...(m[1] ? { number: m[1] } : {}), title: m[3]!.trim(), length: m[0].length + dropped, parenthesised: m[2] === ')' };
}

/**
 * Capital headings may hold a name set in its own case: "2. THE Kepler–GAIA DATA" (AASTeX
 * italicises mission names). Most words in capitals still sets the line apart from body text.
 */
export const capitalsHeading = defineRule({
  name: 'heading-capitals',
  why: 'A line whose words are mostly in capitals (a name in its own case allowed) is set apart from body text like a line all in capitals.',
  constants: { minWords: 2, minShare: 0.7 },
  test: (text: string) => {
    const words = text.split(/[\s–—-]+/).filter((w) => /\p{L}{2,}/u.test(w));
    const capitals = words.filter((w) => w === w.toUpperCase());
    return capitals.length >= 2 && capitals.length >= words.length * 0.7;
  },
});

/** How an acknowledgment opens: thanks, or the support a work had. */
const ACKNOWLEDGMENT_OPENING = /^(?:(?:we|the authors?|i)\s+(?:would\s+like\s+to\s+|wish\s+to\s+|also\s+)?(?:thank|acknowledge|gratefully\s+acknowledge|are\s+(?:very\s+)?grateful|am\s+grateful)|special\s+thanks|(?:this|the)\s+(?:work|research|project|study)\s+(?:was|is|has\s+been)\s+(?:partially\s+|partly\s+|financially\s+)?(?:supported|funded)|[\p{Lu}][\p{L}.\s-]{0,40}\s+(?:is|was)\s+supported\s+by|[\p{Lu}][\p{L}.\s-]{0,40}\s+acknowledges?\s+(?:support|funding)|(?:\p{Lu}\.\s?(?:-?\p{Lu}\.\s?){0,3})\s*(?:also\s+|gratefully\s+)?(?:thanks|acknowledges))\b/iu;

export const unheadedAcknowledgments = defineRule({
  name: 'unheaded-acknowledgments',
  why: 'AASTeX\'s \\acknowledgments and other journal styles set the acknowledgments as a paragraph after a space, with no heading, though the source has the section: a paragraph at the end of the last body section (before any lettered appendix) that opens with thanks or a grant ("We thank …", "Special thanks to …", "This work was supported by …", "J.R.A.D. is supported by …", "G.A.F. thanks …") begins an Acknowledgments section.',
  constants: { pattern: ACKNOWLEDGMENT_OPENING },
  test: (text: string) => ACKNOWLEDGMENT_OPENING.test(text.trim()),
});

