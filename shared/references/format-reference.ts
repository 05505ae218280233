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
  return `${names.slice(0, -1).join(', ')}, and ${names[names.length - 1]}`;
}

export function formatPrimary(reference: PrimaryReference): string {
  const parts = [formatAuthors(reference.authors), `“${reference.title},”`];
  if (reference.arxivId) parts.push(`arXiv:${reference.arxivId}${reference.version ?? ''}`);
  if (reference.year) parts.push(String(reference.year));
  return parts.filter(Boolean).join(' ').replace(/,” (\d{4})$/, ',” $1') + '.';
}

export function formatSecondary(reference: SecondaryReference): string {
  if (!reference.title) return reference.raw;
  const parts = [reference.authors?.length ? formatAuthors(reference.authors) + ',' : '', `“${reference.title},”`];
  if (reference.venue) parts.push(`${reference.venue},`);
  if (reference.year) parts.push(String(reference.year));
  if (reference.doi) parts.push(`doi:${reference.doi}`);
  else if (reference.arxivId) parts.push(`arXiv:${reference.arxivId}`);
  return parts.filter(Boolean).join(' ').replace(/,$/, '') + '.';
}
