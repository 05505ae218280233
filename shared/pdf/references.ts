/**
 * The reference section to entries: labelled ("[12]", "12.", "[Qui78]", a superscript
 * number) or author-year with a hanging indent. Entries may run across columns and
 * pages: a line continues the current entry unless it starts a new one.
 */
import type { Reference } from '../model/paper';
import { fieldsOf, parseReference } from '../references/parse-reference';
import { withRepeatedAuthors } from '../references/repeated-authors';
import { addToGroup } from './grouping';
import { joinLines } from './join-lines';
import type { PlacedLine } from './layout';
import { authorYearEntryStart, entryLabelOf, hangingIndent, numberedEntryInSequence, shortColumnIndent, spacedList } from './rules/reference-rules';
import type { Vocabulary } from './rules/text-rules';
import { extraLeading, type DocumentStyle } from './style';

export interface ReferenceEntry {
  label?: string;
  text: string;
  lines: PlacedLine[];
}

interface Draft {
  label?: string;
  lines: PlacedLine[];
  texts: string[];
}

function labelledEntries(lines: PlacedLine[]): Draft[] | null {
  const first = entryLabelOf(lines[0]!);
  if (!first) return null;
  // One list, one form of label: a line of another form is a continuation ("7 of Lecture Notes" in a "[6]" list).
  const labels = lines.map((l) => {
    const label = entryLabelOf(l);
    return label && label.form === first.form ? label : null;
  });
  const numbered = first.n !== undefined;
  const count = labels.filter((l) => l && (l.n !== undefined) === numbered).length;
  if (count < Math.min(3, lines.length) || (numbered && first.n !== 1)) return null;
  const entries: Draft[] = [];
  let expected = 1;
  lines.forEach((line, i) => {
    const label = labels[i];
    if (label && (numbered ? label.n !== undefined && numberedEntryInSequence.test(label.n, expected) : label.n === undefined)) {
      entries.push({ label: label.label, lines: [line], texts: [line.text.slice(label.length)] });
      if (label.n !== undefined) expected = label.n + 1;
      return;
    }
    // The expected label in mid-line: the tail of a wrapped URL ran onto the next entry's line.
    const inside = numbered ? new RegExp(`\\s\\[${expected}\\]\\s`).exec(line.text) : null;
    if (inside && entries.length) {
      entries[entries.length - 1]!.texts.push(line.text.slice(0, inside.index));
      entries.push({ label: `[${expected}]`, lines: [line], texts: [line.text.slice(inside.index + `[${expected}]`.length + 2)] });
      expected++;
      return;
    }
    entries[entries.length - 1]?.lines.push(line);
    entries[entries.length - 1]?.texts.push(line.text);
  });
  return entries;
}

/** Fewer gaps than this between lines of one column do not show a list's own spacing. */
const MIN_SPACING_SAMPLES = 10;

/** The list's own line spacing: the most common gap between lines of one column, to a tenth of a point (null with too few). */
function listLineSpacing(lines: readonly PlacedLine[]): number | null {
  const counts = new Map<number, number>();
  lines.forEach((line, i) => {
    const before = lines[i - 1];
    if (!before || before.page !== line.page || before.column !== line.column || before.y <= line.y) return;
    const gap = Math.round((before.y - line.y) * 10) / 10;
    counts.set(gap, (counts.get(gap) ?? 0) + 1);
  });
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return best && best[1] >= MIN_SPACING_SAMPLES ? best[0] : null;
}

function authorYearEntries(lines: PlacedLine[], style: DocumentStyle): Draft[] {
  // On reference pages most lines are continuations, so the column's usual left edge is the indent;
  // the margin is the leftmost start in that column on that page.
  const columnOf = (l: PlacedLine) => `${l.page}|${l.column}`;
  const columns = new Map<string, PlacedLine[]>();
  for (const l of lines) addToGroup(columns, columnOf(l), l);
  const margins = new Map([...columns].map(([key, column]) => [key, Math.min(...column.map((l) => l.x0))]));
  const indentOf = (l: PlacedLine) => l.x0 - (margins.get(columnOf(l)) ?? l.columnLeft);
  const atMargin = (l: PlacedLine) => indentOf(l) < style.bodySize * 0.4;
  const hanging = hangingIndent.test(lines.map(indentOf), style.bodySize);
  // A column of a few lines none of them indented shows no margin of its own (rule short-column-indent).
  const noIndentShown = new Set([...columns].filter(([, column]) => shortColumnIndent.test(column.length, column.every(atMargin))).map(([key]) => key));
  // Space between lines beyond the line spacing, against a single-spaced line (a double-spaced list's entries are set
  // apart by the same few points as a single-spaced one's).
  const singleSpacing = style.lineSpacing - extraLeading(style);
  // Against the list's own spacing: a list set smaller than the text (AAAI's 9-pt entries, 10 pt apart under 11-pt text
  // spacing) read every line as closer than a line, and the space between its entries (2.7 pt) as none.
  const listSpacing = listLineSpacing(lines) ?? style.lineSpacing;
  const spaceBefore = lines.map((line, i) => {
    const before = lines[i - 1];
    return before && before.page === line.page && before.column === line.column ? (before.y - line.y - listSpacing) / singleSpacing : null;
  });
  const gapBreaks = spaceBefore.map((space) => (space ?? 0) > spacedList.constants.entrySpaceLines);
  const spacedEntries = spacedList.test(gapBreaks.filter(Boolean).length, spaceBefore.filter((space) => space !== null).length);
  const entries: Draft[] = [];
  let previous: PlacedLine | undefined;
  lines.forEach((line, i) => {
    const startsAtMargin = atMargin(line);
    const gapBreak = gapBreaks[i]!;
    const newEntry = !entries.length || (hanging && !noIndentShown.has(columnOf(line)) ? startsAtMargin : spacedEntries && spaceBefore[i] !== null ? gapBreak : gapBreak || (/\.$/.test(previous?.text ?? '') && previous!.x1 < previous!.columnRight - style.bodySize * 2) ||
      (previous !== undefined && authorYearEntryStart.test(line, previous, style.bodySize)));
    if (newEntry) entries.push({ lines: [line], texts: [line.text] });
    else {
      entries[entries.length - 1]!.lines.push(line);
      entries[entries.length - 1]!.texts.push(line.text);
    }
    previous = line;
  });
  return entries;
}

export function splitReferenceEntries(lines: PlacedLine[], style: DocumentStyle, vocabulary?: Vocabulary): ReferenceEntry[] {
  if (!lines.length) return [];
  const entries = labelledEntries(lines) ?? authorYearEntries(lines, style);
  return entries.map((e) => ({ ...(e.label ? { label: e.label } : {}), text: joinLines(e.texts, vocabulary), lines: e.lines }));
}

export function toReferences(entries: { label?: string; text: string }[]): Reference[] {
  return withRepeatedAuthors(entries.map((entry, i) => {
    const csl = parseReference(entry.text);
    const fields = fieldsOf(csl);
    const reference: Reference = { id: `ref${i + 1}`, raw: entry.text, ...(entry.label ? { label: entry.label } : {}), csl };
    for (const key of ['authors', 'title', 'year', 'venue', 'doi', 'arxivId', 'url'] as const) {
      const value = fields[key];
      if (value !== undefined && !(Array.isArray(value) && value.length === 0)) (reference as unknown as Record<string, unknown>)[key] = value;
    }
    return reference;
  }));
}
