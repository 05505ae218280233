/**
 * A paper written in a word processor, saved from disk: planned from a fixture's prose and real reference strings,
 * written as .docx, printed to PDF by LibreOffice, then read by the PDF path. One paper per citation form, each in a
 * layout that once broke the extractor (double spacing, two columns, half-inch indents, "(3)" citations, a list spaced
 * between entries), and one with tables, a figure, footnotes and a bulleted list. `npm run eval:word-pdf` measures the same kind of paper at scale; this test keeps the floor.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { nodePdfReader } from '../../cli/pdf-node';
import { extractPdf } from '../../shared/pdf/extract-pdf';
import { printDocxToPdf } from '../../tools/eval/libreoffice';
import { normalizeForComparison, paragraphMisses, scorePdfAgainstHtml } from '../../tools/eval/pdf-eval';
import { loadReferenceSet } from '../../tools/eval/reference-sets';
import { NO_EXTRAS, citableReferences, planWordPaper, wordPaperDocx, type WordLayout } from '../../tools/eval/word-papers';
import { asLibraryPaper, fixturePaper } from '../support/fixtures';

const LAYOUTS: (Partial<WordLayout> & Pick<WordLayout, 'citations'>)[] = [
  { citations: 'apa', headings: 'centred-bold', columns: 1, size: 12, spacing: 2, firstLineIndent: true },
  { citations: 'harvard', headings: 'left-large', columns: 1, size: 11, spacing: 1.15, firstLineIndent: false },
  { citations: 'ieee', headings: 'numbered', columns: 2, size: 10, spacing: 1, firstLineIndent: true },
  { citations: 'vancouver', headings: 'numbered', columns: 1, size: 11, spacing: 1.5, firstLineIndent: true },
  { citations: 'superscript', headings: 'centred-bold', columns: 2, size: 10, spacing: 1.15, firstLineIndent: false },
  // A manuscript with what a word processor adds besides prose, in Times New Roman's metric twin: two tables with
  // captions (one with a note under it), a figure, footnotes and a bulleted list.
  { citations: 'vancouver', headings: 'numbered', columns: 1, size: 11, spacing: 1.5, firstLineIndent: false, font: 'Liberation Serif', extras: { tables: 2, figure: true, footnotes: 2, list: true } },
];

describe('a PDF made by a word processor (LibreOffice)', () => {
  it('reads paragraphs, titles, every reference entry and the citations that link to them, in each citation form', async () => {
    const source = asLibraryPaper(fixturePaper('author-disambiguation-natbib'));
    const pool = citableReferences(loadReferenceSet('anystyle/gold'));
    const dir = mkdtempSync(join(tmpdir(), 'verbatim-word-pdf-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const plans = LAYOUTS.map((layout, i) => planWordPaper(`test-${i + 1}-${layout.citations}`, source, pool, 101 + i, { font: 'DejaVu Serif', extras: NO_EXTRAS, ...layout }));
    for (const plan of plans) writeFileSync(join(dir, `${plan.key}.docx`), await wordPaperDocx(plan));
    printDocxToPdf('soffice', plans.map((p) => join(dir, `${p.key}.docx`)), dir, join(dir, 'profile'));
    for (const plan of plans) {
      const extracted = await extractPdf(new Uint8Array(readFileSync(join(dir, `${plan.key}.pdf`))), { reader: nodePdfReader });
      const score = scorePdfAgainstHtml(plan.key, plan.truth, extracted, 0);
      const seen = { paper: plan.key, paragraphs: score.paragraphs.f1, titles: score.sectionTitles.recall, references: score.references.f1, links: score.citationLinks.accuracy, title: score.metadata.title };
      expect(seen).toEqual({ ...seen, paragraphs: expect.toSatisfy((f: number) => f >= 0.85), titles: 1, references: expect.toSatisfy((f: number) => f >= 0.95), links: expect.toSatisfy((a: number) => a >= 0.9), title: true });
      // Every caption, table note and list item is read: none is lost with a table's cells or split from its bullet.
      const { missed } = paragraphMisses(plan.truth, extracted);
      const apart = plan.truth.paragraphs.filter((p) => p.kind === 'caption' || p.kind === 'list').map((p) => normalizeForComparison(p.text));
      expect({ paper: plan.key, missed: missed.filter((m) => apart.includes(m)) }).toEqual({ paper: plan.key, missed: [] });
    }
  }, 180_000);
});
