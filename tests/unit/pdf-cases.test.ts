/**
 * Failure kinds of the PDF path, each on a small PDF we compiled from our own LaTeX
 * (tests/fixtures/pdf-cases/*.tex; the PDFs are committed so tests need no TeX).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodePdfReader } from '../../cli/pdf-node';
import type { Paper } from '../../shared/model/paper';
import { extractPdfWithTrace } from '../../shared/pdf/extract-pdf';

const CASES = join(__dirname, '../fixtures/pdf-cases');
const read = async (name: string) => extractPdfWithTrace(new Uint8Array(readFileSync(join(CASES, name))), { reader: nodePdfReader });
const linked = (paper: Paper) => new Set(paper.paragraphs.flatMap((p) => p.citations.flatMap((c) => c.referenceIds)));
const allText = (paper: Paper) => paper.paragraphs.map((p) => p.text).join('\n');

describe('AIP/REVTeX draft: superscript citations, line numbers, a bibliography with no heading', () => {
  it('finds the 15 entries by their shape and links every superscript citation', async () => {
    const { paper, trace } = await read('aip-superscript.pdf');
    expect(trace.bibliography).toBe('bibliography-shape');
    expect(paper.references.map((r) => r.label)).toEqual(Array.from({ length: 15 }, (_, i) => String(i + 1)));
    expect(paper.references[11]!.raw).toBe('E. Schrödinger, Phys. Rev. 28, 1049 (1926).');
    expect(linked(paper).size).toBe(15);
    const intro = paper.paragraphs.find((p) => p.text.startsWith('The quantum-classical boundary'))!;
    expect(intro.citations[0]).toMatchObject({ marker: '1,2', referenceIds: ['ref1', 'ref2'] });
    // The mark is not text: the citation sits right after "methods." with no width.
    expect(intro.text.slice(0, intro.citations[0]!.start)).toMatch(/different methods\.$/);
  }, 30_000);

  it('drops margin and gutter line numbers and keeps the two columns apart', async () => {
    const { paper, trace } = await read('aip-superscript.pdf');
    expect(trace.dropped['line-number']).toBeGreaterThan(50);
    expect(allText(paper)).not.toMatch(/\b\d{1,2} \d{1,2}\b/);
    expect(paper.sections.map((s) => s.title)).toEqual(['Abstract', 'INTRODUCTION', 'METHOD', 'RESULTS', 'CONCLUSION']);
    const method = paper.paragraphs.filter((p) => p.sectionId === paper.sections[2]!.id);
    expect(method).toHaveLength(2);
    expect(method[1]!.text).toMatch(/^A second paragraph of the method .* against which the results are compared\.$/);
  }, 30_000);

  it('combines accents drawn as separate glyphs', async () => {
    const { paper } = await read('aip-superscript.pdf');
    expect(allText(paper)).toContain('The Möbius strip and the work of André François on naïve models');
    expect(paper.authors).toEqual(['Ana Müller']);
  }, 30_000);
});

describe('alpha labels, invisible figure text, an appendix after the bibliography', () => {
  it('ignores sub-pixel text when measuring the body and keeps whole paragraphs', async () => {
    const { paper, trace } = await read('alpha-appendix.pdf');
    expect(trace.dropped['invisible-glyph']).toBeGreaterThan(10);
    expect(allText(paper)).not.toContain('ZXhhbXBsZ');
    expect(paper.abstract).toMatch(/^This short document checks .* printed after the bibliography\.$/);
  }, 30_000);

  it('splits and links alpha-labelled entries, and ends the bibliography at the appendix', async () => {
    const { paper } = await read('alpha-appendix.pdf');
    expect(paper.references.map((r) => r.label)).toEqual(['[Qui86]', '[BC11]', '[FS97]', '[WLC24]']);
    expect(paper.references[3]!.raw).toMatch(/2024\.$/);
    expect(linked(paper)).toEqual(new Set(['ref1', 'ref2', 'ref3', 'ref4']));
    expect(paper.sections.map((s) => [s.number ?? '', s.title, s.level])).toEqual([
      ['', 'Abstract', 1], ['1', 'Introduction', 1], ['2', 'Large Language Models (LLMs) as Readers', 1], ['3', 'Conclusion', 1], ['A', 'Proofs', 1], ['A.1', 'Proof of the Main Lemma', 2],
    ]);
    expect(paper.paragraphs.at(-1)!.text).toMatch(/^The proof is by induction/);
  }, 30_000);

  it('keeps hyphens of compounds the document writes with a hyphen, joins broken words', async () => {
    const { paper } = await read('alpha-appendix.pdf');
    expect(allText(paper)).toContain('we study quantum-classical loops on small devices, and we use the devices of our lab.');
  }, 30_000);
});

describe('article class in two columns: a 10 pt gutter, headings meeting across the columns, initials in a reference', () => {
  it('keeps the columns apart and in reading order, with every heading and both authors', async () => {
    const { paper } = await read('article-twocolumn.pdf');
    expect(paper.title).toBe('State-Space Checks for Sequential Models');
    expect(paper.authors).toEqual(['Alice Writer', 'Bruno Reviewer']);
    const titles = paper.sections.map((s) => `${s.number ?? ''} ${s.title}`.trim());
    expect(titles.slice(0, 10)).toEqual(['Abstract', '1 Introduction', '2 Background', '2.1 Linear Gaussian models', '2.2 Nonlinear and non-Gaussian models', '2.2.1 Identifiability', '3 Checks', '3.1 Dimension and shape checks', 'Stationarity', 'Observability']);
    expect(titles).toContain('4 Results on simulated series with known mistakes in the transition and observation equations');
    expect(titles).toContain('3.2 Prior predictive checks for θ and σ^2'); // σ² wraps to a line of its own, in a maths font
    expect(titles.filter((t) => /^\d+ Further Study \d$/.test(t))).toHaveLength(5);
    // No line of one column glued to the other's.
    expect(allText(paper)).not.toMatch(/and show how they catch common mistakes in When/);
  }, 30_000);

  it('finds all five references, the one of initials too, and links the citations', async () => {
    const { paper } = await read('article-twocolumn.pdf');
    expect(paper.references.map((r) => r.raw.split('.')[0])).toEqual(['A', 'J', 'A', 'A', 'R']);
    expect(paper.references[2]!.raw).toMatch(/^A\. Gelman, J\. B\. Carlin, H\. S\. Stern and D\. B\. Rubin\. Bayesian Data Analysis/);
    expect(linked(paper).size).toBe(5);
  }, 30_000);
});

describe('amsart: title and authors in body-size capitals, a run-in abstract', () => {
  it('reads the title in headline case, both authors, and the abstract after its label', async () => {
    const { paper } = await read('amsart-capitals.pdf');
    expect(paper.title).toBe('State-Space Checks for Sequential Models');
    expect(paper.authors).toEqual(['Alice Writer', 'Bruno Reviewer']);
    expect(paper.abstract).toMatch(/^We describe a set of checks for sequential state-space models/);
    const titles = paper.sections.map((s) => `${s.number ?? ''} ${s.title}`.trim());
    expect(titles.slice(0, 6)).toEqual(['Abstract', '1 Introduction', '2 Background', '2.1 Linear Gaussian models', '2.2 Nonlinear and non-Gaussian models', '2.2.1 Identifiability']);
    expect(paper.references).toHaveLength(5);
    // The running heads repeat the title and the authors; they are not text.
    expect(allText(paper)).not.toMatch(/STATE-SPACE CHECKS|ALICE WRITER/);
  }, 30_000);
});

describe('article: \\paragraph titles run in with no stop, and a bold lead-in typed by hand', () => {
  it('reads the titles set apart by font and a quad, one wrapped onto a second line; leaves "Overall", followed by a word space, in its sentence', async () => {
    const { paper, trace } = await read('article-paragraphs.pdf');
    const wrapped = 'Comparison against structure-aware extractors and their sequence labelling counterparts';
    expect(paper.sections.map((s) => s.title)).toEqual(['Abstract', 'Experimental setup', 'Datasets', 'Evaluation metrics', 'Baselines', wrapped, 'Results', 'Per template']);
    expect(trace.blocks.filter((b) => b.rules.includes('heading-run-in-quad')).map((b) => b.text)).toEqual(['Datasets', 'Evaluation metrics', wrapped, 'Per template']);
    expect(paper.paragraphs.find((p) => p.text.startsWith('Each baseline is run once per file'))).toBeDefined();
    expect(paper.paragraphs.find((p) => p.text.startsWith('We use two public collections'))).toBeDefined();
    expect(paper.paragraphs.find((p) => p.text.startsWith('Overall the extractor finds'))).toBeDefined();
  }, 30_000);
});

describe('code listings (verbatim) between paragraphs, inline \\texttt and a \\url', () => {
  it('keeps listings out of the paragraphs, and the prose around them whole, inline code and URLs included', async () => {
    const { paper, trace } = await read('article-listing.pdf');
    expect(trace.dropped['code-listing']).toBe(5);
    const texts = paper.paragraphs.map((p) => p.text);
    expect(texts).toContain('The stack keeps its elements in an atomic reference to an immutable list, and a push retries until its compare-and-set succeeds. The following function implements it:');
    expect(texts).toContain('Physical equality may return true on two values built apart:');
    expect(texts.some((t) => /Atomic\.get call is the only read it makes\.$/.test(t))).toBe(true);
    expect(texts.some((t) => /^This is why the specification of == only promises .* https:\/\/example\.org\/zoo under a free licence\.$/.test(t))).toBe(true);
    expect(allText(paper)).not.toMatch(/let rec push|compare_and_set|Some 0 == Some 0/);
  }, 30_000);
});

describe('LNCS: numbered entries in small type with no closing stop', () => {
  it('keeps every entry whole: one-line entries, short last lines, entries wrapped like numbered titles, one run into its line', async () => {
    const { paper } = await read('lncs-references.pdf');
    expect(paper.references.map((r) => r.label)).toEqual(Array.from({ length: 25 }, (_, i) => `${i + 1}.`));
    const raw = (n: number) => paper.references[n - 1]!.raw;
    // A one-line entry with a web address, and an entry's short last line: set like a figure's labels, they had been dropped.
    expect(raw(2)).toBe('Go ethereum. https://github.com/ethereum/go-ethereum');
    expect(raw(3)).toMatch(/In: CRYPTO 2018\. pp\. 757–788\. Springer \(2018\)$/);
    // Read as numbered titles wrapped over two and three lines, these had kept only their last line.
    expect(raw(7)).toMatch(/^Canetti, R\.: Universally composable security: .* pp\. 136–145 \(2001\)$/);
    expect(raw(16)).toMatch(/^Knuth, D\.E\.: The Art of Computer Programming, .* \(1997\)$/);
    // Read as a run-in title ("Flashbots:"), this one had been taken twice.
    expect(raw(12)).toBe('Flashbots: Mev-boost. https://boost.flashbots.net (2022)');
    expect(linked(paper).size).toBe(25);
  }, 30_000);
});

describe('PNAS (2017 class): author-year entries in small type under no heading, Supporting Information after them', () => {
  it('finds the 29 entries by their shape, each whole, and links every citation', async () => {
    const { paper, trace } = await read('pnas-references.pdf');
    expect(trace.bibliography).toBe('bibliography-shape');
    expect(paper.references.map((r) => r.label)).toEqual(Array.from({ length: 29 }, (_, i) => `${i + 1}.`));
    const raw = (n: number) => paper.references[n - 1]!.raw;
    // Read as numbered run-in titles (the authors and year upright, the journal in italics), entries had broken the run
    // of labelled blocks that makes a bibliography: none was found.
    expect(raw(1)).toBe('O’Brien B (2022) Neural variability predicts choice in a perceptual decision task. Proc. Natl. Acad. Sci. U.S.A. 78:6509–6518.');
    expect(raw(20)).toBe('Smith C, et al. (2019) Evolution of cooperation on graphs. Nature 126:5967–5975.');
    // A wrapped entry's last line that is its DOI alone, in digits, had been dropped as a fragment.
    expect(raw(26)).toBe('Fernandes P, Lindqvist A (2021) Sexual selection and the evolution of ornaments (bioRxiv). 10.1101/2021.10.18.461897.');
    expect(linked(paper).size).toBe(29);
    // Found by its shape, the list has no title to say it goes on: the Supporting Information after it is a section, not the last entry.
    expect(raw(29)).toBe('Wright S (1931) Evolution in mendelian populations. Genetics 16(2):97–159.');
    expect(paper.sections.map((s) => s.title).slice(-3)).toEqual(['Supporting Information', 'Additional measurements', 'Sensitivity of the model']);
    expect(allText(paper)).toContain('We refitted the model with each genotype left out in turn');
  }, 30_000);
});

describe('APS letter: run-in titles with a stop and an em dash, a reference list that ends on page 1', () => {
  it('reads each title without the dash, and keeps the last entry, which looks like an address', async () => {
    const { paper } = await read('aps-letter.pdf');
    expect(paper.sections.map((s) => s.title)).toEqual(['Introduction', 'Setup', 'Results', 'Discussion', 'Acknowledgments']);
    expect(paper.paragraphs[0]!.text).toMatch(/^Axion-like particles appear/);
    // Five digits and no year, on page 1: read as an affiliation and dropped, though it opens with an entry's label and authors.
    expect(paper.references.map((r) => r.raw).at(-1)).toBe('K. Thinker, arXiv:2101.01234.');
    expect(paper.references).toHaveLength(7);
  }, 30_000);
});

describe("OUP's authoring template: subsection faces and author-year entries in narrow columns", () => {
  const subsections = ['Strains and growth conditions', 'Fitness measurements', 'Statistical models of epistasis', 'A global nonlinearity explains most interactions', 'Specific pairwise terms are rare but large', 'Paths of adaptation under strong selection', 'Noise in the fitness measurements', 'Sigmoid and exponential scales', 'Higher-order terms', 'Limits of the additive model', 'Comparison with earlier estimates'];
  const titles = (paper: Paper) => paper.sections.map((s) => s.title);

  it('"modern": reads the subsection titles set in the sans face its abstract shares, and no abstract line as a title', async () => {
    const { paper } = await read('oup-modern.pdf');
    expect(titles(paper)).toEqual(expect.arrayContaining(subsections));
    expect(titles(paper).filter((t) => !subsections.includes(t) && t !== 'Selection regimes and population sizes')).toEqual(['Abstract', 'Introduction', 'Materials and methods', 'Results', 'Models of the genotype-phenotype map', 'Discussion', 'Conclusion', 'Acknowledgments']);
    expect(paper.abstract).toMatch(/^The effect of a mutation often depends/);
    expect(paper.references).toHaveLength(12);
  }, 30_000);

  it('"medium": keeps the entries set in a narrow column beside the text, their stretched first lines and hanging lines whole', async () => {
    const { paper } = await read('oup-modern-medium.pdf');
    // Each first line is stretched after its authors ("C. Dubois and J. Smith.   Interactions between"); its rest, its
    // hanging lines and an opening line with no year had been dropped as a figure's labels (9 entries, 4 of them whole).
    const whole = paper.references.filter((r) => /^\p{Lu}\. [\p{L}-]+ and \p{Lu}\. [\p{L}-]+\. Interactions between mutations in evolving populations, part \d+\./u.test(r.raw));
    expect(whole.length).toBeGreaterThanOrEqual(11);
    // Still merged: one entry that opens a column runs on from the entry above it (11 of 12 found).
    expect(paper.references.length).toBeGreaterThanOrEqual(11);
  }, 30_000);

  it('"traditional": reads the centred bold subsection titles, and keeps the entries cut at the stretched space after their authors', async () => {
    const { paper } = await read('oup-traditional.pdf');
    expect(titles(paper)).toEqual(expect.arrayContaining(subsections));
    // Set larger than the sections' capitals, they are still under them.
    expect(paper.sections.filter((s) => subsections.includes(s.title)).map((s) => s.level)).toEqual(subsections.map(() => 2));
    expect(paper.sections.find((s) => s.title === 'Fitness measurements')!.parentId).toBe(paper.sections.find((s) => s.title === 'MATERIALS AND METHODS')!.id);
    expect(paper.references).toHaveLength(12);
    // Justified in a narrow column, "R. Haddad and W. Chen.    Interactions between": with the next entry's line cut at the same place, read as a table's rows and dropped.
    expect(paper.references.map((r) => r.raw)).toContain('R. Haddad and W. Chen. Interactions between mutations in evolving populations, part 10. Journal of Evolutionary Studies, 20:170–180, 2005.');
  }, 30_000);
});

