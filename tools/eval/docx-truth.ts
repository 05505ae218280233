/**
 * Ground truth from a word processor's own file: a .docx read as a Paper, for scoring the PDF exported from it
 * (`npm run eval:docx-pdf`), as LaTeXML's HTML is the truth for a LaTeX paper's PDF.
 *
 * What it reads, and the conventions it shares with the LaTeXML truth:
 * - Paragraphs of the body in order; a table's cells, text boxes and a table of contents are not paragraphs.
 * - Headings: paragraphs in a heading style ("Heading 1", "heading 2", …), or, where a manuscript sets them by hand,
 *   short paragraphs all in bold with no closing stop.
 * - Front matter (title, authors, affiliations, correspondence, word counts) is what comes before the abstract or the
 *   first heading; it is not a paragraph. The title is the "Title" paragraph, else the first of them.
 * - Captions ("Caption" style, or a paragraph opening "Table 2." / "Figure 3:"), list items (numbered or bulleted) and
 *   footnotes have their kinds; the paragraphs under a "References" heading are the reference list.
 * - A raised run (a superscript citation or footnote mark) and a field's code are not text; a deleted run and hidden
 *   text are not either; an inserted run is.
 */
import JSZip from 'jszip';
import { DOMParser } from 'linkedom';
import type { Paper, Paragraph, ParagraphKind, Reference, Section } from '../../shared/model/paper';

type XmlElement = Element;

// The truth's own patterns, not the extractor's rules (shared/pdf/rules): the ruler must not move when a rule does.
const REFERENCES_HEADING = /^(references?|references and bibliography|bibliography|literature cited|works cited|reference list|list of references)$/i;
const ABSTRACT_HEADING = /^(abstract|summary)$/i;
/**
 * "Table 2." / "Figure 3:" / "(figure 3.1.1)" opening a caption, or a float's label alone on its line ("Figure 1", set
 * by some in a heading style).
 */
const CAPTION_OPENING = /^\(?(table|figure|fig\.)\s*[A-Z]?\d+(?:[.:)]|$)/i;
const HAND_HEADING_MAX_WORDS = 12;
/** Sections a manuscript opens its body with: a bold line naming one starts the body even before any styled heading. */
const BODY_OPENING = /^(abstract|summary|introduction|background|methods?|materials and methods)$/i;
/**
 * A paragraph that is only a standard section's name is a heading however it is set: manuscripts type "Methods" in the
 * text's own face, with nothing but its own line to mark it.
 */
const STANDARD_SECTION = /^(abstract|summary|introduction|background|methods?|methodology|materials and methods|results|discussion|results and discussion|conclusions?|references?|bibliography|acknowledge?ments?|literature review|related work)$/i;
/** A heading set by size alone is at least a point larger than the body text (sizes are in half-points). */
const LARGER_HALF_POINTS = 2;
/** A code listing is set in a fixed-width face; LaTeXML keeps a listing out of the paragraphs, and so does this reader. */
const FIXED_WIDTH_FONT = /courier|consolas|mono|menlo|monaco|lucida console|source code|fira code/i;
/** What a display equation's paragraph holds besides the equation: tabs, spaces and its number ("(3.1.4)"). */
const EQUATION_NUMBER_ONLY = /^[\s().,;:\dA-Za-z]{0,12}$/;
/** Front matter is short lines (title, names, affiliations, addresses); a paragraph of this many words ending in a stop is body text. */
const BODY_PARAGRAPH_MIN_WORDS = 50;

const childrenNamed = (element: XmlElement, name: string) => Array.from(element.children).filter((c) => c.tagName === name);
const firstNamed = (element: XmlElement | null | undefined, name: string): XmlElement | null => (element ? (Array.from(element.children).find((c) => c.tagName === name) ?? null) : null);
const attr = (element: XmlElement | null | undefined, name: string) => element?.getAttribute(name) ?? null;
/** A w:b / w:vertAlign style toggle: present and not switched off. */
const isOn = (element: XmlElement | null) => element !== null && !['0', 'false', 'off'].includes(attr(element, 'w:val') ?? '');

interface Run {
  text: string;
  bold: boolean;
  underlined: boolean;
  /** From an equation (OMML), not typed text. */
  math: boolean;
  /** The run's own font, where it sets one. */
  font: string | null;
  /** Half-points, where the run sets its size. */
  size: number | null;
}

