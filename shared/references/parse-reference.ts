/**
 * Field parsing for one reference string when the source gives no markup
 * (plain \bibitem entries, PDF reference lists). Heuristic and conservative:
 * a field it is unsure of is left out rather than guessed.
 */
import { findDoi, isArxivId, parseWebUrl } from '../model/identifiers';
export interface ParsedReferenceFields {
  authors?: string[];
  title?: string;
  year?: number;
  venue?: string;
  doi?: string;
  arxivId?: string;
  url?: string;
}

/** "Phys. Rev. D", "Astropart. Phys.", "ApJ", "Nature": abbreviated words, or one capitalised word. */
const JOURNAL_ABBREVIATION = /^(?:(?:\p{Lu}\p{Ll}{0,9}\.|\p{Lu}{1,5}|\p{Lu}\p{Ll}*\p{Lu}\p{Ll}*|&)\s?){1,6}$|^\p{Lu}\p{Ll}+$/u;

export function parseReferenceFields(raw: string): ParsedReferenceFields {
  const out: ParsedReferenceFields = {};
  const text = raw.replace(/\s+/g, ' ').trim();
  const year = publicationYear(text);
  if (year) out.year = year;
  // Identifiers pass the one strict check (shared/model/identifiers.ts) or are left out.
  const doi = findDoi(text);
  if (doi) out.doi = doi;
  const arxiv = /arxiv(?::|\.org\/abs\/|\s+preprint\s+arxiv:)\s*(\d{4}\.\d{4,5}|[a-z-]+\/\d{7})/i.exec(text);
  if (arxiv && isArxivId(arxiv[1]!)) out.arxivId = arxiv[1];
  const url = /https?:\/\/[^\s<>"]+[^\s<>".,;)]/.exec(text);
  const webUrl = url ? parseWebUrl(url[0]) : null;
  if (webUrl) out.url = webUrl;

  const quoted = /[“"]([^”"]{8,})[”"]/.exec(text);
  if (quoted) {
    out.title = quoted[1]!.replace(/[,.]$/, '').trim();
    const authorPart = text.slice(0, quoted.index);
    const authors = splitAuthors(authorPart);
    if (authors.length) out.authors = authors;
    const venue = cleanVenue(text.slice(quoted.index + quoted[0].length));
    if (venue) out.venue = venue;
    return out;
  }
  // "Authors. Title. Venue, year." or "Authors (year). Title. Venue."
  const afterYearParen = /^(.*?)\(\s*(?:1[89]\d\d|20\d\d)[a-z]?\s*\)\.?\s*(.*)$/.exec(text);
  // "…Phys. 7 (1997) 263." has only a page after the year: the title-less physics form, not "Authors (year). Title."
  if (afterYearParen && /^[\d\s,.;:–-]*$/.test(afterYearParen[2]!)) {
    const journal = journalCitation(text);
    if (journal) return { ...out, ...journal };
  }
  if (afterYearParen) {
    const authors = splitAuthors(afterYearParen[1]!);
    if (authors.length) out.authors = authors;
    const [title, ...rest] = splitSentencesLoosely(afterYearParen[2]!);
    if (title) out.title = title;
    const venue = cleanVenue(rest.join('. '));
    if (venue) out.venue = venue;
    return out;
  }
  const parts = splitSentencesLoosely(text);
  // ACL and ACM: "Authors. 2019. Title. Venue."
  if (parts.length >= 3 && /^(1[89]\d\d|20\d\d)[a-z]?$/.test(parts[1]!)) {
    const authors = splitAuthors(parts[0]!);
    if (authors.length) out.authors = authors;
    out.title = parts[2]!;
    const venue = cleanVenue(parts.slice(3).join('. '));
    if (venue) out.venue = venue;
    return out;
  }
  // Physics style, no title: "A. Author et al., Phys. Rev. D 12 (1997) 263" — tried only when nothing else fits.
  const journal = journalCitation(text);
  if (journal) return { ...out, ...journal };
  if (parts.length >= 2) {
    const authors = splitAuthors(parts[0]!);
    if (authors.length) out.authors = authors;
    out.title = parts[1]!;
    const venue = cleanVenue(parts.slice(2).join('. '));
    if (venue) out.venue = venue;
  }
  return out;
}

