/** Rules that say what kind of text a line or block is: equation, figure text, pseudo-code, caption, footnote, list. */
import type { ParagraphKind } from '../../model/paper';
import type { PlacedLine } from '../layout';
import { defineRule } from '../rule';
import { NAME_WITH_BARE_INITIALS } from './entry-names';
import { bibliographyLine } from './layout-rules';
import { EQUATION_NUMBER, LIST_BULLETS, MATH_CHARACTERS, withoutScripts } from './line-rules';
import type { DocumentStyle } from '../style';
import { ALGORITHM_CAPTION, GLOSSARY_ENTRY, LIST_ITEM } from './block-rules';
import { CAPTION } from './heading-rules';

/**
 * "… the least integer such that (9)" ending a justified line of prose: the reference sits a word space
 * after the text, where an equation's number stands apart, flush right.
 */
function referenceAtLineEnd(line: PlacedLine): boolean {
  const numberAt = line.text.trimEnd().lastIndexOf('(');
  const index = line.pieces.findIndex((p) => p.start <= numberAt && numberAt < p.end);
  const piece = line.pieces[index];
  if (!piece) return false;
  // Inside a piece the gap is not known: a prose word right before the number ("such that (9)"), or closing a clause
  // before it ("Vector Function Architecture), (3) production-ready…", an enumeration), says reference.
  if (piece.start < numberAt) return /(?:^|\s)\p{L}{2,}[),;:]*\s*$/u.test(line.text.slice(0, numberAt));
  return index > 0 && piece.x0 - line.pieces[index - 1]!.x1 < line.size;
}

/** An equation number closing a line; a year closing a line of prose ("Preibisch et al. (2002)") is not one. */
const EQUATION_NUMBER_AT_END = new RegExp(EQUATION_NUMBER.source.slice(1));

/** "(10)" at the column's left edge, the next piece more than an em after it. */
function numberApartAtLeft(line: PlacedLine, style: DocumentStyle): boolean {
  const [first, next] = line.pieces;
  if (!first || !next || !EQUATION_NUMBER.test(line.text.slice(first.start, first.end).trim())) return false;
  return first.x0 < line.columnLeft + style.bodySize && next.x0 - first.x1 > style.bodySize * EQUATION_NUMBER_GAP_EMS;
}

/** How far (in ems) a left equation number stands from its display; a list label "(1)" sits a word space or two from its text. */
const EQUATION_NUMBER_GAP_EMS = 1.5;

const wordsOf = (text: string) => text.split(/\s+/).filter((w) => /^\p{L}{3,}$/u.test(w)).length;

/** Below this share of letters, what follows a left number is maths ("γˆ_11, . . . , ζˆ^⊤ = arg max ξ^⊤V ξ"), not prose. */
const MAX_LETTER_SHARE_AFTER_LEFT_NUMBER = 0.5;
/** Relations of a display: equality and order, membership, "distributed as" ("EEP ∼ U(198, 480)"), arrows, inclusions. */
const RELATION = /[=≤≥≈≡∈∝<>→⇒∼≠≲≳≪≫⊂⊆⊃⊇≃≅⇔↦]/;
/** An equation number opening a line, and what follows it. */
const NUMBER_THEN_TEXT = new RegExp(`${EQUATION_NUMBER.source.slice(0, -1)}\\s+(.+)$`);

/**
 * "(20) γˆ_11, …, ζˆ = arg max ξ^⊤V ξ": a display as wide as the column leaves no gap after its left number, but what
 * follows is a relation among symbols with at most two words, where a list label is followed by prose.
 */
function numberBeforeMathAtLeft(line: PlacedLine, style: DocumentStyle, text: string): boolean {
  const numbered = NUMBER_THEN_TEXT.exec(text);
  if (!numbered || line.x0 >= line.columnLeft + style.bodySize) return false;
  const rest = numbered[1]!;
  const letters = (rest.match(/\p{L}/gu) ?? []).length;
  return RELATION.test(rest) && wordsOf(rest) <= 2 && letters / rest.length < MAX_LETTER_SHARE_AFTER_LEFT_NUMBER;
}

/** A line's text as the equation rules read it: citation brackets ("[4], [5]") and exponents ("cm^(−2)") left out. */
function displayText(line: PlacedLine): string {
  return withoutScripts(line.text).replace(/\[\d+(?:\s*[,–-]\s*\d+)*\]/g, '').trim();
}

/**
 * A display with its equation number: at the right margin, apart from the text (not a reference closing a line of
 * prose), or at the left (AMS style) with maths after a wide gap, where a list label sits close to its text.
 */
export function numberedDisplayLine(line: PlacedLine, style: DocumentStyle): boolean {
  const text = displayText(line);
  if (wordsOf(text) >= 8) return false;
  const numberedAtRight = EQUATION_NUMBER_AT_END.test(text) && line.x1 > line.columnRight - style.bodySize && !referenceAtLineEnd(line);
  return numberedAtRight || (MATH_CHARACTERS.test(text) && numberApartAtLeft(line, style)) || numberBeforeMathAtLeft(line, style, text);
}

