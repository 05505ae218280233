/**
 * What a UI asks of the library, over any store: save from a URL, import a file,
 * list, search, ask. The search index follows the store paper by paper (LiveIndex)
 * and is persisted where the store can; paper text is read only for the papers an
 * answer or a search needs.
 */
import { VerbatimError } from '../errors';
import { systemClock, type HtmlParser, type TextFetcher } from '../ports';
import { capturePaper, type CaptureStage } from '../capture/capture-paper';
import { answerExtractively, answerExtractivelyWith, LibrarySnapshot } from '../answer/extractive';
import type { DenseHit } from '../protocol';
import { keyedHits, rankedListRetriever } from '../search/retriever';
import type { ParagraphIndex } from '../search/paragraph-index';
import type { Answer } from '../answer/answer';
import { answerWithModel, type AnswerStage } from '../answer/llm-answer';
import type { ChatModel } from '../llm/chat-model';
import { importDocument, readPaperBytes } from './import-document';
import { parsePaper } from '../schema/paper-schema';
import type { PdfTextReader } from '../pdf/pdf-text';
import { saveWarnings, type LibraryStore, type PaperSummary, type SaveResult } from './library-store';
import { libraryIdFor, type LibraryPaper, type Paper } from '../model/paper';
import { formatCitations, type CitationFormat } from '../cite/cite-formats';
import type { StyleId } from '../cite/styles';
import { recordForPaper } from '../cite/work-record';
import { SaveCoordinator } from './save-coordinator';
import { libraryBundleJson, readLibraryBundle } from './library-bundle';
import { checkFileSize } from './file-limits';
import { LiveIndex, type IndexStatus } from './live-index';
import { AttachedPapers } from './attached-papers';
import { describeHits, fusedSearchHits, lexicalSearchHits, searchPlan, type LibrarySearchHit, type LibrarySearchOptions } from './library-search';

export interface LibraryServiceOptions {
  store: LibraryStore;
  parseHtml: HtmlParser;
  fetcher?: TextFetcher;
  /** Reads PDFs (pdf.js); without one, PDF files and PDF-only papers are refused. */
  pdfReader?: PdfTextReader;
  /** The user's model choice (ModelSettingsService); ask() uses it when no model is passed. */
  models?: { model(): Promise<ChatModel | undefined> };
}

export class LibraryService {
  private readonly saves = new SaveCoordinator();
  readonly index: LiveIndex;

  constructor(private readonly options: LibraryServiceOptions) {
    this.index = new LiveIndex(options.store);
  }

  /**
   * Loads (or catches up) the search index ahead of the first question. The MV3 worker
   * starts when the side panel opens and sends its first message, seconds before a
   * question is typed; loading then hides the cold start (1.4 s at 48k paragraphs).
   * A failure here is not reported: the question that needs the index meets it again.
   */
  async warmUp(): Promise<void> {
    await this.index.current().catch(() => undefined);
  }

  async saveFromUrl(url: string, onProgress?: (stage: CaptureStage) => void, signal?: AbortSignal): Promise<SaveResult> {
    const fetcher = this.options.fetcher;
    if (!fetcher) throw new VerbatimError('INTERNAL', 'this context cannot fetch pages');
    return this.saves.run(url, async () => {
      const paper = await capturePaper(url, {
        fetcher,
        parseHtml: this.options.parseHtml,
        ...(this.options.pdfReader ? { pdfReader: this.options.pdfReader } : {}),
        ...(signal ? { signal } : {}),
        ...(onProgress ? { onProgress } : {}),
      });
      return this.store(paper);
    });
  }

  private async store(paper: Paper): Promise<SaveResult> {
    await this.index.beforeChange(libraryIdFor(paper));
    const result = await this.options.store.savePaper(paper);
    // Index the change now (and persist it), so the next question does not pay for it.
    if (result.status !== 'unchanged') await this.index.current();
    const warnings = saveWarnings(paper);
    return warnings.length && result.status !== 'unchanged' ? { ...result, warnings } : result;
  }

  async importFile(fileName: string, content: string): Promise<SaveResult> {
    return this.saves.run(fileName, async () => this.store(importDocument(fileName, content, this.options.parseHtml)));
  }

  /** A file as bytes: PDFs go through the PDF extractor, anything else is read as text. */
  async importBytes(fileName: string, bytes: Uint8Array, onPage?: (done: number, total: number) => void): Promise<SaveResult> {
    const { parseHtml, pdfReader } = this.options;
    return this.saves.run(fileName, async () => this.store(await readPaperBytes(fileName, bytes, { parseHtml, ...(pdfReader ? { pdfReader } : {}), ...(onPage ? { onPage } : {}) })));
  }

