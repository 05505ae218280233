/**
 * The reference section to entries: numbered ("[12]", "12.") or author-year with a
 * hanging indent. Entries may run across columns and pages: a line continues the
 * current entry unless it starts a new one.
 */
import type { Reference } from '../model/paper';
import { fieldsOf, parseReference } from '../references/parse-reference';
import { joinLines, type DocumentStyle } from './blocks';
import type { PlacedLine } from './layout';

const NUMBERED_START = /^\s*(?:\[(\d{1,3})\]|(\d{1,3})\.)\s+\S/;

export function splitReferenceEntries(lines: PlacedLine[], style: DocumentStyle): { label?: string; text: string; lines: PlacedLine[] }[] {
  const numberedStarts = lines.filter((l) => NUMBERED_START.test(l.text)).length;
  // A numbered list starts at 1; "2020. Title…" lines in an author-year list are years, not labels.
  const first = NUMBERED_START.exec(lines[0]?.text ?? '');
  const startsAtOne = first !== null && Number(first[1] ?? first[2]) === 1;
  const entries: { label?: string; lines: PlacedLine[]; texts: string[] }[] = [];
  if (startsAtOne && numberedStarts >= Math.min(3, lines.length)) {
    let expected = 1;
    const startEntry = (label: string, n: number, line: PlacedLine, text: string) => {
      entries.push({ label, lines: [line], texts: [text] });
      expected = n + 1;
    };
    for (const line of lines) {
      const m = NUMBERED_START.exec(line.text);
      const n = m ? Number(m[1] ?? m[2]) : NaN;
      // A label counts only in sequence (a few may be missing), so "2019. Springer" inside an entry does not split it.
      if (m && n >= expected && n <= expected + 3) {
        startEntry(m[1] ? `[${n}]` : `${n}.`, n, line, line.text);
        continue;
      }
      // The expected label in mid-line: the tail of a wrapped URL ran onto the next entry's line.
      const inside = new RegExp(`\\s\\[${expected}\\]\\s`).exec(line.text);
      if (inside && entries.length) {
        entries[entries.length - 1]!.texts.push(line.text.slice(0, inside.index));
        startEntry(`[${expected}]`, expected, line, line.text.slice(inside.index + 1));
        continue;
      }
      if (entries.length) {
        entries[entries.length - 1]!.lines.push(line);
        entries[entries.length - 1]!.texts.push(line.text);
      }
    }
  } else {
    // On reference pages most lines are continuations, so the column's usual left edge is the indent;
    // the margin is the leftmost start in that column on that page.
    const margins = new Map<string, number>();
    for (const l of lines) {
      const key = `${l.page}|${l.column}`;
      margins.set(key, Math.min(margins.get(key) ?? Infinity, l.x0));
    }
    const indentOf = (l: PlacedLine) => l.x0 - (margins.get(`${l.page}|${l.column}`) ?? l.columnLeft);
    const hanging = lines.filter((l) => indentOf(l) > style.bodySize * 0.5 && indentOf(l) < style.bodySize * 3).length > lines.length * 0.2;
    let previous: PlacedLine | undefined;
    for (const line of lines) {
      const startsAtMargin = indentOf(line) < style.bodySize * 0.4;
      const gapBreak = previous && previous.page === line.page && previous.column === line.column && previous.y - line.y > style.lineSpacing * 1.35;
      const newEntry = !entries.length || (hanging ? startsAtMargin : gapBreak || (/\.$/.test(previous?.text ?? '') && previous!.x1 < previous!.columnRight - style.bodySize * 2));
      if (newEntry) entries.push({ lines: [line], texts: [line.text] });
      else {
        entries[entries.length - 1]!.lines.push(line);
        entries[entries.length - 1]!.texts.push(line.text);
      }
      previous = line;
    }
  }
  return entries.map((e) => {
    const text = joinLines(e.texts).replace(/^\s*(?:\[\d{1,4}\]|\d{1,4}\.)\s+/, '');
    return { ...(e.label ? { label: e.label } : {}), text, lines: e.lines };
  });
}

export function toReferences(entries: { label?: string; text: string }[]): Reference[] {
  return entries.map((entry, i) => {
    const csl = parseReference(entry.text);
    const fields = fieldsOf(csl);
    const reference: Reference = { id: `ref${i + 1}`, raw: entry.text, ...(entry.label ? { label: entry.label } : {}), csl };
    for (const key of ['authors', 'title', 'year', 'venue', 'doi', 'arxivId', 'url'] as const) {
      const value = fields[key];
      if (value !== undefined && !(Array.isArray(value) && value.length === 0)) (reference as unknown as Record<string, unknown>)[key] = value;
    }
    return reference;
  });
}
