import CSL from 'citeproc';
import { describe, expect, it } from 'vitest';
import { releaseEngines } from '../../shared/cite/citeproc-engine';
import { STYLE_XML } from '../../shared/cite/csl/bundled-styles.generated';
import { installMacroIndex, uninstallMacroIndex } from '../../shared/cite/citeproc-macro-index';
import { renderDocument, type CitationCluster } from '../../shared/cite/render-document';
import { CITATION_STYLES, parseStyleId, type StyleId } from '../../shared/cite/styles';
import { VerbatimError } from '../../shared/errors';
import { BOOK, CITE_LIBRARY, CONFERENCE, JOURNAL, PREPRINT, SAME_YEAR_A, SAME_YEAR_B } from '../support/cite-library';

// Document order: the journal article first, then the preprint (with a section), then both Smith 2020 works, then the journal again.
const CLUSTERS: CitationCluster[] = [
  { clusterId: 'k1', items: [{ id: JOURNAL.id }] },
  { clusterId: 'k2', items: [{ id: PREPRINT.id, locator: '2.1', label: 'section' }] },
  { clusterId: 'k3', items: [{ id: SAME_YEAR_A.id }, { id: SAME_YEAR_B.id }] },
  { clusterId: 'k4', items: [{ id: CONFERENCE.id }] },
  { clusterId: 'k5', items: [{ id: JOURNAL.id }] },
];

function render(style: StyleId) {
  return renderDocument({ records: CITE_LIBRARY, clusters: CLUSTERS, secondaryIds: [BOOK.id], style });
}

const NUMERIC = CITATION_STYLES.filter((s) => s.kind === 'numeric').map((s) => s.id);
const AUTHOR_DATE = CITATION_STYLES.filter((s) => s.kind === 'author-date').map((s) => s.id);

