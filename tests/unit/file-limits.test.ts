import { describe, expect, it } from 'vitest';
import { checkFileSize, fileKindOf, MAX_FILE_BYTES } from '../../shared/library/file-limits';
import { readPaperBytes } from '../../shared/library/import-document';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';

describe('file size limits', () => {
  it('each kind of file is read up to its limit and refused one byte over, by name', () => {
    expect(fileKindOf('Paper.PDF')).toBe('pdf');
    expect(fileKindOf('paper.json')).toBe('document');
    expect(() => checkFileSize('a.pdf', MAX_FILE_BYTES.pdf)).not.toThrow();
    expect(() => checkFileSize('/tmp/x/a.pdf', MAX_FILE_BYTES.pdf + 1)).toThrow(expect.objectContaining({ code: 'FILE_TOO_LARGE', detail: 'a.pdf: 200 MB' }));
    expect(() => checkFileSize('a.html', MAX_FILE_BYTES.pdf)).toThrow(expect.objectContaining({ code: 'FILE_TOO_LARGE' }));
    expect(() => checkFileSize('library.json', MAX_FILE_BYTES.pdf, 'bundle')).not.toThrow();
    expect(() => checkFileSize('library.json', MAX_FILE_BYTES.bundle + 1, 'bundle')).toThrow(expect.objectContaining({ code: 'FILE_TOO_LARGE' }));
  });

  it('a paper file over the limit is refused before it is decoded or parsed', async () => {
    const oversized = new Uint8Array(MAX_FILE_BYTES.document + 1); // zeros: not JSON, so only the size check can name it
    await expect(readPaperBytes('huge.json', oversized, { parseHtml: parseHtmlWithLinkedom })).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
    await expect(readPaperBytes('small.json', new Uint8Array(10), { parseHtml: parseHtmlWithLinkedom })).rejects.toMatchObject({ code: 'BAD_PAPER_FILE' });
  });
});
