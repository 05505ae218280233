import { describe, expect, it } from 'vitest';
import { extractLatexml } from '../../shared/extract/latexml';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { withSiteChrome } from '../../tools/arxiv-standin';
import { HTML_FIXTURES, fixtureHtml, fixturePaper } from '../support/fixtures';

const countMatches = (text: string, re: RegExp) => (text.match(re) ?? []).length;

describe.each(HTML_FIXTURES)('LaTeXML extraction of %s', (folder) => {
  const html = fixtureHtml(folder);
  const paper = fixturePaper(folder);

  it('captures every bibliography entry', () => {
    const bibitems = countMatches(html, /<li id="bib\.bib\d+" class="ltx_bibitem/g);
    expect(bibitems).toBeGreaterThan(0);
    expect(paper.references).toHaveLength(bibitems);
    expect(new Set(paper.references.map((r) => r.id)).size).toBe(bibitems);
    for (const reference of paper.references) {
      expect(reference.raw.length).toBeGreaterThan(5);
      expect(reference.raw).not.toMatch(/Cited by:/);
    }
  });

  it('links at least 99% of citation anchors to entries', () => {
    const anchors = countMatches(html, /<a href="#bib\.bib\d+"[^>]*class="ltx_ref"/g);
    const linked = paper.paragraphs.flatMap((p) => p.citations).reduce((n, c) => n + c.referenceIds.length, 0);
    expect(anchors).toBeGreaterThan(0);
    // A \cite{a,a} may repeat an anchor; each distinct id is linked once per marker.
    expect(linked / anchors).toBeGreaterThanOrEqual(0.99);
  });

  it('records each citation marker at its offsets in the paragraph text', () => {
    const citations = paper.paragraphs.flatMap((p) => p.citations.map((c) => ({ p, c })));
    expect(citations.length).toBeGreaterThan(0);
    for (const { p, c } of citations) expect(p.text.slice(c.start, c.end)).toBe(c.marker);
  });

  it('leaves no LaTeX residue in prose', () => {
    for (const p of paper.paragraphs) {
      if (p.kind === 'equation') continue;
      // Text the author typeset verbatim (\texttt regexes in the CSCW paper) is content, not residue.
      if (/\^\[\^a-zA-Z\]/.test(p.text)) continue;
      expect(p.text, p.id).not.toMatch(/\\[a-zA-Z]+|\$/);
    }
  });

  it('builds a consistent section tree with numbering', () => {
    const ids = new Set(paper.sections.map((s) => s.id));
    expect(paper.sections.length).toBeGreaterThan(3);
    for (const s of paper.sections) {
      if (s.parentId !== null) {
        expect(ids.has(s.parentId)).toBe(true);
        const parent = paper.sections.find((x) => x.id === s.parentId)!;
        expect(parent.level).toBeLessThan(s.level);
      }
    }
    expect(paper.sections.some((s) => s.number)).toBe(true);
    for (const p of paper.paragraphs) if (p.sectionId) expect(ids.has(p.sectionId)).toBe(true);
  });

  it('reads title, authors and abstract', () => {
    expect(paper.title.length).toBeGreaterThan(10);
    expect(paper.authors.length).toBeGreaterThan(0);
    for (const a of paper.authors) expect(a).not.toMatch(/@|CERN|Switzerland/);
    expect(paper.abstract.length).toBeGreaterThan(100);
  });

  it('ignores arxiv.org site chrome', () => {
    const wrapped = extractLatexml(parseHtmlWithLinkedom(withSiteChrome(html, '2104.01180v1')));
    expect(wrapped.paragraphs.map((p) => p.text)).toEqual(paper.paragraphs.map((p) => p.text));
    expect(wrapped.paragraphs.some((p) => /Report Issue|Table of Contents|experimental HTML/.test(p.text))).toBe(false);
  });
});

describe('LaTeXML extraction details', () => {
  it('types footnotes, captions, equations, lists and theorems', () => {
    const kinds = new Set(HTML_FIXTURES.flatMap((f) => fixturePaper(f).paragraphs.map((p) => p.kind)));
    expect([...kinds].sort()).toEqual(['caption', 'equation', 'footnote', 'list', 'text', 'theorem']);
  });

  it('splits a multi-key \\cite into several reference ids', () => {
    const paper = fixturePaper('qroute-gnn-mcts-revtex');
    const multi = paper.paragraphs.flatMap((p) => p.citations).find((c) => c.marker === '[13, 4, 15, 5]');
    expect(multi?.referenceIds).toEqual(['bib.bib2', 'bib.bib1', 'bib.bib7', 'bib.bib8']);
  });

  it('keeps author-year markers as printed', () => {
    const paper = fixturePaper('author-disambiguation-natbib');
    const markers = paper.paragraphs.flatMap((p) => p.citations.map((c) => c.marker));
    expect(markers).toContain('(Strotmann and Zhao, 2012)');
    expect(markers).toContain('(Liu et al., 2014)');
  });

  it('parses structured bibliography fields', () => {
    const paper = fixturePaper('author-disambiguation-natbib');
    const breiman = paper.references.find((r) => r.raw.startsWith('L. Breiman'));
    expect(breiman).toMatchObject({ authors: ['L. Breiman'], title: 'Random forests', year: 2001, venue: 'Machine learning' });
    const sklearn = paper.references.find((r) => r.title?.startsWith('API design'));
    expect(sklearn?.arxivId).toBe('1309.0238');
  });

  it('gives every entry a CSL record, exact where LaTeXML marks the BibTeX fields', () => {
    const paper = fixturePaper('author-disambiguation-natbib');
    const chin = paper.references.find((r) => r.title?.startsWith('Effective string processing'));
    expect(chin?.csl).toMatchObject({
      type: 'article-journal',
      title: 'Effective string processing and matching for author disambiguation',
      'container-title': 'The Journal of Machine Learning Research',
      volume: '15',
      issue: '1',
      page: '3037-3064',
      issued: { 'date-parts': [[2014]] },
    });
    expect(chin?.csl?.author?.[0]).toEqual({ given: 'W.', family: 'Chin' });
    // A given name "P." is not a "p." pages prefix.
    const ramachandran = fixturePaper('qroute-gnn-mcts-revtex').references.find((r) => r.title === 'Searching for Activation Functions');
    expect(ramachandran?.csl?.author?.[0]).toEqual({ given: 'P.', family: 'Ramachandran' });
    expect(ramachandran?.authors?.[0]).toBe('P. Ramachandran');
    for (const folder of HTML_FIXTURES) for (const reference of fixturePaper(folder).references) expect(reference.csl?.type).toBeTruthy();
  });

  it('splits a paragraph where its source left a blank line between sentences, keeping each citation in its part', () => {
    const page = `<html><body><article class="ltx_document"><section class="ltx_section"><h2 class="ltx_title">1 Intro</h2><div class="ltx_para"><p class="ltx_p">A predictor may be overlooked.

To obtain components, we standardize <cite class="ltx_cite">(<a href="#bib.bib1" class="ltx_ref">Smith, 2020</a>)</cite> the data.
\\issuenum1

\\articlenumber0</p></div></section><section class="ltx_bibliography"><ul><li id="bib.bib1" class="ltx_bibitem">Smith, J. A paper. 2020.</li></ul></section></article></body></html>`;
    const paper = extractLatexml(parseHtmlWithLinkedom(page));
    expect(paper.paragraphs.map((p) => p.text)).toEqual(['A predictor may be overlooked.', 'To obtain components, we standardize (Smith, 2020) the data. \\issuenum1 \\articlenumber0']);
    const second = paper.paragraphs[1]!;
    expect(second.citations).toHaveLength(1);
    expect(second.text.slice(second.citations[0]!.start, second.citations[0]!.end)).toBe('(Smith, 2020)');
  });

  it('sets AASTeX\'s software and facilities notes, which LaTeXML files with the front matter, at the end with their citations linked', () => {
    const note = (role: string, body: string) =>
      `<span class="ltx_note ltx_note_frontmatter ltx_role_${role}"><sup class="ltx_note_mark">†</sup><span class="ltx_note_outer"><span class="ltx_note_content"><sup class="ltx_note_mark">†</sup><span class="ltx_note_type">${role}: </span>${body}</span></span></span>`;
    const page = `<html><body><article class="ltx_document"><div class="ltx_authors">${note('facilities', 'Gaia')}${note('software', 'numpy <cite class="ltx_cite">(<a href="#bib.bib1" class="ltx_ref">Oliphant, 2006</a>)</cite>')}${note('thanks', 'Thanks to the referee.')}</div><section class="ltx_section"><h2 class="ltx_title">1 Intro</h2><div class="ltx_para"><p class="ltx_p">Some text.</p></div></section><section class="ltx_bibliography"><ul><li id="bib.bib1" class="ltx_bibitem">Oliphant, T. A guide to NumPy. 2006.</li></ul></section></article></body></html>`;
    const paper = extractLatexml(parseHtmlWithLinkedom(page));
    expect(paper.paragraphs.map((p) => p.text)).toEqual(['Some text.', 'facilities: Gaia', 'software: numpy (Oliphant, 2006)']);
    expect(paper.paragraphs[2]!.citations[0]!.referenceIds).toEqual(['bib.bib1']);
    expect(paper.paragraphs[2]!.sectionId).toBe(paper.paragraphs[0]!.sectionId);
  });

  it('reads a table\'s notes under its cells with its caption, citations linked; the cells are not prose', () => {
    const page = `<html><body><article class="ltx_document"><section class="ltx_section"><h2 class="ltx_title">1 Data</h2><div class="ltx_para"><p class="ltx_p">Some text.</p></div><figure class="ltx_table"><figcaption class="ltx_caption">Table 1: Ages.</figcaption><table class="ltx_tabular"><tr><td class="ltx_td">Star A <cite class="ltx_cite">(<a href="#bib.bib1" class="ltx_ref">Smith, 2020</a>)</cite></td></tr></table><p class="ltx_p">Note. — Ages from <cite class="ltx_cite"><a href="#bib.bib1" class="ltx_ref">Smith (2020)</a></cite>.</p><p class="ltx_p"><span class="ltx_inline-block"><table class="ltx_tabular"><tr><td class="ltx_td">1999 0.1</td></tr></table></span></p></figure></section><section class="ltx_bibliography"><ul><li id="bib.bib1" class="ltx_bibitem">Smith, J. A paper. 2020.</li></ul></section></article></body></html>`;
    const paper = extractLatexml(parseHtmlWithLinkedom(page));
    expect(paper.paragraphs.map((p) => [p.kind, p.text])).toEqual([['text', 'Some text.'], ['caption', 'Table 1: Ages.'], ['caption', 'Note. — Ages from Smith (2020).']]);
    expect(paper.paragraphs[2]!.citations[0]!.referenceIds).toEqual(['bib.bib1']);
  });

  it('refuses a page with no LaTeXML paragraphs', () => {
    expect(() => extractLatexml(parseHtmlWithLinkedom('<html><body><h1>Hello</h1></body></html>'))).toThrow(/No paper text/);
  });
});
