/** Stage: title (the largest type on page 1's upper half) and authors (the short lines right under it). */
import { headingOf } from '../blocks';
import { joinLines } from '../join-lines';
import type { PlacedLine } from '../layout';
import { sameFace, type DocumentStyle } from '../style';
import { AFFILIATION, capitalsNameOf, capitalsTitle, centredTitle, EMAIL_ADDRESS, splitAuthors, titlePage } from '../rules/metadata-rules';

export interface FrontMatter {
  title: string;
  authors: string[];
  consumed: Set<PlacedLine>;
}


export function readFrontMatter(lines: PlacedLine[], style: DocumentStyle): FrontMatter {
  const bodySize = style.bodySize;
  const page1 = lines.filter((l) => l.page === 1);
  // Elsevier's CAS templates open on a page headed "Highlights" (or "Graphical Abstract") in larger type than the title
  // repeated under it: the label is not the title.
  const upper = page1.filter((l) => l.y > l.pageHeight * 0.45 && !ELSEVIER_FIRST_PAGE_LABEL.test(l.text.trim()));
  const maxSize = Math.max(...upper.map((l) => l.size), 0);
  const consumed = new Set<PlacedLine>();
  if (maxSize < bodySize * 1.15) return readTitlePage(lines) ?? readCapitalsTitle(page1) ?? readCentredTitle(page1, bodySize) ?? { title: '', authors: [], consumed };
  // The title is the run of lines in the largest type from the first one down; a heading further down in that type
  // (PLOS sets "Abstract" as large as the title) is not part of it.
  const largest = upper.filter((l) => Math.abs(l.size - maxSize) < 0.5 && l.text.length > 2).sort((a, b) => b.y - a.y);
  const titleLines = titleRun(largest, 0, (line) => !ABSTRACT_HEADING.test(line.text.trim()));
  titleLines.forEach((l) => consumed.add(l));
  const lastTitle = titleLines[titleLines.length - 1]!;
  const authors: string[] = [];
  // Top to bottom, left to right: names set side by side across the gutter are placed in two columns.
  const below = page1.filter((l) => l.y < lastTitle.y).sort((a, b) => b.y - a.y || a.x0 - b.x0);
  // JMLR, PMLR: each author is a row of name and e-mail, then address lines. Where two or more such rows open the
  // front matter, only they give names (an address line "NNAISENSE SA", "Piazza Molino Nuovo 17" is no name), and the
  // block runs on past six lines to the last author's address.
  // A name with its e-mail address at the far end of its row (JMLR, PMLR: "Kaze W.K Wong      kwong@…") is a name.
  const candidates = withWrappedNamesJoined(below.slice(0, AUTHOR_BLOCK_WITH_EMAIL_ROWS).map((line) => ({ line, hasEmail: EMAIL_ADDRESS.test(line.text), withoutEmail: withoutEmails(line) })));
  const byEmailRows = candidates.filter((c) => c.hasEmail && namesIn(c.withoutEmail).length > 0).length >= 2;
  for (const { line, hasEmail, withoutEmail } of candidates.slice(0, byEmailRows ? AUTHOR_BLOCK_WITH_EMAIL_ROWS : 6)) {
    // Author and affiliation lines are short and centred; the abstract is not.
    // Prose (many lower-case words) is the abstract beginning, not an author line.
    const lowerWords = (line.text.match(/(?:^|\s)\p{Ll}{3,}/gu) ?? []).length;
    const affiliation = AFFILIATION.test(withoutEmail);
    const names = namesOnAuthorLine(withoutEmail, { affiliation, hasEmail, byEmailRows });
    // A line as wide as the text is the abstract beginning, unless it is a row of names (Copernicus, AASTeX, NeurIPS side
    // by side), a name with its address, or an affiliation between two authors' names (JMLR).
    const wide = !hasEmail && (line.text.length > 100 || line.x1 - line.x0 > line.pageWidth * 0.55);
    if (ABSTRACT_HEADING.test(line.text) || lowerWords >= 5 || (wide && names.length < 2 && !affiliation) || headingOf(line, style)) break;
    consumed.add(line);
    authors.push(...names);
  }
  // A footnote mark on the title ("…Learning∗") is not part of it.
  return { title: headlineIfCapitals(joinLines(titleLines.map((l) => l.text)).replace(/[\s∗*†‡§¶]+$/u, '')), authors, consumed };
}