  /** A paper already extracted elsewhere (the side panel reads dropped PDFs itself): checked by the Paper schema first. */
  async importPaper(paper: Paper): Promise<SaveResult> {
    return this.store(parsePaper(paper));
  }

  /** The whole library as LibraryBundle v1 JSON. */
  async exportBundle(exportedAt = systemClock.isoNow()): Promise<string> {
    return libraryBundleJson(await this.options.store.getAllPapers(), exportedAt);
  }

  /** Every paper of a bundle; the whole bundle is checked before the first paper is written. */
  async importBundle(text: string): Promise<SaveResult[]> {
    checkFileSize('bundle', text.length, 'bundle');
    const papers = readLibraryBundle(text);
    const results: SaveResult[] = [];
    for (const { id: _id, savedAt: _savedAt, ...paper } of papers) results.push(await this.store(paper));
    return results;
  }

  /** What the search index holds and how this process got it (loaded from disk, caught up, rebuilt). */
  indexStatus(): Promise<IndexStatus> {
    return this.index.status();
  }

  listPapers(): Promise<PaperSummary[]> {
    return this.options.store.listPapers();
  }

  async getPaper(paperId: string): Promise<LibraryPaper> {
    const paper = await this.options.store.getPaper(paperId);
    if (!paper) throw new VerbatimError('NOT_FOUND', paperId);
    return paper;
  }

  /** The paper's own citation: its reference in a style (text, html), or its BibTeX, RIS or CSL-JSON record. */
  async citePaper(paperId: string, format: CitationFormat, style: StyleId = 'apa'): Promise<string> {
    return formatCitations([recordForPaper(await this.getPaper(paperId))], format, style);
  }

  async deletePaper(paperId: string): Promise<void> {
    await this.index.beforeChange(paperId);
    await this.options.store.deletePaper(paperId);
    await this.index.current();
  }

  /** Ranked paragraphs for a query, over all papers or some; `denseHits` (search by meaning, ranked in the panel) are fused in. */
  async search(query: string, options: LibrarySearchOptions & { denseHits?: readonly DenseHit[] } = {}): Promise<LibrarySearchHit[]> {
    const plan = searchPlan(query, options);
    const index = await this.index.current();
    const others = options.denseHits?.length ? [keyedHits(options.denseHits)] : [];
    // The ranking reads its hits' text, so every lexical hit's paper is loaded after this, as the meaning gate needs.
    const lexical = await this.withTextOfHits(index, () => lexicalSearchHits(index, query, plan, others.length > 0));
    const hits = fusedSearchHits(index, query, plan, others, lexical);
    await this.index.attach(hits.map((h) => h.paperId));
    return describeHits(index, hits, query);
  }

  /**
   * Runs a ranking that reads its hits' text; where some hits were in papers whose text was not loaded yet, loads just
   * those and runs it again (the same hits, now ranked on their text).
   */
  private async withTextOfHits<T>(index: ParagraphIndex, run: () => T | Promise<T>): Promise<T> {
    const first = await run();
    const missing = index.missingPapers();
    if (!missing.length) return first;
    await this.index.attach(missing);
    return run();
  }

  /** Answers from the library: with a model when one is given, else extractively (no network). */
  async ask(question: string, paperIds?: string[], options: { model?: ChatModel; signal?: AbortSignal; onProgress?: (stage: AnswerStage) => void; denseHits?: readonly DenseHit[] } = {}): Promise<Answer> {
    const index = await this.index.current();
    const library = new LibrarySnapshot(new AttachedPapers(index), index);
    const scope = paperIds && paperIds.length ? { paperIds } : {};
    // A question scoped to a few papers may be about the papers themselves ("What is this paper about?"): their text is needed.
    if (paperIds && paperIds.length <= 10) await this.index.attach(paperIds);
    const model = options.model ?? (await this.options.models?.model());
    if (!model) {
      // Search by meaning, when the panel ranked paragraphs with its on-device model: one more list in the fusion.
      const dense = options.denseHits?.length ? [rankedListRetriever('dense', options.denseHits)] : [];
      const answerNow = () => (dense.length ? answerExtractivelyWith(question, library, dense, scope) : Promise.resolve(answerExtractively(question, library, scope)));
      return this.withTextOfHits(index, answerNow);
    }
    await this.index.attachAll();
    return answerWithModel(question, library, {
      model,
      ...scope,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  }
}
