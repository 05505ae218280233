/**
 * Reference strings for a document's reference list, IEEE-like. (citation-js and
 * author-year styles come with the answer engine's reference work.)
 */
import type { PrimaryReference, SecondaryReference } from '../answer/answer';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2) return name;
  const last = parts.pop()!;
  return `${parts.map((p) => (/^\p{Lu}\.?$/u.test(p) ? p.replace(/\.?$/, '.') : `${p[0]}.`)).join(' ')} ${last}`;
}

export function formatAuthors(authors: readonly string[]): string {
  const names = authors.map(initials);
  if (names.length === 0) return '';
  if (names.length > 6) return `${names[0]} et al.`;
  if (names.length === 1) return names[0]!;
  if (names.length === 2) return `${names[0]} and ${names[1]}`;
  return `${names.slice(0, -1).join(', ')}, and ${names[names.length - 1]}`;
}

export function formatPrimary(reference: PrimaryReference): string {
  const authors = formatAuthors(reference.authors);
  const parts = [authors ? `${authors},` : '', `“${reference.title},”`];
  const tail = [reference.arxivId ? `arXiv:${reference.arxivId}${reference.version ?? ''}` : '', reference.year ? String(reference.year) : ''].filter(Boolean);
  return `${parts.filter(Boolean).join(' ')}${tail.length ? ` ${tail.join(', ')}` : ''}.`.replace(/,”\.$/, '.”');
}

export function formatSecondary(reference: SecondaryReference): string {
  if (!reference.title) return reference.raw;
  const parts = [reference.authors?.length ? `${formatAuthors(reference.authors)},` : '', `“${reference.title},”`];
  const tail = [reference.venue ?? '', reference.year ? String(reference.year) : '', reference.doi ? `doi:${reference.doi}` : reference.arxivId ? `arXiv:${reference.arxivId}` : ''].filter(Boolean);
  return `${parts.filter(Boolean).join(' ')}${tail.length ? ` ${tail.join(', ')}` : ''}.`.replace(/,”\.$/, '.”');
}
