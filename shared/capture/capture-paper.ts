/**
 * From an arXiv URL to a Paper: read the abs page for metadata, then the full text,
 * trying in order arxiv.org/html (LaTeXML), ar5iv (LaTeXML of older papers, which
 * arxiv.org/html does not have), and the PDF. Each step is a named function over one
 * small context and reports its stage. Nothing is stored here; the caller saves the
 * result in one transaction, so a capture that fails half-way changes nothing.
 */
import type { Paper } from '../model/paper';
import { VerbatimError } from '../errors';
import type { FetchedText, HtmlParser, TextFetcher } from '../ports';
import { parseArxivUrl, withVersion, type ArxivRef } from '../extract/arxiv-id';
import { readAbsPage, type AbsMetadata } from '../extract/abs-page';
import { extractLatexml } from '../extract/latexml';
import { extractPdf } from '../pdf/extract-pdf';
import type { PdfTextReader } from '../pdf/pdf-text';
import { stripInvisibleControls } from '../text/invisible-controls';

export type CaptureStage = 'metadata' | 'full-text' | 'ar5iv' | 'pdf' | 'extracting';

/** ar5iv serves LaTeXML HTML for most arXiv papers older than arxiv.org/html. */
export { AR5IV_HOST } from './url-policy';
import { AR5IV_HOST } from './url-policy';

export interface CaptureOptions {
  fetcher: TextFetcher;
  parseHtml: HtmlParser;
  /** PDF text reader; without one, PDF-only papers are refused with PDF_UNSUPPORTED. */
  pdfReader?: PdfTextReader;
  signal?: AbortSignal;
  onProgress?: (stage: CaptureStage) => void;
}

interface CaptureContext {
  url: string;
  ref: ArxivRef;
  origin: string;
  options: CaptureOptions;
  fetchOptions: { signal?: AbortSignal };
  metadata: AbsMetadata | null;
}

export async function capturePaper(url: string, options: CaptureOptions): Promise<Paper> {
  const ref = parseArxivUrl(url);
  if (!ref) throw new VerbatimError('NOT_A_PAPER', url);
  const context: CaptureContext = { url, ref, origin: new URL(url).origin, options, fetchOptions: options.signal ? { signal: options.signal } : {}, metadata: null };

  const htmlUrl = await readMetadata(context);
  let paper: Paper | null = null;
  let htmlProblem: VerbatimError | null = null;
  if (htmlUrl) {
    const fromHtml = await fromArxivHtml(context, htmlUrl);
    if (fromHtml instanceof VerbatimError) htmlProblem = fromHtml;
    else paper = fromHtml;
  }
  // ar5iv only when arxiv.org has no usable HTML for the paper (not when the user is reading the PDF).
  if (!paper && htmlProblem) paper = await fromAr5iv(context);
  paper ??= await fromPdf(context, htmlProblem);
  applyAbsMetadata(paper, context.metadata);
  if (paper.paragraphs.length === 0) throw new VerbatimError('NO_PARAGRAPHS', url);
  return paper;
}

/** The abs page's metadata; returns the arxiv.org/html URL to try, or null (a /pdf/ link). */
async function readMetadata(context: CaptureContext): Promise<string | null> {
  const { ref, url, origin, options } = context;
  options.onProgress?.('metadata');
  if (ref.kind === 'abs') {
    const abs = await fetchOk(options.fetcher, url, context.fetchOptions);
    const metadata = readAbsPage(options.parseHtml(abs), url);
    if (metadata.withdrawn) throw new VerbatimError('WITHDRAWN', ref.id);
    if (!metadata.title && !metadata.arxivId) throw new VerbatimError('NOT_A_PAPER', 'no citation_* metadata on the abs page');
    context.metadata = metadata;
    // The HTML link on the abs page names the exact version; without one, ask for the version being read.
    return metadata.htmlUrl ?? `${origin}/html/${withVersion(ref.id, metadata.version ?? ref.version)}`;
  }
  // The abs page has what the full text does not (versions, subjects, DOI); a failure here costs only metadata.
  context.metadata = await options.fetcher
    .fetchText(`${origin}/abs/${withVersion(ref.id, ref.version)}`, context.fetchOptions)
    .then((abs) => (abs.status < 400 ? readAbsPage(options.parseHtml(abs.text), abs.url) : null))
    .catch(() => null);
  if (context.metadata?.withdrawn) throw new VerbatimError('WITHDRAWN', ref.id);
  return ref.kind === 'html' ? url : null;
}

