/** arXiv identifiers and URLs: new style (2104.01180v2) and old style (hep-th/9901001v1). */
import { ARXIV_NEW_STYLE as NEW_STYLE, ARXIV_OLD_STYLE as OLD_STYLE, ARXIV_VERSION, parseArxivIdStrict } from '../model/identifiers';

export interface ArxivRef {
  id: string;
  version: string | null;
  kind: 'abs' | 'html' | 'pdf';
}

const PATH_PATTERN = new RegExp(`^/(abs|html|pdf)/(${NEW_STYLE}|${OLD_STYLE})(${ARXIV_VERSION})?(?:\\.pdf)?(?:/|$)`);

export function parseArxivId(text: string): { id: string; version: string | null } | null {
  return parseArxivIdStrict(text.trim().replace(/^arxiv:/i, ''));
}

/** Reads an arxiv.org URL; returns null for anything that is not an abs, html or pdf page of a paper. */
export function parseArxivUrl(url: string): ArxivRef | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!/(^|\.)arxiv\.org$/.test(parsed.hostname)) return null;
  const m = PATH_PATTERN.exec(parsed.pathname);
  if (!m) return null;
  return { kind: m[1] as ArxivRef['kind'], id: m[2]!, version: m[3] ?? null };
}

export function withVersion(id: string, version: string | null): string {
  return version ? `${id}${version}` : id;
}
