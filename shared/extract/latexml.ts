/**
 * LaTeXML HTML (arxiv.org/html and `latexmlc --format=html5`) to the Paper model:
 * section tree, paragraphs in reading order with typed blocks, bibliography, and
 * every in-text citation linked to its bibliography entries.
 */
import type { InTextCitation, Paper, Paragraph, ParagraphKind, Reference, Section } from '../model/paper';
import { VerbatimError } from '../errors';
import { latexToText } from '../text/latex-to-text';
import { collapseWhitespace } from '../text/normalize';
import { ELEMENT_NODE, TEXT_NODE, childElements, classList, hasClass, tagName } from './dom-text';
import { hasInvisibleControls, stripInvisibleControls, stripPaperControls } from '../text/invisible-controls';
import { findArxivId, findDoi, parseWebUrl } from '../model/identifiers';
import { formatName } from '../references/parse-names';
import { fieldsOf } from '../references/parse-reference';
import { latexmlCsl } from './latexml-csl';
import { withRepeatedAuthors } from '../references/repeated-authors';

/** Site chrome on arxiv.org/html pages and LaTeXML page furniture: never paper text. */
const CHROME_SELECTORS = [
  'header', 'nav', 'footer', 'button', 'script', 'style', 'noscript', 'template',
  '.ltx_page_header', '.ltx_page_footer', '.ltx_page_logo', '.ltx_page_navbar', '.ltx_TOC',
  '#header', '.html-header-nav', '.arxiv-watermark', '.ltx_role_feedback', '#openForm', '.package-alerts',
  // ar5iv's navigation bar (previous/next paper, conversion report, "Feeling lucky?").
  '.ar5iv-footer',
];

const SECTION_LEVELS: Record<string, number> = {
  ltx_part: 0, ltx_chapter: 0, ltx_section: 1, ltx_appendix: 1, ltx_bibliography: 1, ltx_index: 1,
  ltx_subsection: 2, ltx_subsubsection: 3, ltx_paragraph: 4, ltx_subparagraph: 5,
};

export interface LatexmlExtractOptions {
  url?: string;
  arxivId?: string | null;
  version?: string | null;
}

interface TextResult {
  text: string;
  citations: InTextCitation[];
  footnotes: Element[];
}

export function extractLatexml(dom: Document, options: LatexmlExtractOptions = {}): Paper {
  const root = dom.querySelector('article.ltx_document') ?? dom.querySelector('.ltx_document') ?? dom.body;
  if (!root || !dom.querySelector('.ltx_para, .ltx_p')) {
    throw new VerbatimError('NO_PARAGRAPHS', 'no LaTeXML paragraphs (.ltx_para) on the page');
  }
  for (const selector of CHROME_SELECTORS) {
    for (const element of Array.from(root.querySelectorAll(selector))) element.remove();
  }
  // Before any text is read, trimmed or measured: offsets are then computed on clean text.
  stripTextNodeControls(root);

  const builder = new PaperBuilder();
  const title = textOf(root.querySelector('.ltx_title_document'));
  const authors = readAuthors(root);
  const abstractElement = root.querySelector('.ltx_abstract');
  let abstract = '';
  if (abstractElement) {
    builder.openSection({ id: 'abstract', title: 'Abstract', level: 1, parentId: null });
    const before = builder.paragraphs.length;
    builder.walkBlocks(abstractElement, 'abstract');
    abstract = builder.paragraphs.slice(before).map((p) => p.text).join('\n\n');
  }
  builder.walkBlocks(root, null);
  builder.appendEndMatterNotes(root);
  for (const bibliography of Array.from(root.querySelectorAll('.ltx_bibliography'))) {
    builder.readBibliography(bibliography);
  }
  builder.resolveCitations();

  return stripPaperControls({
    arxivId: options.arxivId ?? null,
    version: options.version ?? null,
    source: 'arxiv-html',
    title,
    authors,
    abstract,
    sections: builder.sections,
    paragraphs: builder.paragraphs,
    references: builder.references,
    ...(options.url ? { url: options.url } : {}),
  });
}

