/**
 * In-text citation markers in PDF text, linked to reference entries: numeric ("[3]",
 * "[2–5]", superscript numerals) by entry number, alpha keys ("[BC11]") by label, and
 * author-year ("Smith et al. (2020)", "(Smith and Jones, 2020a; Lee, 2019)",
 * "[Wu et al., 2024]") by first author's family name and year.
 */
import type { InTextCitation, Reference } from '../model/paper';
import { leadingGroupAuthor } from '../references/parse-names';
import { entryLabelOf } from './rules/reference-rules';
import { addToGroup } from './grouping';
import { ALPHA, alphaKeyOf, AUTHOR_YEAR_GROUP, foldName, AUTHOR_YEAR_ITEM, citedAuthorForm, citedNameOpensEntry, COMMA_BETWEEN_WORKS, NAMED_NUMBER, namedNumber, NUMERIC, parenthesisedCitations, PARENTHESISED_NUMERIC, pendingWork, superscriptCitation, entryOpening, zeroIndexNotCitation, gluedCitedName, TEXTUAL, YEARS_ONLY, yearInEntry, yearsOf, type CitedAuthors } from './rules/citation-rules';

/** First author's family name as written in the entry: "A. B. Smith", "Smith, A. B." or "Smith A". */
export function firstAuthorFamily(reference: Reference): string | null {
  const first = reference.authors?.[0] ?? reference.raw.split(/[,.(]/)[0] ?? '';
  if (!first) return null;
  if (/,/.test(reference.raw.slice(0, (reference.raw.indexOf(first) + first.length + 2))) && /^\p{Lu}[\p{L}'’-]+$/u.test(first.trim())) return foldName(first.trim());
  const parts = first.trim().split(/\s+/).filter((p) => !/^\p{Lu}\.?$/u.test(p) && !/^\p{Lu}\.\p{Lu}\.?$/u.test(p));
  return parts.length ? foldName(parts[parts.length - 1]!) : null;
}

interface AuthorYearIndex {
  find(cited: CitedAuthors, year: string): string | null;
}

/**
 * A group author that opens the entry ("Gaia Collaboration, Prusti, T., …"), which the text cites by its last word
 * ("Gaia Collaboration et al. 2016"). Entries parsed here list the group first already; others may not.
 */
export function groupAuthorFamily(reference: Reference): string | null {
  const family = firstAuthorFamily(reference);
  const group = leadingGroupAuthor(reference.raw, family ? [family] : []);
  return group ? foldName(group.split(/\s+/).pop()!) : null;
}

/** The entries that pass a test, when some do; else all of them (a preference, never a filter to nothing). */
function prefer(entries: Reference[], test: (r: Reference) => boolean): Reference[] {
  const kept = entries.filter(test);
  return kept.length ? kept : entries;
}

function indexAuthorYear(references: Reference[]): AuthorYearIndex {
  const byKey = new Map<string, Reference[]>();
  const byFamily = new Map<string, Reference[]>();
  for (const r of references) {
    // The group is the first author where one leads: its members are not cited by their own names.
    const family = groupAuthorFamily(r) ?? firstAuthorFamily(r);
    if (!family) continue;
    addToGroup(byFamily, family, r);
    if (r.year) addToGroup(byKey, `${family}|${r.year}`, r);
  }
  // Several works of one first author and year: the one the citation's form of the authors names.
  const named = (cited: CitedAuthors, entries: Reference[]) => prefer(prefer(entries, (r) => citedNameOpensEntry.test(cited, r)), (r) => citedAuthorForm.test(cited, r));
  return {
    find(cited, year) {
      const family = foldName(cited.family);
      const ofFamily = byFamily.get(family) ?? [];
      if (!/^\d/.test(year)) {
        const pending = ofFamily.filter((r) => pendingWork.test(year, r.raw));
        return pending.length ? named(cited, pending)[0]!.id : null;
      }
      const suffix = /[a-z]$/.exec(year)?.[0];
      let entries = byKey.get(`${family}|${year.replace(/[a-z]$/, '')}`) ?? ofFamily.filter((r) => yearInEntry.test(year, r.raw));
      if (!entries.length) entries = references.filter((r) => r.year === Number(year.replace(/[a-z]$/, '')) && entryOpening.test(cited.family, r.raw));
      if (!entries.length) return null;
      const forms = named(cited, entries);
      if (!suffix) return forms[0]!.id;
      return (forms[suffix.charCodeAt(0) - 97] ?? entries[suffix.charCodeAt(0) - 97] ?? forms[0]!).id;
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

export interface CitationMark {
  text: string;
  at: number;
  /** A mark that opens a footnote on its page is a footnote mark, not a citation. */
  footnote?: boolean;
}

export type CitationStyle = 'numeric' | 'alpha' | 'author-year';

/** An entry's label: the one the splitter read, else a number printed at the start of its text ("1. N. P. Rougier …"). */
function labelOf(reference: Reference): string | undefined {
  if (reference.label !== undefined) return reference.label;
  const printed = entryLabelOf({ text: reference.raw, supers: [] });
  return printed?.form === 'bracket' || printed?.form === 'dotted' || printed?.form === 'paren' ? printed.label : undefined;
}

export function citationStyleOf(references: Reference[]): CitationStyle {
  const labels = references.map(labelOf).filter((l): l is string => l !== undefined);
  if (labels.length < references.length / 2 || !labels.length) return 'author-year';
  return labels.filter((l) => /\d[\])]?\.?$/.test(l) && /^[[(]?\d/.test(l)).length >= labels.length / 2 ? 'numeric' : 'alpha';
}

export interface CitationForms {
  /** The document cites its numbered entries in parentheses, "(3)" (rule cite-parenthesised). */
  parenthesised?: boolean;
}

/**
 * How a document with a numbered list cites it, read from all its paragraphs at once: in brackets or superscript (the
 * default), or in parentheses (rule cite-parenthesised). `superscriptMarks`: the raised numbers the text holds; only those
 * that could name entries of the list count (a raised "4096" in a list of 61 is a dimension, not a citation).
 */
export function citationFormsOf(texts: readonly string[], references: Reference[], superscriptMarks: readonly string[]): CitationForms {
  if (citationStyleOf(references) !== 'numeric') return {};
  let bracketed = 0;
  const numbers: number[] = [];
  const listHasZero = numberedEntries(references).has(0);
  const superscripts = superscriptMarks.filter((mark) => {
    const named = expandNumbers(mark);
    return named.length > 0 && named.every((n) => n >= 1 && n <= references.length);
  }).length;
  for (const text of texts) {
    for (const m of text.matchAll(NUMERIC)) if (!zeroIndexNotCitation.test(expandNumbers(m[1]!), listHasZero)) bracketed++;
    // A year in parentheses ("(2014)", "(2010–2015)") is no entry's number and no evidence either way.
    for (const m of text.matchAll(PARENTHESISED_NUMERIC)) numbers.push(...expandNumbers(m[1]!).filter((n) => n < 1000));
  }
  return parenthesisedCitations.test(numbers, bracketed + superscripts, references.length) ? { parenthesised: true } : {};
}

export function findCitations(text: string, references: Reference[], marks: CitationMark[] = [], forms: CitationForms = {}): InTextCitation[] {
  const style = citationStyleOf(references);
  const citations = style === 'numeric' ? numericCitations(text, references, marks, forms) : style === 'alpha' ? alphaCitations(text, references) : authorYearCitations(text, references);
  return citations.sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
}

/** Each entry's id by the number its label gives it (its place in the list when it has none). */
function numberedEntries(references: readonly Reference[]): Map<number, string> {
  const numbered = new Map<number, string>();
  references.forEach((r, i) => numbered.set(Number(/\d+/.exec(labelOf(r) ?? '')?.[0] ?? i + 1), r.id));
  return numbered;
}

function numericCitations(text: string, references: Reference[], marks: CitationMark[], forms: CitationForms): InTextCitation[] {
  const numbered = numberedEntries(references);
  const link = (inner: string) => [...new Set(expandNumbers(inner).map((n) => numbered.get(n)).filter((id): id is string => id !== undefined))];
  const citations: InTextCitation[] = [];
  for (const m of [...text.matchAll(NUMERIC), ...(forms.parenthesised ? text.matchAll(PARENTHESISED_NUMERIC) : [])]) {
    if (zeroIndexNotCitation.test(expandNumbers(m[1]!), numbered.has(0))) continue;
    const ids = link(m[1]!);
    if (ids.length) citations.push({ marker: m[0], referenceIds: ids, start: m.index, end: m.index + m[0].length });
  }
  const byId = new Map(references.map((r) => [r.id, r]));
  for (const m of text.matchAll(NAMED_NUMBER)) {
    const id = numbered.get(Number(m[3]));
    const entry = id ? byId.get(id) : undefined;
    if (!id || !entry || !namedNumber.test(m[1]!, groupAuthorFamily(entry) ?? firstAuthorFamily(entry))) continue;
    citations.push({ marker: m[0], referenceIds: [id], start: m.index, end: m.index + m[0].length });
  }
  for (const mark of marks) {
    if (!superscriptCitation.test(mark.text, mark.footnote === true)) continue;
    const ids = link(mark.text);
    // Superscripts are not in the text: the citation sits at the mark's offset, with no width.
    if (ids.length) citations.push({ marker: mark.text, referenceIds: ids, start: mark.at, end: mark.at });
  }
  return citations;
}

function alphaCitations(text: string, references: Reference[]): InTextCitation[] {
  const byKey = new Map(references.map((r) => [alphaKeyOf((r.label ?? '').replace(/^\[|\]$/g, '')), r.id]));
  const citations: InTextCitation[] = [];
  for (const m of text.matchAll(ALPHA)) {
    const ids = m[1]!.split(/\s*[,;]\s*/).map((k) => byKey.get(alphaKeyOf(k))).filter((id): id is string => id !== undefined);
    if (ids.length) citations.push({ marker: m[0], referenceIds: [...new Set(ids)], start: m.index, end: m.index + m[0].length });
  }
  return citations;
}

/** The capitalised word right before a cited name ("Gravity" in "(Gravity Collaboration et al. 2018)", "CMB-S4"), if any. */
function wordBefore(text: string): string | undefined {
  return /(\p{Lu}[\p{L}\d'’-]+)\s+$/u.exec(text)?.[1];
}

function authorYearCitations(text: string, references: Reference[]): InTextCitation[] {
  const index = indexAuthorYear(references);
  const citations: InTextCitation[] = [];
  const taken: [number, number][] = [];
  for (const m of text.matchAll(TEXTUAL)) {
    const cited: CitedAuthors = { family: m[1]!, before: wordBefore(text.slice(Math.max(0, m.index - 40), m.index)), rest: m[2] };
    const find = (authors: CitedAuthors) => yearsOf(m[3]!).map((y) => index.find(authors, y)).filter((id): id is string => id !== null);
    let ids = find(cited);
    let start = m.index;
    // "MimicGenJiang et al. (2025)": a \citet typed with no space after a capitalised word; the name is the part an entry has.
    const glued = ids.length ? null : gluedCitedName.exec(m[1]!);
    if (glued) {
      ids = find({ family: glued[1]!, rest: m[2] });
      start = m.index + m[1]!.length - glued[1]!.length;
    }
    if (ids.length) {
      citations.push({ marker: text.slice(start, m.index + m[0].length), referenceIds: ids, start, end: m.index + m[0].length });
      taken.push([start, m.index + m[0].length]);
    }
  }
  for (const m of text.matchAll(AUTHOR_YEAR_GROUP)) {
    const start = m.index;
    if (taken.some(([a, b]) => start < b && start + m[0].length > a)) continue;
    const ids: string[] = [];
    let cited: CitedAuthors | null = null;
    for (const part of m[1]!.replace(COMMA_BETWEEN_WORKS, '$1;').split(';')) {
      const cite = AUTHOR_YEAR_ITEM.exec(part);
      // Years with no name repeat the authors before them.
      const years: string | undefined = cite?.[3] ?? (cited ? YEARS_ONLY.exec(part)?.[1] : undefined);
      cited = cite ? { family: cite[1]!, before: wordBefore(part.slice(0, cite.index)), rest: cite[2] } : years ? cited : null;
      if (!years || !cited) continue;
      for (const year of yearsOf(years)) {
        const id = index.find(cited, year);
        if (id) ids.push(id);
      }
    }
    if (ids.length) citations.push({ marker: m[0], referenceIds: [...new Set(ids)], start, end: start + m[0].length });
  }
  return citations;
}
