/** Rules for a paper's identity from the file itself: which metadata to trust (DOIs are found by model/identifiers' findDoi). */
import { defineRule } from '../rule';

export const plausibleMetadataTitle = defineRule({
  name: 'metadata-title',
  why: 'File metadata titles are often tool defaults ("main.tex", "Microsoft Word - draft.docx", "untitled"): only a title of real words counts.',
  constants: { minWords: 2 },
  test: (title: string) =>
    title.split(/\s+/).length >= 2 && !/\.(tex|dvi|pdf|docx?|odt|rtf)\b|^microsoft word|^untitled|^title$|^paper$|^document\d*$/i.test(title.trim()) && /\p{L}{3,}/u.test(title),
});

export const plausibleAuthorName = defineRule({
  name: 'metadata-author',
  why: 'An author name has two to five capitalised parts; tool names and e-mail addresses are not authors.',
  test: (name: string) => /^\p{Lu}[\p{L}.'’-]*(?:\s+\p{L}[\p{L}.'’-]*){1,4}$/u.test(name.trim()) && !/@|latex|word|acrobat|user/i.test(name),
});

/** Authors from one string (file metadata, or an author line on page 1): "A. Author, B. Author and C. Author", "A; B", "A AND B". */
export function splitAuthors(value: string): string[] {
  return value.split(/\s*(?:;|,|\band\b|&)\s*/i).map((s) => s.trim()).filter(Boolean);
}

/**
 * Centred on the page, or on the text block where the line knows it: SIAM's and other classes' text block
 * sits off the page's middle (72–442 pt on a 612-pt page), and their titles are centred on the block.
 */
function centredOnPage(line: { x0: number; x1: number; pageWidth: number; columnLeft?: number; columnRight?: number; column?: string }, tolerance: number): boolean {
  const middle = (line.x0 + line.x1) / 2;
  if (Math.abs(middle - line.pageWidth / 2) < line.pageWidth * tolerance) return true;
  const block = line.column === 'full' && line.columnLeft !== undefined && line.columnRight !== undefined ? (line.columnLeft + line.columnRight) / 2 : null;
  return block !== null && Math.abs(middle - block) < line.pageWidth * tolerance;
}

/**
 * A title page (theses, reports): a page of a few short lines, nearly all centred, the title
 * in body-size capitals at the top and "by" before the author. Read only when page 1 has no
 * title in larger type; page 1 may be a copyright or cover page.
 */
export const titlePage = defineRule({
  name: 'title-page',
  why: 'A thesis sets its title in body-size capitals on a centred title page, often after a copyright page: there is no larger type to find it by.',
  constants: { maxLines: 30, minCentredShare: 0.7, centreTolerance: 0.08, maxMedianWidth: 0.6, maxJustifiedShare: 0.5 },
  test: (lines: { x0: number; x1: number; pageWidth: number; text: string }[]) => {
    if (lines.length < 3 || lines.length > 30) return false;
    const centred = lines.filter((l) => centredOnPage(l, 0.08));
    // Justified body lines are centred too, but run the full width; in a narrow text block (amsart's is 0.59
    // of the page) they are short too, yet most run to one width, which a title page's lines do not.
    const widths = lines.map((l) => (l.x1 - l.x0) / l.pageWidth).sort((a, b) => a - b);
    const widest = widths[widths.length - 1]!;
    const justified = widths.filter((w) => w > widest * 0.97).length;
    return centred.length >= lines.length * 0.7 && widths[Math.floor(widths.length / 2)]! < 0.6 && justified < lines.length * 0.5;
  },
});

/** A name in capitals that opens a line and a comma after it ("RUTH ANGUS, American Museum of Natural History, USA"). */
const CAPITALS_NAME_FIRST = /^(\p{Lu}[\p{Lu}.'’-]*(?:\s+\p{Lu}[\p{Lu}.'’-]*){1,3}),\s+\S/u;

export const capitalsNameBeforeAffiliation = defineRule({
  name: 'capitals-name-before-affiliation',
  why: 'acmart\'s journals set each author as a name in capitals, a comma, then the affiliation in mixed case, all on one line ("RUTH ANGUS, American Museum of Natural History, USA"): the line reads as an affiliation, yet its capitals before the comma are the author.',
  constants: { pattern: CAPITALS_NAME_FIRST },
  test: (line: string) => capitalsNameOf(line) !== null,
});

/** The name in capitals that opens such a line, when an affiliation in mixed case follows its comma; else null. */
export function capitalsNameOf(line: string): string | null {
  const match = CAPITALS_NAME_FIRST.exec(line);
  return match && /\p{Ll}/u.test(line.slice(match[1]!.length)) ? match[1]! : null;
}

