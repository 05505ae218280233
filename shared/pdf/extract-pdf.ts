/**
 * A PDF to the Paper model, client-side, as named stages over a small context:
 * page lines -> layout -> style and vocabulary -> front matter and identity (file
 * metadata, printed DOI) -> blocks -> clean
 * blocks -> body (sections, paragraphs, bibliography lines) -> references -> citations.
 * Every threshold and pattern lives in a named rule (rules/); `extractPdfWithTrace`
 * also returns, per block, the names of the rules that shaped it.
 */
import type { Paper } from '../model/paper';
import { VerbatimError } from '../errors';
import { buildBlocks, documentStyle, titleLineOf, type Block } from './blocks';
import { documentColumnsOf, findColumns, placeLines, removeFigureText, removeRunningText, withDocumentTextEdge, type PlacedLine } from './layout';
import type { PdfFileMetadata, PdfPageText, PdfReadOptions, PdfTextReader } from './pdf-text';
import { splitReferenceEntries, toReferences } from './references';
import { stripPaperControls } from '../text/invisible-controls';
import { learnVocabulary } from './rules/text-rules';
import { dropAffiliations, dropFigureText, dropNavigationSections, dropTableFragments, joinTableLabelCaptions, markAlgorithmFloats, mergeInterruptedParagraphs, splitSideBySideCaptions } from './stages/clean-blocks';
import type { PdfContext } from './stages/context';
import { readFrontMatter } from './stages/front-matter';
import { resolveIdentity } from './stages/identity';
import { footnoteMarksOf, linkCitations } from './stages/link-citations';
import { documentPageLines, type PageLines } from './stages/page-lines';
import { assembleBody } from './stages/sections';

export interface PdfExtractOptions extends PdfReadOptions {
  reader: PdfTextReader;
  url?: string;
  arxivId?: string | null;
  version?: string | null;
}

/** One block as the debug trace shows it. */
export interface BlockTrace {
  page: number;
  kind: string;
  rules: string[];
  text: string;
}

export interface PdfTrace {
  blocks: BlockTrace[];
  /** Items or lines each dropping rule removed, over the whole document. */
  dropped: Record<string, number>;
  bibliography: string | null;
}

async function readPageLines(bytes: Uint8Array, options: PdfExtractOptions): Promise<{ pages: PageLines[]; metadata?: PdfFileMetadata }> {
  const { pages, metadata } = await options.reader.read(bytes, options);
  const read: PdfPageText[] = [];
  for await (const page of pages) read.push(page);
  const out = documentPageLines(read);
  const characters = out.reduce((n, p) => n + p.lines.reduce((m, l) => m + l.text.length, 0), 0);
  if (characters < 40 * Math.max(1, out.length)) throw new VerbatimError('PDF_NO_TEXT');
  return { pages: out, ...(metadata ? { metadata } : {}) };
}

function layout(pages: PageLines[]): PlacedLine[] {
  const widths = pages.map((p) => p.width || 612);
  const cleaned = removeRunningText(pages.map((p) => p.lines)).map(removeFigureText);
  const own = cleaned.map((lines, i) => findColumns(lines, widths[i]!));
  const document = documentColumnsOf(own);
  return withDocumentTextEdge(cleaned.map((lines, i) => placeLines(lines, widths[i]!, document, own[i]))).flat();
}

/** The clean-up stages over the blocks, in order (stages/clean-blocks.ts). */
const CLEAN_BLOCKS: readonly ((blocks: Block[], context: PdfContext) => Block[])[] = [
  dropFigureText,
  joinTableLabelCaptions,
  splitSideBySideCaptions,
  dropTableFragments,
  dropNavigationSections,
  markAlgorithmFloats,
  mergeInterruptedParagraphs,
  dropAffiliations,
];

function blocksOf(body: PlacedLine[], context: PdfContext): Block[] {
  return CLEAN_BLOCKS.reduce((blocks, stage) => stage(blocks, context), buildBlocks(body, context.style, context.vocabulary));
}

export async function extractPdfWithTrace(bytes: Uint8Array, options: PdfExtractOptions): Promise<{ paper: Paper; trace: PdfTrace }> {
  const { pages, metadata } = await readPageLines(bytes, options);
  const placed = layout(pages);
  const context: PdfContext = { style: documentStyle(placed), vocabulary: learnVocabulary(placed.map((l) => l.text)) };
  const front = readFrontMatter(placed, context.style);
  const identity = resolveIdentity(metadata, front, placed);
  const blocks = blocksOf(placed.filter((l) => !front.consumed.has(l)), context);
  const body = assembleBody(blocks, context.style);
  const references = toReferences(splitReferenceEntries(body.referenceLines, context.style, context.vocabulary));
  linkCitations(body, references, footnoteMarksOf(blocks));

  const paper: Paper = {
    arxivId: options.arxivId ?? null,
    version: options.version ?? null,
    source: 'pdf',
    title: identity.title,
    authors: identity.authors,
    ...(identity.doi ? { doi: identity.doi } : {}),
    abstract: body.abstract,
    sections: body.sections,
    paragraphs: body.paragraphs,
    references,
    ...(options.url ? { url: options.url } : {}),
  };
  const dropped: Record<string, number> = {};
  for (const p of pages) for (const [rule, n] of Object.entries(p.dropped)) dropped[rule] = (dropped[rule] ?? 0) + n;
  const trace: PdfTrace = {
    blocks: blocks.map((b) => ({
      page: b.type === 'heading' ? titleLineOf(b).page : b.lines[0]!.page,
      kind: b.type === 'heading' ? `heading${b.number ? ` ${b.number}` : ''}` : b.kind,
      rules: b.trace,
      text: b.type === 'heading' ? b.title : b.text,
    })),
    dropped,
    bibliography: body.bibliographyRule,
  };
  return { paper: stripPaperControls(paper), trace };
}

export async function extractPdf(bytes: Uint8Array, options: PdfExtractOptions): Promise<Paper> {
  return (await extractPdfWithTrace(bytes, options)).paper;
}