/** The text of a paragraph's runs (and of runs inside hyperlinks, smart tags, fields and insertions), without raised runs. */
function runsOf(paragraph: XmlElement, boldStyle: boolean): Run[] {
  const runs: Run[] = [];
  const visit = (node: XmlElement) => {
    for (const child of Array.from(node.children)) {
      const tag = child.tagName;
      if (tag === 'w:r') {
        const props = firstNamed(child, 'w:rPr');
        if (isOn(firstNamed(props, 'w:vanish'))) continue;
        const raised = ['superscript', 'subscript'].includes(attr(firstNamed(props, 'w:vertAlign'), 'w:val') ?? '');
        if (raised || firstNamed(child, 'w:footnoteReference') || firstNamed(child, 'w:endnoteReference')) continue;
        const bold = props && firstNamed(props, 'w:b') ? isOn(firstNamed(props, 'w:b')) : boldStyle;
        let text = '';
        for (const part of Array.from(child.children)) {
          if (part.tagName === 'w:t') text += part.textContent ?? '';
          else if (part.tagName === 'w:tab' || part.tagName === 'w:br' || part.tagName === 'w:cr') text += ' ';
          else if (part.tagName === 'w:noBreakHyphen') text += '-';
        }
        const size = Number(attr(firstNamed(props, 'w:sz'), 'w:val')) || null;
        const underline = attr(firstNamed(props, 'w:u'), 'w:val');
        const fonts = firstNamed(props, 'w:rFonts');
        if (text) runs.push({ text, bold, underlined: underline !== null && underline !== 'none', math: false, size, font: attr(fonts, 'w:ascii') ?? attr(fonts, 'w:hAnsi') });
      } else if (tag === 'm:oMath' || tag === 'm:oMathPara') {
        const text = Array.from(child.getElementsByTagName('m:t')).map((t) => t.textContent ?? '').join('');
        if (text) runs.push({ text, bold: false, underlined: false, math: true, size: null, font: null });
      } else if (['w:hyperlink', 'w:smartTag', 'w:fldSimple', 'w:ins', 'w:customXml', 'w:sdt', 'w:sdtContent'].includes(tag)) {
        visit(child);
      }
      // w:del, w:moveFrom, w:instrText (a field's code) and w:pPr hold no text.
    }
  };
  visit(paragraph);
  return runs;
}

const collapse = (text: string) => text.replace(/[\s\u00a0]+/g, ' ').trim();

interface StyleInfo {
  name: string;
  bold: boolean;
  /** The outline level a heading style sets (0 = top), else null. */
  outline: number | null;
  /** Half-points, where the style sets its size. */
  size: number | null;
  font: string | null;
}

function readStyles(xml: string | null): { styles: Map<string, StyleInfo>; defaultSize: number } {
  const styles = new Map<string, StyleInfo>();
  // Word's own default when the file sets none: 10 points.
  if (!xml) return { styles, defaultSize: 20 };
  const document = new DOMParser().parseFromString(xml, 'text/xml') as unknown as Document;
  const defaults = document.getElementsByTagName('w:rPrDefault')[0];
  const defaultSize = Number(attr(firstNamed(firstNamed(defaults, 'w:rPr'), 'w:sz'), 'w:val')) || 20;
  for (const style of Array.from(document.getElementsByTagName('w:style'))) {
    const id = attr(style, 'w:styleId');
    if (!id) continue;
    const name = attr(firstNamed(style, 'w:name'), 'w:val') ?? id;
    const outlineValue = attr(firstNamed(firstNamed(style, 'w:pPr'), 'w:outlineLvl'), 'w:val');
    const runProps = firstNamed(style, 'w:rPr');
    const fonts = firstNamed(runProps, 'w:rFonts');
    styles.set(id, { name, bold: isOn(firstNamed(runProps, 'w:b')), outline: outlineValue === null ? null : Number(outlineValue), size: Number(attr(firstNamed(runProps, 'w:sz'), 'w:val')) || null, font: attr(fonts, 'w:ascii') ?? attr(fonts, 'w:hAnsi') });
  }
  return { styles, defaultSize };
}

/**
 * A heading's level from its style ("heading 2" -> 2, "Title" -> 0), or null for a paragraph that is no heading by style.
 * An outline level counts only on a style named as a heading: templates give one to author and keyword styles too.
 */
