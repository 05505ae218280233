/**
 * The Word functions (Contract C) on the stateful fake Word model: insert a quote, an
 * answer, a citation alone; refresh after moves, deletions, copies and edits; style
 * switches; 200 citations; a damaged citation part. After every action the document's
 * invariants are checked (tests/support/fake-word/verbatim-invariants.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Answer } from '../../shared/answer/answer';
import type { QuoteToInsert, WorkRecord } from '../../panes/pane-library';
import { insertAnswerInContext, insertCitationInContext, insertQuoteInContext, readSelectionInContext, refreshInContext } from '../../addin/word-document';
import { CHANGED_QUOTE_TITLE, EDITED_CITATION_TITLE, QUOTE_TITLE } from '../../addin/word-document-plan';
import { CITATION_PART_NAMESPACE } from '../../addin/word-citation-part';
import { FakeWord } from '../support/fake-word/fake-word';
import { controlsMatching, deleteControl, deleteParagraph, duplicateParagraph, moveParagraph, retypeControl } from '../support/fake-word/user-edits';
import { expectInvariants, readDocumentState } from '../support/fake-word/verbatim-invariants';
import { mulberry32 } from '../../tools/seeded-random';

const FAMILIES = ['Sinha', 'Azad', 'Lovelace', 'Turing', 'Hopper', 'Noether', 'Curie', 'Meitner', 'Franklin', 'Goodall'];

export function work(n: number, overrides: Partial<WorkRecord> = {}): WorkRecord {
  return {
    id: `arxiv:2104.${String(10000 + n)}`,
    type: 'article',
    title: `Routing Study ${n} Results`,
    author: [{ family: `${FAMILIES[n % FAMILIES.length]}${n >= FAMILIES.length ? String.fromCharCode(65 + Math.floor(n / FAMILIES.length) % 26) : ''}`, given: 'Ada' }],
    issued: { 'date-parts': [[2000 + (n % 25)]] },
    ...overrides,
  };
}

function secondaryWork(n: number): WorkRecord {
  return { id: `ref:secondary-${n}`, type: 'article-journal', title: `Cited Background ${n} Paper`, author: [{ family: 'Doe', given: 'Jane' }], issued: { 'date-parts': [[1999]] } };
}

function quoteOf(record: WorkRecord, text = `Passage from ${String(record.title)}`, citedWorks: WorkRecord[] = []): QuoteToInsert {
  return { paperId: record.id, paragraphId: 'p3', start: 0, end: text.length, text, locator: { section: '2.1', paragraph: 3 }, work: record, citedWorks };
}

const deps = () => {
  const random = mulberry32(7);
  return { random };
};

async function act<T>(word: FakeWord, fn: (context: Word.RequestContext) => Promise<T>): Promise<T> {
  const { value, syncs } = await word.run(fn);
  expect(syncs).toBeLessThanOrEqual(3);
  return value;
}

describe('insert a quote with its citation', () => {
  it('writes “quote” and the citation at the cursor, a bibliography, and the records in one part', async () => {
    const word = new FakeWord(['I argue that']);
    const report = await act(word, (c) => insertQuoteInContext(c, quoteOf(work(1), 'routing is hard', [secondaryWork(1)]), 'ieee'));
    expect(report.refresh).toMatchObject({ citations: 1, works: 1, secondaryWorks: 1, rewritten: 1 });
    const paragraph = word.paragraphs()[0]!;
    expect(paragraph).toMatch(/^I argue that \u201crouting is hard\u201d \[1, Sec\. 2\.1, ¶ 3\]$/);
    expect(word.controls().find((c) => c.tag.startsWith('vb1:q:'))).toMatchObject({ text: 'routing is hard', title: QUOTE_TITLE });
    const state = expectInvariants(word, true);
    expect(state.secondary).toHaveLength(1);
    expect(state.secondary[0]).toContain('Cited Background 1 Paper');
    expect(state.part.clusters[state.citations[0]!.clusterId]).toMatchObject({ kind: 'quote', paragraphId: 'p3', items: [{ id: work(1).id, locator: '2.1, ¶ 3', label: 'section' }] });
  });

  it('a citation alone carries no text, and a second citation of the same work shares its number', async () => {
    const word = new FakeWord(['First.', 'Second.']);
    word.selectEndOf(0);
    await act(word, (c) => insertCitationInContext(c, { work: work(1) }, 'ieee'));
    word.selectEndOf(1);
    await act(word, (c) => insertCitationInContext(c, { work: work(2) }));
    word.selectEndOf(1);
    await act(word, (c) => insertCitationInContext(c, { work: work(1), locator: { page: 4 } }));
    const state = expectInvariants(word, true);
    expect(state.citations.map((c) => c.text)).toEqual([expect.stringMatching(/^\[1\]$/), expect.stringMatching(/^\[2\]$/), expect.stringMatching(/^\[1, p\. 4\]$/)]);
    expect(state.primary).toHaveLength(2);
  });
});

describe('the selected text', () => {
  it('is read in one sync, writing nothing; a bare caret reads as empty', async () => {
    const word = new FakeWord(['Routing on a grid is hard. It needs swaps.']);
    expect(await act(word, (c) => readSelectionInContext(c))).toBe('');
    word.selectText('Routing on a grid is hard.');
    const { value, syncs } = await word.run((c) => readSelectionInContext(c));
    expect([value, syncs]).toEqual(['Routing on a grid is hard.', 1]);
    expect(word.paragraphs()).toEqual(['Routing on a grid is hard. It needs swaps.']);
    expect(word.controls()).toEqual([]);
  });

  it('gets its citation right after it ("Cite only" on the passage found for it)', async () => {
    const word = new FakeWord(['Routing on a grid is hard. It needs swaps.']);
    word.selectText('Routing on a grid is hard.');
    await act(word, (c) => insertCitationInContext(c, { work: work(1), paragraphId: 'p3' }, 'ieee'));
    expect(word.paragraphs()[0]).toBe('Routing on a grid is hard.[1] It needs swaps.');
    expectInvariants(word, true);
  });
});

function answerCiting(...records: WorkRecord[]): Answer {
  const sentences = records.map((r, i) => ({
    text: `Claim ${i + 1} from ${String(r.title)}.`,
    support: 'verified' as const,
    citations: [{ paperId: r.id, paragraphId: 'p1', quote: 'q', verified: true, score: 100, start: 0, end: 1 }],
  }));
  return {
    question: 'q', mode: 'extractive', sentences, abstained: false,
    references: {
      primary: records.map((r) => ({ paperId: r.id, title: String(r.title), authors: ['Ada Lovelace'], arxivId: null, version: null })),
      secondary: [{ id: 'bib.bib1', raw: 'J. Doe. Cited Background 1 Paper. 1999.', title: 'Cited Background 1 Paper', authors: ['J. Doe'], year: 1999, grain: 'fine', citedBy: [{ paperId: records[0]!.id, paragraphId: 'p1', marker: '[1]' }] }],
    },
    stats: { llmCalls: 0, inputTokens: 0, outputTokens: 0, ms: 1, sentences: sentences.length, cited: sentences.length, verified: sentences.length, snapped: 0, unsupported: 0 },
  };
}

describe('insert an answer', () => {
  it('inserts only supported sentences with a verified citation, each with its citation, after the cursor', async () => {
    const word = new FakeWord(['Intro.']);
    const answer = answerCiting(work(1), work(2), work(3));
    answer.sentences[1] = { ...answer.sentences[1]!, support: 'check-source', mismatch: 'number' };
    answer.sentences[2] = { ...answer.sentences[2]!, citations: answer.sentences[2]!.citations.map((c) => ({ ...c, verified: false })) };
    const report = await act(word, (c) => insertAnswerInContext(c, answer, { primary: [work(1), work(2), work(3)], secondary: [secondaryWork(1)] }, 'ieee'));
    expect(report).toMatchObject({ insertedSentences: 1, leftOut: 2 });
    expect(word.paragraphs()[1]).toMatch(/^Claim 1 from Routing Study 1 Results\. \[1\]$/);
    expect(word.paragraphs().join('\n')).not.toMatch(/Claim 2|Claim 3/);
    const state = expectInvariants(word, true);
    expect(state.secondary).toEqual([expect.stringContaining('Cited Background 1 Paper')]);
  });

  it('refuses an answer with nothing supported, and writes nothing', async () => {
    const word = new FakeWord(['Intro.']);
    const answer = answerCiting(work(1));
    answer.sentences[0] = { text: 'Unsupported.', support: 'unsupported', citations: [] };
    await expect(word.run((c) => insertAnswerInContext(c, answer, { primary: [work(1)], secondary: [] }))).rejects.toMatchObject({ code: 'NOTHING_TO_INSERT' });
    expect(word.paragraphs()).toEqual(['Intro.']);
    expect(word.controls()).toEqual([]);
  });
});

describe('refresh', () => {
  async function threeCitations(): Promise<FakeWord> {
    const word = new FakeWord(['A.', 'B.', 'C.']);
    for (const [i, n] of [[0, 1], [1, 2], [2, 3]] as const) {
      word.selectEndOf(i);
      await act(word, (c) => insertQuoteInContext(c, quoteOf(work(n), `quote ${n}`, n === 3 ? [secondaryWork(3)] : []), 'ieee'));
    }
    return word;
  }

  it('renumbers by first appearance after paragraphs are moved', async () => {
    const word = await threeCitations();
    moveParagraph(word.model, 2, 0);
    const report = await act(word, (c) => refreshInContext(c));
    expect(report.rewritten).toBe(3);
    const state = expectInvariants(word, true);
    expect(word.paragraphs().slice(0, 3)).toEqual([
      expect.stringMatching(/^C\. “quote 3” \[1/), expect.stringMatching(/^A\. “quote 1” \[2/), expect.stringMatching(/^B\. “quote 2” \[3/),
    ]);
    expect(state.primary[0]).toContain('Routing Study 3 Results');
  });

  it('deleting the last citation of a work removes it, and the works its passage cited, from the bibliography', async () => {
    const word = await threeCitations();
    deleteParagraph(word.model, 2);
    const report = await act(word, (c) => refreshInContext(c));
    expect(report.removedWorks.sort()).toEqual([secondaryWork(3).id, work(3).id].sort());
    const state = expectInvariants(word, true);
    expect(state.primary).toHaveLength(2);
    expect(state.secondary).toEqual([]);
    expect(Object.keys(state.part.works)).not.toContain(work(3).id);
  });

  it('deleting every citation removes the bibliography', async () => {
    const word = await threeCitations();
    deleteControl(word.model, (t) => t.startsWith('vb1:c:'), 0);
    deleteControl(word.model, (t) => t.startsWith('vb1:c:'), 0);
    deleteControl(word.model, (t) => t.startsWith('vb1:c:'), 0);
    await act(word, (c) => refreshInContext(c));
    expect(word.controls().some((c) => c.tag === 'vb1:bibliography')).toBe(false);
    expect(readDocumentState(word).part.clusters).toEqual({});
  });

  it('a copied paragraph becomes its own citation (and quote), and the numbering stays right', async () => {
    const word = await threeCitations();
    duplicateParagraph(word.model, 0);
    const report = await act(word, (c) => refreshInContext(c));
    expect(report.copiesRetagged).toBe(1);
    const state = expectInvariants(word, true);
    expect(state.citations).toHaveLength(4);
    const quoteTags = controlsMatching(word.model, (t) => t.startsWith('vb1:q:')).map((c) => c.tag.slice(6));
    expect(new Set(quoteTags).size).toBe(4);
    expect(quoteTags).toEqual(state.citations.map((c) => c.clusterId));
  });

  it('keeps a citation the user retyped, and says so every time', async () => {
    const word = await threeCitations();
    retypeControl(word.model, (t) => t.startsWith('vb1:c:'), '[my own words]', 1);
    moveParagraph(word.model, 2, 0);
    const report = await act(word, (c) => refreshInContext(c));
    expect(report.editedCitations).toEqual([expect.objectContaining({ text: '[my own words]' })]);
    expect(word.controls().find((c) => c.text === '[my own words]')!.title).toBe(EDITED_CITATION_TITLE);
    expectInvariants(word, true);
    const again = await act(word, (c) => refreshInContext(c));
    expect(again.editedCitations).toHaveLength(1);
  });

  it('flags a quote whose text was changed in the document, and clears the flag when it matches again', async () => {
    const word = await threeCitations();
    retypeControl(word.model, (t) => t.startsWith('vb1:q:'), 'quote 2 and more', 1);
    const report = await act(word, (c) => refreshInContext(c));
    expect(report.changedQuotes).toEqual([expect.objectContaining({ inserted: 'quote 2', now: 'quote 2 and more' })]);
    const flagged = word.controls().find((c) => c.text === 'quote 2 and more')!;
    expect(flagged).toMatchObject({ title: CHANGED_QUOTE_TITLE, appearance: 'Tags' });
    // White space and quotation-mark shapes are not changes.
    retypeControl(word.model, (t) => t.startsWith('vb1:q:'), ' quote  2 ', 1);
    const cleared = await act(word, (c) => refreshInContext(c));
    expect(cleared.changedQuotes).toEqual([]);
    expect(word.controls().find((c) => c.text === ' quote  2 ')).toMatchObject({ title: QUOTE_TITLE, appearance: 'BoundingBox' });
  });

  it('a document refreshed with no library: everything comes from the part', async () => {
    const word = await threeCitations();
    const before = readDocumentState(word);
    // A second machine: a new Word session on the same saved document, no records passed in.
    const report = await act(word, (c) => refreshInContext(c, 'apa'));
    expect(report).toMatchObject({ style: 'apa', citations: 3, works: 3 });
    const after = expectInvariants(word, false);
    expect(after.part.works).toEqual(before.part.works);
    expect(after.citations.every((c) => !/^\[\d/.test(c.text))).toBe(true);
  });
});

describe('a damaged citation part', () => {
  async function damaged(xml: string): Promise<{ word: FakeWord; paragraphs: string[]; controls: unknown[] }> {
    const word = new FakeWord(['A.']);
    await act(word, (c) => insertQuoteInContext(c, quoteOf(work(1), 'quote 1'), 'ieee'));
    word.model.customXmlParts[0]!.xml = xml;
    return { word, paragraphs: word.paragraphs(), controls: word.controls() };
  }

  for (const [name, xml] of [
    ['not JSON', `<citations xmlns="${CITATION_PART_NAMESPACE}"><data>{oops</data></citations>`],
    ['wrong version', `<citations xmlns="${CITATION_PART_NAMESPACE}"><data>{"format":"verbatim-citations","version":9,"style":"ieee","clusters":{},"works":{}}</data></citations>`],
    ['no data element', `<citations xmlns="${CITATION_PART_NAMESPACE}"></citations>`],
    ['a cluster without items', `<citations xmlns="${CITATION_PART_NAMESPACE}"><data>{"format":"verbatim-citations","version":1,"style":"ieee","clusters":{"abcd":{"kind":"quote","items":[],"written":"[1]","secondaryIds":[]}},"works":{}}</data></citations>`],
  ] as const) {
    it(`${name}: refresh and insert fail with a named error and change nothing`, async () => {
      const { word, paragraphs, controls } = await damaged(xml);
      await expect(word.run((c) => refreshInContext(c))).rejects.toMatchObject({ code: 'CITATION_PART_DAMAGED' });
      const { syncs } = await word.run(async (c) => {
        await expect(insertQuoteInContext(c, quoteOf(work(2), 'quote 2'))).rejects.toMatchObject({ code: 'CITATION_PART_DAMAGED' });
      });
      expect(syncs).toBeLessThanOrEqual(3);
      expect(word.paragraphs()).toEqual(paragraphs);
      expect(word.controls()).toEqual(controls);
      expect(word.model.customXmlParts[0]!.xml).toBe(xml);
    });
  }
});

describe('200 citations', () => {
  it('inserts and refreshes in at most three syncs per action, numbering by first appearance', async () => {
    const word = new FakeWord(['Intro.', 'Middle.', 'End.']);
    const works = Array.from({ length: 120 }, (_, i) => work(i));
    const cited = Array.from({ length: 200 }, (_, i) => works[(i * 7) % 120]!);
    // One action writes 200 cited sentences (one cluster each).
    word.selectEndOf(1);
    const first = await act(word, (c) => insertAnswerInContext(c, answerCiting(...cited), { primary: works, secondary: [] }, 'ieee'));
    expect(first.refresh.citations).toBe(200);
    expectInvariants(word, true);
    // A quote above all of them renumbers every citation, still in three syncs.
    word.selectEndOf(0);
    await act(word, (c) => insertQuoteInContext(c, quoteOf(work(119), 'a late quote')));
    expect(expectInvariants(word, true).citations[0]!.text).toMatch(/^\[1, /);
    moveParagraph(word.model, 2, 0);
    deleteControl(word.model, (t) => t.startsWith('vb1:c:'), 5);
    const report = await act(word, (c) => refreshInContext(c, 'apa'));
    expect(report.citations).toBe(200);
    expectInvariants(word, false);
  }, 60_000);
});

export { deps };
