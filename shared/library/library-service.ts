/**
 * What a UI asks of the library, over any store: save from a URL, import a file,
 * list, ask. The answer snapshot (papers + index) is rebuilt only when the store's
 * revision changes.
 */
import { VerbatimError } from '../errors';
import { systemClock, type HtmlParser, type TextFetcher } from '../ports';
import { capturePaper, type CaptureStage } from '../capture/capture-paper';
import { answerExtractively, LibrarySnapshot } from '../answer/extractive';
import type { Answer } from '../answer/answer';
import { answerWithModel, type AnswerStage } from '../answer/llm-answer';
import type { ChatModel } from '../llm/chat-model';
import { importDocument, readPaperBytes } from './import-document';
import { parsePaper } from '../schema/paper-schema';
import type { PdfTextReader } from '../pdf/pdf-text';
import { saveWarnings, type LibraryStore, type PaperSummary, type SaveResult } from './library-store';
import type { LibraryPaper, Paper } from '../model/paper';
import { formatPaperCitation, type CitationFormat } from '../references/paper-citation';
import { SaveCoordinator } from './save-coordinator';
import { libraryBundleJson, readLibraryBundle } from './library-bundle';

export interface LibraryServiceOptions {
  store: LibraryStore;
  parseHtml: HtmlParser;
  fetcher?: TextFetcher;
  /** Reads PDFs (pdf.js); without one, PDF files and PDF-only papers are refused. */
  pdfReader?: PdfTextReader;
}

export class LibraryService {
  private readonly saves = new SaveCoordinator();
  private snapshot: { revision: number; library: LibrarySnapshot } | null = null;

  constructor(private readonly options: LibraryServiceOptions) {}

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
    const result = await this.options.store.savePaper(paper);
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
    const papers = readLibraryBundle(text);
    const results: SaveResult[] = [];
    for (const { id: _id, savedAt: _savedAt, ...paper } of papers) results.push(await this.store(paper));
    return results;
  }

  listPapers(): Promise<PaperSummary[]> {
    return this.options.store.listPapers();
  }

  async getPaper(paperId: string): Promise<LibraryPaper> {
    const paper = await this.options.store.getPaper(paperId);
    if (!paper) throw new VerbatimError('NOT_FOUND', paperId);
    return paper;
  }

  async citePaper(paperId: string, format: CitationFormat): Promise<string> {
    return formatPaperCitation(await this.getPaper(paperId), format);
  }

  deletePaper(paperId: string): Promise<void> {
    return this.options.store.deletePaper(paperId);
  }

  /** Answers from the library: with a model when one is given, else extractively (no network). */
  async ask(question: string, paperIds?: string[], options: { model?: ChatModel; signal?: AbortSignal; onProgress?: (stage: AnswerStage) => void } = {}): Promise<Answer> {
    const library = await this.currentSnapshot();
    const scope = paperIds && paperIds.length ? { paperIds } : {};
    if (!options.model) return answerExtractively(question, library, scope);
    return answerWithModel(question, library, {
      model: options.model,
      ...scope,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  }

  private async currentSnapshot(): Promise<LibrarySnapshot> {
    const revision = await this.options.store.revision();
    if (this.snapshot?.revision !== revision) {
      this.snapshot = { revision, library: new LibrarySnapshot(await this.options.store.getAllPapers()) };
    }
    return this.snapshot.library;
  }
}
