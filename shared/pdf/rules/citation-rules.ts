/** The in-text citation forms the PDF path recognises, each a named pattern. */
import { defineRule } from '../rule';

export const YEAR = String.raw`(?:19|20)\d{2}[a-z]?`;
/** A work's years after its authors: "2020, 2021", and a bare letter for another work of the year before ("2001a,b, 2003"). */
const YEAR_LIST = String.raw`${YEAR}(?:\s*,\s*(?:${YEAR}|[a-z](?![\p{L}.])))*`;
/** A work not yet out, cited in place of its year: "(Ridgwell and Death, in prep.)", "Smith (in press)", "(Lee et al. submitted)". */
const PENDING = String.raw`in\s+prep(?:aration|\.)?|in\s+press|submitted|forthcoming`;
export const NAME = String.raw`\p{Lu}[\p{L}'’-]+(?:\s+(?:van|von|de|der|del|da|di|le|la)\s+\p{Lu}[\p{L}'’-]+)?`;
/** The authors after the first in a citation: "and Jones", or up to five more ending in "and" ("Cardot, Ferraty and Sarda": imsart names three); the last may have two words ("Beyaztas and Lin Shang"); or a few, then "et al." (APA's "Santhi, Bhaskaran, et al."). */
const MORE_AUTHORS = String.raw`(?:,\s+${NAME}){0,4}(?:,?\s+(?:and|&)\s+${NAME}(?:\s+\p{Lu}[\p{L}'’-]+)?|,\s+et\s+al\.?)`;
const NUMBER_LIST = String.raw`\s*\d{1,4}(?:\s*[–—-]\s*\d{1,4})?(?:\s*[,;]\s*\d{1,4}(?:\s*[–—-]\s*\d{1,4})?)*\s*`;
/**
 * An alpha style's key, in a citation and as a bibliography label: letters of the authors' names and the year ("BC11",
 * "Qui78", "BBC+12", its "+" often set raised, "B^+16"); a key built from a lower-case bibliography key ("bin17"); or,
 * with no year to add, capitals alone ("BRC").
 */
export const ALPHA_KEY = String.raw`(?:\p{L}[\p{L}+^]{0,7}\d{2}[a-z]?|\p{Lu}{2,6}\+?)`;
/** One key however its "+" came out: raised ("B^+16"), set level ("B+16") or lost ("BBC12" for "BBC+12"). */
export const alphaKeyOf = (key: string): string => key.replace(/[+^]/g, '');

/** Words set inside a citation's bracket before the numbers ("[e.g. 1–6]", "[see also 4]", "[cf. 7]") or after them ("[3, and references therein]"). */
const CITE_PREFIX = String.raw`(?:\s*(?:e\.\s?g\.|i\.\s?e\.|cf\.|see|also|for (?:a )?reviews?,?\s+see)\s*,?)+`;
/** natbib's free note before the key, closed by a semicolon: "[MIST; 8]" (\citep[MIST;][]{…}). */
const CITE_PRENOTE = String.raw`\s*[a-z][\w-]{1,15}\s*;`;
const CITE_SUFFIX = String.raw`,?\s*and\s+(?:references|refs\.)\s+therein\s*`;
/** A place in the cited work after its number ("[18, Chapter 10]", "[5, Thm. 2.1]", "[7, p. 12]", "[3, §4]"). */
const CITE_LOCATOR = String.raw`,\s*(?:chapters?|chap\.|ch\.|sections?|sec\.|§|pp?\.|pages?|theorems?|thm\.|lemmas?|lem\.|eqs?\.|equations?|appendix|app\.|definitions?|def\.|propositions?|prop\.|corollary|cor\.|remark|rem\.|examples?|ex\.|figs?\.|figures?|tables?|algorithms?|alg\.)\s*[\w.–-]{1,12}(?:\s*(?:and|,)\s*[\w.–-]{1,12})?\s*`;
export const NUMERIC = new RegExp(String.raw`\[(?:${CITE_PREFIX}|${CITE_PRENOTE})?(${NUMBER_LIST})(?:${CITE_SUFFIX}|${CITE_LOCATOR})?\]`, 'gi');
/** "(Smith and Jones, 2020a; Lee, 2019)" and "[Wu et al., 2024]": a bracket holding at least one year. */
export const AUTHOR_YEAR_GROUP = new RegExp(String.raw`[([]([^()[\]]*?\b(?:${YEAR}\b|${PENDING})[^()[\]]*)[)\]]`, 'gu');
/** One "Smith et al., 2020, 2021" inside a group: the first name, the rest of the authors ("et al.", "and Jones"), the years. */
export const AUTHOR_YEAR_ITEM = new RegExp(String.raw`(${NAME})(\s+et\s+al\.?|${MORE_AUTHORS})?,?\s+(${YEAR_LIST}|${PENDING})`, 'u');
/**
 * Where a group separates its works with commas, not semicolons ("[Kanerva, 2009, Plate, 1995]": JMLR and fairmeta
 * natbib settings), or with "and" ("(see Martioli et al. 2021 and Gilbert et al. 2022)"): a comma or "and" after a
 * year and before a name that has its own year is a separator.
 */
