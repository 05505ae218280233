/**
 * The Paper JSON boundary (`verbatim extract --json`, imported files, papers sent by
 * the side panel): every field typed and bounded, identifiers strictly checked, and
 * the parts consistent with each other, so a paper that passes cannot make a later
 * question fail. Unknown keys are dropped (including "__proto__").
 */
import * as v from 'valibot';
import { stripPaperControls } from '../text/invisible-controls';
import { VerbatimError } from '../errors';
import type { Paper } from '../model/paper';
import {
  arxivIdString, arxivIdWithVersionString, count, doiString, finiteNumber, idString, list, longText, parseJsonText, parseWith,
  shortText, versionString, webUrlString,
} from './parse';

const optionalNumberInRange = (min: number, max: number) => v.optional(v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max)));

export const SectionSchema = v.object({
  id: idString,
  title: shortText,
  level: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10)),
  parentId: v.nullable(idString),
  number: v.optional(v.pipe(v.string(), v.maxLength(50))),
});

export const CitationSchema = v.object({
  marker: shortText,
  referenceIds: list(idString, 1_000),
  start: v.optional(count),
  end: v.optional(count),
});

export const PageBoxSchema = v.object({ page: count, x: finiteNumber, y: finiteNumber, width: finiteNumber, height: finiteNumber });

export const ParagraphSchema = v.object({
  id: idString,
  sectionId: v.nullable(idString),
  kind: v.picklist(['text', 'caption', 'footnote', 'list', 'equation', 'theorem']),
  text: longText,
  page: v.optional(count),
  boxes: v.optional(list(PageBoxSchema, 1_000)),
  citations: list(CitationSchema, 10_000),
});

const CslNameSchema = v.object({ family: shortText, given: v.optional(shortText) });
const cslText = v.optional(shortText);

/** The reference's CSL-JSON record (shared/references/csl-reference.ts): the same identifier rules as the flat fields. */
const CslReferenceSchema = v.object({
  type: v.picklist(['article-journal', 'paper-conference', 'chapter', 'book', 'thesis', 'report', 'webpage', 'article']),
  title: cslText,
  author: v.optional(list(CslNameSchema, 5_000)),
  editor: v.optional(list(CslNameSchema, 5_000)),
  'container-title': cslText,
  issued: v.optional(v.object({ 'date-parts': v.tuple([v.tuple([v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3000))])]) })),
  volume: cslText,
  issue: cslText,
  page: cslText,
  publisher: cslText,
  'publisher-place': cslText,
  DOI: v.optional(doiString),
  URL: v.optional(webUrlString),
  arxiv: v.optional(arxivIdWithVersionString),
});

export const ReferenceSchema = v.object({
  id: idString,
  raw: shortText,
  title: v.optional(shortText),
  authors: v.optional(list(shortText, 5_000)),
  year: optionalNumberInRange(0, 3000),
  venue: v.optional(shortText),
  doi: v.optional(doiString),
  arxivId: v.optional(arxivIdWithVersionString),
  url: v.optional(webUrlString),
  label: v.optional(shortText),
  csl: v.optional(CslReferenceSchema),
});

export const ArxivMetadataSchema = v.object({
  submissions: list(v.object({ version: versionString, date: v.pipe(v.string(), v.maxLength(100)), size: v.optional(v.pipe(v.string(), v.maxLength(100))) }), 1_000),
  primaryCategory: v.optional(v.pipe(v.string(), v.maxLength(100))),
  subjects: list(v.pipe(v.string(), v.maxLength(100)), 1_000),
  comments: v.optional(shortText),
  journalRef: v.optional(shortText),
  doi: v.optional(doiString),
  arxivDoi: v.optional(doiString),
  license: v.optional(webUrlString),
  published: v.optional(v.pipe(v.string(), v.maxLength(100))),
});

export const PaperSchema = v.object({
  arxivId: v.nullable(arxivIdString),
  version: v.nullable(versionString),
  source: v.picklist(['arxiv-html', 'pdf', 'abs']),
  title: shortText,
  authors: list(shortText, 5_000),
  abstract: longText,
  sections: list(SectionSchema, 100_000),
  paragraphs: list(ParagraphSchema),
  references: list(ReferenceSchema),
  url: v.optional(webUrlString),
  fullTextUrl: v.optional(webUrlString),
  doi: v.optional(doiString),
  metadata: v.optional(ArxivMetadataSchema),
});

/** Checks the Paper boundary: throws BAD_PAPER_FILE naming the first problem. */
export function parsePaper(value: unknown, label = 'paper'): Paper {
  // Invisible controls go before the consistency check, which reads offsets into the cleaned text.
  const paper: Paper = stripPaperControls(parseWith(PaperSchema, value, 'BAD_PAPER_FILE', label));
  const problem = paperInconsistency(paper);
  if (problem) throw new VerbatimError('BAD_PAPER_FILE', `${label}: ${problem}`);
  return paper;
}

/** Paper JSON text (a file, a pasted paper) to a checked Paper. */
export function parsePaperJson(text: string, fileName = 'paper.json'): Paper {
  return parsePaper(parseJsonText(text, 'BAD_PAPER_FILE', fileName), fileName);
}

/** What the schema cannot see: ids unique, links pointing at things that exist, offsets inside the text. */
export function paperInconsistency(paper: Paper): string | null {
  const sectionIds = new Set<string>();
  for (const [i, section] of paper.sections.entries()) {
    if (sectionIds.has(section.id)) return `sections.${i}.id: "${section.id}" appears twice`;
    sectionIds.add(section.id);
  }
  for (const [i, section] of paper.sections.entries()) {
    if (section.parentId !== null && !sectionIds.has(section.parentId)) return `sections.${i}.parentId: no section "${section.parentId}"`;
  }
  const referenceIds = new Set<string>();
  for (const [i, reference] of paper.references.entries()) {
    if (referenceIds.has(reference.id)) return `references.${i}.id: "${reference.id}" appears twice`;
    referenceIds.add(reference.id);
  }
  const paragraphIds = new Set<string>();
  for (const [i, paragraph] of paper.paragraphs.entries()) {
    if (paragraphIds.has(paragraph.id)) return `paragraphs.${i}.id: "${paragraph.id}" appears twice`;
    paragraphIds.add(paragraph.id);
    if (paragraph.sectionId !== null && !sectionIds.has(paragraph.sectionId)) return `paragraphs.${i}.sectionId: no section "${paragraph.sectionId}"`;
    for (const [j, citation] of paragraph.citations.entries()) {
      const where = `paragraphs.${i}.citations.${j}`;
      const missing = citation.referenceIds.find((id) => !referenceIds.has(id));
      if (missing !== undefined) return `${where}.referenceIds: no reference "${missing}"`;
      const { start, end } = citation;
      if ((start === undefined) !== (end === undefined)) return `${where}: start and end go together`;
      if (start !== undefined && end !== undefined && (start > end || end > paragraph.text.length)) return `${where}: offsets ${start}-${end} outside the text`;
    }
  }
  return null;
}
