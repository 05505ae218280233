/**
 * What Verbatim's content controls carry in their tags. A tag holds only a compact
 * id; everything else about a citation lives in the document's citation part
 * (word-citation-part.ts), so a tag survives copy, paste and retyping around it.
 *   vb1:c:<clusterId>   an in-text citation (one cluster: one or more works)
 *   vb1:q:<clusterId>   the quoted text that citation stands behind
 *   vb1:bibliography    the bibliography block at the end of the document
 */
export const TAG_PREFIX = 'vb1:';
export const BIBLIOGRAPHY_TAG = 'vb1:bibliography';

const CLUSTER_ID = /^[a-z0-9]{4,32}$/;

export type VerbatimTag =
  | { kind: 'citation'; clusterId: string }
  | { kind: 'quote'; clusterId: string }
  | { kind: 'bibliography' };

export function citationTag(clusterId: string): string {
  return `${TAG_PREFIX}c:${clusterId}`;
}

export function quoteTag(clusterId: string): string {
  return `${TAG_PREFIX}q:${clusterId}`;
}

/** Null for tags that are not ours or not well formed (another add-in's controls are left alone). */
export function parseVerbatimTag(tag: string): VerbatimTag | null {
  if (tag === BIBLIOGRAPHY_TAG) return { kind: 'bibliography' };
  const match = /^vb1:([cq]):(.+)$/.exec(tag);
  if (!match || !CLUSTER_ID.test(match[2]!)) return null;
  return { kind: match[1] === 'c' ? 'citation' : 'quote', clusterId: match[2]! };
}

/** A short random id: unique within a document is all it must be (copies are re-tagged on refresh). */
export function newClusterId(random: () => number = Math.random): string {
  let id = '';
  for (let i = 0; i < 10; i++) id += 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(random() * 36)];
  return id;
}
