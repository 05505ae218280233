/**
 * Text items to lines. Items whose vertical extents overlap join one line; a wide
 * horizontal gap (a column gutter, a table cell) splits it. Raised, smaller items are
 * superscripts: footnote marks and superscript citations, kept apart from the text, or
 * exponents ("10^5"), kept in it.
 */
import type { PdfPageText, PdfTextItem } from './pdf-text';
import { centredDot, scriptEll, unmappedGlyph } from './rules/item-rules';
import { mostCommon } from './most-common';
import { equationRow, gutterGap, leftEquationRow, labelGap, lineTypeSize, pieceText, sentenceSpaceGap, loweredText, pageGutter, raisedMark, raisedText, sameRow, stretchedRow, subscript, type ColumnEdges, evenWordGaps, stackedFraction, superscript, wordGap } from './rules/line-rules';

export interface Superscript {
  text: string;
  /** Offset in the line's text where the superscript stood. */
  at: number;
}

/** One drawn piece of the line: where it is, and which characters of the line's text it holds. */
export interface LinePiece {
  x0: number;
  x1: number;
  start: number;
  end: number;
  /** The font of this piece: a run-in heading is set in another font than the text after it. */
  font?: string;
}

export interface PdfLine {
  page: number;
  pageWidth: number;
  pageHeight: number;
  x0: number;
  x1: number;
  /** Baseline. */
  y: number;
  size: number;
  font: string;
  text: string;
  supers: Superscript[];
  pieces: LinePiece[];
  /** Share of the line's visible characters set in a fixed-pitch font. */
  monospace: number;
}

export function buildLines(page: PdfPageText): PdfLine[] {
  const items = page.items.filter((i) => !i.rotated && i.text.length > 0);
  // Body-size reference for this page: the most common size, weighted by characters.
  const sizeWeight = new Map<number, number>();
  for (const i of items) if (i.text.trim()) sizeWeight.set(round(i.size), (sizeWeight.get(round(i.size)) ?? 0) + i.text.length);
  const bodySize = mostCommon(sizeWeight) ?? 10;

  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  // Raised marks go to the row of the text they touch (a mark can overlap the next column's row more).
  const marks = new Map<PdfTextItem, PdfTextItem>();
  sorted.forEach((item, index) => {
    if (!item.text.trim() || item.text.trim().length > 8) return;
    // Hosts sit lower (sorted later), at most a large font size below.
    for (let j = index + 1; j < sorted.length && sorted[j]!.y > item.y - 20; j++) {
      if (raisedMark.test(item, sorted[j]!)) {
        marks.set(item, sorted[j]!);
        return;
      }
    }
  });
  // A stacked fraction's denominator joins its numerator's line: alone it shares no row with the text around it.
  // Items are sorted from the top: the denominator comes after its numerator, within a type size and a half below it.
  const numerators = new Set(marks.keys());
  sorted.forEach((mark, index) => {
    const host = numerators.has(mark) ? marks.get(mark) : undefined;
    // The host is the text the fraction stands in (a word); a maths glyph (a hat, a bracket) hosts scripts, not fractions.
    if (!host || !/[\p{L}\p{N}]/u.test(host.text)) return;
    for (let j = index + 1; j < sorted.length && mark.y - sorted[j]!.y < 1.5 * host.size; j++) {
      const item = sorted[j]!;
      if (marks.has(item) || item === host || item.y >= host.y || !subscript.test(item, host) || !stackedFraction.test(mark, item, itemLeftOf(sorted, index, host, Math.min(mark.x, item.x)), host.size)) continue;
      marks.set(item, host);
      return;
    }
  });
  const rowOf = new Map<PdfTextItem, PdfTextItem[]>();
  const rows: PdfTextItem[][] = [];
  for (const item of sorted) {
    if (marks.has(item)) continue;
    const row = rowFor(rows, item);
    if (row) row.push(item);
    // Spaces carry no position we need; they join whatever row they sit on.
    else if (item.text.trim()) rows.push([item]);
    if (row || item.text.trim()) rowOf.set(item, row ?? rows[rows.length - 1]!);
  }
  for (const [mark, host] of marks) (rowOf.get(host) ?? rowFor(rows, mark) ?? (rows.push([]), rows[rows.length - 1]!)).push(mark);

  const gutter = gutterOf(items, page.width);
  const rowPieces = rows.map((row) => {
    const ordered = row.filter((i) => i.text.trim()).sort((a, b) => a.x - b.x);
    const pieces: PdfTextItem[][] = [];
    let segment: PdfTextItem[] = [];
    const flush = () => {
      if (segment.length) pieces.push(segment);
      segment = [];
    };
    for (const item of ordered) {
      const previous = segment[segment.length - 1];
      const gap = previous ? item.x - (previous.x + previous.width) : 0;
      // Only where the right part starts at the right column's edge: a word gap that happens to straddle the strip is not the gutter.
      // The left item may overhang the gutter a little (a display's exponent): what counts is that it starts left of it.
      const acrossGutter = previous !== undefined && gutter !== null && previous.x < gutter.x && Math.abs(item.x - gutter.rightEdge) <= 1.5 && gap > bodySize * 0.3;
      // A sentence's end in a narrow justified column (ACL's indented abstract) can stretch past a font size; where the
      // page's gutter is known, the gutter is found above, so such a space is not taken for one.
      const apart = previous !== undefined && (acrossGutter || (gutterGap.test(gap, previous, item, bodySize) && !(gutter !== null && sentenceSpaceGap.test(gap, previous, item))));
      if (apart && !labelGap.test(segment, gap)) flush();
      segment.push(item);
    }
    flush();
    return pieces;
  });
  const edges = columnEdgesOf(rowPieces.flat(), gutter?.x ?? null);
  const lines: PdfLine[] = [];
  for (const pieces of rowPieces) {
    // A justified line stretched at every word space is one line again, on its side of the gutter.
    const bySide = { left: pieces.filter((p) => gutter === null || p[0]!.x < gutter.x), right: pieces.filter((p) => gutter !== null && p[0]!.x >= gutter.x) };
    const segments = (['left', 'right'] as const).flatMap((side) => (bySide[side].length > 1 && stretchedRow.test(wordsOf(bySide[side]), edges[side]) ? [bySide[side].flat()] : bySide[side]));
    for (const items of withEquationRowJoined(segments, gutter?.x ?? null)) lines.push(toLine(items, page, bodySize));
  }
  return lines.sort((a, b) => b.y - a.y || a.x0 - b.x0);
}

