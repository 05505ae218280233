/**
 * The ONE place a work's CSL-JSON record is built: from a saved paper, from the primary
 * reference an answer cites, or from an entry of a paper's bibliography. Every style,
 * the Word and Docs panes and every export format read this record, so a work reads the
 * same wherever it is cited.
 *
 * Rules: identifiers pass shared/model/identifiers.ts or are left out (never repaired);
 * an arXiv preprint is `type: article`, `number: "arXiv:<id>"`, `genre: "Preprint"`,
 * `publisher: "arXiv"` (the shape Zotero writes and the CSL styles are written for), with
 * arXiv's own DOI 10.48550/arXiv.<id> when no published DOI is known, as arXiv recommends;
 * a paper whose abs page gives a published DOI and journal reference is an `article-journal`.
 */
import type { PrimaryReference, SecondaryReference } from '../answer/answer';
import { isArxivId, parseArxivIdStrict, parseDoi, parseWebUrl } from '../model/identifiers';
import type { LibraryPaper, Paper, Reference } from '../model/paper';
import { dedupeKey } from '../references/collect-references';
import type { CslReference } from '../references/csl-reference';
import { cslTypeOf } from '../references/csl-reference';
import { parseName } from '../references/parse-names';
import type { CslItem, CslName } from './csl-item';
import { arxivDoi, primaryReferenceFor } from './paper-fields';

export type WorkRecord = CslItem;

export function recordForPaper(paper: Paper | LibraryPaper): WorkRecord {
  return recordForPrimary(primaryReferenceFor(paper));
}

/** The same record as recordForPaper gives for the paper the reference was made from (both read primaryReferenceFor). */
export function recordForPrimary(reference: PrimaryReference): WorkRecord {
  return primaryRecord({ ...reference, id: reference.paperId });
}

function primaryRecord(fields: PrimaryReference & { id: string }): WorkRecord {
  const arxivId = fields.arxivId && isArxivId(fields.arxivId) ? fields.arxivId : null;
  const doi = (fields.doi ? parseDoi(fields.doi) : null) ?? (arxivId ? arxivDoi(arxivId) : null);
  const url = fields.url ? parseWebUrl(fields.url) : null;
  const published = Boolean(fields.journalRef && doi && !isArxivDoi(doi));
  return {
    id: fields.id,
    type: published ? 'article-journal' : 'article',
    title: fields.title,
    author: fields.authors.map(parseName),
    ...(fields.year ? { issued: { 'date-parts': [[fields.year]] } } : {}),
    ...(published ? { 'container-title': fields.journalRef! } : arxivId ? arxivPreprintFields(arxivId) : {}),
    ...(doi ? { DOI: doi } : {}),
    ...(url ? { URL: url } : {}),
    // arXiv's primary category, for BibTeX's primaryClass (arXiv's own BibTeX carries it).
    ...(arxivId && fields.arxivCategory ? { custom: { arxivPrimaryClass: fields.arxivCategory } } : {}),
  };
}

export function recordForSecondary(reference: SecondaryReference | Reference): WorkRecord {
  const id = dedupeKey(reference);
  return reference.csl ? recordFromCsl(id, reference.csl, reference) : recordFromFlatFields(id, reference);
}

/** The parsed or LaTeXML record, identifiers checked again (the record may come from a pasted answer). */
function recordFromCsl(id: string, csl: CslReference, reference: Reference): WorkRecord {
  const arxivId = validArxivId(csl.arxiv) ?? validArxivId(reference.arxivId);
  const doi = (csl.DOI ? parseDoi(csl.DOI) : null) ?? (reference.doi ? parseDoi(reference.doi) : null);
  const url = (csl.URL ? parseWebUrl(csl.URL) : null) ?? (reference.url ? parseWebUrl(reference.url) : null);
  const title = csl.title ?? reference.title;
  const preprint = arxivId && !csl['container-title'] && (csl.type === 'article' || csl.type === 'webpage' || csl.type === 'report');
  return {
    id,
    type: preprint ? 'article' : csl.type,
    title: title ?? reference.raw,
    ...(csl.author?.length ? { author: csl.author.map(copyName) } : reference.authors?.length ? { author: reference.authors.map(parseName) } : {}),
    ...(csl.editor?.length ? { editor: csl.editor.map(copyName) } : {}),
    ...(csl.issued ? { issued: { 'date-parts': [[csl.issued['date-parts'][0][0]]] } } : reference.year ? { issued: { 'date-parts': [[reference.year]] } } : {}),
    ...(csl['container-title'] ? { 'container-title': csl['container-title'] } : {}),
    ...(csl.volume ? { volume: csl.volume } : {}),
    ...(csl.issue ? { issue: csl.issue } : {}),
    ...(csl.page ? { page: csl.page } : {}),
    ...(csl.publisher && !preprint ? { publisher: csl.publisher } : {}),
    ...(csl['publisher-place'] ? { 'publisher-place': csl['publisher-place'] } : {}),
    ...(preprint ? arxivPreprintFields(arxivId) : arxivId ? { number: `arXiv:${arxivId}` } : {}),
    ...(doi ? { DOI: doi } : preprint ? { DOI: arxivDoi(arxivId) } : {}),
    ...(url ? { URL: url } : arxivId ? { URL: `https://arxiv.org/abs/${arxivId}` } : {}),
  };
}

function recordFromFlatFields(id: string, reference: Reference): WorkRecord {
  const arxivId = validArxivId(reference.arxivId);
  const doi = reference.doi ? parseDoi(reference.doi) : null;
  const url = reference.url ? parseWebUrl(reference.url) : null;
  const base = {
    ...(reference.venue ? { 'container-title': reference.venue } : {}),
    ...(doi ? { DOI: doi } : {}),
    ...(url ? { URL: url } : {}),
  };
  const preprint = Boolean(arxivId && !reference.venue);
  return {
    id,
    type: preprint ? 'article' : cslTypeOf(base, reference.raw),
    // An entry the parser could not split keeps its printed text as its title, so it is never lost.
    title: reference.title ?? reference.raw,
    ...(reference.authors?.length ? { author: reference.authors.map(parseName) } : {}),
    ...(reference.year ? { issued: { 'date-parts': [[reference.year]] } } : {}),
    ...base,
    ...(preprint && arxivId ? { ...arxivPreprintFields(arxivId), ...(doi ? {} : { DOI: arxivDoi(arxivId) }) } : arxivId ? { number: `arXiv:${arxivId}` } : {}),
    ...(!url && arxivId ? { URL: `https://arxiv.org/abs/${arxivId}` } : {}),
  };
}

function arxivPreprintFields(arxivId: string): Pick<CslItem, 'number' | 'genre' | 'publisher'> {
  return { number: `arXiv:${arxivId}`, genre: 'Preprint', publisher: 'arXiv' };
}

/** The bare arXiv id of an arXiv preprint record ("2104.01180"), else null. */
export function arxivIdOfRecord(record: WorkRecord): string | null {
  const match = record.number ? /^arXiv:(.+)$/.exec(record.number) : null;
  return match && isArxivId(match[1]!) ? match[1]! : null;
}

function isArxivDoi(doi: string): boolean {
  return /^10\.48550\/arxiv\./i.test(doi);
}

/** An arXiv id without its version, when valid. */
function validArxivId(text: string | undefined | null): string | null {
  if (!text) return null;
  const parts = parseArxivIdStrict(text);
  return parts ? parts.id : null;
}

function copyName(name: CslName): CslName {
  return name.given ? { family: name.family, given: name.given } : { family: name.family };
}
