/**
 * Ordered lines to blocks: section headings, paragraphs, captions, footnotes and
 * display equations. Paragraph breaks come from vertical gaps, first-line indents,
 * short last lines and font changes; words broken across lines are re-joined.
 */
import type { ParagraphKind } from '../model/paper';
import type { PlacedLine } from './layout';

export interface DocumentStyle {
  bodySize: number;
  bodyFont: string;
  /** Typical baseline-to-baseline distance of body text. */
  lineSpacing: number;
}

export interface Box {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TextBlock {
  type: 'paragraph';
  /** 'algorithm' blocks are pseudo-code: kept apart, not stored as paragraphs (as LaTeXML listings are not). */
  kind: ParagraphKind | 'algorithm';
  lines: PlacedLine[];
  text: string;
}

export interface HeadingBlock {
  type: 'heading';
  number?: string;
  title: string;
  level: number;
  line: PlacedLine;
}

export type Block = TextBlock | HeadingBlock;

const NAMED_SECTIONS = /^(abstract|introduction|related work|related works|background|preliminaries|problem (statement|formulation|setting)|methods?|methodology|approach|model|our approach|proposed method|experiments?|experimental (setup|results|evaluation)|evaluation|results|results and discussion|discussion|analysis|conclusions?|conclusions? and future work|future work|limitations|ethics statement|broader impacts?|acknowledg\w*|references|bibliography|appendix( [a-z])?|appendices|supplementary materials?|data availability|findings|case background|motivation( and literature)?)$/i;
const NUMBERED = /^((?:[IVX]{1,5}|\d{1,2}(?:\.\d{1,2}){0,3}|[A-H])(?:\.(?=\s)|\.?\s))\s*(\S.*)$/;
// List items and reference entries: "•", "1.", "(ii)", "a)", "[12]". Not "3)" (the tail of "(Eq.\n3)").
const LIST_ITEM = /^(•|◦|▪|∙|\d{1,2}\.|\(\w{1,4}\)|[a-z]\))\s+\S/u;
// "[12] A. Author" starts a reference entry; in body text a line may also begin with a citation.
const REFERENCE_START = /^\[(\d{1,3})\]\s+\S/;
const CAPTION = /^(fig(?:ure)?\.?|table|algorithm|listing)\s*[A-Z]?\d+(\.\d+)?\s*[.:|]/i;

export function documentStyle(lines: PlacedLine[]): DocumentStyle {
  const sizeChars = new Map<number, number>();
  const fontChars = new Map<string, number>();
  for (const l of lines) {
    const size = Math.round(l.size * 2) / 2;
    sizeChars.set(size, (sizeChars.get(size) ?? 0) + l.text.length);
    fontChars.set(l.font, (fontChars.get(l.font) ?? 0) + l.text.length);
  }
  const bodySize = top(sizeChars) ?? 10;
  const bodyFont = top(fontChars) ?? '';
  const spacings: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1]!;
    const b = lines[i]!;
    if (a.page === b.page && a.column === b.column && Math.abs(a.size - bodySize) < 0.6 && Math.abs(b.size - bodySize) < 0.6) {
      const gap = a.y - b.y;
      if (gap > bodySize * 0.8 && gap < bodySize * 2) spacings.push(gap);
    }
  }
  spacings.sort((a, b) => a - b);
  return { bodySize, bodyFont, lineSpacing: spacings[Math.floor(spacings.length / 2)] ?? bodySize * 1.2 };
}