/**
 * A long author list wraps inside a name: "… · Jian Yin · Michael K." / "Gilson · David L. Mobley · David A." (Springer). A line
 * that ends on an initial after its last separator hands that part of a name on to the next line, which opens with the rest.
 */
function withWrappedNamesJoined<T extends { withoutEmail: string }>(candidates: T[]): T[] {
  return candidates.map((candidate, i) => {
    let text = candidate.withoutEmail;
    const previous = candidates[i - 1]?.withoutEmail ?? '';
    const handed = WRAPPED_NAME_START.exec(previous);
    if (handed && NAME_REST.test(text)) text = `${handed[1]} ${text}`;
    if (WRAPPED_NAME_START.test(text) && NAME_REST.test(candidates[i + 1]?.withoutEmail ?? '')) text = text.replace(WRAPPED_NAME_START, '').replace(/[\s·•⋅,]+$/u, '');
    return text === candidate.withoutEmail ? candidate : { ...candidate, withoutEmail: text };
  });
}

/** The start of a name left at a line's end: after the last separator, given names ending on an initial ("Michael K."). */
const WRAPPED_NAME_START = /(?:^|[·•⋅,]\s*|\sand\s)((?:\p{Lu}[\p{Ll}'’-]+\s+)+(?:\p{Lu}\.\s*)+)$/u;
/** The rest of a wrapped name opening the next line: a family name ("Gilson · …"). */
const NAME_REST = /^\p{Lu}[\p{Ll}'’-]+/u;

const COPYRIGHT = /^(©|\(c\)|copyright\b)/i;
/** The label over the page of highlights, or of the graphical abstract, that Elsevier's CAS templates set before the article. */
const ELSEVIER_FIRST_PAGE_LABEL = /^(?:highlights|graphical abstract)$/i;
const ABSTRACT_HEADING = /^abstract\b/i;
const EMAIL_ADDRESSES = new RegExp(EMAIL_ADDRESS.source, 'g');
/** An author-block line's text, its pieces apart at wide gaps, without e-mail addresses. */
function withoutEmails(line: PlacedLine): string {
  return apartAtGaps(line).replace(EMAIL_ADDRESSES, '').replace(/[,\s]+$/, '');
}

/**
 * The names an author-block line gives. In a block of name-and-e-mail rows (JMLR), only those rows; else a line
 * that reads as an affiliation gives none, unless it opens with the author's name in capitals (acmart's journals:
 * "RUTH ANGUS, American Museum of Natural History, USA").
 */
function namesOnAuthorLine(text: string, line: { affiliation: boolean; hasEmail: boolean; byEmailRows: boolean }): string[] {
  if (line.byEmailRows) return line.hasEmail ? namesIn(text) : [];
  if (!line.affiliation) return namesIn(text);
  const capitalsName = capitalsNameOf(text);
  return capitalsName ? namesIn(capitalsName) : [];
}

/** How many lines under the title an author block of name-and-e-mail rows may take (four authors of three lines, and more). */
const AUTHOR_BLOCK_WITH_EMAIL_ROWS = 18;
/** How far (pt) a flush-left title's later line may start from its first. */
const FLUSH_TITLE_TOLERANCE = 1.5;
/** The most a title's lines are apart, in sizes of its type. */
const TITLE_LINE_GAP_SIZES = 1.8;

/** A title's lines: `lines[start]` and the lines after it (top down) while each belongs to it and follows close under the last. */
function titleRun(lines: readonly PlacedLine[], start: number, belongs: (line: PlacedLine) => boolean): PlacedLine[] {
  const first = lines[start];
  if (!first) return [];
  const run = [first];
  for (const line of lines.slice(start + 1)) {
    if (run[run.length - 1]!.y - line.y > first.size * TITLE_LINE_GAP_SIZES || !belongs(line)) break;
    run.push(line);
  }
  return run;
}

/**
 * The title page of a thesis or report, on page 1 or (after a copyright or cover page) page 2:
 * the title is its first lines, the author the line after "by". Every line of the title page,
 * and of a copyright page before it, is front matter, not body text.
 */
function readTitlePage(lines: PlacedLine[]): FrontMatter | null {
  for (const page of [1, 2]) {
    const onPage = lines.filter((l) => l.page === page);
    if (!titlePage.test(onPage)) continue;
    const content = onPage.filter((l) => !COPYRIGHT.test(l.text));
    const first = content[0];
    if (!first) continue;
    const titleLines = [first];
    for (const line of content.slice(1)) {
      const previous = titleLines[titleLines.length - 1]!;
      if (Math.abs(line.size - first.size) > 0.5 || previous.y - line.y > line.size * 1.8 || /^by$/i.test(line.text.trim())) break;
      titleLines.push(line);
    }
    const byAt = content.findIndex((l) => /^by$/i.test(l.text.trim()));
    const author = byAt >= 0 ? content[byAt + 1]?.text.trim() : undefined;
    const consumed = new Set<PlacedLine>(lines.filter((l) => l.page < page && (l.page === page - 1 ? lines.filter((o) => o.page === l.page).every((o) => COPYRIGHT.test(o.text)) : false)));
    onPage.forEach((l) => consumed.add(l));
    return { title: joinLines(titleLines.map((l) => l.text)), authors: author ? [titleCase(author)] : [], consumed };
  }
  return null;
}

/**
 * amsart's front matter: the title in centred capitals at the top of page 1 (its lines in one face), then
 * the authors in centred capitals of another face ("ALICE WRITER AND BRUNO REVIEWER"), title-cased.
 */
function readCapitalsTitle(page1: PlacedLine[]): FrontMatter | null {
  const top = [...page1].sort((a, b) => b.y - a.y);
  const first = top[0];
  if (!first || !capitalsTitle.test(first)) return null;
  const titleLines = titleRun(top, 0, (line) => capitalsTitle.test(line) && sameFace(line, first));
  const consumed = new Set<PlacedLine>(titleLines);
  const byline = top[titleLines.length];
  const hasByline = byline !== undefined && capitalsTitle.test(byline) && !sameFace(byline, first) && !AFFILIATION.test(byline.text);
  if (hasByline) consumed.add(byline);
  return { title: headlineIfCapitals(joinLines(titleLines.map((l) => l.text))), authors: hasByline ? namesIn(byline.text) : [], consumed };
}

/**
 * AASTeX's and REVTeX's front matter (see the centred-title rule): the title's lines in one face, then the
 * rows of names under it (a row may come as several lines, one per name), up to the first address or the abstract.
 */
function readCentredTitle(page1: PlacedLine[], bodySize: number): FrontMatter | null {
  const top = [...page1].sort((a, b) => b.y - a.y || a.x0 - b.x0);
  const start = top.findIndex((l) => centredTitle.test(l, bodySize));
  const first = top[start];
  if (!first) return null;
  // A title set flush left (Taylor & Francis' interact) is found by its first, wide line; its shorter last line starts where it does.
  const titleLines = titleRun(top, start, (line) => sameFace(line, first) && (centredTitle.test(line, bodySize) || Math.abs(line.x0 - first.x0) <= FLUSH_TITLE_TOLERANCE));
  const consumed = new Set<PlacedLine>(titleLines);
  const authors: string[] = [];
  const below = top.filter((l) => l.y < titleLines[titleLines.length - 1]!.y);
  const rows = [...new Set(below.map((l) => Math.round(l.y)))].slice(0, 4);
  for (const y of rows) {
    const row = below.filter((l) => Math.round(l.y) === y).sort((a, b) => a.x0 - b.x0);
    const text = row.map((l) => l.text).join(' ');
    if (AFFILIATION.test(text) || ABSTRACT_HEADING.test(text.trim())) break;
    const names = namesIn(text);
    if (!names.length) continue;
    row.forEach((l) => consumed.add(l));
    authors.push(...names);
  }
  return { title: headlineIfCapitals(joinLines(titleLines.map((l) => l.text))), authors, consumed };
}

/**
 * A title mostly in capitals in headline case ("STATE-SPACE CHECKS FOR SEQUENTIAL MODELS" → "State-Space Checks for
 * Sequential Models"; "ROTATING STARS FROM Kepler OBSERVED WITH GAIA DR1" keeps "Kepler" and "DR1"); others as they are.
 */
function headlineIfCapitals(title: string): string {
  const letters = title.replace(/[^\p{L}]/gu, '');
  if (!letters || letters.replace(/[^\p{Lu}]/gu, '').length < letters.length * 0.7) return title;
  return title.replace(/\p{L}+/gu, (word: string, at: number) => {
    if (word !== word.toUpperCase()) return word; // a name set in its own case ("Kepler")
    if (MINOR_WORDS.has(word.toLowerCase())) return at > 0 ? word.toLowerCase() : word[0] + word.slice(1).toLowerCase();
    return word.length >= 4 ? word[0] + word.slice(1).toLowerCase() : word; // short capitals may be acronyms ("DR1")
  });
}

const MINOR_WORDS = new Set(['a', 'an', 'the', 'and', 'or', 'nor', 'but', 'for', 'of', 'in', 'on', 'to', 'with', 'by', 'at', 'from', 'via', 'as', 'into', 'over', 'under', 'vs']);

/** A line's text with a comma where its pieces stand far apart: names set side by side ("Nis Meinert      Alexander Lavin"). */
function apartAtGaps(line: PlacedLine): string {
  // Only the text between pieces changes: the pieces' own text (accents already combined) is kept as it is.
  // An author line is set ragged, its word spaces at their natural width (a third of an em): a quad between names (ICCV's
  // "Chunshui Cao   Xianming Liu   Yi Yang") parts them.
  const cuts = line.pieces.filter((piece, i) => i > 0 && piece.x0 - line.pieces[i - 1]!.x1 > line.size * NAME_GAP_SIZES).map((p) => p.start);
  let text = line.text;
  for (const at of cuts.sort((a, b) => b - a)) if (at > 0 && at <= text.length) text = `${text.slice(0, at).trimEnd()}, ${text.slice(at).trimStart()}`;
  return text;
}

/** The least gap, in sizes of its line, that parts two names on an author line. */
const NAME_GAP_SIZES = 0.8;

/**
 * A person's name: two to five capitalised words (initials allowed), with a family name's particles between them
 * ("Frans de Boer", "Ludwig van Beethoven", "Nicholas Alan Andrew Patrick Ford").
 */
const PERSONAL_NAME = /^\p{Lu}[\p{L}.'’-]*(?:\s+(?:(?:de|da|del|della|der|den|di|du|dos|das|la|le|van|von|ter|ten|bin|ibn|al|el)\s+)*\p{Lu}[\p{L}.'’-]*){1,4}$/u;

/**
 * The names on an author line ("Alice Writer¹, Bruno Reviewer and Carla Third"; "ALICE WRITER AND BRUNO REVIEWER";
 * Springer's "Michael R. Shirts · Christoph Klein ·"), marks dropped, capitals title-cased.
 */
function namesIn(line: string): string[] {
  // A mark after a name ("Writer¹,", "Reviewer*") ends it like a comma; so does a centred dot or bullet between names.
  return splitAuthors(line.replace(/[\d*†‡§¶∗,]+(?=\s|$)/gu, ',').replace(/\s*[·•⋅]\s*/gu, ','))
    .map((part) => part.replace(/[\d*†‡§¶∗]/gu, '').trim())
    .filter((name) => PERSONAL_NAME.test(name))
    .map(titleCase);
}

/** "OLEKSANDR REDIN YARDAS" → "Oleksandr Redin Yardas"; a name already in mixed case stays. */
function titleCase(name: string): string {
  return name === name.toUpperCase() ? name.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase()) : name;
}
