/** The support set's shape: sentence–quote pairs, each a faithful paraphrase or one kind of contradiction. */
import { readFileSync } from 'node:fs';

export const SUPPORT_CATEGORIES = ['faithful', 'negation', 'number', 'unit', 'entity', 'method', 'comparison', 'unrelated', 'injected'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export interface SupportPair {
  id: string;
  /** Fixture folder the quoted sentence comes from. */
  paper: string;
  /** Key into `paragraphs`: `<paper>#<paragraph id>`. */
  paragraph: string;
  /** The real sentence the pair was built from (with `paper`, the dev/test split key). */
  source: string;
  /** The quote's offsets in the paragraph (a real span: the sentence, or its first 25 words). */
  quoteStart: number;
  quoteEnd: number;
  /** What the "model" wrote, citing that quote. */
  claim: string;
  category: SupportCategory;
  /** Faithful pairs: the rewrites that made the paraphrase. */
  rewrites?: string[];
}

export interface SupportSet {
  note: string;
  papers: Record<string, { licence: string }>;
  paragraphs: Record<string, string>;
  pairs: SupportPair[];
}

export const SUPPORT_SET_URL = new URL('./data/support-set.json', import.meta.url);

export function readSupportSet(): SupportSet {
  return JSON.parse(readFileSync(SUPPORT_SET_URL, 'utf8')) as SupportSet;
}

/** The split key: every pair built from one source sentence falls in the same half. */
export const supportSplitKey = (pair: Pick<SupportPair, 'paper' | 'source'>) => `${pair.paper}\u0000${pair.source}`;
