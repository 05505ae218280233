/**
 * The one place where identifiers are checked: DOIs, arXiv ids and versions, URLs.
 * Extractors, schemas and formatters all ask here, so a value that reaches BibTeX,
 * a link or the library key has passed the same strict test. Text that is not a
 * valid identifier is never "repaired" into one: it is refused (null).
 */
import { VerbatimError } from '../errors';

/** A DOI: "10." + registrant digits + "/" + suffix, with nothing that could break out of a field or a link. */
const DOI_PATTERN = /^10\.\d{4,9}\/[^\s{}"'<>\\`^|]+$/u;
const MAX_DOI_LENGTH = 300;
// Control characters, bidi overrides and zero-width characters hide text from the reader.
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

export const ARXIV_NEW_STYLE = String.raw`\d{4}\.\d{4,5}`;
export const ARXIV_OLD_STYLE = String.raw`[a-z][a-z-]*(?:\.[A-Z]{2})?\/\d{7}`;
export const ARXIV_VERSION = String.raw`v[1-9]\d{0,3}`;
const ARXIV_ID_PATTERN = new RegExp(`^(${ARXIV_NEW_STYLE}|${ARXIV_OLD_STYLE})(${ARXIV_VERSION})?$`);
const VERSION_PATTERN = new RegExp(`^${ARXIV_VERSION}$`);
const MAX_URL_LENGTH = 4096;

/** The DOI if `text` is exactly one valid DOI, else null. */
export function parseDoi(text: string): string | null {
  if (text.length > MAX_DOI_LENGTH || INVISIBLE.test(text)) return null;
  return DOI_PATTERN.test(text) ? text : null;
}

export function isDoi(text: string): boolean {
  return parseDoi(text) !== null;
}

/**
 * The first valid DOI inside running text or a link ("https://doi.org/10.1/x.", "doi:10.1/x)"),
 * trailing sentence punctuation left out; null when none is valid.
 */
export function findDoi(text: string): string | null {
  for (const match of text.matchAll(/\b10\.\d{4,9}\/[^\s"<>]+/g)) {
    let candidate = match[0].replace(/[.,;:\]}]+$/, '');
    // A closing bracket ends the DOI only when the DOI opened none ("(doi:10.1/x)" vs "10.1002/(SICI)1097").
    while (candidate.endsWith(')') && (candidate.match(/\(/g)?.length ?? 0) < (candidate.match(/\)/g)?.length ?? 0)) candidate = candidate.slice(0, -1).replace(/[.,;:\]}]+$/, '');
    const doi = parseDoi(candidate);
    if (doi) return doi;
  }
  return null;
}

export interface ArxivIdParts {
  id: string;
  version: string | null;
}

/** An arXiv id, new style (2104.01180) or old style (hep-th/9901001), with an optional version (v2). */
export function parseArxivIdStrict(text: string): ArxivIdParts | null {
  const m = ARXIV_ID_PATTERN.exec(text);
  return m ? { id: m[1]!, version: m[2] ?? null } : null;
}

/** How running text introduces an arXiv id: "arXiv:", "arXiv preprint arXiv:", "arXiv e-prints, arXiv:", "arxiv.org/abs/", "arXiv ". */
const ARXIV_IN_TEXT = new RegExp(String.raw`arxiv(?::|\.org\/abs\/|\s+preprint\s+arxiv:|\s+e-prints?,?\s+arxiv:|\s+)\s*(${ARXIV_NEW_STYLE}|${ARXIV_OLD_STYLE})`, 'i');
/** An abs link with no "arxiv" before it ("…/abs/2104.01180"), or an old-style id with its archive ("hep-th/9901001"). */
const ARXIV_ABS_LINK = new RegExp(String.raw`\babs\/(${ARXIV_NEW_STYLE})\b`);
const ARXIV_OLD_STYLE_BARE = /\b((?:hep|astro|cond|gr|math|nucl|quant)-[a-z]+\/\d{7})\b/i;

/** The first valid arXiv id (without version) cited in running text or a link; null when none. */
export function findArxivId(text: string): string | null {
  for (const pattern of [ARXIV_IN_TEXT, ARXIV_ABS_LINK, ARXIV_OLD_STYLE_BARE]) {
    const id = pattern.exec(text)?.[1];
    if (id && isArxivId(id)) return id;
  }
  return null;
}

/** True for an arXiv id without a version. */
export function isArxivId(text: string): boolean {
  return parseArxivIdStrict(text)?.version === null;
}

/** The number of a version string ("v10" -> 10), or null when it is not a version. */
export function versionNumber(version: string): number | null {
  return VERSION_PATTERN.test(version) ? Number(version.slice(1)) : null;
}

export function isVersion(text: string): boolean {
  return versionNumber(text) !== null;
}

/**
 * arXiv version order as numbers: "v10" is newer than "v9"; a missing version is oldest.
 * A malformed version is refused (BAD_IDENTIFIER), never compared as NaN.
 */
export function compareVersions(a: string | null, b: string | null): number {
  return numberOrZero(a) - numberOrZero(b);
}

function numberOrZero(version: string | null): number {
  if (version === null) return 0;
  const n = versionNumber(version);
  if (n === null) throw new VerbatimError('BAD_IDENTIFIER', `version "${version.slice(0, 20)}"`);
  return n;
}

/** An http(s) URL without credentials, as its normalised href; null for anything else. */
export function parseWebUrl(text: string): string | null {
  if (text.length > MAX_URL_LENGTH || INVISIBLE.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return url.href;
}

export function isWebUrl(text: string): boolean {
  return parseWebUrl(text) !== null;
}