function headingLevel(style: StyleInfo | undefined): number | null {
  if (!style) return null;
  const named = /^heading\s*(\d)$/i.exec(style.name);
  if (named) return Number(named[1]);
  if (/^title$/i.test(style.name)) return 0;
  if (/head/i.test(style.name) && style.outline !== null && style.outline < 9) return style.outline + 1;
  return null;
}

/** A heading's name without its number and closing punctuation ("9. REFERENCES" -> "REFERENCES"). */
const headingName = (heading: string) => heading.replace(/^(?:(?:\d+\.)*\d+\.?|[IVX]+\.)\s+/, '').replace(/[:.]$/, '');
/** A table of contents or list of figures is no section (LaTeXML's is a navigation element): its heading and entries are left out. */
const NAVIGATION_HEADING = /^((table of )?contents?|list of (figures?|tables?|abbreviations|acronyms|symbols))$/i;
/** Keywords lines are front matter wherever they sit (LaTeXML keeps them out of the paragraphs too). */
const KEYWORDS_LINE = /^(?:key\s*words|index terms)\b/i;

/** The longest run-in title: "Results:" or "Data collection." typed in bold before the paragraph's text. */
const RUN_IN_MAX_WORDS = 8;
/** The shortest text after a run-in title: a paragraph's, not a definition's. */
const RUN_IN_MIN_TEXT_WORDS = 12;

/**
 * A paragraph opening with a bold title that ends on a stop or colon, then text: the title and the text after it. The
 * runs are all of the paragraph's, spaces included: a run of spaces between two words is part of the text.
 */
function runInTitle(runs: Run[]): { title: string; text: string } | null {
  const lead = runs.findIndex((r) => r.text.trim() && !r.bold);
  if (lead <= 0) return null;
  const label = collapse(runs.slice(0, lead).map((r) => r.text).join(''));
  let rest = collapse(runs.slice(lead).map((r) => r.text).join(''));
  const stop = /^[.:—–-]\s*/.exec(rest);
  if (stop) rest = rest.slice(stop[0].length);
  const title = label.replace(/\s*[.:—–-]$/, '');
  if (!stop && title === label) return null;
  const words = title.split(' ').length;
  // A label before a short definition ("Pregnancies: number of pregnancies") is a description item's, kept whole.
  if (!title || words > RUN_IN_MAX_WORDS || rest.split(' ').length < RUN_IN_MIN_TEXT_WORDS) return null;
  return { title, text: rest };
}

