/**
 * The .docx truth reader against a manuscript whose content is known: a paper planned by eval:word-pdf's generator
 * (headings typed in bold, a bold title and "Abstract", superscript citations, footnotes, two tables with captions and a
 * note, a figure, a bulleted list) written as .docx. What the reader finds must be what the plan put there.
 */
import { describe, expect, it } from 'vitest';
import { Document, Math as OfficeMath, MathRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { docxTruth } from '../../tools/eval/docx-truth';
import { loadReferenceSet } from '../../tools/eval/reference-sets';
import { citableReferences, planWordPaper, wordPaperDocx } from '../../tools/eval/word-papers';
import { normalizeForComparison } from '../../tools/eval/pdf-eval';
import { asLibraryPaper, fixturePaper } from '../support/fixtures';

describe('docxTruth', () => {
  const source = asLibraryPaper(fixturePaper('author-disambiguation-natbib'));
  const pool = citableReferences(loadReferenceSet('anystyle/gold'));

  it.each(['superscript', 'apa'] as const)('reads a %s manuscript\'s paragraphs, headings, references, footnotes and title as planned', async (citations) => {
    const plan = planWordPaper('docx', source, pool, 11, { citations, headings: 'numbered', columns: 1, extras: { tables: 2, figure: true, footnotes: 2, list: true } });
    const truth = await docxTruth(new Uint8Array(await wordPaperDocx(plan)));
    const texts = (paper: typeof truth) => paper.paragraphs.map((p) => normalizeForComparison(p.text)).sort();
    expect(texts(truth)).toEqual(texts(plan.truth));
    expect(truth.paragraphs.filter((p) => p.kind === 'footnote')).toHaveLength(plan.truth.paragraphs.filter((p) => p.kind === 'footnote').length);
    expect(truth.paragraphs.filter((p) => p.kind === 'list').map((p) => p.text)).toEqual(plan.truth.paragraphs.filter((p) => p.kind === 'list').map((p) => p.text));
    // The reference list's heading is a section here, as in LaTeXML's truth; the plan has none (the score leaves it out).
    expect(truth.sections.map((s) => s.title)).toEqual([...plan.truth.sections.map((s) => s.title), 'References']);
    expect(truth.references.map((r) => r.raw)).toEqual(plan.truth.references.map((r) => r.raw));
    expect(truth.title).toBe(plan.truth.title);
    expect(truth.abstract).toBe(plan.truth.abstract);
  });
});

/**
 * Manuscripts as people type them: headings marked by size or underlining, or by nothing but being a standard
 * section's name; section headings in the Title style; a body that begins without a heading; columns made of a table.
 */
describe('docxTruth on hand-set manuscripts', () => {
  const prose = (topic: string) =>
    `We describe ${topic} in enough words to read as a paragraph of the body, not as a line of front matter such as a name, an affiliation or an address, and we go on describing it for a while longer, until the sentence has well over fifty words in it, as body paragraphs do.`;
  const read = async (children: (Paragraph | Table)[], styles?: ConstructorParameters<typeof Document>[0]['styles']) =>
    docxTruth(new Uint8Array(await Packer.toBuffer(new Document({ ...(styles ? { styles } : {}), sections: [{ children }] }))));
  const titles = (paper: Awaited<ReturnType<typeof docxTruth>>) => paper.sections.map((s) => s.title);

  it('reads a heading marked by a larger size, by underlining, or by being a standard section\'s name', async () => {
    const truth = await read([
      new Paragraph({ children: [new TextRun({ text: 'A Study of Things', size: 32 })] }),
      new Paragraph({ children: [new TextRun({ text: 'Introduction', size: 30 })] }),
      new Paragraph({ children: [new TextRun({ text: prose('the first thing'), size: 24 })] }),
      new Paragraph({ children: [new TextRun({ text: 'Data and Design', size: 24, underline: {} })] }),
      new Paragraph({ children: [new TextRun({ text: prose('the second thing'), size: 24 })] }),
      new Paragraph({ children: [new TextRun({ text: 'Discussion', size: 24 })] }),
      new Paragraph({ children: [new TextRun({ text: prose('the third thing'), size: 24 })] }),
      new Paragraph({ children: [new TextRun({ text: 'A short line in the text', size: 24 })] }),
      new Paragraph({ children: [new TextRun({ text: 'References', size: 24 })] }),
      new Paragraph({ children: [new TextRun({ text: 'Smith, J. (2020). A book. Publisher.', size: 24 })] }),
    ]);
    expect(truth.title).toBe('A Study of Things');
    expect(titles(truth)).toEqual(['Introduction', 'Data and Design', 'Discussion', 'References']);
    expect(truth.paragraphs.map((p) => p.text)).toEqual([prose('the first thing'), prose('the second thing'), prose('the third thing'), 'A short line in the text']);
    expect(truth.references.map((r) => r.raw)).toEqual(['Smith, J. (2020). A book. Publisher.']);
  });

  it('takes later paragraphs in the Title style for section headings', async () => {
    const truth = await read([
      new Paragraph({ text: 'The Paper\'s Title', style: 'Title' }),
      new Paragraph({ text: 'Abstract' }),
      new Paragraph({ text: prose('the abstract') }),
      new Paragraph({ text: 'Theory', style: 'Title' }),
      new Paragraph({ text: prose('the theory') }),
    ]);
    expect(truth.title).toBe('The Paper\'s Title');
    expect(titles(truth)).toEqual(['Abstract', 'Theory']);
    expect(truth.paragraphs.map((p) => p.text)).toEqual([prose('the abstract'), prose('the theory')]);
  });

  it('starts the body at a paragraph of body length when no heading comes first', async () => {
    const truth = await read([
      new Paragraph({ text: 'Course 101 – Article' }),
      new Paragraph({ text: 'Jane Author, University of Somewhere' }),
      new Paragraph({ text: prose('the opening') }),
      new Paragraph({ text: 'A short paragraph follows.' }),
    ]);
    expect(truth.paragraphs.map((p) => p.text)).toEqual([prose('the opening'), 'A short paragraph follows.']);
  });

  it('reads a table that lays out prose cell by cell, and leaves a table of values out', async () => {
    const cell = (...texts: string[]) => new TableCell({ children: texts.map((text) => new Paragraph({ text })) });
    const truth = await read([
      new Paragraph({ children: [new TextRun({ text: 'Introduction', bold: true })] }),
      new Paragraph({ text: prose('the introduction') }),
      new Table({ rows: [new TableRow({ children: [cell('Methods', prose('the methods')), cell(prose('the results'))] })] }),
      new Table({ rows: [new TableRow({ children: [cell('Fig 2: a curve.'), cell('References', 'Smith, J. (2020). A book.', 'Lee, K. (2021). A paper.')] })] }),
      new Paragraph({ children: [new TextRun({ text: 'Appendix', bold: true })] }),
      new Table({ rows: [new TableRow({ children: [cell('Parameter'), cell('Value'), cell('Reference')] }), new TableRow({ children: [cell('β1'), cell('0.194'), cell('Smith 2020')] })] }),
    ]);
    expect(titles(truth)).toEqual(['Introduction', 'Methods', 'References', 'Appendix']);
    // A captioned table of long cells is a table: its cells are no paragraphs.
    const tabled = await read([
      new Paragraph({ children: [new TextRun({ text: 'Results', bold: true })] }),
      new Paragraph({ text: prose('the results') }),
      new Paragraph({ text: 'Table 7: Summary of case studies' }),
      new Table({ rows: [new TableRow({ children: [cell('Event'), cell(prose('an extreme rainfall event'))] })] }),
    ]);
    expect(tabled.paragraphs.map((p) => p.text)).toEqual([prose('the results'), 'Table 7: Summary of case studies']);
    expect(truth.paragraphs.map((p) => p.text)).toEqual([prose('the introduction'), prose('the methods'), prose('the results'), 'Fig 2: a curve.']);
    expect(truth.references.map((r) => r.raw)).toEqual(['Smith, J. (2020). A book.', 'Lee, K. (2021). A paper.']);
  });

  it('leaves display equations and code listings out of the paragraphs, as LaTeXML does, and keeps an inline equation', async () => {
    const truth = await read([
      new Paragraph({ children: [new TextRun({ text: 'Methods', bold: true })] }),
      new Paragraph({ text: prose('the estimator') }),
      new Paragraph({ children: [new OfficeMath({ children: [new MathRun('L(θ) = Π f(x_i)')] }), new TextRun('\t(3.1.4)')] }),
      new Paragraph({ children: [new TextRun('where '), new OfficeMath({ children: [new MathRun('θ')] }), new TextRun(' is the parameter we estimate.')] }),
      new Paragraph({ children: [new TextRun({ text: 'for epoch in range(10):', font: 'Courier New' })] }),
      new Paragraph({ children: [new TextRun({ text: '    train(model)', font: 'Consolas' })] }),
      new Paragraph({ children: [new TextRun({ text: '(figure 3.1.1) Samples from Cauchy (0.1, 1)', bold: true })] }),
    ]);
    expect(titles(truth)).toEqual(['Methods']);
    expect(truth.paragraphs.map((p) => [p.kind, p.text])).toEqual([
      ['text', prose('the estimator')],
      ['equation', 'L(θ) = Π f(x_i) (3.1.4)'],
      ['text', 'where θ is the parameter we estimate.'],
      ['caption', '(figure 3.1.1) Samples from Cauchy (0.1, 1)'],
    ]);
  });

  it('reads a reference list under "References and Bibliography", its bold group labels aside, until an appendix', async () => {
    const bold = (text: string) => new Paragraph({ children: [new TextRun({ text, bold: true })] });
    const truth = await read([
      bold('Introduction'),
      new Paragraph({ text: prose('the question') }),
      bold('7. REFERENCES AND BIBLIOGRAPHY'),
      bold('LIKELIHOOD'),
      new Paragraph({ text: 'Rao, C.R. (1973), Linear Statistical Inference and its Applications, Wiley.' }),
      bold('NUMERICAL METHODS'),
      new Paragraph({ text: 'Atkinson, K. E. (1978), An Introduction to Numerical Analysis, Wiley.' }),
      bold('Appendix A'),
      new Paragraph({ text: 'The code is given below.' }),
    ]);
    expect(truth.references.map((r) => r.raw)).toEqual(['Rao, C.R. (1973), Linear Statistical Inference and its Applications, Wiley.', 'Atkinson, K. E. (1978), An Introduction to Numerical Analysis, Wiley.']);
    expect(titles(truth)).toEqual(['Introduction', 'REFERENCES AND BIBLIOGRAPHY', 'Appendix A']);
    expect(truth.paragraphs.map((p) => p.text)).toEqual([prose('the question'), 'The code is given below.']);
  });

  it('reads a bold run-in title as a section of its own and the text after it as the paragraph, as LaTeXML reads \\paragraph; a label before a short definition stays in it', async () => {
    const truth = await read([
      new Paragraph({ children: [new TextRun({ text: 'Methods', bold: true })] }),
      new Paragraph({ children: [new TextRun({ text: 'Data collection.', bold: true }), new TextRun(' We sampled forty sites along the river, each twice a year, from 2010 to 2020.')] }),
      new Paragraph({ children: [new TextRun({ text: 'Analysis', bold: true }), new TextRun(': we fitted a mixed model with a random intercept for each site and a slope for the year.')] }),
      new Paragraph({ children: [new TextRun({ text: 'Note', bold: true }), new TextRun(' that the sites differ.')] }),
      new Paragraph({ children: [new TextRun({ text: 'Glucose:', bold: true }), new TextRun(' plasma glucose two hours after a test')] }),
    ]);
    expect(truth.sections.map((s) => [s.title, s.level])).toEqual([['Methods', 1], ['Data collection', 2], ['Analysis', 2]]);
    // A run of spaces between two words of the title or the text is kept: it is part of them.
    const spaced = await read([
      new Paragraph({ children: [new TextRun({ text: 'Methods', bold: true })] }),
      new Paragraph({ children: [new TextRun({ text: 'NLP', bold: true }), new TextRun({ text: ' ', bold: true }), new TextRun({ text: 'for Biomedicine.', bold: true }), new TextRun(' We fitted'), new TextRun(' '), new TextRun('the model to every site and every year of the survey at once.')] }),
    ]);
    expect(spaced.sections.map((s) => s.title)).toEqual(['Methods', 'NLP for Biomedicine']);
    expect(spaced.paragraphs.map((p) => p.text)).toEqual(['We fitted the model to every site and every year of the survey at once.']);
    expect(truth.paragraphs.map((p) => p.text)).toEqual(['We sampled forty sites along the river, each twice a year, from 2010 to 2020.', 'we fitted a mixed model with a random intercept for each site and a slope for the year.', 'Note that the sites differ.', 'Glucose: plasma glucose two hours after a test']);
  });
});
