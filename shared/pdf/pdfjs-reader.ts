/**
 * PdfTextReader over pdf.js. The caller passes the pdf.js module (the legacy build in
 * Node, the modern build with its worker in the extension), so this one code path
 * serves the CLI, the tests and the browser alike.
 */
import { VerbatimError } from '../errors';
import type { PdfFileMetadata, PdfPageText, PdfReadOptions, PdfTextItem, PdfTextReader } from './pdf-text';

/** The slice of pdf.js's API used here (pdfjs-dist 5). */
export interface PdfjsModule {
  getDocument(source: { data: Uint8Array; isEvalSupported?: boolean; useSystemFonts?: boolean; disableFontFace?: boolean; verbosity?: number; stopAtErrors?: boolean }): {
    promise: Promise<PdfjsDocument>;
    destroy(): Promise<void>;
  };
}
interface PdfjsDocument {
  numPages: number;
  getMetadata?(): Promise<{ info?: Record<string, unknown>; metadata?: { get(name: string): unknown } | null }>;
  getPage(n: number): Promise<PdfjsPage>;
  destroy(): Promise<void>;
}
interface PdfjsPage {
  getViewport(o: { scale: number }): { width: number; height: number };
  getTextContent(): Promise<{ items: Array<{ str?: string; transform?: number[]; width?: number; fontName?: string }>; styles?: Record<string, { fontFamily?: string }> }>;
  cleanup(): void;
}

function toItem(raw: { str?: string; transform?: number[]; width?: number; fontName?: string }, styles: Record<string, { fontFamily?: string }> = {}): PdfTextItem | null {
  if (!raw.str || !raw.transform) return null;
  const [a, b, c, d, e, f] = raw.transform as [number, number, number, number, number, number];
  return {
    text: raw.str,
    x: e,
    y: f,
    width: raw.width ?? 0,
    size: Math.hypot(c, d) || Math.abs(d) || 1,
    font: raw.fontName ?? '',
    rotated: Math.abs(b) > 0.01 || Math.abs(c) > 0.01 || a <= 0,
    ...(raw.fontName && styles[raw.fontName]?.fontFamily === 'monospace' ? { monospace: true } : {}),
  };
}

/** One page's text; a page pdf.js cannot read (damaged streams, broken page tree) is PDF_CORRUPT, not a raw throw. */
async function readPage(doc: PdfjsDocument, n: number) {
  try {
    const page = await doc.getPage(n);
    return { page, viewport: page.getViewport({ scale: 1 }), content: await page.getTextContent() };
  } catch (error) {
    if (error instanceof VerbatimError) throw error;
    throw new VerbatimError('PDF_CORRUPT', `page ${n}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function createPdfjsReader(pdfjs: PdfjsModule): PdfTextReader {
  return {
    async read(bytes: Uint8Array, options: PdfReadOptions = {}) {
      const task = pdfjs.getDocument({ data: bytes, isEvalSupported: false, useSystemFonts: false, disableFontFace: true, verbosity: 0 });
      let doc: PdfjsDocument;
      try {
        doc = await task.promise;
      } catch (error) {
        const name = (error as { name?: string })?.name ?? '';
        if (name === 'PasswordException') throw new VerbatimError('PDF_ENCRYPTED');
        throw new VerbatimError('PDF_CORRUPT', error instanceof Error ? error.message : String(error));
      }
      const metadata = await readMetadata(doc);
      const total = Math.min(doc.numPages, options.maxPages ?? Number.POSITIVE_INFINITY);
      async function* pages(): AsyncIterable<PdfPageText> {
        try {
          for (let n = 1; n <= total; n++) {
            if (options.signal?.aborted) throw new VerbatimError('CANCELLED');
            const { page, viewport, content } = await readPage(doc, n);
            const items = content.items.map((raw) => toItem(raw, content.styles)).filter((i): i is PdfTextItem => i !== null);
            page.cleanup(); // keeps memory bounded on long documents
            options.onPage?.(n, total);
            yield { pageNumber: n, width: viewport.width, height: viewport.height, items };
          }
        } finally {
          await doc.destroy();
        }
      }
      return { pageCount: doc.numPages, pages: pages(), metadata };
    },
  };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.replace(/\s+/g, ' ').trim() : undefined);

/** XMP first (dc:title, dc:creator, prism:doi), then the Info dictionary. A damaged metadata stream is no error: the page text remains. */
async function readMetadata(doc: PdfjsDocument): Promise<PdfFileMetadata> {
  try {
    const { info = {}, metadata } = (await doc.getMetadata?.()) ?? {};
    const xmp = (name: string) => metadata?.get(name);
    const creators = xmp('dc:creator');
    const identifier = text(xmp('prism:doi')) ?? text(xmp('pdfx:doi')) ?? text(xmp('dc:identifier')) ?? text(info.doi) ?? text((info.Custom as Record<string, unknown> | undefined)?.doi);
    const authors = Array.isArray(creators) ? creators.map(text).filter((a): a is string => a !== undefined) : text(creators) ? [text(creators)!] : text(info.Author) ? [text(info.Author)!] : undefined;
    const title = text(xmp('dc:title')) ?? text(info.Title);
    return { ...(title ? { title } : {}), ...(authors?.length ? { authors } : {}), ...(identifier ? { doi: identifier } : {}) };
  } catch {
    return {};
  }
}
