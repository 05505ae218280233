/**
 * Writes small PDFs for tests: pages of Helvetica text, pages with no text layer (as a
 * scan would be), or a document with a Standard security handler (password needed).
 */
export interface MakePdfOptions {
  pages: string[][]; // lines of text per page; an empty page has only a drawn rectangle
  encrypted?: boolean;
}

export function makePdf({ pages, encrypted = false }: MakePdfOptions): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) ;
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('PAGES');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const pageIds: number[] = [];
  for (const lines of pages) {
    const ops = lines.length
      ? `BT /F1 11 Tf 14 TL 72 720 Td ${lines.map((l) => `(${l.replace(/[()\\]/g, (c) => `\\${c}`)}) '`).join(' ')} ET`
      : '0.5 g 72 300 450 400 re f';
    add(`<< /Length ${ops.length} >>\nstream\n${ops}\nendstream`);
    const contentId = objects.length;
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`);
    pageIds.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  if (encrypted) add(`<< /Filter /Standard /V 1 /R 2 /O <${'7a'.repeat(32)}> /U <${'3c'.repeat(32)}> /P -4 >>`);
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  const id = '<0123456789abcdef0123456789abcdef>';
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${encrypted ? ` /Encrypt ${objects.length} 0 R /ID [${id} ${id}]` : ''} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