/** Names of maths operators ("Var", "exp", "arg max"): letters in a formula, not words of prose. */
const OPERATOR_NAME = /^(?:var|cov|corr|exp|log|ln|max|min|sup|inf|arg|argmax|argmin|det|diag|sin|cos|tan|tanh|lim|liminf|limsup|mod|sgn|sign|erf|rank|span|supp|const)$/i;
const MATHS_ONLY_LINE = { minCharacters: 8, minIndentEms: 1 };
/** A list item's marker (the list bullets, an asterisk, a dash), or an address: prose, not a display. */
const NOT_A_DISPLAY_LINE = new RegExp(`^[${LIST_BULLETS}∗–-]\\s|@|:\\/\\/`, 'u');

/**
 * A token that is a word of prose: three letters or more with its punctuation, or four lower-case letters in a row
 * anywhere ("batch_size=128", an identifier in running text); an operator's name is not one.
 */
const proseWord = (token: string) => {
  // A unit in square brackets ("[Gyr]", "[pc]") or a short name in capitals ("EEP ∼ U(198, 480)") is a symbol of the display.
  if (/^\[\p{L}{1,4}\][,.;]?$/u.test(token) || /^\p{Lu}{2,4}$/u.test(token)) return false;
  const word = /^[\p{P}]*(\p{L}{3,})[\p{P}]*$/u.exec(token);
  if (word) return !OPERATOR_NAME.test(word[1]!);
  return (token.match(/\p{Ll}{4,}/gu) ?? []).some((run) => !OPERATOR_NAME.test(run));
};

/**
 * TeX wraps inline maths inside a sentence, so a line of prose holds some of the sentence's words, and it starts at
 * the column's edge (or a paragraph's indent); a line set in from the edge with a relation and not one word of three
 * letters or more ("= Φ(x) + o_P(1),") is a display's line, even one flush with a narrow column's right edge, where the
 * centred test misses it. A line of inline maths that fills a line of prose ("0.9 < G_BP − G_RP < 2.2 or") starts at
 * the edge.
 */
export const mathsOnlyLine = defineRule({
  name: 'maths-only-line',
  why: 'A line set in over an em from the column\'s edge (SIAM sets a wide display only an em or so in), with a relation ("=", "≤", "∈", "∼") and no word of prose of three letters or more (operator names such as "Var", "exp", "max", "const", a short name in capitals such as "EEP" and a unit in brackets such as "[Gyr]" are not words) is a display\'s line: inline maths wraps inside a sentence, among its words, and a wrapped line of prose starts at the edge. Read as prose, a display line flush with a narrow column\'s right edge was kept as a paragraph of maths fragments matching nothing.',
  constants: MATHS_ONLY_LINE,
  test: (line: PlacedLine, style: DocumentStyle) => line.x0 >= line.columnLeft + style.bodySize * MATHS_ONLY_LINE.minIndentEms && mathsOnlyText(displayText(line)),
});

/**
 * A relation ("=", "≤", "∈") among symbols (unless `relation` is false), with no word of prose of three letters or more
 * (operator names are not words), as long as a display's line is. A list item ("• σ(G_RP)/G_RP < 0.01") is prose however few its words; "<"
 * in an address is no relation.
 */
function mathsOnlyText(text: string, relation = true, minCharacters: number = MATHS_ONLY_LINE.minCharacters): boolean {
  if ((relation && !RELATION.test(text)) || NOT_A_DISPLAY_LINE.test(text) || text.replace(/\s/g, '').length < minCharacters) return false;
  return !text.split(/\s+/).some(proseWord);
}

/**
 * How far (in line spacings) a display's line stands from the lines above and below it: TeX sets a display's skip
 * (about ten points) over and under it, so its baseline is nearly two line spacings from its neighbours', where the
 * lines of a paragraph are one apart and a paragraph's break (break-vertical-gap) is over 1.4. The premises of a
 * typing rule stand a line spacing or so over their conclusion, under this.
 */
const SET_OFF_MATHS_LINE = { minGapLineSpacings: 1.4, maxSizeDifference: 0.1, minCharactersWithoutRelation: 3 };

/** The distance (in line spacings) from `line` to `other` in the same page and column, or null when there is none. */
function gapInColumn(line: PlacedLine, other: PlacedLine | undefined, style: DocumentStyle): number | null {
  if (!other || other.page !== line.page || other.column !== line.column) return null;
  return Math.abs(other.y - line.y) / style.lineSpacing;
}

/**
 * A display as wide as its column (two-column REVTeX, a long formula in one column) starts at the column's edge or
 * less than an em in, or runs past its right edge, where maths-only-line does not look. Its place says display
 * instead: a display's skip over and under it. A line of prose wraps a line spacing under the line before it.
 */