export const capitalsTitle = defineRule({
  name: 'capitals-title',
  why: 'amsart and its kin set the title in body-size capitals, centred at the top of page 1, and the authors under it in smaller capitals: there is no larger type to find the title by.',
  constants: { topShare: 0.3, centreTolerance: 0.05, minWords: 2 },
  test: (line: { x0: number; x1: number; y: number; pageWidth: number; pageHeight: number; text: string; columnLeft?: number; columnRight?: number; column?: string }) => {
    const letters = line.text.replace(/[^\p{L}]/gu, '');
    return line.y > line.pageHeight * 0.7 && letters.length >= 6 && letters === letters.toUpperCase() && line.text.trim().split(/\s+/).length >= 2 &&
      centredOnPage(line, 0.05) && !/^(\d|[IVX]+\.|ABSTRACT\b)/.test(line.text.trim());
  },
});

/** A preprint banner over the title ("Draft version July 3, 2020", "Typeset using LaTeX twocolumn style in AASTeX62"). */
const BANNER = /^(draft version|preprint typeset|typeset using|with modifications by|accepted|submitted|received)\b/i;

const CENTRED_TITLE = { topShare: 0.33, centreTolerance: 0.05, minSizeShare: 0.9, banner: BANNER };

export const centredTitle = defineRule({
  name: 'centred-title',
  why: 'AASTeX, REVTeX and their kin set the title no larger than the text, centred at the top of page 1 under small banners ("Draft version …", "Typeset using LaTeX …"): with no larger type to find it by, it is the first centred line of two words or more in the top third that is at least body size and no banner, address or abstract.',
  constants: CENTRED_TITLE,
  test: (line: { x0: number; x1: number; y: number; size: number; pageWidth: number; pageHeight: number; text: string }, bodySize: number) =>
    line.y > line.pageHeight * (1 - CENTRED_TITLE.topShare) && line.size >= bodySize * CENTRED_TITLE.minSizeShare && centredOnPage(line, CENTRED_TITLE.centreTolerance) &&
    line.text.trim().split(/\s+/).length >= 2 && !BANNER.test(line.text.trim()) && !AFFILIATION.test(line.text) && !/^abstract\b/i.test(line.text.trim()),
});

/** An e-mail address ("kwong@flatironinstitute.org"), and a line that is one. */
export const EMAIL_ADDRESS = /\S+@\S+\.\w+/;
export const EMAIL_ALONE = new RegExp(`^${EMAIL_ADDRESS.source}$`);

export const AFFILIATION = /universit|institut|department|school of|laborator|college|@|\bcorp\b|inc\.|research|centre|center|google|microsoft|\bdated\b|\d{5}/i;

/** Share of the words (in the first 80 characters) that start in lower case: high in prose, low in names and addresses. */
function lowerCaseShare(text: string): number {
  const words = text.slice(0, 80).split(/\s+/).filter((w) => /\p{L}/u.test(w));
  return words.filter((w) => /^\p{Ll}/u.test(w)).length / Math.max(1, words.length);
}

/**
 * An affiliation or address: it opens with an institution's words (or is an e-mail address) and its words
 * are mostly capitalised names. Prose may open with such a word too ("The author's recent research papers…"),
 * but its words are mostly in lower case.
 */
/** An author's note naming a fellowship held (AASTeX's \\altaffiliation): "NSF Astronomy and Astrophysics Postdoctoral Fellow", "51 Pegasi b Fellow". */
const FELLOWSHIP_NOTE = /\bfellow\b/i;

export const affiliationText = defineRule({
  name: 'affiliation-text',
  why: 'Affiliations set as footnotes (emulateapj) or as a block over the abstract are front matter, not the paper\'s text; an abstract that opens with "research" is not an affiliation. So is an author\'s note naming a fellowship (AASTeX\'s \\altaffiliation{DIRAC Fellow}, "NSF Astronomy and Astrophysics Postdoctoral Fellow"), mostly capitalised words like an address.',
  constants: { pattern: AFFILIATION, fellowship: FELLOWSHIP_NOTE, maxLowerCaseShare: 0.5 },
  test: (text: string) => EMAIL_ALONE.test(text.trim()) || ((AFFILIATION.test(text.slice(0, 80)) || FELLOWSHIP_NOTE.test(text.slice(0, 80))) && lowerCaseShare(text) < 0.5),
});

/**
 * The paper's keywords: AASTeX's "Keywords: Exoplanet evolution (491), …", imsart's "Keywords and phrases: …" footnote,
 * emulateapj's "Subject headings: …", IEEE's "Index Terms—…", an MSC line ("MSC2020 subject classifications: …").
 */