export const COMMA_BETWEEN_WORKS = new RegExp(String.raw`(${YEAR})(?:\s*,\s*|\s+(?:and|&)\s+)(?=${NAME}(?:\s+et\s+al\.?|${MORE_AUTHORS})?,?\s+${YEAR})`, 'gu');
/** Years alone after a ";" in a group: the same authors again ("Real et al., 2019; 2020", natbib's compressed form). */
export const YEARS_ONLY = new RegExp(String.raw`^\s*(${YEAR_LIST})\s*$`, 'u');
/** Words after the years in a textual citation's bracket ("Yool et al. (2013, their Figure 12)"), naming no other work (no year). */
const YEAR_COMMENT = String.raw`[,;]\s*(?![^()[\]]*\b(?:19|20)\d{2})[^()[\]]{1,80}`;
/** "Smith et al. (2020)", "Smith and Jones [2020a, 2021]", "Smith (2020, their Fig. 3)": the first name, the rest of the authors, the years. */
export const TEXTUAL = new RegExp(String.raw`(${NAME})(\s+et\s+al\.?|${MORE_AUTHORS})?\s*[([](${YEAR_LIST}|${PENDING})(?:${YEAR_COMMENT})?[)\]]`, 'gu');

/** "2001a,b, 2003" -> ["2001a", "2001b", "2003"]: a bare letter is another work of the year before it. */
export function yearsOf(list: string): string[] {
  const out: string[] = [];
  for (const part of list.split(/\s*,\s*/)) {
    const previous = out[out.length - 1];
    if (/^[a-z]$/.test(part) && previous) out.push(previous.replace(/[a-z]$/, '') + part);
    else out.push(part);
  }
  return out;
}
/**
 * "(3)", "(3,5)", "(1–4)": numbers in parentheses, as Vancouver-style papers (medicine, often written in Word) cite.
 * Not after a word that numbers something else: "Eq. (3)", "Table (2)", "step (4)".
 */
export const PARENTHESISED_NUMERIC = new RegExp(String.raw`(?<!\b(?:eqs?\.|equations?|tables?|figs?\.|figures?|sections?|sec\.|steps?|appendix|chapters?|items?|lines?|phases?|models?)\s*)\((${NUMBER_LIST})\)`, 'giu');

const PARENTHESISED = { maxOtherShare: 0.25, minDistinct: 4, minCoverage: 0.3, minInRange: 0.9 };

export const parenthesisedCitations = defineRule({
  name: 'cite-parenthesised',
  why: 'A numbered reference list cited "(3)" and "(1,4–6)" rather than "[3]" or in superscript (Vancouver, as medical journals and Word templates set it): numbers in parentheses name its entries. The whole document decides, so that "(1) … (2) …" enumerations and equation numbers in a paper that cites in brackets stay what they are: parenthesised numbers must far outnumber bracketed and superscript citations, name at least four entries and a third of the list, and nearly all lie within it.',
  constants: PARENTHESISED,
  /** `numbers`: every number the document's parenthesised lists name; `otherCitations`: its bracketed and superscript citations. */
  test: (numbers: readonly number[], otherCitations: number, entries: number) => {
    if (!numbers.length || !entries) return false;
    const inRange = numbers.filter((n) => n >= 1 && n <= entries);
    const distinct = new Set(inRange).size;
    return otherCitations <= PARENTHESISED.maxOtherShare * numbers.length && distinct >= PARENTHESISED.minDistinct && distinct >= PARENTHESISED.minCoverage * entries && inRange.length >= PARENTHESISED.minInRange * numbers.length;
  },
});