/** Items in x order joined into groups wherever `joins` says the next item belongs to the group before it: words, runs. */
function groupsAlong(items: readonly PdfTextItem[], joins: (group: readonly PdfTextItem[], item: PdfTextItem) => boolean): PdfTextItem[][] {
  const groups: PdfTextItem[][] = [];
  for (const item of [...items].sort((a, b) => a.x - b.x)) {
    const group = groups[groups.length - 1];
    if (group && joins(group, item)) group.push(item);
    else groups.push([item]);
  }
  return groups;
}

const rightOf = (group: readonly PdfTextItem[]) => Math.max(...group.map((i) => i.x + i.width));

/**
 * A row side's pieces taken apart into its words: items that touch stay together. A stretched sentence space does not
 * part a row ("database.   Further" is one piece), yet in a stretched line it is as wide as every other space.
 */
function wordsOf(pieces: readonly PdfTextItem[][]): PdfTextItem[][] {
  return groupsAlong(pieces.flat().filter((i) => i.text.trim()), (word, item) => item.x - rightOf(word) <= item.size * stretchedRow.constants.touchingSizes);
}

/**
 * Where the lines of each side of the gutter (the whole text's, on a page of one column) end and start: every edge,
 * to half a point, that several of the rows' pieces share. Pieces, not rows: a row can join both columns' lines (a
 * word processor's columns keep baselines of their own, a few points apart), and a page can hold more than one edge
 * on a side (a one-column abstract above two columns whose gutter is then not found).
 */
