/** pdf.js in Node: the legacy build (Node 20), no worker thread needed. */
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createPdfjsReader, type PdfjsModule } from '../shared/pdf/pdfjs-reader';

export const nodePdfReader = createPdfjsReader(pdfjs as unknown as PdfjsModule);