export const setOffMathsLine = defineRule({
  name: 'set-off-maths-line',
  why: 'A line of maths only (a relation, no word of prose) set off by more than 1.4 line spacings from the lines above and below it in its column is a display however near the column\'s edge it starts: a wide display fills its column, even overruns it, and maths-only-line asks for an em\'s indent so that inline maths wrapped at the edge is not read as a display. A display\'s line with no relation ("+ o(m^(−1/2)),", a product under an integral) is one too when it holds maths characters and is in the text\'s size, where a figure\'s tick labels are smaller. A display\'s line next to it (a display of several lines) stands in for the skip on its side. A line of prose is a line spacing from its neighbours; a typing rule\'s premises stand about one over their conclusion.',
  constants: { ...SET_OFF_MATHS_LINE, minCharacters: MATHS_ONLY_LINE.minCharacters, mathCharacters: MATH_CHARACTERS },
  /** `displayBeside`: whether the line above, and the line below, is itself read as a display's line. */
  test: (line: PlacedLine, above: PlacedLine | undefined, below: PlacedLine | undefined, style: DocumentStyle, displayBeside: readonly [boolean, boolean] = [false, false]) => {
    const gaps = [gapInColumn(line, above, style), gapInColumn(line, below, style)];
    // At a column's top or foot one side has no line: the other must still stand a display's skip away. A display's line
    // next to it (a display of several lines, "= … + Var(·)") stands in for the skip on its side.
    if (gaps.every((g) => g === null) || gaps.some((g, k) => g !== null && g < SET_OFF_MATHS_LINE.minGapLineSpacings && !displayBeside[k])) return false;
    const text = displayText(line);
    if (mathsOnlyText(text)) return true;
    // A display's line with no relation ("X_1^(′′)(t)X_2^(′′)(t) dt + Z_1^⊤Z_2.", "+ o(m^(−1/2)),"): set off just as well, in the
    // text's size (a figure's tick labels are smaller), with maths in it and no word of prose.
    return Math.abs(line.size - style.bodySize) <= style.bodySize * SET_OFF_MATHS_LINE.maxSizeDifference && MATH_CHARACTERS.test(line.text) &&
      mathsOnlyText(text, false, SET_OFF_MATHS_LINE.minCharactersWithoutRelation);
  },
});

/** A display's line of limits: script size (a share of the display's), this close (in line spacings) and this short. */
const DISPLAY_SCRIPT_LINE = { maxSizeShare: 0.85, maxDistanceLineSpacings: 1.2, maxCharacters: 20, maxTokens: 3 };

/**
 * TeX sets a sum's or a maximum's limits ("i=1", "x∈X", "h∈H") under or over it in script size, and pdf.js gives them
 * a line of their own. Beside a display's line, within its span, in script size and short, with no word of prose,
 * such a line is the display's: read as text, it led into the display as prose, or stood alone as a paragraph.
 */
export const displayScriptLine = defineRule({
  name: 'display-script-line',
  why: 'A short line in script size (under 0.85 of the display\'s size) within 1.2 line spacings under or over a display\'s line, and inside its span, with no word of prose in lower case, is that display\'s limits or scripts ("i=1", "x∈X", "N→∞ x∈R"): part of the display, not a line of prose leading into it.',
  constants: DISPLAY_SCRIPT_LINE,
  test: (line: PlacedLine, display: PlacedLine, style: DocumentStyle) => {
    const { maxSizeShare, maxDistanceLineSpacings, maxCharacters, maxTokens } = DISPLAY_SCRIPT_LINE;
    if (line.page !== display.page || line.column !== display.column || line.size > display.size * maxSizeShare) return false;
    if (Math.abs(line.y - display.y) > style.lineSpacing * maxDistanceLineSpacings) return false;
    if (line.x0 < display.x0 - display.size || line.x1 > display.x1 + display.size) return false;
    const text = line.text.trim();
    const tokens = text.split(/\s+/);
    if (!text || text.replace(/\s/g, '').length > maxCharacters || tokens.length > maxTokens || NOT_A_DISPLAY_LINE.test(text)) return false;
    // A word in lower case ("for", "thin") says prose or a figure's label; "iXmax", "jprey=1", "h∈H" are scripts.
    return !tokens.some((t) => {
      const word = /^[\p{P}]*(\p{Ll}{3,})[\p{P}]*$/u.exec(t);
      return word !== null && !OPERATOR_NAME.test(word[1]!);
    });
  },
});

/** How close (points) a line's two ends must come to both neighbours' for the three to be lines of one justified block. */
const JUSTIFIED_ALIGNMENT = 1;

/**
 * Whether a line starts and ends where the lines just above and below it do, a line spacing and a half apart at most:
 * a line of a justified block set in from both margins (AASTeX's abstract), not a display centred between them.
 */
function inJustifiedBlock(line: PlacedLine, above: PlacedLine | undefined, below: PlacedLine | undefined, style: DocumentStyle): boolean {
  const flush = (n: PlacedLine | undefined) =>
    n !== undefined && n.page === line.page && n.column === line.column && Math.abs(n.y - line.y) <= style.lineSpacing * 1.5 &&
    Math.abs(n.x0 - line.x0) <= JUSTIFIED_ALIGNMENT && Math.abs(n.x1 - line.x1) <= JUSTIFIED_ALIGNMENT;
  return flush(above) && flush(below);
}

