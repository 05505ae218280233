/**
 * A PDF to the Paper model, client-side: lines, layout, blocks, then the paper's
 * parts: title, authors, abstract, section tree, typed paragraphs with page and
 * boxes, reference entries and linked in-text citations.
 */
import type { Paper, Paragraph, Section } from '../model/paper';
import { VerbatimError } from '../errors';
import { boxesOf, buildBlocks, documentStyle, headingOf, isFigureText, joinLines, type Block, type DocumentStyle, type TextBlock } from './blocks';
import { findCitations } from './citations';
import { placeLines, removeFigureText, removeRunningText, type PlacedLine } from './layout';
import { buildLines, type PdfLine } from './lines';
import type { PdfReadOptions, PdfTextReader } from './pdf-text';
import { splitReferenceEntries, toReferences } from './references';
import { stripPaperControls } from '../text/invisible-controls';

export interface PdfExtractOptions extends PdfReadOptions {
  reader: PdfTextReader;
  url?: string;
  arxivId?: string | null;
  version?: string | null;
}

const REFERENCES_TITLE = /^(references|bibliography|references and notes|literature cited|works cited)$/i;
const AFFILIATION = /universit|institut|department|school of|laborator|college|@|\bcorp\b|inc\.|research|centre|center|google|microsoft|\bdated\b|\d{5}/i;

export async function extractPdf(bytes: Uint8Array, options: PdfExtractOptions): Promise<Paper> {
  const { pages } = await options.reader.read(bytes, options);
  const pageLines: PdfLine[][] = [];
  const widths: number[] = [];
  for await (const page of pages) {
    pageLines.push(buildLines(page));
    widths.push(page.width);
  }
  const characters = pageLines.flat().reduce((n, l) => n + l.text.length, 0);
  if (characters < 40 * Math.max(1, pageLines.length)) throw new VerbatimError('PDF_NO_TEXT');

  const placed = removeRunningText(pageLines).flatMap((lines, i) => placeLines(removeFigureText(lines), widths[i] ?? 612));
  const style = documentStyle(placed);
  const front = readFrontMatter(placed, style);
  const body = placed.filter((l) => !front.consumed.has(l));
  const blocks = mergeInterruptedParagraphs(dropFigureText(buildBlocks(body, style), style));
  return assemble(blocks, front, style, options);
}

interface FrontMatter {
  title: string;
  authors: string[];
  consumed: Set<PlacedLine>;
}

/** Title: the largest type on page 1's upper half. Authors: the lines right under it. */
function readFrontMatter(lines: PlacedLine[], style: DocumentStyle): FrontMatter {
  const bodySize = style.bodySize;
  const page1 = lines.filter((l) => l.page === 1);
  const upper = page1.filter((l) => l.y > l.pageHeight * 0.45);
  const maxSize = Math.max(...upper.map((l) => l.size), 0);
  const consumed = new Set<PlacedLine>();
  if (maxSize < bodySize * 1.15) return { title: '', authors: [], consumed };
  const titleLines = upper.filter((l) => Math.abs(l.size - maxSize) < 0.5 && l.text.length > 2);
  titleLines.forEach((l) => consumed.add(l));
  const lastTitle = titleLines[titleLines.length - 1]!;
  const authors: string[] = [];
  for (const line of page1.filter((l) => l.y < lastTitle.y).slice(0, 6)) {
    // Author and affiliation lines are short and centred; the abstract is not.
    if (/^abstract\b/i.test(line.text) || line.text.length > 100 || line.x1 - line.x0 > line.pageWidth * 0.55 || headingOf(line, style)) break;
    consumed.add(line);
    if (AFFILIATION.test(line.text)) continue;
    for (const part of line.text.replace(/[\d*†‡§¶∗,]+(?=\s|$)/gu, ',').split(/,|\band\b|&/)) {
      const name = part.replace(/[\d*†‡§¶∗]/gu, '').trim();
      if (/^\p{Lu}[\p{L}.'’-]*(\s+\p{Lu}[\p{L}.'’-]*){1,3}$/u.test(name)) authors.push(name);
    }
  }
  // A footnote mark on the title ("…Learning∗") is not part of it.
  return { title: joinLines(titleLines.map((l) => l.text)).replace(/[\s∗*†‡§¶]+$/u, ''), authors, consumed };
}

/**
 * Drops text drawn in figures. A sub-figure caption that wraps ("(a) Consistent global feature impor-"
 * then "tance values.") goes with its wrapped tail, which would otherwise join the body text.
 */
