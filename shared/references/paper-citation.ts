/**
 * The saved paper's own citation, as BibTeX and CSL-JSON. Without a published DOI,
 * the DOI is arXiv's own (10.48550/arXiv.<id>), as arXiv itself recommends.
 */
import type { Paper } from '../model/paper';
import { isArxivId, isVersion, parseDoi, parseWebUrl } from '../model/identifiers';

export interface CslJson {
  id: string;
  type: 'article' | 'article-journal';
  title: string;
  author: { family: string; given?: string; literal?: string }[];
  issued?: { 'date-parts': number[][] };
  DOI?: string;
  URL?: string;
  number?: string;
  publisher?: string;
  'container-title'?: string;
  abstract?: string;
  note?: string;
}

function splitName(name: string): { family: string; given?: string } {
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2) return { family: name.trim() };
  // Particles stay with the family name: "Ludwig van Beethoven" -> van Beethoven.
  let familyStart = parts.length - 1;
  while (familyStart > 1 && /^(van|von|der|de|den|del|della|da|di|du|le|la|bin|al)$/i.test(parts[familyStart - 1]!)) familyStart--;
  return { family: parts.slice(familyStart).join(' '), given: parts.slice(0, familyStart).join(' ') };
}

function issuedDate(paper: Paper): number[] | null {
  const iso = paper.metadata?.published ?? paper.metadata?.submissions[0]?.date;
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3])];
  const fromId = /^(\d{2})(\d{2})\.\d{4,5}$/.exec(paper.arxivId ?? '');
  return fromId ? [2000 + Number(fromId[1]), Number(fromId[2])] : null;
}

/** The DOI to cite, only when it passes the strict check: a DOI that fails is left out, never copied. */
export function citationDoi(paper: Paper): string | undefined {
  const published = paper.metadata?.doi ? parseDoi(paper.metadata.doi) : null;
  const arxivId = validArxivId(paper);
  return published ?? (arxivId ? `10.48550/arXiv.${arxivId}` : undefined);
}

function validArxivId(paper: Paper): string | null {
  return paper.arxivId && isArxivId(paper.arxivId) ? paper.arxivId : null;
}

/** The abs-page URL of the paper (with its version when that is valid), else the paper's own web URL. */
function citationUrl(paper: Paper): string | undefined {
  const arxivId = validArxivId(paper);
  if (arxivId) return `https://arxiv.org/abs/${arxivId}${paper.version && isVersion(paper.version) ? paper.version : ''}`;
  return paper.url ? parseWebUrl(paper.url) ?? undefined : undefined;
}

export function toCslJson(paper: Paper): CslJson {
  const date = issuedDate(paper);
  const doi = citationDoi(paper);
  const published = Boolean(paper.metadata?.doi && paper.metadata.journalRef);
  const arxivId = validArxivId(paper);
  const url = citationUrl(paper);
  return {
    id: arxivId ? `arXiv:${arxivId}` : paper.title,
    type: published ? 'article-journal' : 'article',
    title: paper.title,
    author: paper.authors.map(splitName),
    ...(date ? { issued: { 'date-parts': [date] } } : {}),
    ...(doi ? { DOI: doi } : {}),
    ...(url ? { URL: url } : {}),
    ...(arxivId ? { number: `arXiv:${arxivId}`, publisher: 'arXiv' } : {}),
    ...(published ? { 'container-title': paper.metadata!.journalRef! } : {}),
    ...(paper.abstract ? { abstract: paper.abstract } : {}),
  };
}

const BIBTEX_SPECIALS = /[{}\\&%$#_^~]/g;
function bibtexValue(value: string): string {
  return value.replace(BIBTEX_SPECIALS, (ch) => (ch === '\\' ? '\\textbackslash{}' : ch === '~' ? '\\textasciitilde{}' : ch === '^' ? '\\textasciicircum{}' : `\\${ch}`));
}

/** Citation key in arXiv's own style: first author's family name + year + first title word. */
export function citationKey(paper: Paper): string {
  const family = (splitName(paper.authors[0] ?? 'anonymous').family.split(/\s+/).pop() ?? 'anonymous').normalize('NFKD').replace(/[^A-Za-z]/g, '').toLowerCase();
  const year = issuedDate(paper)?.[0] ?? '';
  const word = (paper.title.split(/\s+/).find((w) => w.length > 3 && !/^(the|and|with|from|into|using|towards?)$/i.test(w)) ?? '').normalize('NFKD').replace(/[^A-Za-z]/g, '').toLowerCase();
  return `${family || 'anonymous'}${year}${word}`;
}

export function toBibTeX(paper: Paper): string {
  const date = issuedDate(paper);
  const fields: [string, string][] = [
    ['title', `{${bibtexValue(paper.title)}}`],
    ['author', `{${paper.authors.map((a) => { const n = splitName(a); return n.given ? `${bibtexValue(n.family)}, ${bibtexValue(n.given)}` : bibtexValue(n.family); }).join(' and ')}}`],
  ];
  if (date) fields.push(['year', `{${date[0]}}`]);
  // Every value is either escaped or has passed the strict identifier check, so none can close its braces.
  const arxivId = validArxivId(paper);
  if (arxivId) {
    fields.push(['eprint', `{${arxivId}}`], ['archivePrefix', '{arXiv}']);
    if (paper.metadata?.primaryCategory) fields.push(['primaryClass', `{${bibtexValue(paper.metadata.primaryCategory)}}`]);
  }
  const url = citationUrl(paper);
  if (url) fields.push(['url', `{${url.replace(/[{}\\]/g, encodeURIComponent)}}`]);
  const doi = citationDoi(paper);
  if (doi) fields.push(['doi', `{${doi}}`]);
  if (paper.metadata?.journalRef) fields.push(['journal', `{${bibtexValue(paper.metadata.journalRef)}}`]);
  const type = paper.metadata?.journalRef ? 'article' : 'misc';
  return `@${type}{${citationKey(paper)},\n${fields.map(([k, v]) => `  ${k} = ${v}`).join(',\n')}\n}`;
}

export type CitationFormat = 'bibtex' | 'csl-json';

export function formatPaperCitation(paper: Paper, format: CitationFormat): string {
  return format === 'bibtex' ? toBibTeX(paper) : JSON.stringify([toCslJson(paper)], null, 2);
}