export const equationLine = defineRule({
  name: 'equation-line',
  why: 'A line numbered at the right margin with few words (the number apart from the text, not a reference closing a line of prose), or at the left margin (AMS style) with maths after a wide gap or, in a display as wide as the column, a relation among symbols right after it, or centred with maths symbols and few letters, is display maths. A line "centred" only because its block is set in from both margins (AASTeX\'s abstract: "7368 b (R_p = 2.22 ± 0.12R_⊕, P = 6.8 days), …, and"), starting and ending where the lines above and below it do, is a line of that block.',
  constants: { maxWordsNumbered: 8, maxLetterShare: 0.6, leftNumberGapEms: EQUATION_NUMBER_GAP_EMS, maxLetterShareAfterLeftNumber: MAX_LETTER_SHARE_AFTER_LEFT_NUMBER, justifiedAlignment: JUSTIFIED_ALIGNMENT },
  test: (line: PlacedLine, style: DocumentStyle, above?: PlacedLine, below?: PlacedLine) => {
    if (numberedDisplayLine(line, style)) return true;
    const text = displayText(line);
    const letters = (text.match(/\p{L}/gu) ?? []).length;
    const centered = line.x0 > line.columnLeft + style.bodySize * 1.5 && line.x1 < line.columnRight - style.bodySize * 1.5;
    return centered && MATH_CHARACTERS.test(text) && letters / Math.max(1, text.length) < 0.6 && wordsOf(text) < 4 && !inJustifiedBlock(line, above, below, style);
  },
});

/** A list's bullet opening a line: an item, not maths. */
const BULLET_OPENING = new RegExp(`^\\s*[${LIST_BULLETS}]\\s`, 'u');
/** A word of three letters or more: an item of prose, not of maths alone. */
const ITEM_WORD = /\p{L}{3,}/u;

export const bulletedLine = defineRule({
  name: 'bulleted-line',
  why: 'A line opening with a list\'s bullet and holding a word ("• log g = 4.5 (cgs units)", "• T_eff = 4400 K") is an item of an itemize: indented like a centred display and short, it was read as display maths and dropped from the text, or taken for a figure\'s label among its fellow items. No display and no plot label opens with a bullet. An item of maths alone ("• σ(M_G)/M_G < 0.01") keeps its reading as maths, and so does an item that leads into a display ("• z = (z_0, …, z_4), such that"): LaTeXML reads the display into the item, so the lead-in alone is no paragraph of its own.',
  constants: { pattern: BULLET_OPENING, word: ITEM_WORD },
  test: (line: { text: string }) => {
    const text = line.text.trim();
    return BULLET_OPENING.test(text) && ITEM_WORD.test(text) && !DISPLAY_LEAD_IN.test(text);
  },
});

/** How far (in line spacings) a tall display's number may sit from the display's nearest line of text. */
const MAX_NUMBER_TO_DISPLAY_LINE_SPACINGS = 1.5;

/**
 * A tall display (a matrix, a fraction over two rows) sets its equation number on a line of its own, level with the
 * display's middle: "(12)" alone at the column's left or right edge, with maths just under or over it. The number and
 * the maths beside it are one display, not a list item "(12)" followed by text.
 */
export const equationNumberAlone = defineRule({
  name: 'equation-number-alone',
  why: 'An equation number on a line of its own at the column\'s edge, with a line of maths within a line spacing and a half of it, is a tall display\'s number: the number and that maths are display maths.',
  constants: { pattern: EQUATION_NUMBER, maxDistanceLineSpacings: MAX_NUMBER_TO_DISPLAY_LINE_SPACINGS },
  test: (line: PlacedLine, neighbour: PlacedLine | undefined, style: DocumentStyle) => {
    if (!EQUATION_NUMBER.test(line.text.trim()) || !neighbour || neighbour.page !== line.page) return false;
    const atEdge = line.x0 < line.columnLeft + style.bodySize || line.x1 > line.columnRight - style.bodySize;
    const near = Math.abs(neighbour.y - line.y) <= style.lineSpacing * MAX_NUMBER_TO_DISPLAY_LINE_SPACINGS;
    const text = displayText(neighbour);
    return atEdge && near && MATH_CHARACTERS.test(text) && wordsOf(text) < 8;
  },
});

/**
 * Tokens that are one run of two to twelve words with no sentence end in it (a panel's labels), repeated back to
 * back at least twice (a last, partial run allowed). A sentence said again on every page is not a label.
 */
export function repeatsItself(tokens: readonly string[]): boolean {
  for (let period = 2; period <= 12 && period * 2 <= tokens.length; period++) {
    if (tokens.slice(0, period).some((t) => /[.?!]$/.test(t))) continue;
    let same = true;
    for (let i = period; i < tokens.length && same; i++) same = tokens[i] === tokens[i - period];
    if (same) return true;
  }
  return false;
}

/**
 * Prose that leads into a display ends with the words that announce it ("Leveraging this, we have", "where",
 * "is given by", "and thus"); a figure's label does not. Short, unpunctuated and among the display's fragments,
 * such a line looked like figure text.
 */
const DISPLAY_LEAD_IN = /(?:^|\s)(?:we (?:have|get|obtain|find|see|write|define|derive|compute|consider|use|recall|conclude)|(?:is|are|was|were|be|can be) (?:given|defined|written|computed|obtained|expressed|estimated|bounded) (?:by|as)|as follows|becomes|yields|reads|yielding|giving|using|implying|leading to|resulting in|let|with|where|whence|and thus|thus|hence|then|therefore|so that|such that|satisfies|it follows that)$/i;

export const displayLeadIn = defineRule({
  name: 'display-lead-in',
  why: 'A short line that ends with the words announcing a display ("we have", "we obtain", "where", "is given by", "and thus", a participle: "yielding", "using", "giving", or a bare "let", "with" left before the display) is prose, not a figure label, however many maths fragments sit round it.',
  constants: { pattern: DISPLAY_LEAD_IN },
  test: (text: string) => /\p{L}{2,}/u.test(text) && DISPLAY_LEAD_IN.test(text.trim()),
});