function dropFigureText(blocks: Block[], style: DocumentStyle): Block[] {
  const out: Block[] = [];
  let previousDropped: TextBlock | null = null;
  for (const block of blocks) {
    if (block.type === 'paragraph' && isFigureText(block, style)) {
      previousDropped = block;
      continue;
    }
    const tailOfDropped = previousDropped && /^\(/.test(previousDropped.text) && block.type === 'paragraph' && block.lines.length === 1 && block.text.length < 60 && /^\p{Ll}/u.test(block.text);
    previousDropped = null;
    if (!tailOfDropped) out.push(block);
  }
  return out;
}

/** A footnote or caption placed mid-paragraph (at a page or column foot) does not end the paragraph. */
function mergeInterruptedParagraphs(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (const block of blocks) {
    if (block.type === 'paragraph' && block.kind === 'text') {
      let k = out.length - 1;
      while (k >= 0 && out[k]!.type === 'paragraph' && ['footnote', 'caption', 'algorithm'].includes((out[k] as TextBlock).kind)) k--;
      const target = out[k];
      if (k < out.length - 1 && target?.type === 'paragraph' && (target.kind === 'text' || target.kind === 'list') && !/[.!?:]["')\]]?$/.test(target.text) && /^[\p{Ll}(\d]/u.test(block.text)) {
        target.lines = [...target.lines, ...block.lines];
        target.text = joinLines([target.text, block.text]);
        continue;
      }
    }
    out.push(block);
  }
  return out;
}

function assemble(blocks: Block[], front: FrontMatter, style: ReturnType<typeof documentStyle>, options: PdfExtractOptions): Paper {
  const sections: Section[] = [];
  const paragraphs: Paragraph[] = [];
  const referenceLines: PlacedLine[] = [];
  const stack: Section[] = [];
  let sectionId: string | null = null;
  let inReferences = false;
  let abstract = '';
  let seenHeading = false;
  const headingFonts = new Set<string>();
  const preamble: TextBlock[] = [];

  for (const block of blocks) {
    if (block.type === 'heading') {
      seenHeading = true;
      if (REFERENCES_TITLE.test(block.title)) {
        inReferences = true;
        continue;
      }
      // Inside the reference list only an appendix, in a font already used for headings, ends it.
      if (inReferences && !(/^(appendix|appendices|supplementary)/i.test(block.title) || (/^[A-H]$/.test(block.number ?? '') && headingFonts.has(block.line.font)))) continue;
      headingFonts.add(block.line.font);
      inReferences = false;
      while (stack.length && stack[stack.length - 1]!.level >= block.level) stack.pop();
      const section: Section = {
        id: /^abstract$/i.test(block.title) ? 'abstract' : `s${sections.length + 1}`,
        title: block.title,
        level: block.level,
        parentId: stack[stack.length - 1]?.id ?? null,
        ...(block.number ? { number: block.number } : {}),
      };
      sections.push(section);
      stack.push(section);
      sectionId = section.id;
      continue;
    }
    // Some classes (REVTeX) print the bibliography with no heading: a run of entries from "[1]" on.
    if (!inReferences && /^\[1\]\s/.test(block.text) && blocks.slice(blocks.indexOf(block)).filter((b) => b.type === 'paragraph' && /^\[\d+\]\s/.test(b.text)).length >= 3) {
      inReferences = true;
    }
    if (inReferences) {
      referenceLines.push(...block.lines);
      continue;
    }
    // Before the first heading, page 1 holds front matter; later pages hold text whose heading was missed.
    if (!seenHeading && block.lines[0]!.page === 1) {
      preamble.push(block);
      continue;
    }
    if (block.kind === 'algorithm') continue;
    // Front-matter footnotes (e-mail addresses, affiliations) are not paper text.
    if (block.kind === 'footnote' && block.lines[0]!.page === 1 && /@|universit|institut|©|copyright|permission to make|acm reference format|author.s address|doi\.org/i.test(block.text)) continue;
    if (sectionId === 'abstract') abstract = abstract ? `${abstract}\n\n${block.text}` : block.text;
    paragraphs.push(toParagraph(block, sectionId, paragraphs.length + 1));
  }

  // No "Abstract" heading (REVTeX, many preprints): the longest block before the first section is the abstract.
  if (!sections.some((s) => s.id === 'abstract')) {
    const candidate = [...preamble].filter((b) => b.kind === 'text' && b.text.length >= 250 && !AFFILIATION.test(b.text.slice(0, 80))).sort((a, b) => b.text.length - a.text.length)[0];
    if (candidate) {
      abstract = candidate.text.replace(/^abstract[.:—\s-]*/i, '');
      sections.unshift({ id: 'abstract', title: 'Abstract', level: 1, parentId: null });
      paragraphs.unshift(toParagraph({ ...candidate, text: abstract }, 'abstract', 0));
    }
  }
  paragraphs.forEach((p, i) => (p.id = `p${i + 1}`));

  const references = toReferences(splitReferenceEntries(referenceLines, style));
  for (const paragraph of paragraphs) paragraph.citations = findCitations(paragraph.text, references);

  return stripPaperControls({
    arxivId: options.arxivId ?? null,
    version: options.version ?? null,
    source: 'pdf',
    title: front.title,
    authors: front.authors,
    abstract,
    sections,
    paragraphs,
    references,
    ...(options.url ? { url: options.url } : {}),
  });
}

function toParagraph(block: TextBlock, sectionId: string | null, n: number): Paragraph {
  return {
    id: `p${n}`,
    sectionId,
    kind: block.kind === 'algorithm' ? 'text' : block.kind,
    text: block.text,
    page: block.lines[0]!.page,
    boxes: boxesOf(block.lines),
    citations: [],
  };
}