function columnEdgesOf(pieces: readonly PdfTextItem[][], gutterX: number | null): Record<'left' | 'right', ColumnEdges | null> {
  const counts = { left: { rights: new Map<number, number>(), lefts: new Map<number, number>() }, right: { rights: new Map<number, number>(), lefts: new Map<number, number>() } };
  const add = (map: Map<number, number>, x: number) => {
    const key = Math.round(x * 2) / 2;
    map.set(key, (map.get(key) ?? 0) + 1);
  };
  for (const piece of pieces) {
    const text = piece.filter((i) => i.text.trim());
    if (!text.length) continue;
    const left = Math.min(...text.map((i) => i.x));
    const right = Math.max(...text.map((i) => i.x + i.width));
    const side = gutterX !== null && left >= gutterX ? 'right' : gutterX !== null && right > gutterX ? null : 'left';
    if (!side) continue;
    add(counts[side].rights, right);
    add(counts[side].lefts, left);
  }
  const shared = (map: Map<number, number>) => [...map].filter(([, n]) => n >= stretchedRow.constants.minSharedEdge).map(([x]) => x);
  const edges = (side: 'left' | 'right'): ColumnEdges | null => {
    const rights = shared(counts[side].rights);
    return rights.length ? { rights, lefts: shared(counts[side].lefts) } : null;
  };
  return { left: edges('left'), right: edges('right') };
}

/**
 * A display equation split at its wide gaps ("F (x) =", "f(y) dy", "(2)"; a flush-left display leaves
 * a wide gap before its number) is one line again: the segments on the number's side of the gutter.
 */
export function withEquationRowJoined(segments: PdfTextItem[][], gutter: number | null): PdfTextItem[][] {
  return withLeftNumberedRowJoined(withRightNumberedRowJoined(segments, gutter), gutter);
}

/** Whether a segment lies on the same side of the gutter as an equation number's segment (every segment does on one column). */
function onSideOf(number: readonly PdfTextItem[], gutter: number | null): (items: readonly PdfTextItem[]) => boolean {
  if (gutter === null) return () => true;
  return number[0]!.x >= gutter ? (items) => items[0]!.x >= gutter : (items) => items[items.length - 1]!.x + items[items.length - 1]!.width <= gutter;
}

/** A display numbered at the left ("(10)   B := …"): the number and the segments on its side of the gutter. */
function withLeftNumberedRowJoined(segments: PdfTextItem[][], gutter: number | null): PdfTextItem[][] {
  const first = segments[0];
  if (segments.length < 2 || !first) return segments;
  const sameSide = onSideOf(first, gutter);
  let last = 0;
  while (last + 1 < segments.length && sameSide(segments[last + 1]!)) last++;
  if (last === 0 || !leftEquationRow.test(pieceText(first), segments.slice(1, last + 1).map(pieceText).join(' '))) return segments;
  return [segments.slice(0, last + 1).flat(), ...segments.slice(last + 1)];
}

function withRightNumberedRowJoined(segments: PdfTextItem[][], gutter: number | null): PdfTextItem[][] {
  const last = segments[segments.length - 1];
  if (segments.length < 2 || !last || !equationRow.test(pieceText(last))) return segments;
  const sameSide = onSideOf(last, gutter);
  let first = segments.length - 1;
  while (first > 0 && sameSide(segments[first - 1]!)) first--;
  if (first === segments.length - 1) return segments;
  return [...segments.slice(0, first), segments.slice(first).flat()];
}

interface TextRun {
  x0: number;
  x1: number;
  y: number;
}

/**
 * Items on one baseline run together where less than a sentence space parts them (page-gutter's runGapSizes), and
 * so do the runs of a baseline spaced evenly, four or more: a full-width line justified by a word processor, whose
 * stretched spaces can pass that gap, is one run (two columns' lines on one baseline are parted by the gutter, not
 * by one even space).
 */
function textRuns(items: readonly PdfTextItem[]): TextRun[] {
  const baselines: PdfTextItem[][] = [];
  for (const item of [...items].sort((a, b) => b.y - a.y)) {
    const baseline = baselines[baselines.length - 1];
    if (baseline && Math.abs(baseline[0]!.y - item.y) <= 1) baseline.push(item);
    else baselines.push([item]);
  }
  return baselines.flatMap((baseline) => {
    const size = (group: readonly PdfTextItem[]) => Math.max(...group.map((i) => i.size));
    const runs = groupsAlong(baseline, (run, item) => item.x - rightOf(run) <= pageGutter.constants.runGapSizes * Math.max(size(run), item.size));
    const extent = (group: readonly PdfTextItem[]) => ({ x0: Math.min(...group.map((i) => i.x)), x1: rightOf(group), y: group[0]!.y });
    const gaps = runs.slice(1).map((run, k) => run[0]!.x - rightOf(runs[k]!));
    // Four or more runs at gaps of one width, each a word space and not a column's width: one justified line.
    const even = runs.length >= pageGutter.constants.minEvenRuns && Math.min(...gaps) > 0 && evenWordGaps(gaps, size(baseline));
    return even ? [extent(baseline)] : runs.map(extent);
  });
}

