/**
 * BibTeX, RIS and CSL-JSON, each written from the work records alone. Records can come
 * from outside (a document's stored records, a pasted answer), so every value is either
 * escaped for its format or has passed the strict identifier check again here: no field
 * can close its braces (BibTeX) or start a new tag (RIS).
 */
import { isArxivId, parseDoi, parseWebUrl } from '../model/identifiers';
import { assignCitationKeys, isValidCitationKey } from './citation-keys';
import type { CslItemType, CslName } from './csl-item';
import { arxivIdOfRecord, type WorkRecord } from './work-record';

const BIBTEX_SPECIALS = /[{}\\&%$#_^~]/g;
const LATEX_FOR: Readonly<Record<string, string>> = {
  // BibTeX counts braces before LaTeX reads any backslash, so "\{" would still open a group:
  // braces become brace-balanced commands, and every value stays balanced whatever it holds.
  '{': '\\textbraceleft{}',
  '}': '\\textbraceright{}',
  '\\': '\\textbackslash{}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
};

/** Free text as a BibTeX value: every character BibTeX or LaTeX reads specially is escaped. */
export function bibtexText(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').replace(BIBTEX_SPECIALS, (ch) => LATEX_FOR[ch] ?? `\\${ch}`);
}

/** One name part; a part holding the word "and" or a comma is braced, or BibTeX would split the list or the name there. */
function bibtexNamePart(part: string): string {
  const text = bibtexText(part);
  return /(^|\s)and(\s|$)|,/i.test(part) ? `{${text}}` : text;
}

function bibtexName(name: CslName): string {
  return name.given ? `${bibtexNamePart(name.family)}, ${bibtexNamePart(name.given)}` : `{${bibtexText(name.family)}}`;
}

const BIBTEX_TYPES: Record<CslItemType, string> = {
  'article-journal': 'article',
  'paper-conference': 'inproceedings',
  chapter: 'incollection',
  book: 'book',
  thesis: 'phdthesis',
  report: 'techreport',
  webpage: 'misc',
  article: 'misc',
};

function recordYear(record: WorkRecord): number | null {
  const year = record.issued?.['date-parts'][0]?.[0];
  return Number.isInteger(year) && year! > 0 && year! < 10000 ? year! : null;
}

function bibtexEntry(record: WorkRecord, key: string): string {
  const fields: [string, string][] = [];
  const text = (name: string, value: string | undefined) => {
    if (value) fields.push([name, bibtexText(value)]);
  };
  text('title', record.title);
  if (record.author?.length) fields.push(['author', record.author.map(bibtexName).join(' and ')]);
  if (record.editor?.length) fields.push(['editor', record.editor.map(bibtexName).join(' and ')]);
  const year = recordYear(record);
  if (year) fields.push(['year', String(year)]);
  const container = record['container-title'];
  if (record.type === 'article-journal') text('journal', container);
  else if (record.type === 'paper-conference' || record.type === 'chapter') text('booktitle', container);
  text('volume', record.volume);
  text('number', record.issue);
  if (record.page) fields.push(['pages', bibtexText(record.page).replace(/\s*[-–—]+\s*/g, '--')]);
  text(record.type === 'report' ? 'institution' : record.type === 'thesis' ? 'school' : 'publisher', record.type === 'article' && arxivIdOfRecord(record) ? undefined : record.publisher);
  text('address', record['publisher-place']);
  // Identifiers are checked, not escaped: a value that fails is left out.
  const arxivId = arxivIdOfRecord(record);
  if (arxivId && isArxivId(arxivId)) fields.push(['eprint', arxivId], ['archivePrefix', 'arXiv']);
  const url = record.URL ? parseWebUrl(record.URL) : null;
  if (url) fields.push(['url', url.replace(/[{}\\%#]/g, encodeURIComponent)]);
  const doi = record.DOI ? parseDoi(record.DOI) : null;
  if (doi) fields.push(['doi', doi.replace(/[%#]/g, encodeURIComponent)]);
  return `@${BIBTEX_TYPES[record.type] ?? 'misc'}{${key},\n${fields.map(([name, value]) => `  ${name} = {${value}}`).join(',\n')}\n}`;
}

/** One entry per record, keys from `keys` when valid, else assigned (stable, see citation-keys.ts). */
export function toBibTeX(records: WorkRecord[], keys: ReadonlyMap<string, string>): string {
  const valid = new Map([...keys].filter(([, key]) => isValidCitationKey(key)));
  const effective = assignCitationKeys(records, valid);
  return records.map((record) => bibtexEntry(record, effective.get(record.id)!)).join('\n\n') + (records.length ? '\n' : '');
}

const RIS_TYPES: Record<CslItemType, string> = {
  'article-journal': 'JOUR',
  'paper-conference': 'CPAPER',
  chapter: 'CHAP',
  book: 'BOOK',
  thesis: 'THES',
  report: 'RPRT',
  webpage: 'ELEC',
  article: 'UNPB',
};

/** A value on one line: a line break would start a new tag. */
function risValue(value: string): string {
  return value.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ').trim();
}

function risName(name: CslName): string {
  return name.given ? `${name.family}, ${name.given}` : name.family;
}

function risEntry(record: WorkRecord): string {
  const lines: string[] = [`TY  - ${RIS_TYPES[record.type] ?? 'GEN'}`];
  const tag = (name: string, value: string | undefined) => {
    const clean = value ? risValue(value) : '';
    if (clean) lines.push(`${name}  - ${clean}`);
  };
  tag('TI', record.title);
  for (const author of record.author ?? []) tag('AU', risName(author));
  for (const editor of record.editor ?? []) tag('ED', risName(editor));
  const year = recordYear(record);
  if (year) tag('PY', String(year));
  tag(record.type === 'article-journal' ? 'JO' : 'T2', record['container-title']);
  tag('VL', record.volume);
  tag('IS', record.issue);
  const [start, end] = (record.page ?? '').split(/\s*[-–—]+\s*/);
  tag('SP', start);
  tag('EP', end);
  tag('PB', record.publisher);
  tag('CY', record['publisher-place']);
  const arxivId = arxivIdOfRecord(record);
  if (arxivId) tag('AN', `arXiv:${arxivId}`);
  const doi = record.DOI ? parseDoi(record.DOI) : null;
  if (doi) tag('DO', doi);
  const url = record.URL ? parseWebUrl(record.URL) : null;
  if (url) tag('UR', url);
  tag('AB', record.abstract);
  lines.push('ER  - ');
  return lines.join('\n');
}

export function toRis(records: WorkRecord[]): string {
  return records.map(risEntry).join('\n\n') + (records.length ? '\n' : '');
}

/** The records as a CSL-JSON array (Zotero, pandoc, citation-js read it). */
export function toCslJson(records: WorkRecord[]): string {
  return JSON.stringify(records, null, 2);
}
