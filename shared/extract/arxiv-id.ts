/** arXiv identifiers and URLs: new style (2104.01180v2) and old style (hep-th/9901001v1). */

export interface ArxivRef {
  id: string;
  version: string | null;
  kind: 'abs' | 'html' | 'pdf';
}

const NEW_STYLE = String.raw`\d{4}\.\d{4,5}`;
const OLD_STYLE = String.raw`[a-z][a-z-]*(?:\.[A-Z]{2})?\/\d{7}`;
const ID_PATTERN = new RegExp(`^(${NEW_STYLE}|${OLD_STYLE})(v\\d+)?$`);
const PATH_PATTERN = new RegExp(`^/(abs|html|pdf)/(${NEW_STYLE}|${OLD_STYLE})(v\\d+)?(?:\\.pdf)?/?`);

export function parseArxivId(text: string): { id: string; version: string | null } | null {
  const m = ID_PATTERN.exec(text.trim().replace(/^arxiv:/i, ''));
  return m ? { id: m[1]!, version: m[2] ?? null } : null;
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