const KEYWORDS_LINE = /^(?:key\s?words?(?:\s+and\s+phrases)?|index\s+terms|subject\s+headings|(?:(?:MSC|AMS)\s*(?:\d{4}\s*)?)?(?:mathematics\s+)?subject\s+classifications?)\s*[:.—–]/i;

export const keywordsLine = defineRule({
  name: 'keywords-line',
  why: 'The keywords under the abstract or in a page-1 footnote ("Keywords: Exoplanet evolution (491), …", "Keywords and phrases: dimension reduction, …") are front matter, as LaTeXML keeps them out of the text; on the first pages they read as a paragraph of the abstract or a footnote.',
  constants: { pattern: KEYWORDS_LINE, maxPage: 2 },
  test: (block: { text: string; page: number }) => block.page <= 2 && KEYWORDS_LINE.test(block.text.trim()),
});

/** The label of the paper's citation of itself: acmart's "ACM Reference Format:", "How to cite this article:", "Cite this article as:". */
const SELF_CITATION_LABEL = /^(?:acm reference format|reference format|how to cite(?: this (?:article|paper))?|cite this (?:article|paper)(?: as)?|please cite this article(?: in press)? as)\s*:/i;

export const selfCitation = defineRule({
  name: 'self-citation',
  why: 'A paper\'s citation of itself on page 1 (acmart\'s "ACM Reference Format:" and the formatted reference under it; "How to cite this article:") is front matter, not text of the paper: left in, it reads as a paragraph of the abstract. The label alone on its line takes the block after it with it.',
  constants: { pattern: SELF_CITATION_LABEL },
  test: (text: string) => SELF_CITATION_LABEL.test(text.trim()),
});

const ABSTRACT_PARAGRAPH = { minLength: 100, alignPoints: 40, maxLabelWords: 5 };

/**
 * An abstract opened by its label ("Abstract— In recent years …", IEEE's Word template) may run on over more
 * paragraphs before the first heading. A block right after it on page 1 in its face, from its left edge (give or take
 * a first-line indent), and long enough to be prose, is the abstract's next paragraph; a labelled line ("Keywords:",
 * "CCS Concepts:", "ACM Reference Format:") or an affiliation ends it.
 */
export const abstractParagraph = defineRule({
  name: 'abstract-paragraph',
  why: 'The second and third paragraphs of an abstract opened by its label were left among page 1\'s front matter and lost: a block in the abstract\'s face and column after it, before the first heading, that opens with no label of its own, goes on with the abstract.',
  constants: ABSTRACT_PARAGRAPH,
  test: (block: { kind: string; text: string; lines: readonly { font: string; size: number; x0: number; page: number }[] }, abstract: { lines: readonly { font: string; size: number; x0: number; page: number }[] }) => {
    const first = block.lines[0];
    const opening = abstract.lines[abstract.lines.length - 1];
    if (block.kind !== 'text' || !first || !opening || first.page !== opening.page || block.text.length < ABSTRACT_PARAGRAPH.minLength) return false;
    const label = /^([^:.—]{1,60})[:—]\s/.exec(block.text.trim());
    if (label && label[1]!.split(/\s+/).length <= ABSTRACT_PARAGRAPH.maxLabelWords) return false;
    if (KEYWORDS_LINE.test(block.text.trim()) || affiliationText.test(block.text)) return false;
    const abstractLeft = Math.min(...abstract.lines.map((l) => l.x0));
    return block.lines.every((l) => l.font === opening.font && Math.abs(l.size - opening.size) < 0.3 && Math.abs(l.x0 - abstractLeft) <= ABSTRACT_PARAGRAPH.alignPoints);
  },
});

const UNHEADED_INTRODUCTION = { minChars: 100, sameSize: 0.3, minBodyShare: 0.8 };

/**
 * PNAS and Nature-style papers open their text with no "Introduction" heading: on page 1, after the abstract and before the
 * first heading, paragraphs in the text's own font and size are the introduction, not front matter (affiliations, keywords
 * and notes are set smaller or in another face). They had all been dropped with the front matter.
 */
export const unheadedIntroduction = defineRule({
  name: 'unheaded-introduction',
  why: 'A paper whose text opens with no heading (PNAS, Nature-style): page 1\'s paragraphs after the abstract, in the text\'s own font and size, are its introduction; they were dropped as front matter.',
  constants: UNHEADED_INTRODUCTION,
  test: (block: { kind: string; text: string; lines: readonly { font: string; size: number }[] }, bodyFont: string, bodySize: number) =>
    block.kind === 'text' && block.text.length >= UNHEADED_INTRODUCTION.minChars && !affiliationText.test(block.text) &&
    block.lines.filter((l) => l.font === bodyFont && Math.abs(l.size - bodySize) < UNHEADED_INTRODUCTION.sameSize).length >= block.lines.length * UNHEADED_INTRODUCTION.minBodyShare,
});