export async function docxTruth(bytes: Uint8Array): Promise<Paper> {
  const zip = await JSZip.loadAsync(bytes);
  const read = async (path: string) => (await zip.file(path)?.async('string')) ?? null;
  const documentXml = await read('word/document.xml');
  if (!documentXml) throw new Error('not a .docx: no word/document.xml');
  const { styles, defaultSize } = readStyles(await read('word/styles.xml'));
  const document = new DOMParser().parseFromString(documentXml, 'text/xml') as unknown as Document;
  const body = document.getElementsByTagName('w:body')[0];
  if (!body) throw new Error('not a .docx: no body');

  const sections: Section[] = [];
  const paragraphs: Paragraph[] = [];
  const references: Reference[] = [];
  /** Front matter's paragraphs with their largest type size: the title is the largest, else the first. */
  const front: { text: string; size: number }[] = [];
  let title = '';
  let titleFromStyle = false;
  let sectionId: string | null = null;
  let started = false;
  let inReferences = false;
  let inNavigation = false;
  let abstract = '';
  const parents: Section[] = [];

  const add = (kind: ParagraphKind, text: string) => {
    paragraphs.push({ id: `p${paragraphs.length}`, sectionId, kind, text, citations: [] });
    if (sectionId === 'abstract' && kind === 'text') abstract = abstract ? `${abstract} ${text}` : text;
  };
  const openSection = (heading: string, level: number) => {
    started = true;
    inReferences = REFERENCES_HEADING.test(headingName(heading));
    if (ABSTRACT_HEADING.test(headingName(heading))) {
      sectionId = 'abstract';
      if (!sections.some((s) => s.id === 'abstract')) sections.push({ id: 'abstract', title: 'Abstract', level: 1, parentId: null });
      return;
    }
    while (parents.length && parents[parents.length - 1]!.level >= level) parents.pop();
    const number = /^((?:\d+\.)*\d+)\.?\s+/.exec(heading);
    const section: Section = { id: `s${sections.length}`, title: number ? heading.slice(number[0].length) : heading, level, parentId: parents[parents.length - 1]?.id ?? null, ...(number ? { number: number[1]! } : {}) };
    sections.push(section);
    parents.push(section);
    sectionId = section.id;
  };

  // A run-in title is a section of its own, one level below the one it sits in, as LaTeXML reads \paragraph{…}; it holds
  // the paragraphs up to the next heading, and opens no level of its own for the next run-in title.
  const openRunIn = (heading: string) => {
    const parent = parents[parents.length - 1];
    const section: Section = { id: `s${sections.length}`, title: heading, level: (parent?.level ?? 0) + 1, parentId: parent?.id ?? null };
    sections.push(section);
    sectionId = section.id;
  };

  // The body's paragraphs in order; a table's cells and a text box's paragraphs are skipped (they are not in w:body's own
  // paragraphs: a table is w:tbl, a text box sits inside a run's drawing).
  // A content control (a citation manager's bibliography, a cover page) holds paragraphs of its own, at any depth.
  // A table that lays out prose (a cell holds a paragraph of body length, or a standard section's heading with more
  // paragraphs under it: a student's columns made of tables) is read cell by cell, row by row, as a reader of the page
  // reads it. A column headed "Reference" in a table of parameters is no section, and a captioned table of long cells
  // ("Table 7: Summary of case studies") is a table.
  const textIn = (element: XmlElement) => collapse(Array.from(element.getElementsByTagName('w:t')).map((t) => t.textContent ?? '').join(''));
  /** A table captioned "Table 7: …" right above or below it is a table, however long its cells' text. */
  const captioned = (table: XmlElement) => [table.previousElementSibling, table.nextElementSibling].some((p) => p?.tagName === 'w:p' && /^table\s*[A-Z]?\d+/i.test(textIn(p)));
  const laysOutProse = (table: XmlElement) =>
    (!captioned(table) && Array.from(table.getElementsByTagName('w:p')).some((p) => textIn(p).split(' ').length >= BODY_PARAGRAPH_MIN_WORDS)) ||
    Array.from(table.getElementsByTagName('w:tc')).some((cell) => {
      const texts = childrenNamed(cell, 'w:p').map(textIn).filter(Boolean);
      return texts.slice(0, -2).some((text) => STANDARD_SECTION.test(headingName(text)));
    });
  const paragraphsIn = (element: XmlElement): XmlElement[] =>
    Array.from(element.children).flatMap((child) => {
      if (child.tagName === 'w:p') return [child];
      if (child.tagName === 'w:sdt') return paragraphsIn(firstNamed(child, 'w:sdtContent') ?? child);
      if (child.tagName === 'w:tbl' && laysOutProse(child)) return childrenNamed(child, 'w:tr').flatMap((row) => childrenNamed(row, 'w:tc').flatMap(paragraphsIn));
      return [];
    });
  const blocks = paragraphsIn(body).map((paragraph) => {
    const props = firstNamed(paragraph, 'w:pPr');
    const style = styles.get(attr(firstNamed(props, 'w:pStyle'), 'w:val') ?? 'Normal') ?? styles.get('Normal');
    const runs = runsOf(paragraph, style?.bold ?? false);
    return { props, style, runs, text: collapse(runs.map((r) => r.text).join('')) };
  });
  const sizeOf = (run: Run, style: StyleInfo | undefined) => run.size ?? style?.size ?? defaultSize;
  // The body text's size: the one most characters of long paragraphs are set in.
  const sizeChars = new Map<number, number>();
  for (const block of blocks) {
    if (block.text.split(' ').length < 20) continue;
    for (const run of block.runs) {
      const size = sizeOf(run, block.style);
      sizeChars.set(size, (sizeChars.get(size) ?? 0) + run.text.length);
    }
  }
  const bodySize = [...sizeChars].sort((a, b) => b[1] - a[1])[0]?.[0] ?? defaultSize;
  /** Whether the next paragraph with text reads as a reference entry: a line of words with a year in it. */
  const entryFollows = (index: number) => {
    const next = blocks.slice(index + 1).find((b) => b.text)?.text ?? '';
    return next.split(' ').length >= 6 && /\b(1[89]|20)\d\d\b/.test(next) && !CAPTION_OPENING.test(next);
  };
  for (const [index, { props, style, runs, text }] of blocks.entries()) {
    if (style && /^toc/i.test(style.name)) continue;
    if (!text) continue;
    const inkedRuns = runs.filter((r) => r.text.trim());
    if (inkedRuns.every((r) => !r.math && FIXED_WIDTH_FONT.test(r.font ?? style?.font ?? ''))) continue;
    // A display equation: an equation with nothing beside it but its number. LaTeXML's is an equation, not a paragraph.
    const displayEquation = inkedRuns.some((r) => r.math) && EQUATION_NUMBER_ONLY.test(inkedRuns.filter((r) => !r.math).map((r) => r.text).join('').trim());
    let level = headingLevel(style);
    if (level === 0) {
      // The "Title" paragraph is the title, over a first line of front matter taken for it. A manuscript that sets its
      // section headings in the Title style too has one title: the later ones are headings.
      if (titleFromStyle || started) level = 1;
      else {
        title = text;
        titleFromStyle = true;
        continue;
      }
    }
    if (KEYWORDS_LINE.test(text)) continue;
    const words = text.split(' ').length;
    const name = headingName(text);
    // A heading typed by hand is marked by bold, underlining or a larger size, or is a standard section's name.
    const marked = inkedRuns.every((r) => r.bold) || inkedRuns.every((r) => r.underlined) || inkedRuns.every((r) => sizeOf(r, style) >= bodySize + LARGER_HALF_POINTS) || STANDARD_SECTION.test(name);
    const caption = (style !== undefined && /caption/i.test(style.name)) || CAPTION_OPENING.test(text);
    const byHand = level === null && !caption && marked && words <= HAND_HEADING_MAX_WORDS && !/[.!?,;]$/.test(text);
    // "Abstract: We …" opens the abstract in a paragraph of its own.
    const abstractLead = /^(abstract|summary)\s*[:.—–-]\s*/i.exec(text);
    // Before the body, a bold line or a heading below the top level is front matter (a title, a running head, authors)
    // unless it names an opening section.
    const opensBody = started || BODY_OPENING.test(name) || level === 1;
    // A bold line in the reference list that names no section and has entries under it ("LIKELIHOOD", "Primary
    // sources") groups its entries.
    if (inReferences && byHand && !STANDARD_SECTION.test(name) && !/^appendi(x|ces)\b/i.test(text) && entryFollows(index)) continue;
    if (((level !== null && !caption) || byHand) && opensBody) {
      inNavigation = NAVIGATION_HEADING.test(name);
      if (!inNavigation) openSection(text, level ?? 1);
      continue;
    }
    if (inNavigation) continue;
    if (abstractLead && !started) {
      openSection('Abstract', 1);
      add('text', text.slice(abstractLead[0].length));
      continue;
    }
    if (!started) {
      // A paragraph of body length ends the front matter: the body has begun without a heading.
      if (words >= BODY_PARAGRAPH_MIN_WORDS && /[.!?]$/.test(text)) started = true;
      else {
        front.push({ text, size: Math.max(0, ...runs.map((r) => sizeOf(r, style))) });
        continue;
      }
    }
    if (inReferences) {
      references.push({ id: `r${references.length}`, raw: text });
      continue;
    }
    const listed = firstNamed(props, 'w:numPr') !== null;
    const runIn = !listed && !caption && !displayEquation && level === null ? runInTitle(runs) : null;
    if (runIn) {
      openRunIn(runIn.title);
      add('text', runIn.text);
      continue;
    }
    const kind: ParagraphKind = displayEquation ? 'equation' : caption ? 'caption' : listed ? 'list' : 'text';
    add(kind, text);
  }

  const footnotesXml = await read('word/footnotes.xml');
  if (footnotesXml) {
    const notes = new DOMParser().parseFromString(footnotesXml, 'text/xml') as unknown as Document;
    for (const note of Array.from(notes.getElementsByTagName('w:footnote'))) {
      // Separators (ids -1, 0, or a w:type) are not notes.
      if (attr(note, 'w:type') || Number(attr(note, 'w:id')) <= 0) continue;
      const text = collapse(childrenNamed(note, 'w:p').map((p) => runsOf(p, false).map((r) => r.text).join('')).join(' '));
      if (text) paragraphs.push({ id: `p${paragraphs.length}`, sectionId: null, kind: 'footnote', text, citations: [] });
    }
  }
  if (!titleFromStyle && front.length) title = front.reduce((best, f) => (f.size > best.size ? f : best)).text;
  return { arxivId: null, version: null, source: 'pdf', title, authors: [], abstract, sections, paragraphs, references };
}