describe('renderDocument', () => {
  it.each(NUMERIC)('%s numbers works by first appearance and lists them in that order', (style) => {
    const doc = render(style);
    const numbers = doc.citations.map((c) => c.text.match(/\d+/g)!.map(Number));
    expect(numbers[0]).toEqual([1]);
    expect(numbers[1]![0]).toBe(2); // then the section locator's digits
    expect(numbers[2]).toEqual([3, 4]);
    expect(numbers[3]).toEqual([5]);
    expect(numbers[4]).toEqual([1]);
    expect(doc.bibliography.map((e) => e.id)).toEqual([JOURNAL.id, PREPRINT.id, SAME_YEAR_A.id, SAME_YEAR_B.id, CONFERENCE.id]);
    // Each entry carries its number (in the margin column of the html).
    expect(doc.bibliography[1]!.text).toMatch(/^\[?2\]?\.?\s/);
  });

  it.each(AUTHOR_DATE)('%s cites author and year, tells the two Smith 2020 works apart, and sorts the list by author', (style) => {
    const doc = render(style);
    expect(doc.citations[0]!.text).toMatch(/^\(Breiman,? 2001\)$/);
    // Letters follow the list's order (by title: "Alpha…" is a, "Zeta…" is b), whatever the citing order.
    expect(doc.citations[2]!.text).toMatch(/Smith,? 2020b, 2020a/);
    expect(doc.citations[0]!.text).toBe(doc.citations[4]!.text);
    const families = doc.bibliography.map((e) => e.text.split(/[ ,]/)[0]);
    expect(families).toEqual(['Breiman', 'Sinha', 'Smith', 'Smith', 'Vaswani']);
    expect(doc.bibliography[2]!.text).toMatch(/2020a[\s\S]*Alpha/i);
    expect(doc.bibliography[3]!.text).toMatch(/2020b[\s\S]*Zeta/i);
    // The section locator reaches the citation.
    expect(doc.citations[1]!.text).toMatch(/2021, (?:sec\.|Section) 2\.1\)/);
  });

  it.each(CITATION_STYLES.map((s) => s.id))('%s keeps the arXiv id intact and gives every work its title', (style) => {
    const doc = render(style);
    const preprint = doc.bibliography.find((e) => e.id === PREPRINT.id)!;
    expect(preprint.text).toMatch(/2104\.01180/);
    expect(preprint.text).not.toMatch(/210401180/);
    expect(preprint.text).not.toMatch(/arXiv:?\s*arXiv/);
    for (const [entry, record] of doc.bibliography.map((e) => [e, CITE_LIBRARY.find((r) => r.id === e.id)!] as const)) {
      expect(entry.text.toLowerCase()).toContain(record.title!.toLowerCase().split(' ')[0]);
      expect(entry.html).toContain('csl-entry');
    }
  });

  it('prints the arXiv id as each style expects', () => {
    const entry = (style: StyleId) => render(style).bibliography.find((e) => e.id === PREPRINT.id)!.text;
    expect(entry('ieee')).toContain('arXiv: 2104.01180');
    expect(entry('apa')).toContain('(Preprint arXiv:2104.01180). arXiv.');
    expect(entry('chicago-author-date')).toContain('Preprint arXiv:2104.01180. arXiv.');
    expect(entry('acm')).toContain('arXiv:2104.01180.');
    expect(entry('vancouver')).toContain('https://arxiv.org/abs/2104.01180');
    expect(entry('nature')).toContain('Preprint at https://doi.org/10.48550/arXiv.2104.01180');
  });

  it('lists secondary works unnumbered, apart from the cited ones', () => {
    for (const style of CITATION_STYLES.map((s) => s.id)) {
      const doc = render(style);
      expect(doc.secondary.map((e) => e.id)).toEqual([BOOK.id]);
      expect(doc.secondary[0]!.text).toMatch(/^Goodfellow|^I\. Goodfellow|^Ian Goodfellow/);
      expect(doc.secondary[0]!.html).not.toContain('csl-left-margin');
      expect(doc.bibliography.map((e) => e.id)).not.toContain(BOOK.id);
    }
  });

  it('switches style on the same clusters', () => {
    const ieee = render('ieee');
    const apa = render('apa');
    expect(ieee.citations.map((c) => c.clusterId)).toEqual(apa.citations.map((c) => c.clusterId));
    expect(ieee.citations[0]!.text).toBe('[1]');
    expect(apa.citations[0]!.text).toBe('(Breiman, 2001)');
    // The engine is reused: rendering IEEE again after APA gives the same document.
    expect(render('ieee')).toEqual(ieee);
  });

  it('adds initials, not a year letter, when they alone tell two authors apart (APA)', () => {
    const john: typeof JOURNAL = { ...SAME_YEAR_A, id: 'j', author: [{ family: 'Smith', given: 'John' }], issued: { 'date-parts': [[2019]] } };
    const jane: typeof JOURNAL = { ...SAME_YEAR_B, id: 'k', author: [{ family: 'Smith', given: 'Mary' }], issued: { 'date-parts': [[2019]] } };
    const doc = renderDocument({ records: [john, jane], clusters: [{ clusterId: 'a', items: [{ id: 'j' }] }, { clusterId: 'b', items: [{ id: 'k' }] }], style: 'apa' });
    expect(doc.citations.map((c) => c.text)).toEqual(['(J. Smith, 2019)', '(M. Smith, 2019)']);
    expect(doc.citations[0]!.text).not.toBe(doc.citations[1]!.text);
    expect(doc.citations.map((c) => c.text).join(' ')).not.toMatch(/2019a/);
  });

  it('does not carry one document into the next: the same id with new content renders the new content', () => {
    const first = renderDocument({ records: [JOURNAL], clusters: [{ clusterId: 'a', items: [{ id: JOURNAL.id }] }], style: 'apa' });
    const renamed = renderDocument({ records: [{ ...JOURNAL, title: 'Random trees' }], clusters: [{ clusterId: 'a', items: [{ id: JOURNAL.id }] }], style: 'apa' });
    expect(first.bibliography[0]!.text).toContain('Random forests');
    expect(renamed.bibliography[0]!.text).toContain('Random trees');
  });

  it('escapes markup in html and keeps it as text in text output', () => {
    const hostile = { ...JOURNAL, title: 'Forests <script>alert(1)</script> & <img src=x onerror=y>' };
    const doc = renderDocument({ records: [hostile], clusters: [{ clusterId: 'a', items: [{ id: JOURNAL.id }] }], style: 'ieee' });
    expect(doc.bibliography[0]!.html).not.toMatch(/<script|<img/);
    expect(doc.bibliography[0]!.text).toContain('<script>alert(1)</script> &');
  });

  it('refuses a citation of a work it was not given, by name', () => {
    expect(() => renderDocument({ records: [JOURNAL], clusters: [{ clusterId: 'a', items: [{ id: 'missing' }] }], style: 'ieee' })).toThrow(VerbatimError);
    try {
      renderDocument({ records: [JOURNAL], clusters: [], secondaryIds: ['missing'], style: 'ieee' });
      expect.unreachable();
    } catch (error) {
      expect((error as VerbatimError).code).toBe('CITATION_UNKNOWN_WORK');
    }
  });

  it('says which styles raise their citations: Nature does, as a whole; IEEE and APA do not', () => {
    const clusters = [{ clusterId: 'a', items: [{ id: JOURNAL.id }] }];
    expect(renderDocument({ records: CITE_LIBRARY, clusters, style: 'nature' }).citations[0]).toMatchObject({ text: '1', html: '<sup>1</sup>', superscript: true });
    for (const style of ['ieee', 'apa', 'vancouver'] as const) expect(renderDocument({ records: CITE_LIBRARY, clusters, style }).citations[0]!.superscript).toBe(false);
  });

  it('renders an empty cluster as empty text and an empty document as nothing', () => {
    const doc = renderDocument({ records: CITE_LIBRARY, clusters: [{ clusterId: 'e', items: [] }, { clusterId: 'a', items: [{ id: JOURNAL.id }] }], style: 'ieee' });
    expect(doc.citations).toEqual([{ clusterId: 'e', text: '', html: '', superscript: false }, { clusterId: 'a', text: '[1]', html: '[1]', superscript: false }]);
    expect(renderDocument({ records: [], clusters: [], style: 'apa' })).toEqual({ citations: [], bibliography: [], secondary: [] });
  });
});

