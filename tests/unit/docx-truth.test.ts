/**
 * The .docx truth reader against a manuscript whose content is known: a paper planned by eval:word-pdf's generator
 * (headings typed in bold, a bold title and "Abstract", superscript citations, footnotes, two tables with captions and a
 * note, a figure, a bulleted list) written as .docx. What the reader finds must be what the plan put there.
 */
import { describe, expect, it } from 'vitest';
import { Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
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
    expect(truth.paragraphs.map((p) => p.text)).toEqual([prose('the introduction'), prose('the methods'), prose('the results'), 'Fig 2: a curve.']);
    expect(truth.references.map((r) => r.raw)).toEqual(['Smith, J. (2020). A book.', 'Lee, K. (2021). A paper.']);
  });
});
