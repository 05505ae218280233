import { describe, expect, it } from 'vitest';
import { extractLatexml } from '../../shared/extract/latexml';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { importDocument } from '../../shared/library/import-document';
import { deeplyNestedHtml, hostileLinksHtml, hugeBibliographyHtml } from '../../tools/fuzz/hostile-html';

const extract = (html: string) => extractLatexml(parseHtmlWithLinkedom(html));

// Large inputs on a shared machine: a generous harness limit, not a timing assertion.
describe('LaTeXML extraction on malformed input', { timeout: 120_000 }, () => {
  it('keeps a link with a malformed %-escape as text instead of losing the paper (URIError)', () => {
    const paper = extract(hostileLinksHtml());
    expect(paper.references).toHaveLength(8);
    expect(paper.references[0]!.doi).toBe('10.1000/a%zz');
    // A DOI with braces is not one (and is not "repaired" into one); javascript:, data: and credentials are not kept as URLs.
    expect(paper.references[3]!.doi).toBeUndefined();
    expect(paper.references[3]!.raw).toContain('Linked 4');
    for (const reference of paper.references) {
      expect(reference.url ?? 'https://').toMatch(/^https?:\/\//);
      expect(reference.url ?? '').not.toContain('user:pass');
      expect(reference.doi ?? '').not.toMatch(/[{}]/);
    }
  });

  it.each(['block', 'inline', 'cite', 'note', 'section'] as const)('reads %s nesting 10,000 levels deep without overflowing the stack', (kind) => {
    const paper = importDocument('nested.html', deeplyNestedHtml(10_000, kind), parseHtmlWithLinkedom);
    expect(paper.paragraphs.length).toBeGreaterThan(0);
    const text = paper.paragraphs.map((p) => p.text).join(' ');
    expect(text).toMatch(/Deep|deep|Cited|Noted/);
    if (kind === 'cite') expect(paper.paragraphs[0]!.citations).toEqual([expect.objectContaining({ referenceIds: ['bib.bib1'] })]);
    if (kind === 'note') expect(paper.paragraphs.filter((p) => p.kind === 'footnote')).toHaveLength(10_000);
    if (kind === 'section') expect(paper.sections).toHaveLength(10_000);
  });

  it('reads a footnote with no .ltx_note_content wrapper once (it used to recurse into itself forever)', () => {
    const paper = extract('<html><body><article class="ltx_document"><div class="ltx_para"><p class="ltx_p">Body<span class="ltx_note ltx_role_footnote">Bare note text.</span> more.</p></div></article></body></html>');
    expect(paper.paragraphs.map((p) => [p.kind, p.text])).toEqual([['text', 'Body more.'], ['footnote', 'Bare note text.']]);
  });

  it('keeps the first of duplicate bibliography ids and every entry of a large bibliography', () => {
    const html = hugeBibliographyHtml(2_000).replace('id="bib.bib2"', 'id="bib.bib1"');
    const paper = extract(html);
    expect(paper.references).toHaveLength(1_999);
    expect(paper.references[0]).toMatchObject({ id: 'bib.bib1', doi: '10.1000/test.1' });
    expect(new Set(paper.references.map((r) => r.id)).size).toBe(1_999);
  });
});