/** Iterative, like every walk here: malformed pages nest 10,000+ levels deep. */
function stripTextNodeControls(root: Node): void {
  const pending: Node[] = [root];
  while (pending.length) {
    const node = pending.pop()!;
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === TEXT_NODE) {
        if (child.nodeValue && hasInvisibleControls(child.nodeValue)) child.nodeValue = stripInvisibleControls(child.nodeValue);
      } else pending.push(child);
    }
  }
}

function readAuthors(root: Element): string[] {
  const names: string[] = [];
  for (const person of Array.from(root.querySelectorAll('.ltx_authors .ltx_personname'))) {
    const clone = person.cloneNode(true) as Element;
    for (const note of Array.from(clone.querySelectorAll('.ltx_author_notes, .ltx_note, .ltx_contact, sup'))) note.remove();
    // One personname may hold several authors: "A, B and C", or NIPS-style blocks
    // "Name<br>Affiliation<br>Country &Name<br>...", where only the first line is a name.
    const text = decodeEntities((clone.innerHTML ?? '').replace(/<br[^>]*>/gi, '\n').replace(/<[^>]+>/g, ' '));
    for (const block of text.split(/&|\\And\b/)) {
      const firstLine = block.split('\n').map((line) => line.trim()).find(Boolean) ?? '';
      for (const part of firstLine.split(/,|\band\b/)) {
        const name = collapseWhitespace(part).replace(/[\d*†‡§¶]+$/u, '').trim();
        if (name && name.length < 80 && !names.includes(name)) names.push(name);
      }
    }
  }
  return names;
}

function decodeEntities(text: string): string {
  return text.replace(/&amp;/g, '&').replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)));
}

/** Plain text of an element, math as readable text, notes left out. */
function textOf(element: Element | null): string {
  if (!element) return '';
  return renderInline(element).text;
}

function renderInline(element: Element): TextResult {
  const result: TextResult = { text: '', citations: [], footnotes: [] };
  appendInline(element, result);
  const collapsed = collapseWithCitationOffsets(result);
  return collapsed;
}

/**
 * A text paragraph, split where its source text keeps a blank line. A blank line is a paragraph break in
 * LaTeX; where LaTeXML could not end its paragraph there (inside some class's environments), it leaves the
 * blank line in the text, and the PDF, like the source, shows two paragraphs. Citations go with their part,
 * footnotes with the last.
 */
