/**
 * From an arXiv URL to a Paper: read the abs page for metadata, then the HTML full
 * text for structure. Nothing is stored here; the caller saves the result in one
 * transaction, so a capture that fails half-way changes nothing.
 */
import type { Paper } from '../model/paper';
import { VerbatimError } from '../errors';
import type { FetchedText, HtmlParser, TextFetcher } from '../ports';
import { parseArxivUrl, withVersion } from '../extract/arxiv-id';
import { readAbsPage, type AbsMetadata } from '../extract/abs-page';
import { extractLatexml } from '../extract/latexml';
import { extractPdf } from '../pdf/extract-pdf';
import type { PdfTextReader } from '../pdf/pdf-text';
import { stripPaperControls } from '../text/invisible-controls';

export type CaptureStage = 'metadata' | 'full-text' | 'pdf' | 'extracting';

export interface CaptureOptions {
  fetcher: TextFetcher;
  parseHtml: HtmlParser;
  /** PDF text reader; without one, PDF-only papers are refused with PDF_UNSUPPORTED. */
  pdfReader?: PdfTextReader;
  signal?: AbortSignal;
  onProgress?: (stage: CaptureStage) => void;
}

export async function capturePaper(url: string, options: CaptureOptions): Promise<Paper> {
  const ref = parseArxivUrl(url);
  if (!ref) throw new VerbatimError('NOT_A_PAPER', url);
  const origin = new URL(url).origin;
  const fetchOptions = options.signal ? { signal: options.signal } : {};

  let metadata: AbsMetadata | null = null;
  let htmlUrl: string | null;
  if (ref.kind === 'abs') {
    options.onProgress?.('metadata');
    const abs = await fetchOk(options.fetcher, url, fetchOptions);
    metadata = readAbsPage(options.parseHtml(abs), url);
    if (metadata.withdrawn) throw new VerbatimError('WITHDRAWN', ref.id);
    if (!metadata.title && !metadata.arxivId) throw new VerbatimError('NOT_A_PAPER', 'no citation_* metadata on the abs page');
    // The HTML link on the abs page names the exact version; without one, ask for the version being read.
    htmlUrl = metadata.htmlUrl ?? `${origin}/html/${withVersion(ref.id, metadata.version ?? ref.version)}`;
  } else {
    htmlUrl = ref.kind === 'html' ? url : null;
    // The abs page has what the full text does not (versions, subjects, DOI); a failure here costs only metadata.
    options.onProgress?.('metadata');
    metadata = await options.fetcher
      .fetchText(`${origin}/abs/${withVersion(ref.id, ref.version)}`, fetchOptions)
      .then((abs) => (abs.status < 400 ? readAbsPage(options.parseHtml(abs.text), abs.url) : null))
      .catch(() => null);
    if (metadata?.withdrawn) throw new VerbatimError('WITHDRAWN', ref.id);
  }

  let paper: Paper | null = null;
  let htmlProblem: VerbatimError | null = null;
  if (htmlUrl) {
    options.onProgress?.('full-text');
    const response = await options.fetcher.fetchText(htmlUrl, fetchOptions);
    if (response.status === 404) htmlProblem = new VerbatimError('NO_FULL_TEXT', ref.id);
    else if (response.status >= 400) throw new VerbatimError('HTTP_STATUS', `${response.status} for ${htmlUrl}`);
    else if (!isHtmlResponse(response)) htmlProblem = new VerbatimError('NO_FULL_TEXT', `${htmlUrl} answered with ${response.text.trim() ? response.contentType : 'an empty body'}`);
    else {
      options.onProgress?.('extracting');
      const dom = options.parseHtml(response.text);
      if (!dom.querySelector('.ltx_para, .ltx_p')) {
        const conversionFailed = /conversion (?:to html )?(?:had a fatal error|failed)|no html for|html is not available/i.test(dom.body?.textContent ?? '');
        htmlProblem = new VerbatimError(conversionFailed ? 'CONVERSION_FAILED' : 'NO_PARAGRAPHS', htmlUrl);
      } else {
        const versionFromHtmlUrl = parseArxivUrl(response.url || htmlUrl)?.version ?? null;
        paper = extractLatexml(dom, {
          url: ref.kind === 'abs' ? url : htmlUrl,
          arxivId: metadata?.arxivId ?? ref.id,
          version: versionFromHtmlUrl ?? metadata?.version ?? ref.version,
        });
      }
    }
  }
  if (!paper) {
    // No usable HTML full text: the PDF, when this context can read PDFs.
    if (!options.pdfReader) throw htmlProblem ?? new VerbatimError('PDF_UNSUPPORTED');
    const version = metadata?.version ?? ref.version;
    const pdfUrl = ref.kind === 'pdf' ? url : metadata?.pdfUrl ? `${metadata.pdfUrl}${version && !/v\d+$/.test(metadata.pdfUrl) ? version : ''}` : `${origin}/pdf/${withVersion(ref.id, version)}`;
    options.onProgress?.('pdf');
    const response = await options.fetcher.fetchBytes(pdfUrl, fetchOptions);
    if (response.status === 404) throw htmlProblem ?? new VerbatimError('NOT_A_PAPER', `${pdfUrl} was not found`);
    if (response.status >= 400) throw new VerbatimError('HTTP_STATUS', `${response.status} for ${pdfUrl}`);
    options.onProgress?.('extracting');
    paper = await extractPdf(response.bytes, {
      reader: options.pdfReader,
      url: ref.kind === 'abs' ? url : pdfUrl,
      arxivId: metadata?.arxivId ?? ref.id,
      version: parseArxivUrl(response.url || pdfUrl)?.version ?? version,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }
  if (metadata) {
    // The abs page's metadata is what arXiv indexes; prefer it over what the full text rendered.
    if (metadata.title) paper.title = metadata.title;
    if (metadata.authors.length) paper.authors = metadata.authors;
    if (metadata.abstract && !paper.abstract) paper.abstract = metadata.abstract;
    paper.metadata = metadata.metadata;
  }
  if (paper.paragraphs.length === 0) throw new VerbatimError('NO_PARAGRAPHS', url);
  return stripPaperControls(paper);
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
