/**
 * Page layout: drops running headers and footers, page numbers and review line
 * numbers, finds one or two columns, and puts lines in reading order: full-width
 * bands top to bottom, and between them the left column before the right.
 */
import type { PdfLine } from './lines';
import { bibliographyColumns, bibliographyLine, captionTail, runningHeadLabel, centredTableLines, continuedCaption, documentColumns, columnEdgeLine, frontMatterLine, inTitleHalfOfPage1, looseJustifiedLine, pageSizes, rowAtColumnMargin, stretchedAfterStop, authorRow, PERSON_NAME, marginColumn, overfullColumnLine, pageNumberLine, pageNumberSequence, paragraphTail, hangingEntryTail, entryFirstLineRest, spanningBlockLastLine, documentTextEdge, runningText, runningTextKey, splitBand, tableCellColumn, twoColumnPage, wrapFigureCaption, echoedRunningHead } from './rules/layout-rules';
import { withAccentsCombined } from './rules/text-rules';
import { CAPTION, headingWrap, NAMED_SECTIONS, withoutAppendixWord } from './rules/heading-rules';
import { sameFace } from './style';
import { bulletedLine, displayLeadIn, TABLE_LABEL } from './rules/kind-rules';
import { equationRow } from './rules/line-rules';
import { isAuthorYearEntryLine, REFERENCES_TITLE, labelledEntryLine } from './rules/reference-rules';
import { mostCommon } from './most-common';
import { addToGroup } from './grouping';

export type ColumnSide = 'left' | 'right' | 'full';
type Columns = { gutter: number; rightStart: number };

export interface PlacedLine extends PdfLine {
  column: ColumnSide;
  /** Left and right edges of the column the line sits in. */
  columnLeft: number;
  columnRight: number;
}

/** A float's label opening its line: "TABLE 2", "TABLE II", "TABLE 1 — Continued", "Table 3. Priors …", "Fig. 2.— …". */
function isFloatLabelLine(text: string): boolean {
  const bare = text.trim().replace(/\s*[—–-]\s*continued\.?$/i, '');
  return TABLE_LABEL.test(bare) || CAPTION.test(bare);
}

