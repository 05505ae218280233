/**
 * Stable BibTeX keys, `author-year-word` run together as Google Scholar and arXiv write them
 * ("sinha2021qubit"): the first author's family name folded to lowercase ASCII, the year, the
 * first significant title word. Colliding keys get a, b, c… in order of record id, and keys a
 * document already uses (`previous`) are kept, so adding works never renames a key in use.
 */
import type { WorkRecord } from './work-record';

const STOP_WORDS = new Set(['the', 'and', 'with', 'from', 'into', 'using', 'toward', 'towards', 'about', 'over', 'under', 'some', 'what', 'when', 'where', 'which', 'their', 'this', 'that', 'these', 'those', 'does', 'your']);
/** What a previous key may be for us to keep it: a BibTeX key that needs no escaping anywhere. */
const VALID_KEY = /^[A-Za-z][A-Za-z0-9_:-]{0,99}$/;

export function isValidCitationKey(key: string): boolean {
  return VALID_KEY.test(key);
}

function ascii(text: string): string {
  return text.normalize('NFKD').replace(/[^A-Za-z0-9]/g, '').toLowerCase();
}

/** The key before disambiguation. */
export function baseCitationKey(record: WorkRecord): string {
  const first = record.author?.[0] ?? record.editor?.[0];
  const family = first ? ascii(first.family).replace(/[0-9]/g, '') : '';
  const year = record.issued?.['date-parts'][0]?.[0];
  const words = (record.title ?? '').split(/[\s\-–—:/]+/).map(ascii);
  const word = words.find((w) => w.length > 3 && !STOP_WORDS.has(w)) ?? words.find((w) => w.length > 0) ?? '';
  return `${family || 'anon'}${Number.isInteger(year) && year! > 0 && year! < 10000 ? year : ''}${word}`;
}

/** "a".."z", "aa".."az", …: the n-th disambiguation suffix. */
function suffix(n: number): string {
  let text = '';
  for (let i = n; i >= 0; i = Math.floor(i / 26) - 1) text = String.fromCharCode(97 + (i % 26)) + text;
  return text;
}

export function assignCitationKeys(records: WorkRecord[], previous?: ReadonlyMap<string, string>): Map<string, string> {
  const keys = new Map<string, string>();
  const taken = new Set<string>();
  const ids = [...new Set(records.map((r) => r.id))].sort();
  for (const id of ids) {
    const kept = previous?.get(id);
    if (kept !== undefined && isValidCitationKey(kept) && !taken.has(kept)) {
      keys.set(id, kept);
      taken.add(kept);
    }
  }
  const byId = new Map(records.map((r) => [r.id, r]));
  const groups = new Map<string, string[]>();
  for (const id of ids) {
    const base = baseCitationKey(byId.get(id)!);
    groups.set(base, [...(groups.get(base) ?? []), id]);
  }
  for (const [base, members] of groups) {
    const fresh = members.filter((id) => !keys.has(id));
    if (fresh.length === 0) continue;
    if (members.length === 1 && !taken.has(base)) {
      keys.set(fresh[0]!, base);
      taken.add(base);
      continue;
    }
    let n = 0;
    for (const id of fresh) {
      while (taken.has(base + suffix(n))) n++;
      keys.set(id, base + suffix(n));
      taken.add(base + suffix(n));
    }
  }
  return keys;
}
