/**
 * The extension's PDF viewer for "open in paper": fetches the paper's PDF from arXiv (the
 * only hosts captures use), renders the passage's page with pdf.js, outlines the paragraph's
 * boxes and highlights the quote's own characters (found in the page's text items), scrolled
 * into view. When the quote cannot be placed on the page, the outline stays and the page says so.
 */
import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.mjs?url';
import '../../ui/style.css';
import { isCaptureUrl } from '../../shared/capture/url-policy';
import { readPdfViewerQuery } from '../../ui/pdf-viewer-link';
import { quoteRectsOnPage, type PageTextItem, type QuoteRect } from '../../ui/pdf-quote-boxes';
import { compensatePageZoom } from '../../ui/zoom-compensation';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
compensatePageZoom(window);

const SCALE = 1.5;

function fail(viewer: HTMLElement, message: string): void {
  viewer.innerHTML = '';
  const p = document.createElement('p');
  p.className = 'notice error';
  p.dataset.testid = 'viewer-error';
  p.textContent = message;
  viewer.append(p);
}

async function show(viewer: HTMLElement): Promise<void> {
  const request = readPdfViewerQuery(location.search);
  if (!request) return fail(viewer, 'This viewer address is malformed.');
  if (!isCaptureUrl(request.src)) return fail(viewer, 'Verbatim shows PDFs from arXiv only.');
  const response = await fetch(request.src);
  if (!response.ok) return fail(viewer, `arXiv answered HTTP ${response.status} for the PDF.`);
  const doc = await pdfjs.getDocument({ data: new Uint8Array(await response.arrayBuffer()) }).promise;
  if (request.page > doc.numPages) return fail(viewer, `The PDF has ${doc.numPages} pages, not ${request.page}.`);
  const page = await doc.getPage(request.page);
  const viewport = page.getViewport({ scale: SCALE });
  const sheet = document.createElement('div');
  sheet.className = 'pdf-page';
  sheet.dataset.testid = 'pdf-page';
  sheet.dataset.page = String(request.page);
  sheet.style.width = `${viewport.width}px`;
  sheet.style.height = `${viewport.height}px`;
  const canvas = document.createElement('canvas');
  canvas.width = viewport.width;
  canvas.height = viewport.height;
  canvas.setAttribute('aria-label', `Page ${request.page} of ${doc.numPages}`);
  sheet.append(canvas);
  viewer.innerHTML = '';
  const heading = document.createElement('p');
  heading.className = 'muted';
  heading.textContent = `Page ${request.page} of ${doc.numPages} · ${request.src}`;
  viewer.append(heading, sheet);
  await page.render({ canvas, canvasContext: canvas.getContext('2d')!, viewport }).promise;
  const draw = (box: QuoteRect, className: string, testId: string) => {
    // PDF points from the bottom-left to viewport pixels from the top-left.
    const [x1, y1, x2, y2] = viewport.convertToViewportRectangle([box.x, box.y, box.x + box.width, box.y + box.height]) as [number, number, number, number];
    const mark = document.createElement('div');
    mark.className = className;
    mark.dataset.testid = testId;
    Object.assign(mark.style, { left: `${Math.min(x1, x2)}px`, top: `${Math.min(y1, y2)}px`, width: `${Math.abs(x2 - x1)}px`, height: `${Math.abs(y2 - y1)}px` });
    sheet.append(mark);
  };
  for (const box of request.boxes) draw(box, 'pdf-highlight', 'pdf-highlight');
  const items = (await page.getTextContent()).items.filter((item): item is PageTextItem & typeof item => 'str' in item);
  const found = request.quote ? quoteRectsOnPage(items, request.quote, request.boxes) : null;
  if (found) {
    for (const rect of found.rects) draw(rect, 'pdf-quote-highlight', 'pdf-quote-highlight');
    sheet.dataset.quote = 'exact';
    sheet.dataset.matchedText = found.matchedText;
  } else {
    sheet.dataset.quote = request.quote ? 'paragraph' : 'none';
    if (request.quote) heading.textContent += ' · the quote could not be placed exactly on this page: its paragraph is outlined.';
  }
  (sheet.querySelector('.pdf-quote-highlight') ?? sheet.querySelector('.pdf-highlight'))?.scrollIntoView({ block: 'center' });
  sheet.dataset.rendered = 'true';
}

const viewer = document.getElementById('viewer')!;
show(viewer).catch((error: unknown) => fail(viewer, `The PDF could not be shown: ${error instanceof Error ? error.message : String(error)}`));
