/**
 * Field parsing for one reference string when the source gives no markup
 * (plain \bibitem entries, PDF reference lists): a learned sequence labeller
 * (reference-labeller.json, see tools/train-reference-labeller.ts) labels each
 * token as author, title, container, date, volume, pages, ...; the labelled spans
 * become a CSL-JSON-shaped record. Identifiers (DOI, arXiv id, URL) are read by
 * pattern, since their form is exact.
 */
import { findArxivId, findDoi, parseWebUrl } from '../model/identifiers';
import { cslTypeOf, type CslReference } from './csl-reference';
import { formatName, parseNames, leadingGroupAuthor } from './parse-names';
import type { ReferenceLabel } from './reference-labels';
import { referenceFeatures } from './reference-features';
import weights from './reference-labeller.json';
import { loadSequenceLabeller, type LabellerWeightsFile, type SequenceLabeller } from './sequence-labeller';
import { tokenizeReference, type ReferenceToken } from './tokenize-reference';

/** The flat fields today's callers read (Reference in the Paper contract). */
export interface ParsedReferenceFields {
  authors?: string[];
  title?: string;
  year?: number;
  venue?: string;
  doi?: string;
  arxivId?: string;
  url?: string;
}

let labeller: SequenceLabeller | undefined;
function referenceLabeller(): SequenceLabeller {
  labeller ??= loadSequenceLabeller(weights as unknown as LabellerWeightsFile);
  return labeller;
}

interface Span {
  label: ReferenceLabel;
  tokens: ReferenceToken[];
}

function labelledSpans(raw: string): Span[] {
  const tokens = tokenizeReference(raw);
  const model = referenceLabeller();
  const path = model.decode(referenceFeatures(tokens));
  const spans: Span[] = [];
  tokens.forEach((token, i) => {
    const label = model.labels[path[i]!] as ReferenceLabel;
    const last = spans[spans.length - 1];
    if (last && last.label === label) last.tokens.push(token);
    else spans.push({ label, tokens: [token] });
  });
  return spans;
}

const EDGE = /^[\s,;:.)\]}”’"'–—-]+|[\s,;:([{“‘"'–—-]+$/gu;

function spanText(raw: string, span: Span): string {
  let end = span.tokens[span.tokens.length - 1]!.end;
  let text = raw.slice(span.tokens[0]!.start, end);
  // The labeller leaves edge punctuation outside fields: take back the ")" that closes "(ACL".
  while ((text.match(/\(/g)?.length ?? 0) > (text.match(/\)/g)?.length ?? 0) && raw[end] === ')') text = raw.slice(span.tokens[0]!.start, ++end);
  // …and the period of a closing abbreviation ("Astropart. Phys.") in a container.
  if (span.label === 'container' && raw[end] === '.' && /(?:^|[\s.])\p{Lu}\p{Ll}{0,4}$/u.test(text)) text += '.';
  // …and of a closing initial ("Gasse, C.") in a name list.
  if ((span.label === 'author' || span.label === 'editor') && raw[end] === '.' && /(?:^|[\s.,-])\p{Lu}$/u.test(text)) text += '.';
  text = text.replace(/\s+/g, ' ');
  text = text.replace(EDGE, '');
  // A trailing "(" or "." left over: keep "." after an abbreviation ("Phys. Rev. Lett."), drop an unbalanced ")".
  if (text.endsWith(')') && !text.includes('(')) text = text.slice(0, -1);
  if (text.startsWith('(') && !text.includes(')')) text = text.slice(1);
  return text.replace(/\.$/, (m) => (/(?:^|[\s.])\p{Lu}\p{Ll}{0,4}\.$/u.test(text) ? m : '')).trim();
}

function firstOf(raw: string, spans: Span[], label: ReferenceLabel): string | undefined {
  const span = spans.find((s) => s.label === label);
  const text = span ? spanText(raw, span) : '';
  return text && /[\p{L}\p{N}]/u.test(text) ? text : undefined;
}

function allOf(raw: string, spans: Span[], label: ReferenceLabel): string | undefined {
  const texts = spans.filter((s) => s.label === label).map((s) => spanText(raw, s)).filter(Boolean);
  return texts.length ? texts.join(', ') : undefined;
}

