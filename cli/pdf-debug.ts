/** `verbatim extract <file.pdf> --debug`: each block with the rules that shaped it, then what was dropped. */
import { readFile } from 'node:fs/promises';
import { extractPdfWithTrace, type PdfTrace } from '../shared/pdf/extract-pdf';
import { nodePdfReader } from './pdf-node';

export async function pdfDebugReport(file: string): Promise<string> {
  const { trace } = await extractPdfWithTrace(new Uint8Array(await readFile(file)), { reader: nodePdfReader });
  return formatPdfTrace(trace);
}

export function formatPdfTrace(trace: PdfTrace): string {
  const preview = (text: string) => (text.length > 70 ? `${text.slice(0, 67)}...` : text);
  const lines = trace.blocks.map((b) => `p${b.page}  ${b.kind.padEnd(11)} [${b.rules.join(', ') || 'start'}]  ${preview(b.text)}`);
  lines.push('', `bibliography: ${trace.bibliography ?? 'not found'}`);
  lines.push(`dropped: ${Object.entries(trace.dropped).map(([rule, n]) => `${rule} ${n}`).join(', ') || 'nothing'}`);
  return lines.join('\n');
}