describe('parseStyleId', () => {
  it('reads our ids and the CSL file names, and names an unknown style', () => {
    expect(parseStyleId('IEEE')).toBe('ieee');
    expect(parseStyleId('association-for-computing-machinery')).toBe('acm');
    expect(parseStyleId('chicago')).toBe('chicago-author-date');
    expect(() => parseStyleId('mla')).toThrow(expect.objectContaining({ code: 'STYLE_UNKNOWN' }));
    expect(() => parseStyleId('__proto__')).toThrow(expect.objectContaining({ code: 'STYLE_UNKNOWN' }));
  });
});

describe('prepareStyle', () => {
  it('builds the engine once: rendering after it gives what a first render gives', async () => {
    const { prepareStyle } = await import('../../shared/cite/citeproc-engine');
    const before = renderDocument({ records: [JOURNAL], clusters: [{ clusterId: 'a', items: [{ id: JOURNAL.id }] }], style: 'vancouver' });
    prepareStyle('vancouver');
    expect(renderDocument({ records: [JOURNAL], clusters: [{ clusterId: 'a', items: [{ id: JOURNAL.id }] }], style: 'vancouver' })).toEqual(before);
  });
});

describe('the macro index that speeds up building an engine', () => {
  it("finds the same macro nodes as citeproc's walk of the style, for every macro of every bundled style", () => {
    type Reader = { dataObj: object; getNodesByName(node: object, name: string, attribute?: string): { attrs: { name: string } }[] };
    const setupXml = (CSL as unknown as { setupXml(xml: string): Reader }).setupXml;
    for (const { id } of CITATION_STYLES) {
      const reader = setupXml(STYLE_XML[id]);
      const names = reader.getNodesByName(reader.dataObj, 'macro').map((m) => m.attrs.name);
      expect(names.length).toBeGreaterThan(0);
      const indexed = names.map((name) => reader.getNodesByName(reader.dataObj, 'macro', name));
      uninstallMacroIndex(CSL);
      try {
        expect(indexed).toEqual(names.map((name) => reader.getNodesByName(reader.dataObj, 'macro', name)));
        // The same node objects, not copies: citeproc marks them while it builds.
        indexed.forEach((nodes, i) => expect(nodes[0]).toBe(reader.getNodesByName(reader.dataObj, 'macro', names[i])[0]));
      } finally {
        installMacroIndex(CSL);
      }
      expect(reader.getNodesByName(reader.dataObj, 'macro', 'no-such-macro')).toEqual([]);
    }
  });

  it('renders every bundled style exactly as citeproc does without it', () => {
    const withIndex = CITATION_STYLES.map(({ id }) => render(id));
    releaseEngines();
    uninstallMacroIndex(CSL);
    try {
      const without = CITATION_STYLES.map(({ id }) => render(id));
      expect(withIndex).toEqual(without);
    } finally {
      releaseEngines();
      installMacroIndex(CSL);
    }
  });
});