/** A line that opens with a brace, holds an attribute or closes a record ("…; }") is code, not a sentence. */
const CODE_MARKS = /^\s*[{}]|@|;\s*[}\]]/;
/** Words a clause has and a label does not. */
const CLAUSE_WORDS = /\b(?:we|us|our|is|are|be|was|were|has|have|can|may|let|then|thus|hence|as|that|which|where|when|if|since|define|suppose|note)\b/i;

const LEAD_IN_ABOVE_GAP = { minGapLines: 1.6, maxIndentSizes: 2, maxSizeDifference: 0.5, minWordShare: 0.6 };

/**
 * A line of prose that leads into a display ("with", "where we used Sylvester's determinant theorem,", "and W⁻¹ is an
 * inverse-Wishart distribution") is often followed by a display the layout set aside as maths fragments, so no
 * equation block comes next to say so. Its place says it instead: it starts at the column's left edge (or a
 * paragraph's indent), in the text's size, reads as words, and a gap wider than a line stands under it.
 */
export const leadInAboveGap = defineRule({
  name: 'lead-in-above-gap',
  why: 'Prose that announces a display whose fragments were set aside starts at the column edge in the text\'s size, reads as words, and has a gap wider than a line under it; a figure\'s label starts anywhere, and its words are names, not a sentence\'s start.',
  constants: LEAD_IN_ABOVE_GAP,
  /** `gapBelow` is the distance from the block's last baseline to the next block's first on the same page and column (null when none). */
  test: (block: { text: string; lines: PlacedLine[] }, style: DocumentStyle, gapBelow: number | null): boolean => {
    const { minGapLines, maxIndentSizes, maxSizeDifference, minWordShare } = LEAD_IN_ABOVE_GAP;
    const first = block.lines[0];
    if (!first || gapBelow === null || gapBelow < style.lineSpacing * minGapLines) return false;
    const indent = first.x0 - first.columnLeft;
    if (indent < -style.bodySize * 0.5 || indent > style.bodySize * maxIndentSizes) return false;
    if (block.lines.some((l) => Math.abs(l.size - style.bodySize) > maxSizeDifference)) return false;
    const text = block.text.trim();
    if (CODE_MARKS.test(text)) return false;
    const tokens = text.split(/\s+/);
    const words = tokens.filter((t) => /^[\p{L}’'-]+[,.:;]?$/u.test(t));
    if (words.length < tokens.length * minWordShare || !words.some((w) => /^\p{Ll}{2,}/u.test(w))) return false;
    // A sentence's middle or start: it opens in lower case, ends on a comma or colon, or has the words of a clause. A table's
    // row label ("Side length of the graphite hexagonal prism, cm") is a capitalised noun phrase with none of these.
    return /^\p{Ll}/u.test(text) || /[,:]$/.test(text) || CLAUSE_WORDS.test(text);
  },
});

/** A bibliography entry's last line of volume, pages and year: "1735–1780, 1997.", "61:85–117, 2015.". */
const REFERENCE_TAIL = /^(?:[\d–\-:()]+,\s*)+(?:1[89]|20)\d{2}[a-z]?\.$/;
/** An entry's last line that is its DOI alone, in digits: "10.1101/2021.10.18.461897." (bioRxiv's, as PNAS sets them). */
const BARE_DOI = /^10\.\d{4,9}\/[\d./-]+$/;

export const referenceTail = defineRule({
  name: 'reference-tail',
  why: 'An entry that wraps just before its pages and year leaves a last line of digits and punctuation ("1735–1780, 1997."), or before its DOI, a DOI in digits ("10.1101/2021.10.18.461897."): it is text of the bibliography, not a fragment to drop; without it the entry has no year to be cited by, or no DOI.',
  constants: { pattern: REFERENCE_TAIL, doi: BARE_DOI },
  test: (text: string) => REFERENCE_TAIL.test(text.trim()) || BARE_DOI.test(text.trim()),
});

const namesWithBareInitials = (text: string) => (text.match(NAME_WITH_BARE_INITIALS) ?? []).length >= 2;

/** English words of two letters: a line made of them is a sentence, not a label spaced out letter by letter (single letters still count). */
const SHORT_WORDS = new Set(['an', 'as', 'at', 'be', 'by', 'do', 'go', 'if', 'in', 'is', 'it', 'no', 'of', 'on', 'or', 'so', 'to', 'up', 'us', 'we']);

/** A relation between symbols ("h ∈ H", "j ≤ s − 1", "x = 0"). */
const MATHS_RELATION = /(?:^|\s)[∈∉≤≥<>=≠⊂⊆→↦≈∼]\s/u;

export const inlineMathsProse = defineRule({
  name: 'inline-maths-prose',
  why: 'A sentence with inline maths ("Proof. For any h ∈ H and d ∈ R, we have:", "1. Show that for every s ≥ 1 and every j ≤ s − 1, we have …") is mostly one-letter symbols and relations, as a spaced-out plot label is mostly letters; but it has a relation between its symbols and the words of a clause (we, have, that, is), which a label has not.',
  constants: { minWords: 2 },
  test: (text: string) => MATHS_RELATION.test(text) && CLAUSE_WORDS.test(text) && text.split(/\s+/).filter((t) => /^\p{Ll}{3,}[,.:;]?$/u.test(t)).length >= 2,
});

// endfloat's marker where a float was ("[Figure 3 about here.]"), and the like typed by hand ("<Insert Table 2 here>").
const FLOAT_PLACEHOLDER = /^[[(<]?\s*(?:(?:insert|place)\s+)?(?:fig(?:ure)?\.?|table)\s*[A-Z]?\d{1,3}[a-z]?\s+(?:about\s+|goes\s+)?here\s*\.?\s*[\])>]?\s*\.?$/i;

export const floatPlaceholder = defineRule({
  name: 'float-placeholder',
  why: 'Journals that want floats at the end (the endfloat package) leave "[Figure 3 about here.]" where each one was; the marker is not the paper\'s text, and the float itself is read where it was set.',
  constants: { pattern: FLOAT_PLACEHOLDER },
  test: (text: string) => FLOAT_PLACEHOLDER.test(text.trim()),
});

export const figureText = defineRule({
  name: 'figure-text',
  why: 'Text drawn inside a figure (labels, legends, sub-figure labels) never reaches the column edge nor ends like a sentence; one word in capitals alone on a line, or a run of words repeated back to back (each panel of a grid labelled alike), is a label wherever it stands. Prose that leads into a display equation ("We define the series", "with") stops short of the edge without a full stop too: it is kept, and so is a reference\'s last line of pages and year ("1735–1780, 1997.") or a short entry under its number ("[33] Skumanich, A. 1972, Astrophys. J., 171, 565"), and an algorithm\'s caption ("Algorithm 2 Hybrid partial least squares regression"), which opens the float whose steps are then kept out as pseudo-code.',
  constants: { maxLength: 200 },
  test: (block: { kind: string; text: string; lines: PlacedLine[] }, style: DocumentStyle, leadsIntoDisplay = false, gapBelow: number | null = null) => {
    const text = block.text;
    const tokens = text.split(/\s+/);
    // A reference's last line of pages and year ("1735–1780, 1997.") has no letters, yet it is the entry's end.
    if (referenceTail.test(text)) return false;
    // An algorithm's caption ("Algorithm 2 Hybrid partial least squares regression") is short and stops short of the edge like a
    // label, but it opens the float: dropped here, the float's steps after it were not known for pseudo-code and read as prose.
    if (algorithmCaption.test(block)) return false;
    // Letter-spaced plot labels ("F-m e a s ure") and near-empty fragments ("b").
    if ((text.match(/\p{L}/gu) ?? []).length < 3) return true;
    // Initials ("J. B. Carlin, H. S. Stern and D. B.") are short tokens too, but of names, not of a spaced-out label; and
    // so are English's short words in a sentence ("up to a constant term." after a display; a line of code, "cons of a a
    // list", has them too, but ends like no sentence).
    const sentence = /[.?!]$/.test(text.trim());
    // A list's bullet (bulleted-line) is no label's fragment: "• T_eff = 4400 K" is an item.
    const words = bulletedLine.test({ text }) ? tokens.slice(1) : tokens;
    if (words.length >= 4 && !inlineMathsProse.test(text) && !namesWithBareInitials(text) && words.filter((t) => t.length <= 2 && !/^\p{Lu}\.$/u.test(t) && !(sentence && SHORT_WORDS.has(t.toLowerCase()))).length / words.length > 0.5) return true;
    // A grid of plots labels each panel alike: one run of words repeated back to back ("train_time (s) batch_size b …
    // train_time (s) batch_size b …"). Prose does not repeat itself so.
    if (repeatsItself(tokens)) return true;
    // Sub-figure labels: "(a) 3×3 grid architecture (b) IBMQX-20 architecture" (LaTeXML keeps only the main caption).
    if (block.lines.length === 1 && /^\([a-h]\)\s/.test(text) && !/[.:;]$/.test(text) && text.length < 100) return true;
    if (/^\([a-h]\)\s.*\s\([b-h]\)\s/.test(text) && text.length < 240) return true; // "(a) … (b) …" side by side
    if (block.kind !== 'text') return false;
    // One word in capitals on a line of its own: a rule's name beside an inference rule ("KMAP"), a panel label.
    // Prose never stands as one capitalised word; it can reach the column edge when set flush right.
    if (block.lines.length === 1 && /^\p{Lu}[\p{Lu}\d-]{1,15}$/u.test(text.trim())) return true;
    // Short unpunctuated author-year entries, also under a number ("[33] Skumanich, A. 1972, Astrophys. J., 171, 565").
    if (bibliographyLine.test((block.lines[0]?.text ?? '').replace(/^\[\d{1,4}\]\s+/, ''))) return false;
    if ((leadsIntoDisplay && /\p{L}{2,}/u.test(text)) || displayLeadIn.test(text) || leadInAboveGap.test(block, style, gapBelow)) return false;
    const reachesEdge = block.lines.some((l) => l.x1 > l.columnRight - style.bodySize * 2);
    return !reachesEdge && !/[.?!:;)\]"”]$/.test(text) && text.length < 200;
  },
});

/** A letter alone, bracketed or stopped: "A.", "(b)", "c". */
const PANEL_LETTER = /^\(?\p{L}[.)]?$/u;

export const panelLetters = defineRule({
  name: 'panel-letters',
  why: 'A block of two or more lone letters ("A. B. C.", "(a) (b) (c)", "a b c") is a figure\'s panel labels read along their row: prose never stands as a row of single letters, and figure-text let it through, three letters with a full stop reading as a sentence.',
  constants: { pattern: PANEL_LETTER, minLetters: 2 },
  test: (text: string) => {
    const tokens = text.trim().split(/\s+/);
    return tokens.length >= 2 && tokens.every((t) => PANEL_LETTER.test(t));
  },
});

export const repeatedLabel = defineRule({
  name: 'repeated-label',
  why: 'A short line printed twice or more on one page ("comp", "trans-DCCA" in each panel of a figure) is a figure label: body text does not repeat a line on a page. A connective that opens the text after a display ("where") is not a label.',
  constants: { maxLength: 40, minRepeats: 2 },
  test: (text: string, timesOnPage: number) =>
    timesOnPage >= 2 && text.length <= 40 && /\p{L}{2,}/u.test(text) && !/[.?!:;]$/.test(text) && !/^(where|and|or|with|then|hence|thus|so|for|if|since|but|as)$/i.test(text.trim()),
});

export const algorithmBlock = defineRule({
  name: 'algorithm',
  why: 'Pseudo-code (assignments with arrows, numbered steps, Input:/Output:) is kept apart, as LaTeXML listings are. A line of prose that defines something ("Let O1 := {i : Wi = 1} and …", six words or more) is not an assignment step.',
  constants: { assignmentShare: 0.5, codeShare: 0.4, proseWords: 6 },
  test: (lines: PlacedLine[]) => {
    const prose = (text: string) => text.split(/\s+/).filter((w) => /^\p{L}{3,}[,.;:]?$/u.test(w)).length >= 6;
    const isProse = lines.map((l) => prose(l.text));
    const assignments = lines.filter((l, i) => /←|:=/.test(l.text) && !isProse[i]).length;
    // More assignments than lines of prose: a definition run into a paragraph ("11.2. Forced … Let O1 := {…} and" then "O0 := …") is not code.
    const proseLines = isProse.filter(Boolean).length;
    if (assignments > 0 && assignments >= lines.length * 0.5 && assignments > proseLines) return true;
    const step = (text: string, i: number) => (/←|:=/.test(text) && !isProse[i]) || /^\d{1,2}\s+\S|^(data|inputs?|outputs?|require|ensure|return)\b:?|\b(end|then|do)$/i.test(text);
    const codeLike = lines.filter((l, i) => step(l.text, i)).length;
    return codeLike >= 2 && codeLike >= lines.length * 0.4;
  },
});

export const algorithmCaption = defineRule({
  name: 'algorithm-caption',
  why: 'An algorithm float opens with its caption line ("Algorithm 1 Adversarial variational optimization (AVO).": one line, a title after the number); LaTeXML keeps the float\'s steps out of the paragraphs, as it does listings, but its caption is a caption like a figure\'s (the algorithm and algorithm2e packages; not a float nested in a figure\'s minipage). "Algorithm 1 represents …" over several lines is prose.',
  constants: { maxWords: 16 },
  test: (block: { lines: unknown[]; text: string }) => block.lines.length === 1 && ALGORITHM_CAPTION.test(block.text) && block.text.split(/\s+/).length <= 16,
});

export const algorithmStep = defineRule({
  name: 'algorithm-step',
  why: 'After its caption an algorithm goes on in short steps ("Inputs: …", "12: Sample …", "Update d", a formula) on the same page, until prose or a heading.',
  constants: { maxLines: 2, maxLength: 160 },
  test: (block: { kind: string; lines: unknown[]; text: string }) =>
    block.kind === 'algorithm' || block.kind === 'equation' || (block.lines.length <= 2 && block.text.length <= 160) || /^(inputs?|outputs?|require|ensure|hyper-?parameters?|parameters?|data|initiali[sz]e)\s*:/i.test(block.text) || /^\d{1,2}:\s/.test(block.text),
});

export const footnoteZone = defineRule({
  name: 'footnote',
  why: 'Small type in the bottom 28% of a page is a footnote (or page-1 boilerplate, dropped later). The block\'s next line is small too: a paragraph whose first line opens on a run-in title set smaller than its text (PNAS) is measured small on that line only.',
  constants: { smallShare: 0.92, zone: 0.28 },
  test: (first: PlacedLine, style: DocumentStyle, second?: PlacedLine) =>
    first.size < style.bodySize * 0.92 && first.y < first.pageHeight * 0.28 && (second === undefined || second.size < style.bodySize * 0.92),
});

/** IEEE and emulateapj set a table's label alone on a centred line in capitals ("TABLE II", "TABLE 2"), its caption on the lines below. */
/** A float's number: Roman (IEEE's "TABLE II"), or digits with an appendix letter ("A1"). */
const FLOAT_NUMBER = String.raw`(?:[IVXL]{1,6}|[A-Z]?\d{1,3})`;
export const TABLE_LABEL = new RegExp(String.raw`^TABLE\s+${FLOAT_NUMBER}$`);

export const tableLabelCaption = defineRule({
  name: 'table-label-caption',
  why: 'IEEEtran puts "TABLE II" alone on a centred line and the caption in small capitals below it: the label and the lines under it, up to the caption\'s full stop, are one caption, not a label and body text.',
  constants: { pattern: TABLE_LABEL, maxGapSizes: 2.5, maxCaptionLines: 4 },
  /** Whether `next` (the block under the caption so far, whose last line is `above`) continues the caption. */
  test: (above: { text: string; page: number; y: number; size: number }, captionLines: number, next: { lines: { page: number; y: number }[] }) => {
    const first = next.lines[0];
    if (!first || first.page !== above.page || (captionLines > 1 && /\.$/.test(above.text.trim()))) return false;
    const gap = above.y - first.y;
    return gap > 0 && gap < above.size * 2.5 && captionLines + next.lines.length <= 5;
  },
});

/**
 * Where a caption block runs on into a second table's label: the index of that label's line, or null. emulateapj sets a
 * deluxetable broken over two columns with its label and title over each part ("TABLE 1 / Observations of ψ^1 Dra A"
 * beside "TABLE 1 / Observations of ψ^1 Dra A (continued)"), side by side at one height, and reading order joined them.
 */
export const sideBySideCaptions = defineRule({
  name: 'side-by-side-captions',
  why: 'A table broken over two columns (emulateapj\'s deluxetable) has a label and title over each part, side by side: a table label alone on a line in another column inside a caption block opens a second caption, and the lines that go back to the other column after a caption\'s title (the header cells "Julian Date", "raw shifted raw shifted" threaded in by reading order) are the table\'s, not the caption\'s.',
  constants: { pattern: TABLE_LABEL },
  test: (lines: readonly { text: string; column: string; page: number }[], at: number) => {
    const line = lines[at];
    const first = lines[0];
    return at > 0 && !!line && !!first && TABLE_LABEL.test(line.text.trim()) && line.page === first.page && line.column !== first.column && first.column !== 'full' && line.column !== 'full';
  },
});

/** The longest abbreviation's entry read as a list item: one line's worth. */
const GLOSSARY_ENTRY_MAX_LENGTH = 100;

/** The block read just before another, as small-type-text asks of it. */
export type BlockAbove = { type: 'heading' | 'paragraph'; kind?: string; lines: readonly PlacedLine[] };

const SMALL_TYPE_TEXT = { sameSize: 0.3 };

export const smallTypeText = defineRule({
  name: 'small-type-text',
  why: 'Some classes set whole sections in smaller type (PNAS\'s Materials and Methods, an appendix in \\small): at the foot of a page such a section\'s paragraphs were read as footnotes, and their run-in titles were lost. A footnote follows the text it notes, set larger than it; a block right under a heading, or under text in its own size on the same page that goes back to a heading, goes on with that text. Not a table\'s cells and notes in small type (no heading opens them), nor inside a reference list, whose footnotes footnote-in-bibliography tells apart.',
  constants: SMALL_TYPE_TEXT,
  test: (first: PlacedLine, above: BlockAbove | undefined) => {
    const last = above?.lines[above.lines.length - 1];
    if (!above || last === undefined || last.page !== first.page) return false;
    return above.type === 'heading' || ((above.kind === 'text' || above.kind === 'list') && Math.abs(last.size - first.size) < SMALL_TYPE_TEXT.sameSize);
  },
});

const FLOAT_LABEL_ALONE = new RegExp(String.raw`^(?:Table|Figure|Fig\.)\s+${FLOAT_NUMBER}$`);

export const labelOverCaption = defineRule({
  name: 'label-over-caption',
  why: 'Elsevier\'s CAS classes set "Table 2" alone in bold over the caption\'s words ("Experimental Environment and Key Parameter Configurations"), with no stop after the number: the block was read as text, so the table\'s cells after it were text too, and the paragraph the float interrupted was not joined across it. A float\'s label alone on a block\'s first line, in a face other than the line under it, opens a caption.',
  constants: { pattern: FLOAT_LABEL_ALONE },
  test: (first: { text: string; font: string }, second: { font: string } | undefined) => second !== undefined && FLOAT_LABEL_ALONE.test(first.text.trim()) && first.font !== second.font,
});

/** `above`: the block read just before this one, if any; `second`: the block's second line, if any. */
export function kindOf(first: PlacedLine, text: string, style: DocumentStyle, above?: BlockAbove, second?: PlacedLine): ParagraphKind {
  // A label alone on the block's first line ("TABLE 2" over "Orbital parameters for …") opens a caption too.
  if (CAPTION.test(text) || TABLE_LABEL.test(text.trim()) || TABLE_LABEL.test(first.text.trim()) || labelOverCaption.test(first, second)) return 'caption';
  if (footnoteZone.test(first, style, second) && !smallTypeText.test(first, above)) return 'footnote';
  if (LIST_ITEM.test(text) || /^[–-]\s/.test(text)) return 'list';
  // An abbreviation's entry of one line ("DAA – Differential abundance analysis") is a description list's item.
  if (GLOSSARY_ENTRY.test(text) && text.length <= GLOSSARY_ENTRY_MAX_LENGTH) return 'list';
  return 'text';
}
