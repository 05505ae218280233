/**
 * Stage: who and what the paper is, from the file itself, for papers not on arXiv.
 * Title: the file's metadata title when it is a real title and agrees with the print,
 * else the largest type on page 1. Authors: the metadata's when they read as names,
 * else the lines under the title. DOI: the metadata's, else the first printed on page 1.
 */
import type { PlacedLine } from '../layout';
import type { PdfFileMetadata } from '../pdf-text';
import { findDoi } from '../../model/identifiers';
import { plausibleAuthorName, plausibleMetadataTitle, splitAuthors } from '../rules/metadata-rules';
import type { FrontMatter } from './front-matter';

export interface Identity {
  title: string;
  authors: string[];
  doi?: string;
}

const words = (text: string) => new Set(text.toLowerCase().match(/\p{L}{3,}/gu) ?? []);

function agree(a: string, b: string): boolean {
  const [x, y] = [words(a), words(b)];
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return shared >= Math.min(x.size, y.size) * 0.6;
}

export function resolveIdentity(metadata: PdfFileMetadata | undefined, front: FrontMatter, lines: PlacedLine[]): Identity {
  const metaTitle = metadata?.title && plausibleMetadataTitle.test(metadata.title) ? metadata.title : undefined;
  const title = metaTitle && (!front.title || agree(metaTitle, front.title)) ? metaTitle : front.title || metaTitle || '';
  const metaAuthors = (metadata?.authors ?? []).flatMap((a) => (metadata?.authors?.length === 1 ? splitAuthors(a) : [a.trim()])).filter((a) => a.length > 0);
  const authors = metaAuthors.length && metaAuthors.every((a) => plausibleAuthorName.test(a)) ? metaAuthors : front.authors;
  const doi = (metadata?.doi && findDoi(metadata.doi)) || lines.filter((l) => l.page === 1).map((l) => findDoi(l.text)).find((d) => d !== null) || undefined;
  return { title, authors, ...(doi ? { doi } : {}) };
}