function journalCitation(text: string): { authors: string[]; venue: string } | null {
  const journalCite = /^(.+?(?:et al\.?|\p{Lu}[\p{L}'’-]+))[,.:]?\s+(\p{Lu}[\p{L}.&\s-]{1,60}?\.?)\s*,?\s+(?!(?:1[89]|20)\d\d\b)(?:[A-Z]\s?)?\d{1,4}\b\s*(?:\(\d{1,3}\))?\s*[,(:]?\s*(?:\(?(?:1[89]|20)\d\d\)?|\d+\b)/u.exec(text);
  if (!journalCite || !JOURNAL_ABBREVIATION.test(journalCite[2]!.trim())) return null;
  // A real title sentence between the authors and the journal means this is not the title-less form.
  if (/\.\s+\p{Lu}\p{Ll}+(\s+\p{Ll}+){2,}/u.test(journalCite[1]!.replace(/\bet al\.?/g, ''))) return null;
  const authors = splitAuthors(journalCite[1]!);
  return authors.length ? { authors, venue: journalCite[2]!.trim().replace(/,$/, '') } : null;
}

/**
 * The container's name from what follows the title: "In Proc. of X, pages 1–9. ACM, 2019." -> "Proc. of X".
 * Volume, issue, pages, year, publisher and links are cut off.
 */
export function cleanVenue(rest: string): string | undefined {
  let v = rest.trim().replace(/^[,.:;\s]+/, '').replace(/^(in|in:)\s+/i, '');
  v = v.replace(/\s*(https?:\/\/|doi:|URL:|arXiv:|External Links).*$/i, '');
  const cut = /,?\s*(?:\bvol(?:ume)?\.?\s*\d|\bno\.\s*\d|\bpp?\.\s*\d|\bpages?\s+\d|\d+\s*\(\d+\)|\d+\s*:\s*\d|,\s*\d|\s\d{1,4}\s*[,(–-]|\(?(?:1[89]|20)\d\d[a-z]?\)?[.,]?\s*$|\.\s+\p{Lu}[\p{L}\s&]*(?:press|publishers?|inc|ltd|acm|ieee|springer)\b)/iu.exec(v);
  if (cut && cut.index > 0) v = v.slice(0, cut.index);
  v = v.replace(/[,.;:\s]+$/, '').trim();
  return v.length >= 2 && /\p{L}/u.test(v) ? v : undefined;
}

/** Splits at ". " that are not after an initial ("J. Smith"). */
function splitSentencesLoosely(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  const re = /\.\s+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const before = text.slice(start, m.index);
    if (/(^|[\s.-])\p{Lu}$/u.test(before) || /\b(et al|eds?|vol|no|pp|proc|conf|int|j)$/i.test(before)) continue;
    parts.push(before.trim());
    start = m.index + m[0].length;
  }
  const rest = text.slice(start).replace(/\.$/, '').trim();
  if (rest) parts.push(rest);
  return parts.filter(Boolean);
}

const INITIALS = /^(?:\p{Lu}\.?(?:\s*-?\s*\p{Lu}\.?)*\s*)+$/u;

export function splitAuthors(text: string): string[] {
  const cleaned = text.replace(/^\s*\[?\d+\]?\.?\s*/, '').replace(/\bet al\b\.?/g, '').replace(/[,\s]+$/, '');
  if (!cleaned || cleaned.length > 600) return [];
  const parts = cleaned
    .split(/,\s*(?:and\s+)?|\s+and\s+|\s*&\s*|;\s*/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && /\p{L}/u.test(s));
  // "Breiman, L., Chin, W.-S., and Fan, R.-E.": family names alternate with initials; pair them up.
  if (parts.length >= 2 && parts.filter((p, i) => i % 2 === 1).every((p) => INITIALS.test(p)) && parts.filter((p, i) => i % 2 === 0).every((p) => !INITIALS.test(p))) {
    const names: string[] = [];
    for (let i = 0; i < parts.length; i += 2) names.push(parts[i + 1] ? `${parts[i + 1]!.replace(/\s+/g, ' ')} ${parts[i]}` : parts[i]!);
    return names;
  }
  return parts.filter((s) => s.length > 1).map((s) => s.replace(/\.$/, (m) => (/\s\p{Lu}\.$/u.test(s) || INITIALS.test(s) ? m : '')));
}

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