export function removeRunningText(pages: PdfLine[][]): PdfLine[][] {
  const outermost = outermostRows(pages);
  // The text's size is the document's, not the page's: a page of code or maths is set as small as the running head (LNCS).
  const textSize = pageSizes(pages.flat()).text;
  const inEdge = (l: PdfLine, page: number) => {
    const fromEdge = Math.min(l.y, l.pageHeight - l.y) / l.pageHeight;
    if (fromEdge < runningText.constants.edgeBand) return true;
    // Further in, only a page's top or bottom line in smaller type, after page 1 (whose top line is the title).
    return page > 0 && fromEdge < runningText.constants.outermostBand && outermost[page]!.has(l.y) && l.size < textSize * runningText.constants.maxSizeFurtherIn;
  };
  const counts = new Map<string, number>();
  pages.forEach((lines, page) => {
    for (const key of new Set(lines.filter((l) => inEdge(l, page)).map((l) => runningTextKey(l.text)))) counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  // A float's label at the top of several pages ("TABLE 2", "TABLE 1 — Continued": tables float to the top) is no running head.
  const repeated = (l: PdfLine) => runningText.test(counts.get(runningTextKey(l.text)) ?? 0, pages.length) && !isFloatLabelLine(l.text);
  // Review line numbers: bare numbers stacked in a margin at a constant x.
  const marginNumbers = new Set<PdfLine>();
  for (const lines of pages) {
    const byX = new Map<number, PdfLine[]>();
    for (const l of lines) if (/^\d{1,4}$/.test(l.text) && l.x1 - l.x0 < l.size * 2.5) {
      const key = Math.round(l.x0 / 4);
      byX.set(key, [...(byX.get(key) ?? []), l]);
    }
    for (const group of byX.values()) if (group.length >= 8) group.forEach((l) => marginNumbers.add(l));
  }
  const folios = foliosInSequence(pages, outermost);
  const echoed = echoedRunningHeads(pages, textSize);
  return pages.map((lines, page) => {
    const pageNumber = (l: PdfLine) => pageNumberLine.test(l, outermost[page]!.has(l.y)) || folios.has(l);
    // Page 1's title is set larger than the text; the running head that repeats it on every page ("AETIOLOGY OF ACUTE …") is not.
    const title = (l: PdfLine) => page === 0 && l.size > textSize * runningText.constants.minTitleSize;
    // A running head labelled as one (an APA manuscript's page 1) is running text wherever it stands once.
    const labelled = (l: PdfLine) => inEdge(l, page) && runningHeadLabel.test(l.text);
    return lines.filter((l) => !(inEdge(l, page) && repeated(l) && !title(l)) && !labelled(l) && !pageNumber(l) && !marginNumbers.has(l) && !echoed.has(l));
  });
}

/**
 * Each page's top and bottom rows, furniture aside: a draft's stamp and crop marks (Bioinformatics' "“paper” — 2016/9/1 —
 * page 3 — #3" over "✐" marks), which recur on every page in the edge band, stand above the running head, which was then no
 * page's top line and stayed in the text (rule running-text's further-in test reads the outermost rows).
 */
function outermostRows(pages: readonly PdfLine[][]): Set<number>[] {
  const inBand = (l: PdfLine) => Math.min(l.y, l.pageHeight - l.y) / l.pageHeight < runningText.constants.edgeBand;
  const counts = new Map<string, number>();
  for (const lines of pages) for (const key of new Set(lines.filter(inBand).map((l) => runningTextKey(l.text)))) counts.set(key, (counts.get(key) ?? 0) + 1);
  const furniture = (l: PdfLine) => inBand(l) && runningText.test(counts.get(runningTextKey(l.text)) ?? 0, pages.length);
  return pages.map((lines) => {
    const rest = lines.filter((l) => !furniture(l));
    const ys = (rest.length ? rest : lines).map((l) => l.y);
    return new Set([Math.min(...ys), Math.max(...ys)]);
  });
}

/** Running heads found by their echo (see the echoed-running-head rule), with their row-mates and page 1's copy. */
function echoedRunningHeads(pages: readonly PdfLine[][], textSize: number): Set<PdfLine> {
  const small = (l: PdfLine) => l.size < textSize * runningText.constants.maxSizeFurtherIn;
  const smallOn = new Map<string, Set<number>>();
  pages.forEach((lines, page) => {
    for (const l of lines.filter(small)) {
      const key = runningTextKey(l.text);
      smallOn.set(key, (smallOn.get(key) ?? new Set()).add(page));
    }
  });
  const heads = new Set<PdfLine>();
  pages.forEach((lines, page) => {
    if (page === 0) return;
    for (const l of lines) {
      if (!small(l) || (l.pageHeight - l.y) / l.pageHeight >= runningText.constants.edgeBand || isFloatLabelLine(l.text)) continue;
      const key = runningTextKey(l.text);
      if (!echoedRunningHead.test(key, [...(smallOn.get(key) ?? [])].some((p) => p !== page))) continue;
      heads.add(l);
      for (const o of lines) if (Math.abs(o.y - l.y) <= 1 && Math.abs(o.size - l.size) < 0.3) heads.add(o);
    }
  });
  const keys = new Set([...heads].map((l) => runningTextKey(l.text)));
  for (const l of pages[0] ?? []) if (small(l) && keys.has(runningTextKey(l.text)) && l.y / l.pageHeight < runningText.constants.outermostBand) heads.add(l);
  return heads;
}

/** The page's top or bottom lines that count up with the pages (see the page-number-sequence rule). */
function foliosInSequence(pages: readonly PdfLine[][], outermost: readonly Set<number>[]): Set<PdfLine> {
  const byOffset = new Map<number, PdfLine[]>();
  pages.forEach((lines, page) => {
    for (const l of lines) {
      if (!outermost[page]!.has(l.y) || !/^\d{1,4}$/.test(l.text.trim())) continue;
      addToGroup(byOffset, Number(l.text.trim()) - page, l);
    }
  });
  const best = [...byOffset.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  return pageNumberSequence.test(new Set(best.map((l) => l.page)).size, pages.length) ? new Set(best) : new Set();
}

/** The x that splits two columns, or null for a one-column page. */
export function findGutter(lines: PdfLine[], pageWidth: number): number | null {
  return findColumns(lines, pageWidth)?.gutter ?? null;
}

/** A page's own two columns (the gutter's x and where the right column's lines usually start), or null when its lines do not show two. */
export function findColumns(lines: PdfLine[], pageWidth: number): Columns | null {
  const mid = pageWidth / 2;
  const narrow = lines.filter((l) => l.x1 - l.x0 < pageWidth * 0.48 && l.text.length > 20);
  const left = narrow.filter((l) => l.x1 < mid + pageWidth * 0.04);
  const right = narrow.filter((l) => l.x0 > mid - pageWidth * 0.04);
  if (!twoColumnPage.test(left, right)) return null;
  // The gutter lies between the left column's right edge and the right column's left edge; hanging
  // indents (bibliographies) push many right-column starts inward, so take its leftmost usual start.
  const leftEdge = percentile(left.map((l) => l.x1), 0.9);
  // A page-wide table's centred rows start right of the middle too (MNRAS's column descriptions above the references):
  // the right column's lines are those that start past the left column's edge.
  const rightOfLeft = right.filter((l) => l.x0 > leftEdge);
  if (rightOfLeft.length < right.length / 2) return null;
  const rightEdge = percentile(rightOfLeft.map((l) => l.x0), 0.1);
  return { gutter: (leftEdge + rightEdge) / 2, rightStart: rightEdge };
}

/** Splits a line that runs across the gutter with a gap there: two column lines that share a baseline. */
export function splitAtGutter(line: PdfLine, gutter: number): PdfLine[] {
  for (let i = 1; i < line.pieces.length; i++) {
    const left = line.pieces[i - 1]!;
    const right = line.pieces[i]!;
    if (left.x1 <= gutter + 2 && right.x0 >= gutter - 2 && right.x0 - left.x1 >= line.size * 0.35) {
      const part = (from: number, to: number, pieces: typeof line.pieces): PdfLine => {
        const offset = pieces[0]!.start;
        return {
          ...line,
          x0: pieces[0]!.x0,
          x1: pieces[pieces.length - 1]!.x1,
          text: line.text.slice(from, to),
          pieces: pieces.map((p) => ({ ...p, start: p.start - offset, end: p.end - offset })),
          supers: line.supers.filter((s) => s.at >= from && s.at <= to).map((s) => ({ ...s, at: s.at - from })),
        };
      };
      return [part(0, left.end, line.pieces.slice(0, i)), part(right.start, line.text.length, line.pieces.slice(i))];
    }
  }
  return [line];
}

/** The columns most pages of the document have (the median of theirs), or null when most pages are one column; `pages`: each page's own. */
export function documentColumnsOf(pages: readonly (Columns | null)[]): Columns | null {
  const found = pages.filter((c): c is Columns => c !== null);
  if (!found.length || found.length < pages.length * documentColumns.constants.minShareOfPages) return null;
  return { gutter: percentile(found.map((c) => c.gutter), 0.5), rightStart: percentile(found.map((c) => c.rightStart), 0.5) };
}

/** The document's columns for a page too short to show its own (rule document-columns). */
function shortPageColumns(input: PdfLine[], columns: Columns | null): Columns | null {
  if (!columns) return null;
  const { gutter } = columns;
  const left = input.filter((l) => l.x1 <= gutter + 3).length;
  const right = input.filter((l) => l.x0 >= gutter - 3).length;
  const across = input.filter((l) => l.x1 > gutter + 3 && l.x0 < gutter - 3 && splitAtGutter(l, gutter).length < 2).length;
  return documentColumns.test(left, right, across) ? columns : null;
}

/** `own`: the page's columns, when the caller has found them already; `document`: the columns most pages have. */
export function placeLines(input: PdfLine[], pageWidth: number, document: Columns | null = null, own: Columns | null = findColumns(input, pageWidth)): PlacedLine[] {
  const columns = own ?? shortPageColumns(input, document);
  if (columns !== null) return placeColumns(input, columns);
  const band = bibliographyBand(input, pageWidth);
  if (band) return [...placeOneColumn(band.above.map(normalizeText)), ...placeColumns(band.below, band.columns)];
  return placeOneColumn(input.map(normalizeText));
}

/**
 * A bibliography set in two columns under a page of one-column text (AASTeX's, after the acknowledgments): the lines
 * under its heading, read column by column (rule bibliography-columns). Read as one column, each entry's lines were
 * interleaved with the other column's.
 */
function bibliographyBand(input: PdfLine[], pageWidth: number): { above: PdfLine[]; below: PdfLine[]; columns: Columns } | null {
  const heading = input.find((l) => REFERENCES_TITLE.test(l.text.trim()));
  if (!heading) return null;
  const below = input.filter((l) => l.y < heading.y - 1);
  const inBand = new Set(below);
  const mid = pageWidth / 2;
  const left = below.filter((l) => l.x1 < mid);
  const right = below.filter((l) => l.x0 > mid);
  if (!bibliographyColumns.test(below.length, left.length, right.length)) return null;
  const leftEdge = Math.max(...left.map((l) => l.x1));
  const rightStart = Math.min(...right.map((l) => l.x0));
  return { above: input.filter((l) => !inBand.has(l)), below, columns: { gutter: (leftEdge + rightStart) / 2, rightStart } };
}

function placeColumns(input: PdfLine[], columns: Columns): PlacedLine[] {
  const { gutter, rightStart } = columns;
  const bodySize = pageBodySize(input);
  // A page-wide table of centred rows above the columns is found before its rows are cut at the gutter.
  const pageWideRows = centredTableLines(input, Math.max(...input.map((l) => l.x1)) - Math.min(...input.map((l) => l.x0)));
  const lines = input.filter((l) => !pageWideRows.has(l)).flatMap((l) => splitAtGutter(l, gutter)).map(normalizeText);
  const top = dropTableRows(lines, gutter).sort((a, b) => b.y - a.y || a.x0 - b.x0);
  const side = (l: PdfLine): ColumnSide => (l.x1 <= gutter + 3 || overfullColumnLine.test(l, gutter, rightStart) ? 'left' : l.x0 >= gutter - 3 ? 'right' : 'full');
  const edges = (s: ColumnSide) => {
    const members = top.filter((l) => side(l) === s && l.text.length > 30);
    return { left: mode(members.map((l) => Math.round(l.x0))) ?? 0, right: percentile(edgeLines(members, bodySize).map((l) => l.x1), 0.9) };
  };
  const leftEdges = edges('left');
  const rightEdges = edges('right');
  // A table of centred rows inside one column (a page-wide one went before the split).
  const centred = new Set([
    ...centredTableLines(top.filter((l) => side(l) === 'left'), leftEdges.right - leftEdges.left),
    ...centredTableLines(top.filter((l) => side(l) === 'right'), rightEdges.right - rightEdges.left),
  ]);
  const place = (l: PdfLine): PlacedLine => {
    const s = side(l);
    const e = s === 'left' ? leftEdges : s === 'right' ? rightEdges : { left: leftEdges.left, right: rightEdges.right };
    return { ...l, column: s, columnLeft: e.left, columnRight: e.right };
  };
  // Bands: runs of column lines between full-width lines; inside a band, left then right.
  const ordered: PlacedLine[] = [];
  let band: PlacedLine[] = [];
  const flush = () => {
    for (const part of splitBand(band)) ordered.push(...part.filter((l) => l.column === 'left'), ...part.filter((l) => l.column === 'right'));
    band = [];
  };
  let lastFull: PlacedLine | null = null;
  for (const original of top.filter((l) => !centred.has(l))) {
    const line = place(original);
    if (line.column === 'full' && !isInsideColumnBand(line, top, gutter)) {
      flush();
      ordered.push(line);
      lastFull = line;
    } else if (!band.length && lastFull && spanningBlockLastLine.test(lastFull, line, top.filter((o) => o !== original && Math.abs(o.y - line.y) < line.size * 0.6))) {
      ordered.push({ ...line, column: 'full', columnLeft: lastFull.columnLeft, columnRight: lastFull.columnRight });
      lastFull = null;
    } else {
      band.push(line.column === 'full' ? { ...line, column: line.x0 < gutter ? 'left' : 'right' } : line);
    }
  }
  flush();
  return ordered;
}

/** One column, and a side column beside it when there is one (rule margin-column): the side column first. */
function placeOneColumn(lines: PdfLine[]): PlacedLine[] {
  const bodySize = pageBodySize(lines);
  const bodyLeftOf = (ls: PdfLine[]) => mode(ls.filter((l) => l.text.length > 30).map((l) => Math.round(l.x0))) ?? Math.min(...ls.map((l) => l.x0));
  const bodyLeft = bodyLeftOf(lines);
  const inMargin = lines.filter((l) => marginColumn.test(l, bodyLeft));
  const margin = inMargin.length >= marginColumn.constants.minLines ? inMargin : [];
  const { lines: split, captions: beside } = withWrapCaptionsApart(lines.filter((l) => !margin.includes(l)), bodyLeft);
  const body = split.filter((l) => !beside.has(l));
  const column = (members: PdfLine[], side: ColumnSide): PlacedLine[] => {
    const rows = dropTableRows(members, null).sort((a, b) => b.y - a.y || a.x0 - b.x0);
    const left = bodyLeftOf(rows);
    const right = percentile(edgeLines(rows, bodySize).map((l) => l.x1), 0.9);
    const centred = centredTableLines(rows, right - left);
    return rows.filter((l) => !centred.has(l)).map((l) => ({ ...l, column: side, columnLeft: left, columnRight: right }));
  };
  // A caption set beside the text is read after the page's text, as a float's caption is.
  return [...(margin.length ? column(margin, 'left') : []), ...column(body, 'full'), ...(beside.size ? column([...beside], 'right') : [])];
}

/** A caption label anywhere in a line (the quick test before a line is looked at piece by piece). */
const CAPTION_START = new RegExp(CAPTION.source.slice(1), 'i');

/**
 * Captions set beside the text (see the wrap-figure-caption rule), cut from the prose they share baselines with:
 * the page's lines with each caption line on its own, and the caption lines.
 */
function withWrapCaptionsApart(lines: PdfLine[], bodyLeft: number): { lines: PdfLine[]; captions: Set<PdfLine> } {
  const { alignedX, maxLineGapSizes } = wrapFigureCaption.constants;
  const captions = new Set<PdfLine>();
  let out = [...lines].sort((a, b) => b.y - a.y || a.x0 - b.x0);
  const onRowOf = (a: PdfLine, b: PdfLine) => a !== b && a.page === b.page && Math.abs(a.y - b.y) < b.size * 0.35;
  for (const line of [...out]) {
    if (captions.has(line) || !CAPTION_START.test(line.text)) continue;
    // Where in the line a caption starts: a line of its own with prose beside it on its baseline, or a piece past
    // the body's edge, after a gap, opening with "Figure 3:".
    const at = wrapFigureCaption.test(line, out.filter((o) => onRowOf(o, line)), bodyLeft) ? 0 : line.pieces.findIndex((p, i) => i > 0 && p.x0 - line.pieces[i - 1]!.x1 >= line.size * 0.35 && wrapFigureCaption.test({ ...line, x0: p.x0, text: line.text.slice(p.start) }, [{ ...line, x1: line.pieces[i - 1]!.x1 }], bodyLeft));
    if (at < 0) continue;
    const x = at > 0 ? line.pieces[at]!.x0 : line.x0;
    let lastY = line.y;
    for (const next of [...out]) {
      if (next.page !== line.page || next.y > lastY || (next !== line && next.y === lastY)) continue;
      if (lastY - next.y > next.size * maxLineGapSizes) break;
      const alone = Math.abs(next.x0 - x) <= alignedX && out.some((o) => onRowOf(o, next) && o.x1 < x);
      const parts = alone ? [next] : splitAtGutter(next, x - 1);
      const caption = alone ? next : parts.length === 2 ? parts[1]! : null;
      if (!caption || Math.abs(caption.x0 - x) > alignedX) {
        if (next === line) break;
        continue;
      }
      out = out.flatMap((l) => (l === next ? parts : [l]));
      captions.add(caption);
      lastY = next.y;
    }
  }
  return { lines: out, captions };
}

/**
 * Table rows: several text segments on one baseline within one column. Prose never
 * does that (its words are one segment); LaTeXML's tables are not paragraphs either.
 */
function dropTableRows(lines: PdfLine[], gutter: number | null): PdfLine[] {
  const side = (l: PdfLine) => (gutter === null ? 'page' : l.x1 <= gutter + 3 ? 'left' : l.x0 >= gutter - 3 ? 'right' : 'full');
  const isEquationNumber = (l: PdfLine) => equationRow.test(l.text.trim());
  const rows: PdfLine[][] = [];
  for (const line of [...lines].sort((a, b) => b.y - a.y || a.x0 - b.x0)) {
    const row = rows.find((r) => Math.abs(r[0]!.y - line.y) < line.size * 0.35 && side(r[0]!) === side(line));
    if (row) row.push(line);
    else rows.push([line]);
  }
  // A row of a display's scripts and limits ("n", "t=0" under a sum) is maths, not a table row: prose beside it is no table.
  const textSize = pageSizes(lines).text;
  const scriptsOnly = (row: PdfLine[]) => row.every((l) => l.size < textSize * SCRIPT_SIZE_RATIO && l.text.trim().length <= SCRIPT_MAX_CHARS);
  const multi = rows.map((row) => row.filter((l) => !isEquationNumber(l)).sort((a, b) => a.x0 - b.x0)).filter((r) => r.length >= 2 && !scriptsOnly(r));
  // A table's cells line up with the cells of nearby rows; gaps in justified prose do not.
  // Justified lines all end at their column's right margin: ending there is no sign of a table column (rule row-at-column-margin).
  const margins = new Map<string, number>();
  const rightMarginOf = (l: PdfLine) => {
    const key = side(l);
    if (!margins.has(key)) margins.set(key, sharedRightEdge(lines.filter((o) => side(o) === key)));
    return margins.get(key)!;
  };
  const alignedEnd = (a: PdfLine, b: PdfLine) => Math.abs(a.x1 - b.x1) < 4 && !rowAtColumnMargin.test(a.x1, rightMarginOf(a));
  const isTableRow = (segments: PdfLine[]) =>
    multi.some((other) => other !== segments && other[0]!.page === segments[0]!.page && Math.abs(other[0]!.y - segments[0]!.y) < segments[0]!.size * 4 &&
      segments.slice(1).some((cell) => other.slice(1).some((o) => Math.abs(o.x0 - cell.x0) < 4 || alignedEnd(o, cell))));
  const out: PdfLine[] = [];
  for (const row of rows) {
    const segments = row.filter((l) => !isEquationNumber(l)).sort((a, b) => a.x0 - b.x0);
    if (segments.length <= 1) {
      out.push(...row);
      continue;
    }
    const cells = multi.find((m) => m[0] === segments[0]) ?? segments;
    // Reference entries ("[20] SIGCHI. 2014.   What's the cost…") align too, but are never table rows.
    const referenceEntry = /^\[(\d{1,4}|\p{Lu}[\p{L}+]{0,7}\d{2}[a-z]?)\]/u.test(segments[0]!.text.trim());
    const prose = () => looseJustifiedLine.test(segments) || stretchedAfterStop.test(segments, rowAtColumnMargin.test(segments.at(-1)!.x1, rightMarginOf(segments.at(-1)!)));
    if (!referenceEntry && !authorRow.test(segments) && !prose() && isTableRow(cells)) continue; // left out, like LaTeXML's table cells
    // A bibliography heading beside the foot of the other column ("…confusing.)   REFERENCES") stays its own line.
    if (segments.slice(1).some((s) => bibliographyLine.test(s.text))) {
      out.push(...segments);
      continue;
    }
    out.push(segments.reduce((a, b) => ({
      ...a,
      x1: b.x1,
      text: `${a.text} ${b.text}`,
      pieces: [...a.pieces, ...b.pieces.map((p) => ({ ...p, start: p.start + a.text.length + 1, end: p.end + a.text.length + 1 }))],
      supers: [...a.supers, ...b.supers.map((x) => ({ ...x, at: x.at + a.text.length + 1 }))],
    })));
  }
  return out;
}

/** A display's scripts and limits: smaller than the text, a few characters each. */
const SCRIPT_SIZE_RATIO = 0.85;
const SCRIPT_MAX_CHARS = 6;

/** Lines that reach a right edge for it to be the text's margin, not one or two wider lines (AASTeX sets its footnotes wider than the text). */
const MARGIN_MIN_LINES = 3;

/** The furthest right edge that several lines reach (within 2 pt); the furthest of all where none is shared. */
function sharedRightEdge(lines: readonly PdfLine[]): number {
  const edges = lines.map((l) => l.x1);
  const shared = edges.filter((x) => edges.filter((o) => Math.abs(o - x) <= 2).length >= MARGIN_MIN_LINES);
  return Math.max(...(shared.length ? shared : edges));
}

/** A short "full" line (an equation straddling the gutter) with column text beside it belongs to the band. */
function isInsideColumnBand(line: PdfLine, all: PdfLine[], gutter: number): boolean {
  if (line.x1 - line.x0 > (line.pageWidth * 0.6)) return false;
  return all.some((o) => o !== line && Math.abs(o.y - line.y) < line.size * 0.6 && (o.x1 <= gutter + 3 || o.x0 >= gutter - 3));
}

/** The page's body type size: the line size (to half a point) that sets the most characters. */
function pageBodySize(lines: readonly PdfLine[]): number {
  const counts = new Map<number, number>();
  for (const l of lines) {
    const size = Math.round(l.size * 2) / 2;
    counts.set(size, (counts.get(size) ?? 0) + l.text.length);
  }
  return mostCommon(counts) ?? 10;
}

/** The lines that measure a column's edge (rule column-edge-line); all of them where too few are at the body's size. */
function edgeLines(lines: readonly PdfLine[], bodySize: number): readonly PdfLine[] {
  const measuring = lines.filter((l) => columnEdgeLine.test(l, bodySize));
  return measuring.length >= columnEdgeLine.constants.minLines ? measuring : lines;
}

function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

function mode(values: number[]): number | undefined {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0];
}

const HEADING_LIKE = /^((?:[IVX]{1,5}|\d{1,2}(?:\.\d{1,2}){0,3}|[A-H](?:\.\d{1,2}){0,3})\.?\s+)?\p{Lu}[\p{L} -]{2,}$/u;
/** A numbered title may hold a colon or brackets ("VIII. EXTENSIONS: CLUSTERED DESIGNS"); unnumbered, such a line is more often a plot's axis title. */
const NUMBERED_HEADING_LIKE = /^(?:[IVX]{1,5}|[1-9]\d?(?:\.\d{1,2}){0,3}|[A-H](?:\.\d{1,2}){0,3})\.?\s+\p{Lu}[\p{L} :()&–-]{2,}$/u;
/** The second line of a wrapped title: words only ("THIRD-CUMULANT DECOMPOSITION", "randomized jittering"). */
const TITLE_WRAP = /^\p{L}[\p{L} :,()&–-]{2,88}$/u;

/** A plot's axis title: a few words ending in a unit in brackets, no sentence punctuation or relation before it (an equation's "(1)" is no unit). Not at the top of page 1, where "German Aerospace Center (DLR)" is an affiliation. */
const AXIS_TITLE = /^[^.,;:!?=<>+·|]{1,40}\s(?:\[[^\]\s]*\p{L}[^\]\s]*\]|\([^)\s]*\p{L}[^)\s]*\))$/u;

