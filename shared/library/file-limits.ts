/**
 * How large a file Verbatim reads, checked before the bytes are read or parsed: a hostile or
 * mistaken file (a 2 GB JSON) would otherwise cost its size several times over in memory
 * before any schema could refuse it. A paper is a few MB; a 50k-paragraph library bundle
 * about 100 MB; V8 cannot hold a string much over 500 MB at all.
 */
import { VerbatimError } from '../errors';

export const MAX_FILE_BYTES = { pdf: 200_000_000, document: 100_000_000, bundle: 400_000_000 } as const;

export type FileKind = keyof typeof MAX_FILE_BYTES;

/** A PDF, or a paper document (LaTeXML HTML, paper JSON); bundles are named by their caller. */
export function fileKindOf(fileName: string): FileKind {
  return fileName.toLowerCase().endsWith('.pdf') ? 'pdf' : 'document';
}

/** FILE_TOO_LARGE when a file of this size is over its kind's limit. */
export function checkFileSize(fileName: string, bytes: number, kind: FileKind = fileKindOf(fileName)): void {
  if (bytes > MAX_FILE_BYTES[kind]) throw new VerbatimError('FILE_TOO_LARGE', `${fileName.replace(/^.*[\\/]/, '').slice(0, 200)}: ${Math.round(bytes / 1e6)} MB`);
}
