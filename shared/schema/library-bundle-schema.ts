/**
 * LibraryBundle v1: a whole library as one JSON file, table by table (papers with
 * their sections, paragraphs, references, citation links), the way the store keeps
 * it. The Word pane and other tools import it; a new layout is a new `version`,
 * never an edit of this one.
 */
import * as v from 'valibot';
import { VerbatimError } from '../errors';
import { libraryIdFor, type LibraryPaper, type Paragraph } from '../model/paper';
import { CitationSchema, paperInconsistency, ParagraphSchema, PaperSchema, ReferenceSchema } from './paper-schema';
import { idString, list, parseJsonText, parseWith } from './parse';

export const LIBRARY_BUNDLE_FORMAT = 'verbatim-library-bundle';
export const LIBRARY_BUNDLE_VERSION = 1;

// A paper row is the Paper without the parts that travel as their own tables.
const { paragraphs: _paragraphs, references: _references, ...paperEntries } = PaperSchema.entries;
const PaperRecordSchema = v.object({
  id: idString,
  savedAt: v.pipe(v.string(), v.maxLength(100)),
  ...paperEntries,
});

const { citations: _citations, ...paragraphEntries } = ParagraphSchema.entries;
const ParagraphRecordSchema = v.object({ paperId: idString, ...paragraphEntries });
const ReferenceRecordSchema = v.object({ paperId: idString, ...ReferenceSchema.entries });
const CitationRecordSchema = v.object({ paperId: idString, paragraphId: idString, ...CitationSchema.entries });

const MAX_ROWS = 2_000_000;

export const LibraryBundleSchema = v.object({
  format: v.literal(LIBRARY_BUNDLE_FORMAT),
  version: v.literal(LIBRARY_BUNDLE_VERSION),
  exportedAt: v.pipe(v.string(), v.maxLength(100)),
  papers: list(PaperRecordSchema, 100_000),
  paragraphs: list(ParagraphRecordSchema, MAX_ROWS),
  references: list(ReferenceRecordSchema, MAX_ROWS),
  citations: list(CitationRecordSchema, MAX_ROWS),
});

export type LibraryBundle = v.InferOutput<typeof LibraryBundleSchema>;
export type PaperRecord = v.InferOutput<typeof PaperRecordSchema>;

/** A bundle (parsed JSON) to the papers it holds, each checked like an imported paper; BAD_BUNDLE otherwise. */
export function parseLibraryBundle(value: unknown): LibraryPaper[] {
  return assembleBundle(parseBundleShape(value));
}

export function parseLibraryBundleJson(text: string): LibraryPaper[] {
  return parseLibraryBundle(parseJsonText(text, 'BAD_BUNDLE', 'bundle'));
}

function parseBundleShape(value: unknown): LibraryBundle {
  const header = value as { format?: unknown; version?: unknown } | null;
  if (typeof header === 'object' && header !== null && header.format === LIBRARY_BUNDLE_FORMAT && header.version !== LIBRARY_BUNDLE_VERSION) {
    throw new VerbatimError('BAD_BUNDLE', `bundle version ${String(header.version).slice(0, 20)} is not supported (this Verbatim reads version ${LIBRARY_BUNDLE_VERSION})`);
  }
  return parseWith(LibraryBundleSchema, value, 'BAD_BUNDLE', 'bundle');
}

/** Rows back into papers; every row must belong to a paper in the bundle, and each paper must pass the Paper checks. */
function assembleBundle(bundle: LibraryBundle): LibraryPaper[] {
  const papers = new Map<string, LibraryPaper>();
  for (const [i, record] of bundle.papers.entries()) {
    if (papers.has(record.id)) throw new VerbatimError('BAD_BUNDLE', `papers.${i}.id: "${record.id}" appears twice`);
    const { sections, ...rest } = record;
    papers.set(record.id, { ...rest, sections, paragraphs: [], references: [] });
  }
  const owner = (table: string, i: number, paperId: string): LibraryPaper => {
    const paper = papers.get(paperId);
    if (!paper) throw new VerbatimError('BAD_BUNDLE', `${table}.${i}.paperId: no paper "${paperId}"`);
    return paper;
  };
  const paragraphsByKey = new Map<string, Paragraph>();
  for (const [i, { paperId, ...paragraph }] of bundle.paragraphs.entries()) {
    const withCitations: Paragraph = { ...paragraph, citations: [] };
    owner('paragraphs', i, paperId).paragraphs.push(withCitations);
    paragraphsByKey.set(`${paperId}\u0000${paragraph.id}`, withCitations);
  }
  for (const [i, { paperId, ...reference }] of bundle.references.entries()) owner('references', i, paperId).references.push(reference);
  for (const [i, { paperId, paragraphId, ...citation }] of bundle.citations.entries()) {
    owner('citations', i, paperId);
    const paragraph = paragraphsByKey.get(`${paperId}\u0000${paragraphId}`);
    if (!paragraph) throw new VerbatimError('BAD_BUNDLE', `citations.${i}.paragraphId: no paragraph "${paragraphId}" in paper "${paperId}"`);
    paragraph.citations.push(citation);
  }
  for (const paper of papers.values()) {
    const problem = paperInconsistency(paper);
    if (problem) throw new VerbatimError('BAD_BUNDLE', `paper "${paper.id}": ${problem}`);
    // The library key is derived from the content, so a bundle cannot file one paper under another's id.
    if (paper.id !== libraryIdFor(paper)) throw new VerbatimError('BAD_BUNDLE', `paper "${paper.id}": id does not match its content (expected "${libraryIdFor(paper)}")`);
  }
  return [...papers.values()];
}