export function parseReference(raw: string): CslReference {
  const text = raw.replace(/\s+/g, ' ').trim();
  const spans = labelledSpans(text);
  const record: Omit<CslReference, 'type'> = {};
  const title = firstOf(text, spans, 'title');
  if (title) record.title = title.replace(/^[“"‘']+|[”"’']+$/g, '').replace(/[,.]$/, '').trim();
  const authors = allOf(text, spans, 'author');
  const names = authors ? parseNames(authors) : [];
  // A group author the labeller left out, right before the names it did read ("Gaia Collaboration, Prusti, T., …").
  const group = names.length ? leadingGroupAuthor(text, names.map((n) => n.family)) : null;
  if (group && text.slice(group.length).replace(/^[\s,]+/, '').startsWith(names[0]!.family)) names.unshift({ family: group });
  if (names.length) record.author = names;
  const editors = allOf(text, spans, 'editor');
  const editorNames = editors ? parseNames(editors) : [];
  if (editorNames.length) record.editor = editorNames;
  // "arXiv preprint arXiv:1901.09749" is where the work appeared: the container of a preprint.
  const container = firstOf(text, spans, 'container')?.replace(/^in:?\s+/i, '') ?? /\barxiv (?:preprint|e-prints?)\b/i.exec(text)?.[0];
  if (container) record['container-title'] = container;
  const dateText = firstOf(text, spans, 'date');
  const year = (dateText ? Number(YEAR_IN_DATE.exec(dateText)?.[1]) || undefined : undefined) ?? publicationYear(text);
  if (year) record.issued = { 'date-parts': [[year]] };
  const volumeText = firstOf(text, spans, 'volume');
  const volume = volumeText ? /(?:vol(?:ume)?\.?\s*)?([\dIVXLC]+[A-Za-z]?)(?:\s*\((\d+(?:[–-]\d+)?)\))?/i.exec(volumeText) : null;
  if (volume) record.volume = volume[1]!;
  const issue = /(\d+(?:[–-]\d+)?)/.exec(firstOf(text, spans, 'issue') ?? '')?.[1] ?? volume?.[2];
  if (issue) record.issue = issue;
  const pages = /([A-Za-z]?\d+(?:\s*[–-]+\s*[A-Za-z]?\d+)?)/.exec(firstOf(text, spans, 'pages') ?? '')?.[1];
  if (pages) record.page = pages.replace(/\s*[–-]+\s*/, '-');
  const publisher = firstOf(text, spans, 'publisher');
  if (publisher) record.publisher = publisher;
  const place = firstOf(text, spans, 'location');
  if (place) record['publisher-place'] = place;
  // Identifiers are checked by the one strict parser (shared/model/identifiers.ts): a malformed one is left out.
  const doi = findDoi(text);
  if (doi) record.DOI = doi;
  const arxiv = findArxivId(text);
  if (arxiv) record.arxiv = arxiv;
  const url = /https?:\/\/[^\s<>"]+[^\s<>".,;)\]]/.exec(text);
  const webUrl = url ? parseWebUrl(url[0]) : null;
  if (webUrl) record.URL = webUrl;
  return { type: cslTypeOf(record, text), ...record };
}

/** The flat fields of parseReference's record, for the Paper contract's Reference. */
export function parseReferenceFields(raw: string): ParsedReferenceFields {
  return fieldsOf(parseReference(raw));
}

export function fieldsOf(record: CslReference): ParsedReferenceFields {
  const out: ParsedReferenceFields = {};
  if (record.author?.length) out.authors = record.author.map(formatName);
  if (record.title) out.title = record.title;
  const year = record.issued?.['date-parts'][0][0];
  if (year) out.year = year;
  if (record['container-title']) out.venue = record['container-title'];
  if (record.DOI) out.doi = record.DOI;
  if (record.arxiv) out.arxivId = record.arxiv;
  if (record.URL) out.url = record.URL;
  return out;
}

/** A year in a date span, not the start of an identifier such as "2015GB005289". */
const YEAR_IN_DATE = /(?<![\dA-Za-z])(1[5-9]\d\d|20\d\d)(?![\dA-Z])/;

/**
 * The year a reference was published: the last four-digit year that is not part of
 * an identifier (arXiv:1901.09749, 10.1145/3290605, a URL), since entries end with it.
 */
export function publicationYear(text: string): number | undefined {
  // Author-year styles print the year in parentheses right after the authors.
  const parenthesised = /\((1[89]\d\d|20\d\d)[a-z]?\)/.exec(text);
  if (parenthesised) return Number(parenthesised[1]);
  const withoutIds = text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\b10\.\d{4,9}\/\S+/g, ' ')
    .replace(/arxiv[:\s]*(?:preprint\s+arxiv:)?\s*\d{4}\.\d{4,5}(v\d+)?/gi, ' ')
    .replace(/\b\d{4}\.\d{4,5}\b/g, ' ');
  const years = [...withoutIds.replace(/\b\d{1,5}\s*[–-]\s*\d{1,5}\b/g, ' ').matchAll(/(?<![\d.])(1[89]\d\d|20\d\d)(?![\d.]\d)[a-z]?\b/g)].map((m) => Number(m[1]));
  return years.length ? years[years.length - 1] : undefined;
}