/** A one-word section name among a figure's labels is a title only when set this much larger than the page's text. */
const NAMED_TITLE_MIN_SIZE = 1.15;


/**
 * Text drawn inside figures and table cells: clusters of short fragments. A short line
 * with several other short lines close above or below it is dropped; a lone short
 * line (a paragraph's last line, a heading) stays.
 */
export function removeFigureText(lines: PdfLine[]): PdfLine[] {
  const sizes = pageSizes(lines);
  const pageBody = sizes.text;
  const inCommaRow = (l: PdfLine) => lines.some((o) => o.page === l.page && Math.abs(o.y - l.y) < 1 && /^[,;]/.test(o.text.trim()));
  const inJustifiedBlock = (l: PdfLine) =>
    lines.filter((o) => o !== l && o.page === l.page && Math.abs(o.x0 - l.x0) <= 1 && Math.abs(o.x1 - l.x1) <= 2 && Math.abs(o.y - l.y) < l.size * 3.5).length >= 2;
  // Short fragments, or smaller-type lines without sentence punctuation (axis titles, legends).
  const sparse = (l: PdfLine) => {
    const text = l.text.trim();
    if (/[.:?!,;-]$/.test(text)) return false; // sentence ends and broken lines belong to prose
    // A bibliography's heading and an entry's year-first tail are no label; its entry lines are kept below, but are still
    // neighbours of the labels around them.
    if (bibliographyLine.test(text) && !isAuthorYearEntryLine(text)) return false;
    if (displayLeadIn.test(text)) return false; // "Leveraging this, we have" among a display's fragments
    if (continuedCaption.test(text)) return false; // "Observations of ψ^1 Dra A (continued)": a table's title, not an axis title with its unit
    if (bulletedLine.test(l)) return false; // "• σ(M_G)/M_G < 0.01": a short item of a list of conditions, not a label
    // An author row cut at its marks ("Miles Lucas", ", Michael Bottom", ", and Sam Ragland") at the top of page 1.
    if (l.page === 1 && l.y > l.pageHeight * 0.67 && PERSON_NAME.test(text.replace(/^[,;]\s*(?:and\s+)?/, '')) && inCommaRow(l)) return false;
    if (frontMatterLine.test(l, lines, sizes)) return false;
    if (text.length <= 24 && text.split(/\s+/).length <= 4) return true;
    // An axis title with its unit ("projected separation [AU]", "Flux density (mJy)") is a label however long its words.
    if (AXIS_TITLE.test(text) && !inTitleHalfOfPage1(l)) return true;
    // Eight words or more read as prose (an abstract or footnote line in small type), not a label; so does a line with
    // two others of its block starting and ending where it does (ACL's indented abstract: "VSAX is an open-source Python
    // library for"), as justified text does and a figure's labels do not.
    return l.size < pageBody * 0.92 && text.length < 70 && !/^(fig(ure)?|table|algorithm)\b/i.test(text) && text.split(/\s+/).length < 8 && !inJustifiedBlock(l);
  };
  const candidates = lines.filter(sparse);
  const radius = 4.5 * pageBody;
  // On a two-column page a figure's labels do not reach across the gutter into a column of prose:
  // a heading between paragraphs in the left column, beside a flowchart in the right one, is not
  // one of the flowchart's labels. A label inside a figure has no prose beside it and keeps its
  // neighbours on both sides; so do maths and symbols.
  const gutter = findGutter(lines, lines[0]?.pageWidth ?? 612);
  const side = (l: PdfLine) => (gutter === null ? 'full' : l.x1 <= gutter ? 'left' : l.x0 >= gutter ? 'right' : 'full');
  const prose = lines.filter((l) => l.text.length >= 40 && l.size >= pageBody * 0.95);
  const titleLike = (l: PdfLine) => l.size >= pageBody * 0.95 && /^\p{Lu}[\p{L}\s:–-]{2,}$/u.test(l.text.trim());
  const amidProse = (l: PdfLine) => titleLike(l) && side(l) !== 'full' && prose.filter((o) => side(o) === side(l) && Math.abs(o.y - l.y) < radius).length >= 2;
  const counts = (line: PdfLine, other: PdfLine) => !amidProse(line) || side(other) === side(line) || side(other) === 'full';
  const drop = new Set<PdfLine>();
  // Headings can be set smaller than body text (REVTeX's 9-pt subsection titles): a numbered one is kept, and so
  // is the next line of its title when it wraps (its face, right below), however long the first line. Among longer
  // lines only a numbered title can head a wrap: a long line of capitalised words is more often prose.
  const candidateSet = new Set(candidates);
  const textOf = (line: PdfLine) => withoutAppendixWord(line.text.trim());
  // A one-word title ("Introduction") is kept when it names a usual section and is set larger than the text:
  // beside a margin column of short notes (ReScience's "Received", "Edited by", dates) it would count as one of them.
  const keptAsTitle = (line: PdfLine, text: string) =>
    (text.split(/\s+/).length >= 2 && (NUMBERED_HEADING_LIKE.test(text) || (candidateSet.has(line) && HEADING_LIKE.test(text) && line.size >= pageBody * 0.95))) ||
    (NAMED_SECTIONS.test(text) && line.size >= pageBody * NAMED_TITLE_MIN_SIZE);
  const titles = lines.filter((l) => keptAsTitle(l, textOf(l)));
  const kept = new Set(titles);
  const wrapsTitle = (line: PdfLine, text: string) =>
    TITLE_WRAP.test(text) && titles.some((t) => sameFace(t, line) && t.y - line.y > 0 && t.y - line.y < line.size * headingWrap.constants.maxGapSizes);
  // A title that wraps over three lines in a narrow column: each wrapped line continues the one above, top down.
  for (const line of [...lines].sort((a, b) => b.y - a.y)) {
    if (kept.has(line) || !wrapsTitle(line, textOf(line))) continue;
    titles.push(line);
    kept.add(line);
  }
  // A caption's wrapped lines, top down (each continues the caption line above it); the caption openers are read once.
  const captionLines = new Set(lines.filter((l) => CAPTION.test(l.text.trim())));
  const tails = new Set<PdfLine>();
  for (const line of [...lines].sort((a, b) => b.y - a.y)) {
    if (!lines.some((above) => captionTail.test(above, line, captionLines.has(above)))) continue;
    captionLines.add(line);
    tails.add(line);
  }
  // A reference entry's hanging lines, top down (each hangs under the entry's label or under such a line).
  const entryTails = new Set<PdfLine>();
  for (const line of [...lines].sort((a, b) => b.y - a.y)) {
    if (lines.some((above) => hangingEntryTail.test(above, line, entryTails.has(above)))) entryTails.add(line);
    else if (lines.some((left) => entryFirstLineRest.test(left, line))) entryTails.add(line);
  }
  for (const line of candidates) {
    if (kept.has(line)) continue;
    const text = textOf(line);
    // An entry's opening line with its hanging lines under it ("P. Kowalski and M. Garcia. Interactions between", no year on it) is the entry's.
    const opensEntry = () => [...entryTails].some((below) => hangingEntryTail.test(line, below, false));
    if (tails.has(line) || entryTails.has(line) || lines.some((above) => paragraphTail.test(above, line)) || TABLE_LABEL.test(text) || isAuthorYearEntryLine(text) || labelledEntryLine.test(text) || opensEntry()) continue;
    const near = candidates.filter((o) => o !== line && counts(line, o) && Math.abs(o.y - line.y) < radius && Math.abs((o.x0 + o.x1) / 2 - (line.x0 + line.x1) / 2) < line.pageWidth * 0.45);
    if (near.length >= 3) drop.add(line);
  }
  // The label column of a table whose value cells went above, where a label is left alone on its row
  // (rows that keep two cells or more are left to dropTableRows, which reads their alignment).
  const { sameBaseline, alignedX, minRows } = tableCellColumn.constants;
  const sameSide = (a: PdfLine, b: PdfLine) => side(a) === side(b);
  const aloneOnRow = (l: PdfLine) => !lines.some((o) => o !== l && !drop.has(o) && sameSide(o, l) && Math.abs(o.y - l.y) < l.size * sameBaseline);
  const dropped = [...drop];
  const cellMates = lines.filter((l) => !drop.has(l) && aloneOnRow(l) && tableCellColumn.test(l, dropped, sameSide));
  for (const line of cellMates) if (cellMates.filter((o) => Math.abs(o.x0 - line.x0) < alignedX && Math.abs(o.y - line.y) < radius).length >= minRows) drop.add(line);
  return lines.filter((l) => !drop.has(l));
}

