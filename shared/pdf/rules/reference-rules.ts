/** Rules that find the bibliography (by heading or by shape) and where its entries start. */
import type { PlacedLine } from '../layout';
import { ALPHA_KEY } from './citation-rules';
import { defineRule } from '../rule';
import { AUTHOR_ENTRY_OPENING, AUTHOR_YEAR_ENTRY_START, ENTRY_AUTHORS } from './entry-names';
import { HALF_INCH_INDENT_POINTS } from '../style';

export const REFERENCES_TITLE = /^(references|bibliography|references and notes|literature cited|works cited|literature|references cited|notes and references)$/i;
/**
 * A manuscript's bibliography titled in the singular (a student's report). Only a line already read as a heading: as a
 * line, "Reference" is as often a plot's legend or a table's column, which bibliography-line would keep as text.
 */
const REFERENCE_SINGULAR = /^reference$/i;

export const referencesHeading = defineRule({
  name: 'references-heading',
  why: 'The usual titles of a bibliography, and a manuscript\'s "Reference" in the singular.',
  constants: { pattern: REFERENCES_TITLE, singular: REFERENCE_SINGULAR },
  test: (title: string) => REFERENCES_TITLE.test(title) || REFERENCE_SINGULAR.test(title),
});

/**
 * "Reference" alone on its line (a manuscript types it in the text's own face, where no usual name is read from its face) is
 * a plot's legend or a table's column as often as a bibliography's title; right over a line that opens like an entry
 * ("Chu, D.S. (2019). Media use …", "[1] …") it is the title.
 */
export const referenceTitleOverEntry = defineRule({
  name: 'reference-title-over-entry',
  why: 'A manuscript titles its bibliography "Reference" in the text\'s face, where the word alone is as often a legend or a column: over a line that opens like an entry, it is the bibliography\'s title, where the list was never found.',
  test: (title: string, below: string) => REFERENCE_SINGULAR.test(title) && (isAuthorYearEntryLine(below) || labelledEntryLine.test(below)),
});

export interface EntryLabel {
  /** As printed: "[12]", "12.", "(12)", "12", "Qui78", or the superscript number. */
  label: string;
  /** How it is printed: one list uses one form, so "7 of Lecture Notes" inside a "[6]" entry starts nothing. */
  form: 'bracket' | 'alpha' | 'dotted' | 'paren' | 'bare' | 'superscript';
  /** The entry's number, for numbered styles. */
  n?: number;
  /** Characters of the line's text the label takes (0 for a superscript label). */
  length: number;
}

