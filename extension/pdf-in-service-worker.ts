/**
 * pdf.js in the MV3 service worker. A service worker cannot start a Worker, so pdf.js's
 * worker code runs in the same thread: pdf.js looks for it on globalThis.pdfjsWorker.
 */
import * as pdfjs from 'pdfjs-dist';
import * as pdfjsWorker from 'pdfjs-dist/build/pdf.worker.mjs';
import { createPdfjsReader, type PdfjsModule } from '../shared/pdf/pdfjs-reader';

(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

export const serviceWorkerPdfReader = createPdfjsReader(pdfjs as unknown as PdfjsModule);
