/**
 * Reference lists and in-text labels. Author-year is APA through citation-js (CSL).
 * Numeric is IEEE-like, by format-reference.ts: citation-js ships no IEEE style, and its
 * numeric one (Vancouver) strips the periods out of arXiv ids ("arXiv:210401180").
 * BibTeX export goes through citation-js.
 */
import { Cite } from '@citation-js/core';
import '@citation-js/plugin-csl';
import '@citation-js/plugin-bibtex';
import type { PrimaryReference, SecondaryReference } from '../answer/answer';
import type { CslJson } from './paper-citation';
import { formatPrimary, formatSecondary } from './format-reference';

export type ReferenceStyle = 'numeric' | 'author-year';


function nameParts(name: string): { family: string; given?: string } {
  const comma = /^([^,]+),\s*(.+)$/.exec(name);
  if (comma) return { family: comma[1]!.trim(), given: comma[2]!.trim() };
  const parts = name.trim().split(/\s+/);
  return parts.length < 2 ? { family: name.trim() } : { family: parts[parts.length - 1]!, given: parts.slice(0, -1).join(' ') };
}

export function cslFromPrimary(reference: PrimaryReference): CslJson {
  return {
    id: reference.paperId,
    // An arXiv paper is cited with its identifier where a journal name would go, as arXiv suggests.
    type: reference.arxivId ? 'article-journal' : 'article',
    ...(reference.arxivId ? { 'container-title': `arXiv:${reference.arxivId}${reference.version ?? ''}` } : {}),
    title: reference.title,
    author: reference.authors.map(nameParts),
    ...(reference.year ? { issued: { 'date-parts': [[reference.year]] } } : {}),
    ...(reference.doi ? { DOI: reference.doi } : {}),
    ...(reference.url ? { URL: reference.url } : {}),
  };
}

export function cslFromSecondary(reference: SecondaryReference, id: string): CslJson {
  return {
    id,
    type: reference.venue ? 'article-journal' : 'article',
    title: reference.title ?? reference.raw,
    author: (reference.authors ?? []).map(nameParts),
    ...(reference.year ? { issued: { 'date-parts': [[reference.year]] } } : {}),
    ...(reference.venue ? { 'container-title': reference.venue } : {}),
    ...(reference.doi ? { DOI: reference.doi } : {}),
    ...(reference.url ? { URL: reference.url } : {}),
  };
}

/** APA entries, one per item, in the order given. */
export function formatApa(items: CslJson[]): string[] {
  return items.map((item) => new Cite([item]).format('bibliography', { template: 'apa', format: 'text', lang: 'en-US' }).trim());
}

export function formatPrimaryEntries(references: PrimaryReference[], style: ReferenceStyle): string[] {
  return style === 'numeric' ? references.map(formatPrimary) : formatApa(references.map(cslFromPrimary));
}

export function formatSecondaryEntries(references: SecondaryReference[], style: ReferenceStyle): string[] {
  return style === 'numeric' ? references.map(formatSecondary) : formatApa(references.map((r, i) => cslFromSecondary(r, `s${i}`)));
}

/** "(Sinha & Azad, 2021)" for author-year; numeric labels are "[n]" and need no CSL. */
export function authorYearLabel(item: CslJson): string {
  return new Cite([item]).format('citation', { template: 'apa', format: 'text', lang: 'en-US' }).trim();
}

export function toBibTeXEntries(items: CslJson[]): string {
  return new Cite(items).format('bibtex').trim();
}
