/**
 * The style switch on the fake Word model, through the real cite engine: every bundled
 * style re-renders every citation and the bibliography (numeric styles number by first
 * appearance; author-date styles disambiguate "Sinha, 2021a" / "2021b"), from the part alone.
 */
import { describe, expect, it } from 'vitest';
import { CITATION_STYLES } from '../../shared/cite/styles';
import { insertQuoteInContext, refreshInContext } from '../../addin/word-document';
import type { QuoteToInsert, WorkRecord } from '../../panes/pane-library';
import { FakeWord } from '../support/fake-word/fake-word';
import { expectInvariants } from '../support/fake-word/verbatim-invariants';

const sameAuthorSameYear = (n: number): WorkRecord => ({
  id: `arxiv:2101.0000${n}`, type: 'article', title: `Qubit Mapping Part ${n} Results`,
  author: [{ family: 'Sinha', given: 'Animesh' }, { family: 'Azad', given: 'Utkarsh' }, { family: 'Singh', given: 'Harjinder' }],
  issued: { 'date-parts': [[2021]] },
});
const other: WorkRecord = { id: 'arxiv:1508.07744', type: 'article', title: 'Author Name Disambiguation Study', author: [{ family: 'Kim', given: 'Jinseok' }], issued: { 'date-parts': [[2015]] } };

function quote(work: WorkRecord, text: string): QuoteToInsert {
  return { paperId: work.id, paragraphId: 'p1', start: 0, end: text.length, text, locator: { section: '3' }, work, citedWorks: [] };
}

async function document(): Promise<FakeWord> {
  const word = new FakeWord(['One.', 'Two.', 'Three.', 'Four.']);
  const order = [other, sameAuthorSameYear(1), sameAuthorSameYear(2), other];
  for (const [i, work] of order.entries()) {
    word.selectEndOf(i);
    await word.run((c) => insertQuoteInContext(c, quote(work, `passage ${i}`), 'ieee'));
  }
  return word;
}

describe('style switch', () => {
  it('bundles the seven styles the issue names', () => {
    expect(CITATION_STYLES.map((s) => s.id).sort()).toEqual(['acm', 'apa', 'chicago-author-date', 'harvard', 'ieee', 'nature', 'vancouver']);
  });

  it('raises the citations of a style that sets them as superscript (Nature), and lowers them again on a switch away', async () => {
    const word = await document();
    const citations = () => word.controls().filter((c) => c.tag.startsWith('vb1:c:'));
    expect(citations().map((c) => c.superscript)).toEqual([false, false, false, false]);
    await word.run((c) => refreshInContext(c, 'nature'));
    expect(citations().map((c) => [c.text.trim(), c.superscript])).toEqual([['1', true], ['2', true], ['3', true], ['1', true]]);
    // A citation inserted into a Nature document is raised at once.
    word.selectEndOf(1);
    await word.run((c) => insertQuoteInContext(c, quote(other, 'passage 5')));
    expect(citations().every((c) => c.superscript)).toBe(true);
    await word.run((c) => refreshInContext(c, 'vancouver'));
    expect(citations().map((c) => c.superscript)).toEqual([false, false, false, false, false]);
  });

  for (const style of CITATION_STYLES) {
    it(`${style.id}: re-renders every citation and the bibliography in at most 3 syncs`, async () => {
      const word = await document();
      const before = word.controls().filter((c) => c.tag.startsWith('vb1:c:')).map((c) => c.text);
      const { value: report, syncs } = await word.run((c) => refreshInContext(c, style.id));
      expect(syncs).toBeLessThanOrEqual(3);
      expect(report).toMatchObject({ style: style.id, citations: 4, works: 3, editedCitations: [] });
      const state = expectInvariants(word, style.kind === 'numeric');
      expect(state.part.style).toBe(style.id);
      const texts = state.citations.map((c) => c.text);
      if (style.id !== 'ieee') expect(texts).not.toEqual(before);
      // The same work cited twice reads the same, up to its locator.
      expect(texts[0]!.replace(/3/g, '')).toBe(texts[3]!.replace(/3/g, ''));
      if (style.kind === 'author-date') {
        // Two works by the same authors in the same year are told apart.
        expect(texts[1]).toMatch(/2021a/);
        expect(texts[2]).toMatch(/2021b/);
      } else {
        expect(texts[1]).toMatch(/2/);
        expect(texts[2]).toMatch(/3/);
      }
      // Switching back restores the original rendering.
      await word.run((c) => refreshInContext(c, 'ieee'));
      expect(word.controls().filter((c) => c.tag.startsWith('vb1:c:')).map((c) => c.text)).toEqual(before);
    });
  }
});
