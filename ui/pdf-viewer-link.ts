/**
 * The address of the extension's own PDF viewer page for a passage: the PDF, the page, and
 * the passage's boxes on that page (PDF points from the bottom-left), all in the query so
 * the page needs nothing else. Read back by entrypoints/pdf-viewer with the same schema.
 */
import * as v from 'valibot';
import type { PageBox } from '../shared/model/paper';

/** Longer quotes are cut: the start of a quote is enough to find and show it. */
const MAX_QUOTE_CHARS = 1500;

const Box = v.object({ x: v.pipe(v.number(), v.finite()), y: v.pipe(v.number(), v.finite()), width: v.pipe(v.number(), v.finite(), v.minValue(0)), height: v.pipe(v.number(), v.finite(), v.minValue(0)) });
const ViewerRequest = v.object({
  src: v.pipe(v.string(), v.url()),
  page: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)),
  boxes: v.pipe(v.array(Box), v.maxLength(200)),
  /** The quoted words, highlighted exactly when the viewer finds them on the page. */
  quote: v.pipe(v.string(), v.maxLength(MAX_QUOTE_CHARS)),
});
export type PdfViewerRequest = v.InferOutput<typeof ViewerRequest>;

export function pdfViewerQuery(src: string, page: number, boxes: readonly PageBox[] = [], quote = ''): string {
  const onPage = boxes.filter((b) => b.page === page).map(({ x, y, width, height }) => [x, y, width, height].map((n) => Math.round(n * 10) / 10).join(','));
  return new URLSearchParams({ src, page: String(page), boxes: onPage.join(';'), quote: quote.slice(0, MAX_QUOTE_CHARS) }).toString();
}

/** null when the query is not one pdfViewerQuery wrote (a hand-edited address shows an error, never a half-read one). */
export function readPdfViewerQuery(search: string): PdfViewerRequest | null {
  const params = new URLSearchParams(search);
  const boxes = (params.get('boxes') ?? '').split(';').filter(Boolean).map((b) => {
    const [x, y, width, height] = b.split(',').map(Number);
    return { x, y, width, height };
  });
  const parsed = v.safeParse(ViewerRequest, { src: params.get('src') ?? '', page: Number(params.get('page')), boxes, quote: params.get('quote') ?? '' });
  return parsed.success ? parsed.output : null;
}