function top<K>(counts: Map<K, number>): K | undefined {
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

function isAllCaps(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= 3 && letters === letters.toUpperCase();
}

export function headingOf(line: PlacedLine, style: DocumentStyle): { number?: string; title: string } | null {
  const text = line.text.trim();
  if (text.length < 3 || text.length > 110 || /[,;]$/.test(text)) return null;
  const distinct = line.font !== style.bodyFont || line.size > style.bodySize * 1.1 || isAllCaps(text);
  const numbered = NUMBERED.exec(text);
  const title = (numbered ? numbered[2]! : text).replace(/[.:]$/, '').trim();
  // Figure labels, algorithm steps and formulas are not titles: a title has real words and no code.
  const letters = (title.match(/\p{L}/gu) ?? []).length;
  if (!/\p{L}{3,}/u.test(title) || letters / title.length < 0.6 || /[←→=(){}[\]“”"]/.test(title)) return null;
  // "Misconception: Explanations are …" is a title; "COMMIT: finishes the action set" is a step.
  if (/:\s+\p{Ll}/u.test(title)) return null;
  if (numbered && distinct && /^\p{Lu}/u.test(title) && title.split(/\s+/).length <= 16 && !/\.\s+\p{Lu}/u.test(title) && !CAPTION.test(text)) {
    return { number: numbered[1]!.replace(/\.?\s*$/, ''), title };
  }
  if (NAMED_SECTIONS.test(title) && (distinct || text === title)) return numbered ? { number: numbered[1]!.replace(/\.?\s*$/, ''), title } : { title };
  return null;
}

function sectionLevel(number: string | undefined, usesRoman: boolean): number {
  if (!number) return 1;
  if (/^[IVX]+$/.test(number)) return 1;
  if (/^[A-H]$/.test(number)) return usesRoman ? 2 : 1;
  return number.split('.').length;
}

function endsSentence(text: string): boolean {
  return /[.!?:]["')\]]?$/.test(text.trim());
}

/** Joins line texts, re-joining words hyphenated at a line break ("de-" + "vices"). */
export function joinLines(texts: string[]): string {
  let out = '';
  for (const raw of texts) {
    const text = raw.trim();
    if (!text) continue;
    if (/\p{L}-$/u.test(out) && /^\p{Ll}/u.test(text)) out = out.slice(0, -1) + text;
    else out = out ? `${out} ${text}` : text;
  }
  return out.replace(/\s+/g, ' ').trim();
}

function isEquationLine(line: PlacedLine, style: DocumentStyle): boolean {
  // Citation brackets ("[4], [5]") are not maths; leave them out of the counts.
  const text = line.text.replace(/\[\d+(?:\s*[,–-]\s*\d+)*\]/g, '').trim();
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const words = text.split(/\s+/).filter((w) => /^\p{L}{3,}$/u.test(w)).length;
  const hasMath = /[=+−∑∏∫≤≥≈×÷∈∀∃→←⇒∂∇√^_|<>]|\p{Script=Greek}/u.test(text);
  const numberedAtRight = /\(\d+[a-z]?\)$/.test(text) && line.x1 > line.columnRight - style.bodySize;
  const centered = line.x0 > line.columnLeft + style.bodySize * 1.5 && line.x1 < line.columnRight - style.bodySize * 1.5;
  return (numberedAtRight && words < 8) || (centered && hasMath && letters / Math.max(1, text.length) < 0.6 && words < 4);
}

/**
 * Text drawn inside a figure (plot titles, legends, axis labels): no line reaches the
 * column's right edge and it does not end like a sentence. Justified prose reaches the edge.
 */
export function isFigureText(block: TextBlock, style: DocumentStyle): boolean {
  const text = block.text;
  const tokens = text.split(/\s+/);
  // Letter-spaced plot labels ("F-m e a s ure") and near-empty fragments ("b").
  if ((text.match(/\p{L}/gu) ?? []).length < 3) return true;
  if (tokens.length >= 4 && tokens.filter((t) => t.length <= 2).length / tokens.length > 0.5) return true;
  // Sub-figure labels: "(a) 3×3 grid architecture (b) IBMQX-20 architecture" (LaTeXML keeps only the main caption).
  if (block.lines.length === 1 && /^\([a-h]\)\s/.test(text) && !/[.:;]$/.test(text) && text.length < 100) return true;
  if (/^\([a-h]\)\s.*\s\([b-h]\)\s/.test(text) && text.length < 240) return true; // "(a) … (b) …" side by side
  if (block.kind !== 'text') return false;
  const reachesEdge = block.lines.some((l) => l.x1 > l.columnRight - style.bodySize * 2);
  return !reachesEdge && !/[.?!:;)\]"”]$/.test(block.text) && block.text.length < 200;
}

/** Pseudo-code: numbered steps, assignments with arrows, Data:/Input:/Output: lines. */
function isAlgorithm(lines: PlacedLine[]): boolean {
  const assignments = lines.filter((l) => /←|:=/.test(l.text)).length;
  if (assignments > 0 && assignments >= lines.length * 0.5) return true;
  const codeLike = lines.filter((l) => /←|:=|^\d{1,2}\s+\S|^(data|input|output|require|ensure|return)\b:?|\b(end|then|do)$/i.test(l.text)).length;
  return codeLike >= 2 && codeLike >= lines.length * 0.4;
}

function kindOf(first: PlacedLine, text: string, style: DocumentStyle): ParagraphKind {
  if (CAPTION.test(text)) return 'caption';
  const small = first.size < style.bodySize * 0.92;
  // Small type in the bottom quarter of a page is a footnote (or page-1 boilerplate, dropped later).
  if (small && first.y < first.pageHeight * 0.28) return 'footnote';
  if (LIST_ITEM.test(text) || /^[–-]\s/.test(text)) return 'list';
  return 'text';
}

export function buildBlocks(lines: PlacedLine[], style: DocumentStyle): Block[] {
  const blocks: Block[] = [];
  const usesRoman = lines.some((l) => /^[IVX]+\.\s+\p{Lu}/u.test(l.text) && headingOf(l, style));
  let current: PlacedLine[] = [];
  let currentIsEquation = false;

  const close = () => {
    if (!current.length) return;
    const text = joinLines(current.map((l) => l.text));
    if (text && !/^[\d\W]+$/u.test(text)) {
      // Pseudo-code first: "reward ← R(s, a)" has maths symbols but is an algorithm step, not a display equation.
      const kind: TextBlock['kind'] = isAlgorithm(current) ? 'algorithm' : currentIsEquation ? 'equation' : kindOf(current[0]!, text, style);
      blocks.push({ type: 'paragraph', kind, lines: current, text });
    }
    current = [];
    currentIsEquation = false;
  };

  const indent = (l: PlacedLine) => l.x0 - l.columnLeft;
  const isIndented = (l: PlacedLine) => indent(l) > style.bodySize * 0.6 && indent(l) < style.bodySize * 4;
  const isShort = (l: PlacedLine) => l.x1 < l.columnRight - style.bodySize * 1.5;

  let lastHeading: HeadingBlock | null = null;
  for (const line of lines) {
    const heading = headingOf(line, style);
    if (heading) {
      close();
      lastHeading = { type: 'heading', ...(heading.number ? { number: heading.number } : {}), title: heading.title, level: sectionLevel(heading.number, usesRoman), line };
      blocks.push(lastHeading);
      continue;
    }
    // A long title wraps: the next line in the heading's own font and size, right below it, continues it.
    if (lastHeading && !current.length && line.font === lastHeading.line.font && Math.abs(line.size - lastHeading.line.size) < 0.3 && line.page === lastHeading.line.page && lastHeading.line.y - line.y < line.size * 1.8 && line.text.length < 90) {
      lastHeading.title = joinLines([lastHeading.title, line.text]).replace(/[.:]$/, '');
      lastHeading.line = line;
      continue;
    }
    lastHeading = null;
    const equation = isEquationLine(line, style);
    const previous = current[current.length - 1];
    if (!previous) {
      current = [line];
      currentIsEquation = equation;
      continue;
    }
    let breakHere = false;
    if (equation !== currentIsEquation) breakHere = true;
    // A real change of type (body to caption or footnote) is 10% or more; \url text inside a footnote differs less.
    else if (Math.abs(line.size - previous.size) > style.bodySize * 0.09) breakHere = true;
    else if (CAPTION.test(line.text)) breakHere = true; // captions are often centred, so no indent test
    else if (LIST_ITEM.test(line.text) && (LIST_ITEM.test(current[0]!.text) || endsSentence(previous.text) || /[;,]$/.test(previous.text))) breakHere = true;
    else if (REFERENCE_START.test(line.text) && (REFERENCE_START.test(current[0]!.text) || (REFERENCE_START.exec(line.text)![1] === '1' && endsSentence(previous.text)))) breakHere = true;
    else if (previous.page === line.page && previous.column === line.column && previous.y > line.y) {
      const gap = previous.y - line.y;
      if (gap > style.lineSpacing * 1.4) breakHere = true;
      else if (isIndented(line) && !isIndented(previous) && endsSentence(previous.text)) breakHere = true;
      else if (isShort(previous) && endsSentence(previous.text) && !equation) breakHere = true;
    } else {
      // A column or page break: the paragraph goes on unless the last line clearly ended it.
      if (endsSentence(previous.text) && (isIndented(line) || isShort(previous))) breakHere = true;
    }
    // A footnote begins at its mark: consecutive footnotes are separate blocks.
    if (!breakHere && line.size < style.bodySize * 0.92 && line.supers[0]?.at === 0 && current.length) breakHere = true;
    if (breakHere) close();
    if (!current.length) currentIsEquation = equation;
    current.push(line);
  }
  close();
  return blocks;
}

export function boxesOf(lines: PlacedLine[]): Box[] {
  const byPage = new Map<number, PlacedLine[]>();
  for (const l of lines) byPage.set(l.page, [...(byPage.get(l.page) ?? []), l]);
  return [...byPage.entries()].map(([page, ls]) => {
    const x = Math.min(...ls.map((l) => l.x0));
    const y = Math.min(...ls.map((l) => l.y - l.size * 0.25));
    return { page, x: round1(x), y: round1(y), width: round1(Math.max(...ls.map((l) => l.x1)) - x), height: round1(Math.max(...ls.map((l) => l.y + l.size * 0.8)) - y) };
  });
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