/**
 * The items between the top and the bottom of the columns: a full-width band above them (page 1's title,
 * authors and date) or below them (a wide figure) crosses the middle but is not prose crossing the gutter.
 * The columns are told by the page's middle: text centred well left of it, and text centred well right of it.
 * Text is judged by its runs, not its items: a word processor writes a line of a full-width abstract as two items
 * where its sentence space is stretched ("… is needed." and "The aim of the"), each centred to one side.
 */
export function columnBand(items: readonly PdfTextItem[], width: number): PdfTextItem[] {
  const middle = width / 2;
  const centre = (run: TextRun) => (run.x0 + run.x1) / 2;
  const runs = textRuns(items);
  // Centred lines (a title, an author) are neither column's.
  const left = runs.filter((r) => centre(r) < middle - width * 0.05);
  const right = runs.filter((r) => centre(r) > middle + width * 0.05);
  // Columns hold lines: on a one-column page of displays, the pieces of maths and the equation numbers are runs to each side
  // of the middle, yet none is a column's line, and the strip between them is no gutter.
  const { minLinesPerSide, minLineWidth } = pageGutter.constants;
  const lineLike = (side: readonly TextRun[]) => side.filter((r) => r.x1 - r.x0 >= width * minLineWidth).length;
  if (lineLike(left) < minLinesPerSide || lineLike(right) < minLinesPerSide) return [...items];
  const top = Math.min(Math.max(...left.map((r) => r.y)), Math.max(...right.map((r) => r.y)));
  const bottom = Math.max(Math.min(...left.map((r) => r.y)), Math.min(...right.map((r) => r.y)));
  const slack = pageGutter.constants.bandSlack;
  return items.filter((i) => i.y <= top + slack && i.y >= bottom - slack);
}

/**
 * A page's column gutter, read from its text items (see the page-gutter rule): its x, and the left edge of
 * the right column (where most items right of it start); null for one column.
 */
