/**
 * The .docx truth reader against a manuscript whose content is known: a paper planned by eval:word-pdf's generator
 * (headings typed in bold, a bold title and "Abstract", superscript citations, footnotes, two tables with captions and a
 * note, a figure, a bulleted list) written as .docx. What the reader finds must be what the plan put there.
 */
import { describe, expect, it } from 'vitest';
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