/** arxiv.org/html: the Paper, or why there is none (no HTML, failed conversion, no paragraphs). */
async function fromArxivHtml(context: CaptureContext, htmlUrl: string): Promise<Paper | VerbatimError> {
  const { ref, options } = context;
  options.onProgress?.('full-text');
  const response = await options.fetcher.fetchText(htmlUrl, context.fetchOptions);
  if (response.status === 404) return new VerbatimError('NO_FULL_TEXT', ref.id);
  if (response.status >= 400) throw new VerbatimError('HTTP_STATUS', `${response.status} for ${htmlUrl}`);
  // An empty or non-HTML body (a proxy's error, a PDF served at the HTML URL) is "no HTML": the PDF comes next.
  if (!isHtmlResponse(response)) return new VerbatimError('NO_FULL_TEXT', `${htmlUrl} answered with ${response.text.trim() ? response.contentType : 'an empty body'}`);
  options.onProgress?.('extracting');
  const dom = options.parseHtml(response.text);
  if (!dom.querySelector('.ltx_para, .ltx_p')) {
    const conversionFailed = /conversion (?:to html )?(?:had a fatal error|failed)|no html for|html is not available/i.test(dom.body?.textContent ?? '');
    return new VerbatimError(conversionFailed ? 'CONVERSION_FAILED' : 'NO_PARAGRAPHS', htmlUrl);
  }
  const versionFromHtmlUrl = parseArxivUrl(response.url || htmlUrl)?.version ?? null;
  const paper = extractLatexml(dom, {
    url: ref.kind === 'abs' ? context.url : htmlUrl,
    arxivId: context.metadata?.arxivId ?? ref.id,
    version: versionFromHtmlUrl ?? context.metadata?.version ?? ref.version,
  });
  return { ...paper, fullTextUrl: htmlUrl };
}

/**
 * ar5iv's LaTeXML HTML (older markup; the extractor reads both). A miss of any kind
 * (no page, an error page, the network) is not an error: the PDF comes next.
 */
async function fromAr5iv(context: CaptureContext): Promise<Paper | null> {
  const { ref, options } = context;
  const ar5ivUrl = `${new URL(context.url).protocol}//${AR5IV_HOST}/html/${ref.id}`;
  options.onProgress?.('ar5iv');
  let response;
  try {
    response = await options.fetcher.fetchText(ar5ivUrl, context.fetchOptions);
  } catch (error) {
    if (options.signal?.aborted || (error instanceof VerbatimError && error.code === 'CANCELLED')) throw error;
    return null;
  }
  if (response.status >= 400 || !isHtmlResponse(response)) return null;
  const dom = options.parseHtml(response.text);
  if (!dom.querySelector('.ltx_para, .ltx_p')) return null;
  options.onProgress?.('extracting');
  const paper = extractLatexml(dom, {
    url: ref.kind === 'abs' ? context.url : ar5ivUrl,
    arxivId: context.metadata?.arxivId ?? ref.id,
    // ar5iv converts the latest version; the abs page says which one that is.
    version: context.metadata?.version ?? ref.version,
  });
  // "Open in paper" returns to ar5iv: arxiv.org/html has no page for this paper.
  return { ...paper, fullTextUrl: ar5ivUrl };
}

/** The PDF read with pdf.js, when this context can read PDFs. */
async function fromPdf(context: CaptureContext, htmlProblem: VerbatimError | null): Promise<Paper> {
  const { ref, origin, options, metadata } = context;
  if (!options.pdfReader) throw htmlProblem ?? new VerbatimError('PDF_UNSUPPORTED');
  const version = metadata?.version ?? ref.version;
  const pdfUrl = ref.kind === 'pdf' ? context.url : metadata?.pdfUrl ? `${metadata.pdfUrl}${version && !/v\d+$/.test(metadata.pdfUrl) ? version : ''}` : `${origin}/pdf/${withVersion(ref.id, version)}`;
  options.onProgress?.('pdf');
  const response = await options.fetcher.fetchBytes(pdfUrl, context.fetchOptions);
  if (response.status === 404) throw htmlProblem ?? new VerbatimError('NOT_A_PAPER', `${pdfUrl} was not found`);
  if (response.status >= 400) throw new VerbatimError('HTTP_STATUS', `${response.status} for ${pdfUrl}`);
  options.onProgress?.('extracting');
  const paper = await extractPdf(response.bytes, {
    reader: options.pdfReader,
    url: ref.kind === 'abs' ? context.url : pdfUrl,
    arxivId: metadata?.arxivId ?? ref.id,
    version: parseArxivUrl(response.url || pdfUrl)?.version ?? version,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { ...paper, fullTextUrl: pdfUrl };
}

/** The abs page's metadata is what arXiv indexes; prefer it over what the full text rendered. */
function applyAbsMetadata(paper: Paper, metadata: AbsMetadata | null): void {
  if (!metadata) return;
  // The extractors strip invisible controls from what they read; the abs page's strings are stripped here.
  if (metadata.title) paper.title = stripInvisibleControls(metadata.title);
  if (metadata.authors.length) paper.authors = metadata.authors.map(stripInvisibleControls);
  if (metadata.abstract && !paper.abstract) paper.abstract = stripInvisibleControls(metadata.abstract);
  paper.metadata = metadata.metadata;
}

async function fetchOk(fetcher: TextFetcher, url: string, options: { signal?: AbortSignal }): Promise<string> {
  const response = await fetcher.fetchText(url, options);
  if (response.status === 404) throw new VerbatimError('NOT_A_PAPER', `${url} was not found`);
  if (response.status >= 400) throw new VerbatimError('HTTP_STATUS', `${response.status} for ${url}`);
  return response.text;
}

/** An empty body or a declared non-HTML type (a PDF, JSON, an image) is no full text: the PDF is tried instead. */
function isHtmlResponse(response: FetchedText): boolean {
  const body = response.text.trim();
  if (!body) return false;
  const mediaType = (response.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'text/html' || mediaType === 'application/xhtml+xml') return true;
  // No declared type, or text/plain from a bare server: trust the body only if it starts as markup.
  return (mediaType === '' || mediaType === 'text/plain') && body.startsWith('<');
}