export function gutterOf(items: readonly PdfTextItem[], width: number): { x: number; rightEdge: number } | null {
  const text = columnBand(items.filter((i) => i.text.trim() && i.width > 0), width);
  if (text.length < 20 || !(width > 0)) return null;
  const from = Math.round(width * pageGutter.constants.middleFrom);
  const to = Math.floor(width * pageGutter.constants.middleTo);
  if (to < from) return null;
  // One pass over the items: at each whole x of the middle, how many items end at or before it (left of it)
  // and how many start at or after it (right of it); the rest cross it.
  const endsBy = new Array<number>(to - from + 2).fill(0);
  const startsFrom = new Array<number>(to - from + 2).fill(0);
  for (const i of text) {
    const end = Math.max(from, Math.ceil(i.x + i.width));
    if (end <= to) endsBy[end - from]!++;
    const start = Math.min(to, Math.floor(i.x));
    if (start >= from) startsFrom[start - from]!++;
  }
  let best: { x: number; crossing: number } | null = null;
  let leftOf = 0;
  let rightOf = startsFrom.reduce((n, c) => n + c, 0);
  for (let x = from; x <= to; x++) {
    leftOf += endsBy[x - from]!;
    if (x > from) rightOf -= startsFrom[x - from - 1]!;
    const crossing = text.length - leftOf - rightOf;
    if (!pageGutter.test(crossing, leftOf, rightOf, text.length)) continue;
    // The emptiest strip; of equally empty ones, the nearest the middle.
    if (!best || crossing < best.crossing || (crossing === best.crossing && Math.abs(x - width / 2) < Math.abs(best.x - width / 2))) best = { x, crossing };
  }
  if (!best) return null;
  const starts = new Map<number, number>();
  for (const i of text) if (i.x >= best.x) starts.set(Math.round(i.x), (starts.get(Math.round(i.x)) ?? 0) + 1);
  const rightEdge = [...starts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
  return { x: best.x, rightEdge };
}

/** The item that ends nearest left of `x` in the band of `host`'s line (a script's base, or a word a space away). */
function itemLeftOf(sorted: readonly PdfTextItem[], index: number, host: PdfTextItem, x: number): PdfTextItem | undefined {
  let best: PdfTextItem | undefined;
  const inBand = (item: PdfTextItem) => Math.abs(item.y - host.y) <= host.size;
  const consider = (item: PdfTextItem) => {
    const right = item.x + item.width;
    if (item.text.trim() && right <= x + 0.5 && (!best || right > best.x + best.width)) best = item;
  };
  for (let j = index; j >= 0 && sorted[j]!.y - host.y <= host.size; j--) if (inBand(sorted[j]!)) consider(sorted[j]!);
  for (let j = index + 1; j < sorted.length && host.y - sorted[j]!.y <= host.size; j++) if (inBand(sorted[j]!)) consider(sorted[j]!);
  return best;
}

function round(n: number): number {
  return Math.round(n * 2) / 2;
}

/**
 * The row an item joins: among rows close above, the one whose item nearest in x overlaps
 * it most. Judging by the nearest item, not the row's first, keeps a subscript with its own
 * column's line when the other column's baseline is a few points off. Of the items equally
 * near, the largest decides: a subscript right after "m" also touches the superscript drawn
 * over that letter ("m" with "−1/2" over "N"), which alone would not share its row.
 */
function rowFor(rows: PdfTextItem[][], item: PdfTextItem): PdfTextItem[] | undefined {
  let best: PdfTextItem[] | undefined;
  let bestOverlap = 0;
  for (let k = rows.length - 1; k >= 0; k--) {
    const row = rows[k]!;
    if (row[0]!.y - item.y > 3 * Math.max(row[0]!.size, item.size)) break;
    const distanceTo = (other: PdfTextItem) => Math.max(0, other.x - (item.x + item.width), item.x - (other.x + other.width));
    let nearDistance = Infinity;
    for (const other of row) if (other.text.trim()) nearDistance = Math.min(nearDistance, distanceTo(other));
    const equallyNear = row.filter((other) => other.text.trim() && distanceTo(other) <= nearDistance + 0.5);
    const near = equallyNear.reduce((largest, other) => (other.size > largest.size ? other : largest), equallyNear[0] ?? row[0]!);
    if (!sameRow.test(near, item)) continue;
    const overlap = Math.min(near.y + near.size * 0.75, item.y + item.size * 0.75) - Math.max(near.y, item.y);
    if (overlap > bestOverlap) [best, bestOverlap] = [row, overlap];
  }
  return best;
}

/**
 * A line's type size (see the line-type-size rule): the largest of its main item's size and the sizes that set a
 * quarter or more of its characters, letters among them, in proportional type.
 */
function typeSizeOf(items: readonly PdfTextItem[], main: PdfTextItem): number {
  const chars = new Map<number, { n: number; letters: boolean }>();
  let total = 0;
  for (const i of items) {
    const n = i.text.replace(/\s+/g, '').length;
    total += n;
    if (i.monospace) continue;
    const counted = chars.get(i.size) ?? { n: 0, letters: false };
    chars.set(i.size, { n: counted.n + n, letters: counted.letters || /\p{L}/u.test(i.text) });
  }
  const sizes = [...chars.entries()].filter(([, c]) => c.letters && lineTypeSize.test(c.n, total)).map(([size]) => size);
  return Math.max(main.size, ...sizes);
}

/** A stacked fraction's two items as one on the baseline, "1/3" (rule stacked-fraction); every other item as it is. */
function withStackedFractions(items: PdfTextItem[], main: PdfTextItem, bodySize: number, size: number): PdfTextItem[] {
  const out: PdfTextItem[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const next = items[i + 1];
    const raisedFirst = superscript.test(item, main, bodySize);
    const pair = next && (raisedFirst ? subscript.test(next, main) : subscript.test(item, main) && superscript.test(next, main, bodySize)) ? next : undefined;
    const [raised, lowered] = raisedFirst ? [item, pair] : [pair, item];
    if (!pair || !raised || !lowered || !stackedFraction.test(raised, lowered, out[out.length - 1], size)) {
      out.push(item);
      continue;
    }
    const x = Math.min(raised.x, lowered.x);
    const right = Math.max(raised.x + raised.width, lowered.x + lowered.width);
    out.push({ ...lowered, text: `${raised.text.trim()}/${lowered.text.trim()}`, x, width: right - x, y: main.y });
    i++;
  }
  return out;
}

function toLine(rawItems: PdfTextItem[], page: PdfPageText, bodySize: number): PdfLine {
  // The line's baseline and size come from its main text, not from superscripts.
  const main = rawItems.reduce((best, i) => (i.size * i.text.length > best.size * best.text.length ? i : best), rawItems[0]!);
  const size = typeSizeOf(rawItems, main);
  const items = withStackedFractions(
    rawItems.map((item, i) =>
      scriptEll.test(item, main.font) ? { ...item, text: item.text.replace(/`/g, 'ℓ') } : centredDot.test(item, rawItems[i - 1], rawItems[i + 1]) ? { ...item, text: '·' } : item,
    ),
    main,
    bodySize,
    size,
  );
  let text = '';
  const supers: Superscript[] = [];
  const pieces: LinePiece[] = [];
  let previous: PdfTextItem | null = null;
  const append = (item: PdfTextItem) => {
    // Its place in the layout counts (a display's large delimiter), its characters do not.
    if (unmappedGlyph.test(item)) return;
    if (previous) {
      const gap = item.x - (previous.x + previous.width);
      if (wordGap.test(gap, size) && !text.endsWith(' ') && !item.text.startsWith(' ')) text += ' ';
    }
    pieces.push({ x0: item.x, x1: item.x + item.width, start: text.length, end: text.length + item.text.length, font: item.font });
    text += item.text;
    previous = item;
  };
  const write = (group: PdfTextItem[], written: string) => {
    const last = group[group.length - 1]!;
    pieces.push({ x0: group[0]!.x, x1: last.x + last.width, start: text.length, end: text.length + written.length, font: group[0]!.font });
    text += written;
    previous = last;
  };
  // Raised items in a row ("−", "1", "/", "2") are read together: an exponent goes into the text, marks stay apart.
  let raised: PdfTextItem[] = [];
  const placeRaised = () => {
    if (!raised.length) return;
    const written = raisedText(raised.map((i) => i.text).join(''), text);
    if (written === null) {
      for (const r of raised) supers.push({ text: r.text.trim(), at: text.length });
      previous = raised[raised.length - 1]!; // the next word's space is measured from the mark
    } else write(raised, written);
    raised = [];
  };
  // Lowered items in a row are a subscript of what they touch ("s_k", "T_eff"); apart from it, they are text.
  let lowered: PdfTextItem[] = [];
  const placeLowered = () => {
    if (!lowered.length) return;
    const gap = previous ? lowered[0]!.x - (previous.x + previous.width) : Infinity;
    const written = loweredText(lowered.map((i) => i.text).join(''), text, wordGap.test(gap, size));
    if (written === null) for (const l of lowered) append(l);
    else write(lowered, written);
    lowered = [];
  };
  for (const item of items) {
    if (superscript.test(item, main, bodySize)) {
      placeLowered();
      raised.push(item);
      continue;
    }
    if (subscript.test(item, main)) {
      placeRaised();
      lowered.push(item);
      continue;
    }
    placeRaised();
    placeLowered();
    append(item);
  }
  placeRaised();
  placeLowered();
  const fontChars = new Map<string, number>();
  let visible = 0;
  let fixed = 0;
  for (const i of items) {
    fontChars.set(i.font, (fontChars.get(i.font) ?? 0) + i.text.length);
    const n = i.text.replace(/\s+/g, '').length;
    visible += n;
    if (i.monospace) fixed += n;
  }
  const font = mostCommon(fontChars)!;
  const last = items[items.length - 1]!;
  return {
    page: page.pageNumber,
    pageWidth: page.width,
    pageHeight: page.height,
    x0: items[0]!.x,
    x1: Math.max(...items.map((i) => i.x + i.width), last.x + last.width),
    y: main.y,
    size,
    font,
    text,
    supers,
    pieces,
    monospace: visible ? fixed / visible : 0,
  };
}