/** "[BC11]", "[Qui78, BCD+11]". */
export const ALPHA = new RegExp(String.raw`\[(${ALPHA_KEY}(?:\s*[,;]\s*${ALPHA_KEY})*)\]`, 'gu');
const SUPERSCRIPT_NUMBERS = new RegExp(String.raw`^${NUMBER_LIST}$`);

export const numericCitation = defineRule({ name: 'cite-numeric', why: 'Bracketed numbers and ranges: "[3]", "[2–5]", "[3, 9]", with words such as "e.g.", "see also" or "e.g. see" before them, a note closed by ";" ("[MIST; 8]"), or "and references therein" or a place in the work ("[18, Chapter 10]", "[5, Thm. 2]") after.', constants: { pattern: NUMERIC }, test: (text: string) => new RegExp(NUMERIC.source, 'i').test(text) });
export const authorYearCitation = defineRule({ name: 'cite-author-year', why: 'Author and year in parentheses or brackets, or a name followed by a bracketed year (with words after it that name no other work: "Yool et al. (2013, their Figure 12)"); works in a group part at ";", or at "," or "and" before a name with its own year.', constants: { pattern: AUTHOR_YEAR_GROUP }, test: (text: string) => new RegExp(AUTHOR_YEAR_GROUP.source, 'u').test(text) || new RegExp(TEXTUAL.source, 'u').test(text) });
export const alphaCitation = defineRule({ name: 'cite-alpha', why: 'Alphanumeric keys of alpha styles: "[BC11]", "[Qui78]".', constants: { pattern: ALPHA }, test: (text: string) => new RegExp(ALPHA.source, 'u').test(text) });
/** A cited name glued to the capitalised word before it ("MimicGenJiang", "TransferNVIDIA"): the family name is its last capitalised part, or the capitals ending it. */
export const gluedCitedName = /\p{Ll}(\p{Lu}[\p{Ll}'’-]+|\p{Lu}{2,})$/u;

export const zeroIndexNotCitation = defineRule({
  name: 'zero-index-not-citation',
  why: 'Brackets that name 0 in a list numbered from 1 hold an index ("B²[5, 0]", a matrix entry; "[0, 1]", an interval), not citations: linked, "[5, 0]" read as a citation of entry 5.',
  test: (named: readonly number[], listHasZero: boolean) => !listHasZero && named.includes(0),
});

export const superscriptCitation = defineRule({
  name: 'cite-superscript',
  why: 'Superscript numerals ("algorithm¹³", "¹,³⁻⁵") cite numbered entries in numeric styles; a mark that opens a footnote on its page is a footnote mark.',
  test: (mark: string, isFootnoteMark: boolean) => !isFootnoteMark && SUPERSCRIPT_NUMBERS.test(mark),
});

/** How a citation names its authors: the first family name, the capitalised word before it ("Gravity" of "Gravity Collaboration"), and the rest ("et al.", "and Jones"). */
export interface CitedAuthors {
  family: string;
  before?: string;
  rest?: string;
}
/** What an entry offers to be told apart from others of the same first author and year: its text and its parsed authors. */
interface EntryAuthors {
  raw: string;
  authors?: string[];
}
/** A name as citations and entries are compared: lower case, without diacritics ("Schölkopf" = "Scholkopf"). */
export const foldName = (text: string): string => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const NAME_IN_REST = new RegExp(NAME, 'gu');
/** How many authors an entry lists, as natbib counts them for its label: "et al." or "others" before the year is three or more. */
function entryAuthorCount(entry: EntryAuthors): number {
  const opening = entry.raw.slice(0, Math.max(0, entry.raw.search(/(?:19|20)\d{2}/)) || 200);
  if (/\bet\.?\s*al\b|\band others\b/i.test(opening)) return Infinity;
  return entry.authors?.length ?? 0;
}
export const citedAuthorForm = defineRule({
  name: 'cited-author-form',
  why: 'Entries sharing a first author and year are told apart by how the citation names the authors (natbib\'s labels): "Smith et al." has three or more, "Smith and Jones" exactly these two, "Smith" one alone.',
  test: (cited: CitedAuthors, entry: EntryAuthors): boolean => {
    const count = entryAuthorCount(entry);
    const rest = cited.rest?.trim() ?? '';
    if (/\bet\s+al/.test(rest)) return count >= 3;
    const others = rest.match(NAME_IN_REST) ?? [];
    if (!others.length) return count === 1;
    const last = foldName(others[others.length - 1]!);
    return count === others.length + 1 && foldName(entry.raw.slice(0, 300)).includes(last);
  },
});
export const citedNameOpensEntry = defineRule({
  name: 'cited-name-opens-entry',
  why: 'A group cited by its full name ("Gravity Collaboration et al. 2018") is the entry that opens with both words, not another group of that year ("Gaia Collaboration").',
  test: (cited: CitedAuthors, entry: EntryAuthors): boolean => cited.before !== undefined && foldName(entry.raw.trim()).startsWith(foldName(`${cited.before} ${cited.family}`)),
});

const PENDING_KIND = /in\s+prep|in\s+press|submitted|forthcoming/i;
export const pendingWork = defineRule({
  name: 'cite-pending-work',
  why: 'A work not yet out is cited with "in prep.", "in press", "submitted" or "forthcoming" where its year would be; it is the entry by that first author that says the same (often with no year at all).',
  constants: { pattern: PENDING_KIND },
  test: (cited: string, entryRaw: string): boolean => {
    const kind = PENDING_KIND.exec(cited)?.[0].replace(/\s+/g, ' ').toLowerCase();
    return kind !== undefined && entryRaw.replace(/\s+/g, ' ').toLowerCase().includes(kind);
  },
});

/** A numeric style's textual citation printed with no brackets: "Happ and Greven 15", "Bazaraa et al. 3". */
export const NAMED_NUMBER = new RegExp(String.raw`(${NAME})(\s+et\s+al\.?|${MORE_AUTHORS})?\s+(\d{1,3})\b(?![.,]\d)`, 'gu');
export const namedNumber = defineRule({
  name: 'cite-named-number',
  why: 'Some numeric styles print a textual citation with its number bare ("Happ and Greven 15", "Theorem 5.3.1 in Bazaraa et al. 3"): a name before a number is a citation when that numbered entry\'s first author is the name.',
  constants: { pattern: NAMED_NUMBER },
  test: (citedFamily: string, entryFamily: string | null) => entryFamily !== null && foldName(citedFamily) === entryFamily,
});

export const yearInEntry = defineRule({
  name: 'cite-year-in-entry',
  why: 'An entry whose year was misread (a year in its title: "Reply to … Anderson (2005) …, 2006") is not found by the cited year; failing any other, the entry of that first author that prints the cited year, not inside an identifier or a page range, is the one cited.',
  test: (year: string, entryRaw: string) => new RegExp(String.raw`(?<![\d/.:–—-])${year}(?![\d/–—-])${/[a-z]$/.test(year) ? '' : '(?![a-z])'}`).test(entryRaw),
});

export const entryOpening = defineRule({
  name: 'cite-entry-opening',
  why: 'Failing the first author as parsed, an entry is found by a name in its opening, before the first comma: "Majewski et al. 2017" is "Steven R. Majewski, …, 2017" whose authors the labeller did not read, and "Lu et al. 2021" is MNRAS\'s "Lu Yuxi Angus R., …, 2021".',
  test: (cited: string, entryRaw: string) => entryOpeningNames(entryRaw).some((w) => foldName(w) === foldName(cited)),
});
/** The capitalised words of an entry's opening, before its first comma ("Steven R. Majewski" -> Steven, Majewski). */
function entryOpeningNames(entryRaw: string): string[] {
  const opening = entryRaw.trim().split(/[,(]/)[0]!.split(/\s+/).slice(0, 5);
  return opening.filter((w) => /^\p{Lu}[\p{L}'’-]+$/u.test(w));
}
