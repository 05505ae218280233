/**
 * pdf.js in a page (side panel, Word pane), with its worker on a real thread. The worker
 * file is bundled and loaded from the page's own origin (Vite's ?url), never a CDN.
 */
import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.mjs?url';
import { createPdfjsReader, type PdfjsModule } from '../shared/pdf/pdfjs-reader';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export const pagePdfReader = createPdfjsReader(pdfjs as unknown as PdfjsModule);
