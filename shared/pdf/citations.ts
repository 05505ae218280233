/**
 * In-text citation markers in PDF text, linked to reference entries: numeric ("[3]",
 * "[2–5]", "[3, 9]") by entry number, author-year ("Smith et al. (2020)", "(Smith and
 * Jones, 2020a; Lee, 2019)") by first author's family name and year.
 */
import type { InTextCitation, Reference } from '../model/paper';

const NUMERIC = /\[(\s*\d{1,4}(?:\s*[–—-]\s*\d{1,4})?(?:\s*[,;]\s*\d{1,4}(?:\s*[–—-]\s*\d{1,4})?)*\s*)\]/g;
const YEAR = String.raw`(?:19|20)\d{2}[a-z]?`;
const PARENTHETICAL = new RegExp(String.raw`\(([^()]*?\b${YEAR}\b[^()]*)\)`, 'gu');
const NAME = String.raw`\p{Lu}[\p{L}'’-]+(?:\s+(?:van|von|de|der|del|da|di|le|la)\s+\p{Lu}[\p{L}'’-]+)?`;
const TEXTUAL = new RegExp(String.raw`(${NAME})(?:\s+et\s+al\.?|\s+(?:and|&)\s+${NAME})?\s*\((${YEAR}(?:\s*,\s*${YEAR})*)\)`, 'gu');

function fold(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** First author's family name as written in the entry: "A. B. Smith", "Smith, A. B." or "Smith A". */
export function firstAuthorFamily(reference: Reference): string | null {
  const first = reference.authors?.[0] ?? reference.raw.split(/[,.(]/)[0] ?? '';
  if (!first) return null;
  if (/,/.test(reference.raw.slice(0, (reference.raw.indexOf(first) + first.length + 2))) && /^\p{Lu}[\p{L}'’-]+$/u.test(first.trim())) return fold(first.trim());
  const parts = first.trim().split(/\s+/).filter((p) => !/^\p{Lu}\.?$/u.test(p) && !/^\p{Lu}\.\p{Lu}\.?$/u.test(p));
  return parts.length ? fold(parts[parts.length - 1]!) : null;
}

interface AuthorYearIndex {
  find(family: string, year: string): string | null;
}

function indexAuthorYear(references: Reference[]): AuthorYearIndex {
  const byKey = new Map<string, string[]>();
  for (const r of references) {
    const family = firstAuthorFamily(r);
    if (!family || !r.year) continue;
    const key = `${family}|${r.year}`;
    byKey.set(key, [...(byKey.get(key) ?? []), r.id]);
  }
  return {
    find(family, year) {
      const suffix = /[a-z]$/.exec(year)?.[0];
      const ids = byKey.get(`${fold(family)}|${year.replace(/[a-z]$/, '')}`);
      if (!ids?.length) return null;
      return suffix ? ids[suffix.charCodeAt(0) - 97] ?? ids[0]! : ids[0]!;
    },
  };
}

function expandNumbers(inner: string): number[] {
  const out: number[] = [];
  for (const part of inner.split(/[,;]/)) {
    const range = /(\d+)\s*[–—-]\s*(\d+)/.exec(part);
    if (range) {
      const [a, b] = [Number(range[1]), Number(range[2])];
      if (b >= a && b - a < 50) for (let n = a; n <= b; n++) out.push(n);
    } else if (/\d/.test(part)) out.push(Number(part.trim()));
  }
  return out;
}

export function findCitations(text: string, references: Reference[]): InTextCitation[] {
  const citations: InTextCitation[] = [];
  const numbered = new Map<number, string>();
  references.forEach((r, i) => {
    const n = Number(/\d+/.exec(r.label ?? '')?.[0] ?? i + 1);
    numbered.set(n, r.id);
  });
  const numericStyle = references.some((r) => r.label);
  if (numericStyle) {
    for (const m of text.matchAll(NUMERIC)) {
      const ids = expandNumbers(m[1]!).map((n) => numbered.get(n)).filter((id): id is string => id !== undefined);
      if (ids.length) citations.push({ marker: m[0], referenceIds: [...new Set(ids)], start: m.index!, end: m.index! + m[0].length });
    }
    return citations;
  }
  const index = indexAuthorYear(references);
  const taken: [number, number][] = [];
  for (const m of text.matchAll(TEXTUAL)) {
    const years = m[2]!.split(/\s*,\s*/);
    const ids = years.map((y) => index.find(m[1]!, y)).filter((id): id is string => id !== null);
    if (ids.length) {
      citations.push({ marker: m[0], referenceIds: ids, start: m.index!, end: m.index! + m[0].length });
      taken.push([m.index!, m.index! + m[0].length]);
    }
  }
  for (const m of text.matchAll(PARENTHETICAL)) {
    const start = m.index!;
    if (taken.some(([a, b]) => start < b && start + m[0].length > a)) continue;
    const ids: string[] = [];
    for (const part of m[1]!.split(';')) {
      const cite = new RegExp(String.raw`(${NAME})(?:\s+et\s+al\.?|\s+(?:and|&)\s+${NAME})?,?\s+(${YEAR}(?:\s*,\s*${YEAR})*)`, 'u').exec(part);
      if (!cite) continue;
      for (const year of cite[2]!.split(/\s*,\s*/)) {
        const id = index.find(cite[1]!, year);
        if (id) ids.push(id);
      }
    }
    if (ids.length) citations.push({ marker: m[0], referenceIds: [...new Set(ids)], start, end: start + m[0].length });
  }
  return citations.sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
}