const BRACKET_NUMBER = /^\s*\[(\d{1,3})\]\s*(?=\S)/;
const DOTTED_NUMBER = /^\s*(\d{1,3})\.\s+(?=\S)/;
/** The American Chemical Society's styles (achemso) number entries in parentheses: "(12) Linic, S.; Christopher, P. …". */
const PAREN_NUMBER = /^\s*\((\d{1,3})\)\s+(?=\S)/;
const ALPHA_LABEL = new RegExp(String.raw`^\s*\[(${ALPHA_KEY})\]\s*(?=\S)`, 'u');
/** LIPIcs and other classes print the number alone in a label column ("15   Pedro da Rocha Pinto, …"): it must be followed by a name. */
const BARE_NUMBER = /^\s*(\d{1,3})\s+(?=\p{Lu}[\p{L}'’.-]*[\s,])/u;

/** The label a bibliography line starts with, if any. */
export function entryLabelOf(line: Pick<PlacedLine, 'text' | 'supers'>): EntryLabel | null {
  const bracket = BRACKET_NUMBER.exec(line.text);
  if (bracket) return { label: `[${bracket[1]}]`, form: 'bracket', n: Number(bracket[1]), length: bracket[0].length };
  const alpha = ALPHA_LABEL.exec(line.text);
  if (alpha) return { label: `[${alpha[1]}]`, form: 'alpha', length: alpha[0].length };
  const dotted = DOTTED_NUMBER.exec(line.text);
  if (dotted) return { label: `${dotted[1]}.`, form: 'dotted', n: Number(dotted[1]), length: dotted[0].length };
  const paren = PAREN_NUMBER.exec(line.text);
  if (paren) return { label: `(${paren[1]})`, form: 'paren', n: Number(paren[1]), length: paren[0].length };
  const mark = line.supers[0];
  if (mark && mark.at === 0 && /^\d{1,3}$/.test(mark.text)) return { label: mark.text, form: 'superscript', n: Number(mark.text), length: 0 };
  const bare = BARE_NUMBER.exec(line.text);
  if (bare) return { label: bare[1]!, form: 'bare', n: Number(bare[1]), length: bare[0].length };
  return null;
}

const YEAR = /\b(1[89]\d{2}|20\d{2})[a-z]?\b/;
export const ENTRY_YEAR = YEAR;
/** A line that opens like an author-year entry and holds its year ("Barnes S. A., 2003, ApJ, 586, 464", "Abt, H. A. 1983, …"). */
export const isAuthorYearEntryLine = (text: string): boolean => AUTHOR_ENTRY_OPENING.test(text.trim()) && YEAR.test(text);

/** The text after a reference entry's printed label ("[12] ", "[KZG10] ", "12. ", "(12) "; not a bare number or a mark), or null. */
function afterEntryLabel(text: string): string | null {
  const trimmed = text.trimStart();
  const label = entryLabelOf({ text: trimmed, supers: [] });
  return label === null || label.form === 'bare' || label.form === 'superscript' ? null : trimmed.slice(label.length);
}

/** What only a reference points with: a web address, a DOI, an arXiv number. */
const ENTRY_POINTER = /https?:\/\/|\bdoi\b|\barXiv\b/i;

/** A labelled line that reads as a reference entry: it points at a work, or opens on its authors. A numbered question ("1. What year did you …") does neither. */
export function readsAsLabelledEntry(text: string): boolean {
  const rest = afterEntryLabel(text);
  return rest !== null && (ENTRY_POINTER.test(rest) || ENTRY_AUTHORS.test(rest.trim()));
}

export const labelledEntryLine = defineRule({
  name: 'labelled-entry-line',
  why: 'A numbered or bracketed entry short enough for one line ("2. Go ethereum. https://github.com/ethereum/go-ethereum", "24. Wood, G.: Ethereum yellow paper (2014)") is set, in LNCS\'s style, in small type with no closing stop, as a figure\'s label is, among the list\'s other short lines: it was dropped as figure text and its entry lost. A line that opens with an entry\'s label and points at a work (a web address, a DOI) or opens on its authors and holds a year is an entry; a numbered question in a questionnaire ("1. What year did you graduate?") is neither.',
  constants: { pointer: ENTRY_POINTER, authors: ENTRY_AUTHORS, year: YEAR },
  test: (text: string) => readsAsLabelledEntry(text) && (ENTRY_POINTER.test(text) || YEAR.test(text)),
});

/**
 * Author-year lists without a hanging indent (every line at the margin): a line that
 * begins like an entry (surname, initials) and has a year, after a line that stopped
 * short of the column edge, starts a new entry.
 */
export const authorYearEntryStart = defineRule({
  name: 'author-year-entry-start',
  why: 'With no hanging indent, a short line followed by "Surname, I. … 2012" is the end of one entry and the start of the next.',
  constants: { pattern: AUTHOR_YEAR_ENTRY_START, shortBy: 2 },
  test: (line: Pick<PlacedLine, 'text'>, previous: Pick<PlacedLine, 'x1' | 'columnRight'>, bodySize: number) =>
    AUTHOR_YEAR_ENTRY_START.test(line.text.trim()) && YEAR.test(line.text) && previous.x1 < previous.columnRight - bodySize * 2,
});

/**
 * A bibliography with no heading (REVTeX, AIP, some Elsevier): a run of blocks that
 * start with entry labels, numbered from 1 (or alpha labels), most of them with a year.
 */
export const bibliographyShape = defineRule({
  name: 'bibliography-shape',
  why: 'Some classes print the bibliography with no heading: a run of labelled entries with years is one.',
  constants: { minEntries: 3, labelledShare: 0.6, yearShare: 0.5 },
  test: (run: { firstLine: Pick<PlacedLine, 'text' | 'supers'>; text: string }[]) => {
    const first = run[0] && entryLabelOf(run[0].firstLine);
    // "(1) …, (2) …" is as often a list in the text; under a heading such entries are read, but they do not make one.
    if (!first || first.form === 'paren' || (first.n !== undefined && first.n !== 1)) return false;
    const labelled = run.filter((b) => entryLabelOf(b.firstLine) !== null);
    if (labelled.length < 3 || labelled.length < run.length * 0.6) return false;
    return labelled.filter((b) => YEAR.test(b.text)).length >= labelled.length * 0.5;
  },
});

export const numberedEntryInSequence = defineRule({
  name: 'entry-in-sequence',
  why: 'A number starts an entry only in sequence (a few may be missing), so "2019. Springer" inside an entry does not split it.',
  constants: { maxSkip: 3 },
  test: (n: number, expected: number) => n >= expected && n <= expected + 3,
});

/** The widest hanging indent: an inch, where a word processor's half-inch default has been widened. */
const HANGING_INDENT_MAX_POINTS = 2 * HALF_INCH_INDENT_POINTS;

export const hangingIndent = defineRule({
  name: 'hanging-indent',
  why: 'Author-year lists indent continuation lines: a line at the margin starts an entry. Where most entries fit on one line (MNRAS), few lines are indented: three are enough, at one indent. A word processor\'s hanging indent is half an inch whatever the type size (36 points: over three sizes of 10-point type, as APA lists in Word and LibreOffice are set), and authors widen it to most of an inch (57 points in an APA manuscript from Word).',
  constants: { minSizes: 0.5, maxSizes: 3, maxPoints: HANGING_INDENT_MAX_POINTS, share: 0.2, minLines: 3, sameIndent: 1 },
  test: (indents: number[], bodySize: number) => {
    const indented = indents.filter((i) => i > bodySize * 0.5 && i < Math.max(bodySize * 3, HANGING_INDENT_MAX_POINTS));
    if (indented.length > indents.length * 0.2) return true;
    // A few continuation lines, all at one indent: a hanging indent, not stray lines.
    const sorted = [...indented].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    return indented.length >= 3 && indented.every((i) => Math.abs(i - median) <= 1);
  },
});

/**
 * A list whose entries are set apart by space (a word processor's "space after" on each entry, no hanging indent): when
 * a good share of its lines have space before them, that space alone says where entries start, within a column. The
 * other cues (a full stop on a short line, an author-year opening) split an entry at a short line ending in a stop
 * ("… edited by Graham Burchell, Colin Gordon, and Peter Miller." / "London: Harvester, 1991, 281–98.").
 */
export const spacedList = defineRule({
  name: 'spaced-list',
  why: 'Entries set apart by space and not by a hanging indent: the space alone marks where each starts within a column, so an entry\'s short line ending in a stop does not split it. The space is measured beyond the list\'s own line spacing: AAAI sets its 9-pt entries 10 pt apart with 2.7 pt between entries, which, against the 11-pt text\'s spacing, read as no space at all.',
  /** `entrySpaceLines`: the space before a line, beyond the list's own line spacing and in single-spaced lines of the text, that sets an entry apart (in any list). */
  constants: { entrySpaceLines: 0.2, minBreaks: 2, minShare: 0.15, maxShare: 0.8 },
  /** `breaks`: lines with space before them; `measured`: lines whose space before could be measured (same column as the line before). */
  test: (breaks: number, measured: number) => breaks >= 2 && breaks >= 0.15 * measured && breaks <= 0.8 * measured,
});

/** How an entry opens: an author-year opening, "[12] …", "12. …", "(12) …". */
const ENTRY_OPENING = new RegExp(`${AUTHOR_ENTRY_OPENING.source}|^\\[[\\w+]{1,8}\\]\\s|^\\(?\\d{1,3}[.)]\\s`, 'u');

/**
 * Journals that want their figures and tables at the end (Taylor & Francis submissions) set them after the references:
 * their captions and cell text were read as entries. A caption is never an entry, nor is text after it that does not
 * open like one (an entry that resumes after a float placed among the references does).
 */
export const floatInBibliography = defineRule({
  name: 'float-in-bibliography',
  why: 'Figures and tables set after the references (a journal\'s "floats at the end") made their captions and cell text reference entries: a caption is no entry, and text after a caption is one only when it opens like an entry.',
  constants: { entryOpening: ENTRY_OPENING },
  test: (block: { kind: string; text: string }, afterCaption: boolean) => block.kind === 'caption' || (afterCaption && !ENTRY_OPENING.test(block.text.trim())),
});

export const entryAfterFloat = defineRule({
  name: 'entry-after-float',
  why: 'A table set at a page\'s top amid the references ran its header ("Column name Description") into the entries under it, in one block: float-in-bibliography skipped the block whole, and the entries from Cropper to Schönrich were lost. The entries resume at the block\'s first line that opens like an entry.',
  constants: { entryOpening: ENTRY_OPENING },
  test: (lineText: string) => ENTRY_OPENING.test(lineText.trim()),
});

/**
 * A float set on a page of its own after the references with its caption under it (a table at the end, "Table 1." at the page's
 * foot): the caption comes last, so float-in-bibliography, which reads what follows a caption, did not see the cells above it.
 */
export const floatPageInBibliography = defineRule({
  name: 'float-page-in-bibliography',
  why: 'A table or figure set on a page of its own after the references, its caption at the page\'s foot (PeerJ\'s table at the end), made its cell text reference entries: 68 "entries" of a list of 23. A block that opens a new page of the list, does not open like an entry, and has a caption under it on that page is the float\'s text, and so is what follows it up to the caption.',
  constants: { entryOpening: ENTRY_OPENING },
  /** `newPage`: the block starts a page the list had not reached; `captionBelow`: a caption follows it on that page. */
  test: (text: string, newPage: boolean, captionBelow: boolean) => newPage && captionBelow && !ENTRY_OPENING.test(text.trim()),
});

/** The back matter a manuscript sets after its reference list: its figures' legends and tables, and the declarations journals ask for. */
const BACK_MATTER_TITLE = /^(figure (legends?|captions?|titles?)|(legends?|captions?) (to|of|for) (the )?figures|figures?( and tables)?|tables?( and figures)?|table (legends?|captions?)|acknowledge?ments?|funding( statement| sources| information)?|sources? of funding|author(s'?|'s)? contributions?|(competing|conflicts?( of)?) interests?( statements?| disclosures?)?|declarations?( of (competing )?interests?)?|data availability( statement)?|(data and )?code availability|ethics (statement|approval)|ethical approval|(end)?notes)$/i;

/**
 * Inside the reference list a numbered line that reads as a title ("1. AllMusic. http://www.allmusic.com/.", a short entry of
 * SIGCHI's numbered list; LNCS's "7. Canetti, R.: Universally composable security: …", wrapped over three lines) and does
 * not end the list is an entry: the heading stage had dropped it. All its lines are the entry's. A title run into its line
 * shares that line with the text after it, which the list already takes.
 */
export const numberedEntryHeading = defineRule({
  name: 'numbered-entry-heading',
  why: 'A numbered entry reads like a numbered title ("1. AllMusic. http://www.allmusic.com/.", "7. Canetti, R.: Universally composable security: …"); inside the reference list, where it does not end the list, it is an entry, all its lines, and was lost (a wrapped one kept only its last line; one run into its line was taken twice).',
  /** `runIn`: the title shares its line with the paragraph after it. */
  test: (heading: { number?: string }, runIn: boolean) => /^\d{1,3}$/.test(heading.number ?? '') && !runIn,
});

/**
 * A journal submission puts its figure legends, its tables and its declarations after the references ("Figure legends",
 * then "Figure 1. Overall study workflow …"): such a heading, in a face the paper's headings use, ends the reference list,
 * where the legends were read as more entries and lost.
 */
export const backMatterAfterReferences = defineRule({
  name: 'back-matter-after-references',
  why: 'A manuscript\'s figure legends, tables, declarations and notes (ACL\'s unnumbered "Notes") set after its references were read as entries and lost: a heading that names such back matter, in a face the paper\'s headings use, ends the reference list.',
  constants: { pattern: BACK_MATTER_TITLE },
  test: (title: string) => BACK_MATTER_TITLE.test(title.trim()),
});

/**
 * A bibliography found by its shape has no title of its own, so no title can say it is still going on: a section title
 * after it, unnumbered and in a face the paper's headings use ("Supporting Information", PNAS preprints' appendix set
 * after the references), is the paper's next section. Its text had been read as the last entry's.
 */
export const headingAfterShapedBibliography = defineRule({
  name: 'heading-after-shaped-bibliography',
  why: 'A bibliography found by its shape (no heading) ends at an unnumbered section title in a face the paper\'s headings use ("Supporting Information" after PNAS\'s references): its sections had been read as the last entry.',
  test: (heading: { number?: string }, inHeadingFace: boolean, byShape: boolean) => byShape && !heading.number && inHeadingFace,
});

/** A class's own note at the foot of the last page ("This preprint was prepared with the AAS LaTeX macros v5.0."): no text of the paper. */
const TYPESETTING_NOTE = /^this (?:pre)?print was (?:prepared|typeset) (?:with|using|in)\b/i;
const FOOTNOTE_IN_BIBLIOGRAPHY = { maxSizeShare: 0.92, maxHeightShare: 0.25, typesettingNote: TYPESETTING_NOTE };

/**
 * A word processor sets a footnote at the foot of the page its mark is on; a mark in the last paragraphs puts the note
 * on the page where the references start, under them. Set smaller than the entries and at the page's foot, it is the
 * paper's footnote. (A bibliography set as small as its footnotes, as LaTeX styles may, keeps all its blocks.) A
 * class's note on how the preprint was typeset is no text of the paper: it is dropped (`isTypesettingNote`).
 */
export const footnoteInBibliography = defineRule({
  name: 'footnote-in-bibliography',
  why: 'A footnote of the text on the page where the references start was read as lines of the reference list and lost: a footnote block set a point or more smaller than the list\'s entries (ACL: 9 pt under 10), in the page\'s bottom quarter, is a footnote.',
  constants: FOOTNOTE_IN_BIBLIOGRAPHY,
  test: (block: { kind: string; lines: readonly { size: number; y: number; pageHeight: number }[] }, entrySize: number | null) =>
    block.kind === 'footnote' && entrySize !== null && block.lines.every((l) => l.size < entrySize * FOOTNOTE_IN_BIBLIOGRAPHY.maxSizeShare && l.y < l.pageHeight * FOOTNOTE_IN_BIBLIOGRAPHY.maxHeightShare),
});

export const isTypesettingNote = (text: string) => TYPESETTING_NOTE.test(text.trim());

export const shortColumnIndent = defineRule({
  name: 'short-column-indent',
  why: 'A hanging indent is measured against the column\'s margin, the leftmost start in it. A column of three lines or fewer with none indented (the last page\'s left column, the tail of an entry from the page before) shows no margin: its lines are judged as in a list with no indent (a short line ending in a stop, or a new "Surname, I. … 2012"), not each taken for an entry ("Dynamos. ApJ 743, …").',
  constants: { maxLines: 3 },
  test: (columnLines: number, noneIndented: boolean) => noneIndented && columnLines <= 3,
});