function renderParagraphParts(element: Element): TextResult[] {
  const raw: TextResult = { text: '', citations: [], footnotes: [] };
  appendInline(element, raw);
  // Only between sentences ("… with stardate.\n\nWe also tested …"): blank lines between macro residue or table cells are not prose breaks.
  const breaks = [...raw.text.matchAll(/[.?!:][)"”’]?([ \t]*\n[ \t]*\n\s*)(?=[\p{Lu}\d])/gu)]
    .map((m) => ({ start: m.index + m[0].length - m[1]!.length, end: m.index + m[0].length }))
    .filter((b) => !raw.citations.some((c) => (c.start ?? 0) < b.end && (c.end ?? 0) > b.start));
  if (!breaks.length) return [collapseWithCitationOffsets(raw)];
  const bounds = [0, ...breaks.flatMap((b) => [b.start, b.end]), raw.text.length];
  const parts: TextResult[] = [];
  for (let i = 0; i < bounds.length; i += 2) {
    const [from, to] = [bounds[i]!, bounds[i + 1]!];
    const citations = raw.citations
      .filter((c) => (c.start ?? 0) >= from && (c.start ?? 0) < to)
      .map((c) => ({ ...c, start: (c.start ?? 0) - from, end: Math.min(to, c.end ?? 0) - from }));
    const last = i + 2 >= bounds.length;
    parts.push(collapseWithCitationOffsets({ text: raw.text.slice(from, to), citations, footnotes: last ? raw.footnotes : [] }));
  }
  return parts;
}

/** One step of the inline walk: a node to render into `out`, or a citation whose inner text is complete. */
type InlineTask =
  | { node: Node; out: TextResult; inCite: boolean }
  | { cite: Element; inner: TextResult; out: TextResult; start: number };

/**
 * Renders inline content in document order. The walk keeps its own stack rather than
 * recursing, so a page nested 10,000 elements deep cannot overflow the call stack.
 */
function appendInline(root: Node, rootOut: TextResult): void {
  const tasks: InlineTask[] = [{ node: root, out: rootOut, inCite: false }];
  const pushChildren = (element: Element, out: TextResult, inCite: boolean) => {
    const children = Array.from(element.childNodes);
    for (let i = children.length - 1; i >= 0; i--) tasks.push({ node: children[i]!, out, inCite });
  };
  for (let task = tasks.pop(); task; task = tasks.pop()) {
    if ('cite' in task) {
      const { cite, inner, out, start } = task;
      out.text += inner.text;
      const referenceIds = Array.from(cite.querySelectorAll('a[href]'))
        .map((a) => bibIdFromHref(a.getAttribute('href') ?? ''))
        .filter((id): id is string => id !== null);
      out.citations.push({ marker: inner.text, referenceIds: unique(referenceIds), start, end: out.text.length });
      continue;
    }
    const { node, out, inCite } = task;
    if (node.nodeType === TEXT_NODE) {
      out.text += node.textContent ?? '';
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const element = node as Element;
    const name = tagName(element);
    const classes = classList(element);
    if (name === 'math') {
      const alt = element.getAttribute('alttext');
      out.text += ' ' + (alt ? latexToText(alt) : element.textContent ?? '') + ' ';
      continue;
    }
    // A note is read separately, except the note being read itself (one without an .ltx_note_content wrapper).
    if (classes.includes('ltx_note') && node !== root) {
      if (classes.includes('ltx_role_footnote') || classes.includes('ltx_role_thanks')) out.footnotes.push(element);
      continue;
    }
    // Footnote numbers (ltx_tag_note) only occur inside notes, whose text is read without them.
    if (classes.includes('ltx_note_mark') || classes.includes('ltx_tag_note') || name === 'img' || name === 'svg') continue;
    if (name === 'br') {
      out.text += ' ';
      continue;
    }
    // A cite inside a cite is part of the outer marker: the outer one collects every link once (linear, however deep).
    if (!inCite && (name === 'cite' || classes.includes('ltx_cite'))) {
      const inner: TextResult = { text: '', citations: [], footnotes: out.footnotes };
      tasks.push({ cite: element, inner, out, start: out.text.length });
      pushChildren(element, inner, true);
      continue;
    }
    pushChildren(element, out, inCite);
  }
}

/** Collapses white space while keeping citation offsets pointing at the same characters. */
function collapseWithCitationOffsets(result: TextResult): TextResult {
  const source = result.text;
  const map: number[] = new Array(source.length + 1);
  let text = '';
  let lastSpace = true;
  for (let i = 0; i < source.length; i++) {
    map[i] = text.length;
    const ch = source[i]!;
    if (/\s/.test(ch)) {
      if (!lastSpace) text += ' ';
      lastSpace = true;
    } else {
      text += ch;
      lastSpace = false;
    }
  }
  map[source.length] = text.length;
  const leading = text.length - text.trimStart().length;
  const trimmed = text.trim();
  // Tidy spaces that math and markup leave before punctuation: "x , y" -> "x, y".
  const clamp = (n: number) => Math.max(0, Math.min(trimmed.length, n - leading));
  const citations = result.citations.map((c) => {
    const start = clamp(map[c.start ?? 0]!);
    let end = clamp(map[c.end ?? 0]!);
    while (end > start && trimmed[end - 1] === ' ') end--;
    return { marker: collapseWhitespace(c.marker), referenceIds: c.referenceIds, start, end };
  });
  return { text: trimmed, citations, footnotes: result.footnotes };
}

/** A float (figure, table, algorithm): what a caption or a table's note belongs to. */
const FLOAT = 'figure, .ltx_figure, .ltx_table, .ltx_float';

/**
 * A note's text: its .ltx_note_content (the mark and the note's own mark left out), or the note itself. Read in place,
 * not from a clone: cloning each nested note's subtree made deep nesting quadratic.
 */
function noteContent(note: Element): Element {
  return childElements(note).find((c) => hasClass(c, 'ltx_note_content')) ?? note.querySelector('.ltx_note_content') ?? note;
}

/** Front-matter notes that the printed paper sets at its end. */
const END_MATTER_ROLES = ['ltx_role_software', 'ltx_role_facility', 'ltx_role_facilities'];

function bibIdFromHref(href: string): string | null {
  const hash = href.lastIndexOf('#');
  if (hash < 0) return null;
  const id = href.slice(hash + 1);
  return /^bib\./.test(id) ? id : null;
}

function unique<T>(items: T[]): T[] {
  return Array.from(new Set(items));
}

class PaperBuilder {
  readonly sections: Section[] = [];
  readonly paragraphs: Paragraph[] = [];
  readonly references: Reference[] = [];
  private readonly sectionStack: Section[] = [];
  private readonly referenceIds = new Set<string>();
  private nextParagraph = 1;
  /** Pending work of the block walk: elements to visit, and sections to close once their content is walked. */
  private readonly blockTasks: ({ element: Element; sectionId: string | null } | { close: Section })[] = [];

  openSection(section: Section): void {
    this.sections.push(section);
  }

  /**
   * Walks block structure in document order, emitting sections and paragraphs. The walk
   * keeps its own stack (no recursion), so deeply nested markup cannot overflow the call stack.
   */
  walkBlocks(element: Element, sectionId: string | null): void {
    const floor = this.blockTasks.length;
    this.pushChildren(element, sectionId);
    while (this.blockTasks.length > floor) {
      const task = this.blockTasks.pop()!;
      if ('close' in task) this.sectionStack.splice(this.sectionStack.indexOf(task.close));
      else this.visit(task.element, task.sectionId);
    }
  }

  private pushChildren(element: Element, sectionId: string | null): void {
    const children = childElements(element);
    for (let i = children.length - 1; i >= 0; i--) this.blockTasks.push({ element: children[i]!, sectionId });
  }

  private visit(element: Element, sectionId: string | null): void {
    const classes = classList(element);
    const name = tagName(element);
    if (classes.includes('ltx_bibliography') || classes.includes('ltx_abstract') || classes.includes('ltx_authors')) return;
    if (classes.includes('ltx_title_document') || classes.includes('ltx_dates') || classes.includes('ltx_keywords')) return;
    if (classes.includes('ltx_note') && classes.includes('ltx_note_frontmatter')) return;

    const level = sectionLevel(classes);
    if (level !== null && (name === 'section' || name === 'div')) {
      this.visitSection(element, level);
      return;
    }
    if (classes.includes('ltx_acknowledgements')) {
      const id = element.getAttribute('id') ?? `ack${this.sections.length}`;
      this.sections.push({ id, title: 'Acknowledgements', level: 1, parentId: null });
      const text = renderInline(element);
      const title = textOf(element.querySelector('.ltx_title'));
      this.emit(id, 'text', stripPrefix(text, title));
      return;
    }
    if (classes.includes('ltx_theorem') || classes.includes('ltx_proof')) {
      this.visitTheorem(element, sectionId);
      return;
    }
    if (name === 'figure' || classes.includes('ltx_figure') || classes.includes('ltx_table') || classes.includes('ltx_float')) {
      this.visitFloat(element, sectionId);
      return;
    }
    if (classes.includes('ltx_equation') || classes.includes('ltx_equationgroup')) {
      this.emit(sectionId, 'equation', renderInline(element));
      return;
    }
    if (classes.includes('ltx_itemize') || classes.includes('ltx_enumerate') || classes.includes('ltx_description')) {
      for (const item of childElements(element).filter((li) => hasClass(li, 'ltx_item'))) {
        this.emit(sectionId, 'list', renderInline(item));
      }
      return;
    }
    if (name === 'p' || classes.includes('ltx_p')) {
      for (const part of renderParagraphParts(element)) this.emit(sectionId, 'text', part);
      return;
    }
    if (classes.includes('ltx_tabular') || name === 'table' || classes.includes('ltx_listing') || classes.includes('ltx_graphics')) {
      return; // Table cells and code listings are not prose; their captions are kept.
    }
    if (/^h[1-6]$/.test(name)) return;
    this.pushChildren(element, sectionId);
  }

  private visitSection(element: Element, level: number): void {
    const heading = childElements(element).find((c) => /^h[1-6]$/.test(tagName(c)) && hasClass(c, 'ltx_title'));
    const numberTag = heading?.querySelector('.ltx_tag');
    const number = numberTag ? collapseWhitespace(numberTag.textContent ?? '').replace(/\.$/, '') : undefined;
    let title = textOf(heading ?? null);
    if (number && title.startsWith(number)) title = title.slice(number.length).replace(/^[.\s]+/, '');
    while (this.sectionStack.length && this.sectionStack[this.sectionStack.length - 1]!.level >= level) this.sectionStack.pop();
    const parent = this.sectionStack[this.sectionStack.length - 1] ?? null;
    const section: Section = {
      id: element.getAttribute('id') ?? `section${this.sections.length + 1}`,
      title: title || (hasClass(element, 'ltx_appendix') ? 'Appendix' : 'Untitled section'),
      level,
      parentId: parent?.id ?? null,
      ...(number ? { number } : {}),
    };
    this.sections.push(section);
    this.sectionStack.push(section);
    // The section closes after its content: the close task sits below its children on the stack.
    this.blockTasks.push({ close: section });
    this.pushChildren(element, section.id);
  }

  private visitTheorem(element: Element, sectionId: string | null): void {
    const heading = childElements(element).find((c) => hasClass(c, 'ltx_title'));
    const label = textOf(heading ?? null);
    let first = true;
    // Text paragraphs and display equations in order; an equation table's rows also carry ltx_equation, so only tables count.
    for (const block of Array.from(element.querySelectorAll('.ltx_p, table.ltx_equation, table.ltx_equationgroup'))) {
      if (tagName(block) === 'table' && block.parentElement?.closest('table.ltx_equationgroup')) continue;
      if (tagName(block) === 'table') {
        this.emit(sectionId, 'equation', renderInline(block));
        continue;
      }
      const rendered = renderInline(block);
      if (first && label) {
        const shift = label.length + 1;
        rendered.text = `${label} ${rendered.text}`;
        rendered.citations = rendered.citations.map((c) => ({ ...c, start: (c.start ?? 0) + shift, end: (c.end ?? 0) + shift }));
      }
      first = false;
      this.emit(sectionId, 'theorem', rendered);
    }
  }

  private visitFloat(element: Element, sectionId: string | null): void {
    // Sub-figure captions ("(a) Decomposed circuit") belong to the outer caption; keep only the outermost.
    for (const caption of Array.from(element.querySelectorAll('figcaption, .ltx_caption'))) {
      const owner = caption.closest(FLOAT);
      if (owner !== element) continue;
      this.emit(sectionId, 'caption', renderInline(caption));
    }
    // A table's notes under its cells ("Note. — Ages from Pecaut & Mamajek 2016") are read with its caption; the
    // cells themselves are not prose.
    if (!hasClass(element, 'ltx_table')) return;
    for (const note of Array.from(element.querySelectorAll('.ltx_p'))) {
      if (note.closest('.ltx_tabular, table, .ltx_caption, figcaption') || note.querySelector('.ltx_tabular, table')) continue;
      if (note.closest(FLOAT) !== element) continue;
      this.emit(sectionId, 'caption', renderInline(note));
    }
  }

  /** Emits a paragraph, then its footnotes (and theirs) in order, without recursion. */
  private emit(sectionId: string | null, firstKind: ParagraphKind, firstRendered: TextResult): void {
    const pending: { kind: ParagraphKind; rendered: TextResult }[] = [{ kind: firstKind, rendered: firstRendered }];
    // Each note once, however damaged the markup: the walk always ends.
    const seen = new Set<Element>();
    for (let next = pending.pop(); next; next = pending.pop()) {
      const { kind, rendered } = next;
      if (rendered.text) {
        this.paragraphs.push({
          id: `p${this.nextParagraph++}`,
          sectionId,
          kind,
          text: rendered.text,
          citations: rendered.citations.filter((c) => c.referenceIds.length > 0 || c.marker),
        });
      }
      const notes: { kind: ParagraphKind; rendered: TextResult }[] = [];
      for (const note of rendered.footnotes) {
        if (seen.has(note)) continue;
        seen.add(note);
        notes.push({ kind: 'footnote', rendered: renderInline(noteContent(note)) });
      }
      pending.push(...notes.reverse());
    }
  }

  /**
   * AASTeX's \\software and \\facilities lists: LaTeXML files them with the front matter's notes, but the
   * paper prints them at its end as paragraphs ("Software: astropy (Astropy Collaboration et al. 2013), …"),
   * and their citations are the paper's. They become the last section's closing paragraphs.
   */
  appendEndMatterNotes(root: Element): void {
    const notes = Array.from(root.querySelectorAll('.ltx_note.ltx_note_frontmatter')).filter((n) => END_MATTER_ROLES.some((role) => hasClass(n, role)));
    if (!notes.length) return;
    const last = [...this.sections].reverse().find((s) => s.id !== 'abstract');
    for (const note of notes) this.emit(last?.id ?? null, 'text', renderInline(noteContent(note)));
  }

  readBibliography(bibliography: Element): void {
    for (const item of Array.from(bibliography.querySelectorAll('li.ltx_bibitem, .ltx_bibitem'))) {
      const id = item.getAttribute('id');
      // A set, not a scan of the list so far: a scan made 50,000 entries quadratic.
      if (!id || this.referenceIds.has(id)) continue;
      this.referenceIds.add(id);
      this.references.push(readBibitem(item, id));
    }
    withRepeatedAuthors(this.references);
  }

  /** Drops citation links to entries that do not exist, keeping the marker text. */
  resolveCitations(): void {
    const known = new Set(this.references.map((r) => r.id));
    for (const paragraph of this.paragraphs) {
      for (const citation of paragraph.citations) citation.referenceIds = citation.referenceIds.filter((id) => known.has(id));
    }
  }
}

function stripPrefix(rendered: TextResult, prefix: string): TextResult {
  if (!prefix || !rendered.text.startsWith(prefix)) return rendered;
  const shift = rendered.text.length - rendered.text.slice(prefix.length).trimStart().length;
  return {
    text: rendered.text.slice(shift),
    citations: rendered.citations.map((c) => ({ ...c, start: (c.start ?? 0) - shift, end: (c.end ?? 0) - shift })),
    footnotes: rendered.footnotes,
  };
}

function sectionLevel(classes: string[]): number | null {
  for (const c of classes) if (SECTION_LEVELS[c] !== undefined) return SECTION_LEVELS[c]!;
  return null;
}

function readBibitem(item: Element, id: string): Reference {
  // Read in place, not from a clone: the parsed page belongs to extraction (site chrome is removed from it too),
  // and a deep clone per entry was most of the cost of a 50,000-entry bibliography.
  const clone = item;
  const links: string[] = [];
  for (const cited of Array.from(clone.querySelectorAll('.ltx_bib_cited'))) cited.remove();
  // "External Links: Document, Link" is LaTeXML's rendering of the entry's links, not reference text.
  for (const block of Array.from(clone.querySelectorAll('.ltx_bibblock'))) {
    if (/^\s*External Links:/.test(block.textContent ?? '')) {
      links.push(...Array.from(block.querySelectorAll('a[href]')).map((a) => a.getAttribute('href') ?? ''));
      block.remove();
    }
  }
  // Older LaTeXML (ar5iv) prints the label in span.ltx_bibtag.
  const tag = clone.querySelector('.ltx_tag_bibitem, .ltx_bibtag, .ltx_tag');
  const label = tag ? collapseWhitespace(tag.textContent ?? '') : undefined;
  tag?.remove();
  const blocks = Array.from(clone.querySelectorAll('.ltx_bibblock')).map((b) => textOf(b));
  const body = collapseWhitespace(blocks.length ? blocks.join(' ') : textOf(clone));
  const isAuthorYearLabel = label !== undefined && !/^\[?\d+\]?\.?$/.test(label);
  const raw = isAuthorYearLabel && !body.startsWith(label.replace(/\s*\(.*$/, '')) ? `${label} ${body}` : body;

  const field = (cls: string) => {
    const element = clone.querySelector(`.${cls}`);
    return element ? collapseWhitespace(textOf(element)) : undefined;
  };
  const csl = latexmlCsl(clone, classList(item), raw, isAuthorYearLabel ? label.replace(/\(.*$/, '') : undefined, textOf);
  const parsed = fieldsOf(csl);
  const reference: Reference = { id, raw, ...(label ? { label } : {}), csl };
  const authorsField = field('ltx_bib_author');
  // Parsed authors only when they look like names: a "Note: ..." entry has none.
  const looksLikeNames = (names?: string[]) => names?.every((n) => /^\p{Lu}[\p{L}.'’ -]*$/u.test(n) && n.split(/\s+/).length <= 5) ? names : undefined;
  // Marked or label authors went through the one name parser into csl.author; parsed ones only when they look like names.
  const authors = authorsField || isAuthorYearLabel ? csl.author?.map(formatName) : looksLikeNames(parsed.authors);
  if (authors && authors.length) reference.authors = authors;
  const title = field('ltx_bib_title') ?? parsed.title;
  if (title) reference.title = title.replace(/[.,]$/, '');
  const yearText = field('ltx_bib_year') ?? (isAuthorYearLabel ? label : undefined);
  const year = yearText ? Number(/\b(1[89]\d\d|20\d\d)\b/.exec(yearText)?.[1]) : parsed.year;
  if (year) reference.year = year;
  const venue = field('ltx_bib_journal') ?? field('ltx_bib_inbook') ?? field('ltx_bib_booktitle') ?? parsed.venue;
  if (venue) reference.venue = venue.replace(/[.,]$/, '');
  links.push(...Array.from(clone.querySelectorAll('a[href]')).map((a) => a.getAttribute('href') ?? ''));
  const doi = doiFrom([field('ltx_bib_doi') ?? '', ...links, raw]);
  if (doi) reference.doi = doi;
  const arxivId = arxivIdFrom([...links, raw]);
  if (arxivId) reference.arxivId = arxivId;
  const url = links.map(parseWebUrl).find((href) => href !== null && !/doi\.org|arxiv\.org/.test(href)) ?? (parsed.url ? parseWebUrl(parsed.url) : null);
  if (url) reference.url = url;
  return reference;
}

function doiFrom(candidates: string[]): string | undefined {
  for (const text of candidates) {
    const doi = findDoi(decodeUriLeniently(text));
    if (doi) return doi;
  }
  return undefined;
}

/** A link with a malformed %-escape ("10.1/a%zz") is kept as it is written rather than lost with the paper. */
function decodeUriLeniently(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function arxivIdFrom(candidates: string[]): string | undefined {
  for (const text of candidates) {
    const id = findArxivId(text);
    if (id) return id;
  }
  return undefined;
}
