/**
 * The citation styles Verbatim renders, each a real CSL file from the Citation Style
 * Language project (shared/cite/csl/, see SOURCES.md). Names from users (CLI flags,
 * messages, document records) are parsed here into a StyleId.
 */
import { VerbatimError } from '../errors';

export type StyleId = 'ieee' | 'apa' | 'chicago-author-date' | 'nature' | 'acm' | 'vancouver' | 'harvard';

export const CITATION_STYLES: readonly { id: StyleId; label: string; kind: 'numeric' | 'author-date' }[] = [
  { id: 'ieee', label: 'IEEE', kind: 'numeric' },
  { id: 'apa', label: 'APA (7th edition)', kind: 'author-date' },
  { id: 'chicago-author-date', label: 'Chicago (author-date)', kind: 'author-date' },
  { id: 'nature', label: 'Nature', kind: 'numeric' },
  { id: 'acm', label: 'ACM', kind: 'numeric' },
  { id: 'vancouver', label: 'Vancouver (NLM)', kind: 'numeric' },
  { id: 'harvard', label: 'Harvard (Cite Them Right)', kind: 'author-date' },
];

/** Other names people type for the same styles. */
const ALIASES: Readonly<Record<string, StyleId>> = {
  chicago: 'chicago-author-date',
  'association-for-computing-machinery': 'acm',
  'nlm-citation-sequence': 'vancouver',
  nlm: 'vancouver',
  'harvard-cite-them-right': 'harvard',
  apa7: 'apa',
};

export function isStyleId(name: string): name is StyleId {
  return CITATION_STYLES.some((style) => style.id === name);
}

export function parseStyleId(name: string): StyleId {
  const key = name.trim().toLowerCase();
  if (isStyleId(key)) return key;
  const alias = Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined;
  if (alias) return alias;
  throw new VerbatimError('STYLE_UNKNOWN', `"${name.slice(0, 60)}"`);
}

export function styleKind(style: StyleId): 'numeric' | 'author-date' {
  return CITATION_STYLES.find((s) => s.id === style)!.kind;
}