/**
 * Pages placed one by one, each one-column page given the document's right edge where its own lines all stop short of it
 * (rule document-text-edge): the edge most one-column pages share, read as their median, in a document set mostly in one
 * column (a two-column paper's page with only a left column is a column, not a short page) and justified (most of those
 * pages end at one edge).
 */
export function withDocumentTextEdge(pages: PlacedLine[][]): PlacedLine[][] {
  const withLines = pages.filter((lines) => lines.length > 0);
  const oneColumn = withLines.filter((lines) => lines.every((l) => l.column === 'full') && new Set(lines.map((l) => l.columnRight)).size === 1);
  const { minPages, minOneColumnShare, sameEdgePoints, sameEdgeShare } = documentTextEdge.constants;
  if (oneColumn.length < minPages || oneColumn.length < withLines.length * minOneColumnShare) return pages;
  const edges = oneColumn.map((lines) => lines[0]!.columnRight).sort((a, b) => a - b);
  const documentRight = edges[Math.floor(edges.length / 2)]!;
  // Justified text gives most pages one edge to the point; a ragged right edge (a word processor's left-aligned text) gives
  // each page its own, and no page's short lines say it is short.
  if (edges.filter((edge) => Math.abs(edge - documentRight) <= sameEdgePoints).length < edges.length * sameEdgeShare) return pages;
  const lefts = oneColumn.map((lines) => lines[0]!.columnLeft).sort((a, b) => a - b);
  const documentLeft = lefts[Math.floor(lefts.length / 2)]!;
  const oneColumnPages = new Set(oneColumn);
  return pages.map((lines) => {
    if (!oneColumnPages.has(lines)) return lines;
    const bodySize = pageBodySize(lines);
    const pageRight = lines[0]!.columnRight;
    if (!documentTextEdge.test(pageRight, documentRight, bodySize, documentLeft) || lines.some((l) => l.x1 > documentRight + bodySize)) return lines;
    return lines.map((l) => ({ ...l, columnRight: documentRight }));
  });
}

/** White space folded and accents combined; superscript offsets follow the text they sat in. */
function normalizeText(line: PdfLine): PdfLine {
  const clean = (t: string) => withAccentsCombined(t.replace(/\s+/g, ' ')).trimStart();
  const text = clean(line.text).trimEnd();
  return { ...line, text, supers: line.supers.map((s) => ({ ...s, at: Math.min(text.length, clean(line.text.slice(0, s.at)).length) })) };
}
