import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodePdfReader } from '../../cli/pdf-node';
import { readPaperBytes } from '../../shared/library/import-document';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import type { PlacedLine } from '../../shared/pdf/layout';
import { findDoi } from '../../shared/model/identifiers';
import { plausibleMetadataTitle } from '../../shared/pdf/rules/metadata-rules';
import { resolveIdentity } from '../../shared/pdf/stages/identity';

const CASES = join(__dirname, '../fixtures/pdf-cases');
const fromDisk = (name: string) => readPaperBytes(name, new Uint8Array(readFileSync(join(CASES, name))), { parseHtml: parseHtmlWithLinkedom, pdfReader: nodePdfReader });
const line = (text: string, page = 1) => ({ text, page }) as PlacedLine;
const front = { title: 'Deep Learning for Reading Papers', authors: ['Ann Lee'], consumed: new Set<PlacedLine>() };

describe('a PDF added from disk knows its title, authors and DOI', () => {
  it('reads XMP metadata (dc:title, dc:creator, prism:doi) through pdf.js', async () => {
    const { metadata } = await nodePdfReader.read(new Uint8Array(readFileSync(join(CASES, 'metadata-xmp.pdf'))));
    expect(metadata).toMatchObject({ title: 'Reading Metadata From Files on Disk', doi: '10.5555/verbatim.2026.001' });
    const paper = await fromDisk('metadata-xmp.pdf');
    expect(paper).toMatchObject({ title: 'Reading Metadata From Files on Disk', authors: ['Carla Diaz', 'Dan Evans'], doi: '10.5555/verbatim.2026.001', arxivId: null });
  }, 30_000);

  it('without usable metadata, takes the title by font size and the DOI printed on page 1', async () => {
    const { metadata } = await nodePdfReader.read(new Uint8Array(readFileSync(join(CASES, 'metadata-printed.pdf'))));
    expect(metadata?.title).toBe('main.tex');
    const paper = await fromDisk('metadata-printed.pdf');
    expect(paper).toMatchObject({ title: 'A Printed Identifier on the First Page', authors: ['Eva Fischer'], doi: '10.1145/3366423.3380130' });
  }, 30_000);
});

describe('identity rules', () => {
  it('metadata titles that are tool defaults do not count', () => {
    for (const bad of ['main.tex', 'Microsoft Word - draft.docx', 'untitled', 'paper']) expect(plausibleMetadataTitle.test(bad)).toBe(false);
    expect(plausibleMetadataTitle.test('Deep Learning for Reading Papers')).toBe(true);
  });

  it('the printed title wins when the metadata title is about something else', () => {
    expect(resolveIdentity({ title: 'Slides for my talk' }, front, []).title).toBe('Deep Learning for Reading Papers');
    expect(resolveIdentity({ title: 'Deep learning for reading papers' }, front, []).title).toBe('Deep learning for reading papers');
    expect(resolveIdentity({}, { ...front, title: '' }, []).title).toBe('');
  });

  it('splits an Info /Author string, and falls back to the page when it is no list of names', () => {
    expect(resolveIdentity({ authors: ['Ann Lee, Bo Chen and Cy Dee'] }, front, []).authors).toEqual(['Ann Lee', 'Bo Chen', 'Cy Dee']);
    expect(resolveIdentity({ authors: ['LaTeX with hyperref'] }, front, []).authors).toEqual(['Ann Lee']);
  });

  it('finds the DOI in metadata first, else on page 1 only, without trailing punctuation', () => {
    expect(resolveIdentity({ doi: 'doi:10.1000/xyz123' }, front, [line('DOI 10.9999/other')]).doi).toBe('10.1000/xyz123');
    expect(resolveIdentity({}, front, [line('https://doi.org/10.1145/1234.5678.'), line('10.9/x', 2)]).doi).toBe('10.1145/1234.5678');
    expect(resolveIdentity({}, front, [line('see 10.1000/y', 2)]).doi).toBeUndefined();
    expect(findDoi('(doi: 10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI3>3.0.CO;2-O)')).toBe('10.1002/(SICI)1097-4571(199806)49:8');
  });
});
