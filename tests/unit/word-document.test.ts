/**
 * The Word.run functions against office-addin-mock. The fake document keeps runs of
 * text and content controls in document order; office-addin-mock enforces that
 * properties are loaded and synced before they are read.
 */
import { OfficeMockObject } from 'office-addin-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Answer } from '../../shared/answer/answer';
import { insertAnswer, refreshReferences } from '../../addin/word-document';
import { REFERENCE_LIST_TAG } from '../../addin/reference-list';
import { readPastedAnswer } from '../../addin/pasted-answer';
import type { LibraryPaper } from '../../shared/model/paper';
import { asLibraryPaper, fixturePaper } from '../support/fixtures';

interface FakeControl {
  tag: string;
  title: string;
  text: string;
  paragraph: FakeParagraph;
  children: FakeParagraph[];
  insertText(text: string, location: string): FakeRange;
  insertParagraph(text: string, location: string): FakeParagraphHandle;
}
interface FakeRange { insertContentControl(): FakeControl }
interface FakeParagraphHandle { insertText(text: string, location: string): FakeRange; insertContentControl(): FakeControl }
type Run = { text: string; control?: FakeControl };
interface FakeParagraph { runs: Run[] }

/** A Word document reduced to paragraphs of runs, some runs wrapped in content controls. */
class FakeWordDocument {
  paragraphs: FakeParagraph[] = [{ runs: [{ text: 'My draft.' }] }];
  /** The live array office-addin-mock hands out as contentControls.items. */
  readonly items: FakeControl[] = [];
  selectionIndex = 0;

  text(): string[] {
    return this.paragraphs.map((p) => this.paragraphText(p)).concat();
  }

  paragraphText(p: FakeParagraph): string {
    return p.runs.map((r) => (r.control ? r.control.text : r.text)).join('');
  }

  private refreshItems(): void {
    const all: FakeControl[] = [];
    const visit = (p: FakeParagraph) => {
      for (const r of p.runs) if (r.control) { all.push(r.control); r.control.children.forEach(visit); }
    };
    this.paragraphs.forEach(visit);
    this.items.splice(0, this.items.length, ...all);
  }

  private handle(paragraph: FakeParagraph): FakeParagraphHandle {
    return {
      insertText: (text, location) => {
        expect(location).toBe('End');
        const run: Run = { text };
        paragraph.runs.push(run);
        return { insertContentControl: () => this.wrap(run, paragraph) };
      },
      insertContentControl: () => {
        const run: Run = { text: paragraph.runs.map((r) => r.text).join('') };
        paragraph.runs.splice(0, paragraph.runs.length, run);
        return this.wrap(run, paragraph);
      },
    };
  }

  private wrap(run: Run, paragraph: FakeParagraph): FakeControl {
    const control: FakeControl = {
      tag: '', title: '', text: run.text, paragraph, children: [],
      insertText: (text, location) => {
        expect(location).toBe('Replace');
        control.text = text;
        control.children = [];
        this.refreshItems();
        return { insertContentControl: () => { throw new Error('not needed'); } };
      },
      insertParagraph: (text, location) => {
        expect(location).toBe('End');
        const child: FakeParagraph = { runs: [{ text }] };
        control.children.push(child);
        this.refreshItems();
        const h = this.handle(child);
        return { ...h, insertContentControl: () => { const c = h.insertContentControl(); this.refreshItems(); return c; } };
      },
    };
    run.control = control;
    this.refreshItems();
    return control;
  }

  mockData() {
    return {
      context: {
        document: {
          contentControls: { items: this.items },
          getSelection: () => ({
            insertParagraph: (text: string, location: string) => {
              expect(location).toBe('After');
              const paragraph: FakeParagraph = { runs: text ? [{ text }] : [] };
              this.paragraphs.splice(this.selectionIndex + 1, 0, paragraph);
              return this.handle(paragraph);
            },
          }),
          body: {
            insertParagraph: (text: string, location: string) => {
              expect(location).toBe('End');
              const paragraph: FakeParagraph = { runs: [{ text }] };
              this.paragraphs.push(paragraph);
              return this.handle(paragraph);
            },
          },
        },
      },
      run: async function (this: { context: unknown }, callback: (context: unknown) => Promise<unknown>) {
        return callback(this.context);
      },
    };
  }

  /** Everything the reference list shows, flattened. */
  referenceList(): string[] {
    const list = this.items.find((c) => c.tag === REFERENCE_LIST_TAG);
    return list ? [list.text, ...list.children.map((p) => this.paragraphText(p))] : [];
  }
}

function answerCiting(...citations: { paperId: string; title: string; paragraphId?: string }[]): Answer {
  const sentences = citations.map((c, i) => ({
    text: `Claim ${i + 1} from ${c.title}.`,
    support: 'verified' as const,
    citations: [{ paperId: c.paperId, paragraphId: c.paragraphId ?? 'p1', quote: 'q', verified: true, score: 100, start: 0, end: 1 }],
  }));
  const primary = [...new Map(citations.map((c) => [c.paperId, c])).values()].map((c) => ({ paperId: c.paperId, title: c.title, authors: ['Ada Lovelace', 'Alan Turing'], arxivId: c.paperId.replace('arxiv:', ''), version: 'v1' }));
  return {
    question: 'q', mode: 'extractive', sentences, abstained: false,
    references: {
      primary,
      secondary: [{ id: 'bib.bib1', raw: 'J. Doe. A cited work. 2019.', title: 'A cited work', authors: ['J. Doe'], year: 2019, grain: 'fine', citedBy: [{ paperId: citations[0]!.paperId, paragraphId: 'p1', marker: '[1]' }] }],
    },
    stats: { llmCalls: 0, inputTokens: 0, outputTokens: 0, ms: 1, sentences: sentences.length, cited: sentences.length, verified: sentences.length, snapped: 0, unsupported: 0 },
  };
}

const A = { paperId: 'arxiv:2104.01180', title: 'Qubit Routing' };
const B = { paperId: 'arxiv:1508.07744', title: 'Author Disambiguation' };

/** A fresh fake Word document per test, installed as the global `Word` that the *InContext functions call. */
function useFakeWord(): () => FakeWordDocument {
  let doc: FakeWordDocument;
  beforeEach(() => {
    doc = new FakeWordDocument();
    (globalThis as { Word?: unknown }).Word = new OfficeMockObject(doc.mockData());
  });
  afterEach(() => {
    delete (globalThis as { Word?: unknown }).Word;
  });
  return () => doc;
}

describe('Word insertion', () => {
  const fakeWord = useFakeWord();

  it('inserts a paragraph after the selection with numbered citation controls and a reference list', async () => {
    const result = await insertAnswer(answerCiting(A, B));
    expect(result).toEqual({ insertedSentences: 2, leftOut: 0, citations: 2, references: 2 });
    expect(fakeWord().text()[1]).toBe('Claim 1 from Qubit Routing. [1] Claim 2 from Author Disambiguation. [2]');
    const citations = fakeWord().items.filter((c) => c.tag.startsWith('verbatim-cite|'));
    expect(citations.map((c) => c.tag)).toEqual(['verbatim-cite|arxiv:2104.01180|p1|0|1', 'verbatim-cite|arxiv:1508.07744|p1|0|1']);
    expect(fakeWord().referenceList()).toEqual([
      'References',
      '[1] A. Lovelace and A. Turing, “Qubit Routing,” arXiv: 2104.01180. doi: 10.48550/arXiv.2104.01180.',
      '[2] A. Lovelace and A. Turing, “Author Disambiguation,” arXiv: 1508.07744. doi: 10.48550/arXiv.1508.07744.',
      'Works cited in the quoted passages',
      'J. Doe, “A cited work,” 2019.',
    ]);
  });

  it('renumbers by order of first appearance when a later answer goes above earlier text', async () => {
    await insertAnswer(answerCiting(A));
    fakeWord().selectionIndex = -1; // cursor at the very top
    await insertAnswer(answerCiting(B, A));
    expect(fakeWord().text()[0]).toBe('Claim 1 from Author Disambiguation. [1] Claim 2 from Qubit Routing. [2]');
    expect(fakeWord().text()[2]).toBe('Claim 1 from Qubit Routing. [2]');
    expect(fakeWord().referenceList().slice(1, 3)).toEqual([
      expect.stringMatching(/^\[1\] .*Author Disambiguation/),
      expect.stringMatching(/^\[2\] .*Qubit Routing/),
    ]);
    // One list, not one per insert.
    expect(fakeWord().items.filter((c) => c.tag === REFERENCE_LIST_TAG)).toHaveLength(1);
  });

  it('drops a reference, and its secondary works, once its last citation is deleted', async () => {
    await insertAnswer(answerCiting(A, B));
    // The user deletes the paragraph that held both citations, then writes and cites B again.
    fakeWord().paragraphs.splice(1, 1);
    const onlyB = answerCiting(B);
    onlyB.references.secondary = [];
    await insertAnswer(onlyB);
    expect(await refreshReferences()).toBe(1);
    const list = fakeWord().referenceList();
    expect(list).toHaveLength(2);
    expect(list[1]).toMatch(/^\[1\] .*Author Disambiguation/);
  });

  it('uses author-year labels and an alphabetical APA list when asked, and keeps that style on later inserts', async () => {
    const answer = answerCiting(B, A);
    answer.references.primary = answer.references.primary.map((p) => ({ ...p, year: 2021 }));
    await insertAnswer(answer, 'author-year');
    expect(fakeWord().text()[1]).toBe('Claim 1 from Author Disambiguation. (Lovelace & Turing, 2021a) Claim 2 from Qubit Routing. (Lovelace & Turing, 2021b)');
    const list = fakeWord().referenceList();
    expect(list.slice(1, 3)).toEqual([
      'Lovelace, A., & Turing, A. (2021a). Author Disambiguation (Preprint arXiv:1508.07744). arXiv. https://doi.org/10.48550/arXiv.1508.07744',
      'Lovelace, A., & Turing, A. (2021b). Qubit Routing (Preprint arXiv:2104.01180). arXiv. https://doi.org/10.48550/arXiv.2104.01180',
    ]);
    // Renumbering without naming a style keeps the document's.
    await refreshReferences();
    expect(fakeWord().text()[1]).toContain('(Lovelace & Turing, 2021a)');
    expect(fakeWord().referenceList()[1]).not.toMatch(/^\[\d+\]/);
  });

  it('leaves unsupported sentences out of the document', async () => {
    const answer = answerCiting(A, B);
    answer.sentences[1] = { text: 'An unsupported claim.', support: 'unsupported', citations: [] };
    const result = await insertAnswer(answer);
    expect(result).toMatchObject({ insertedSentences: 1, leftOut: 1 });
    expect(fakeWord().text().join('\n')).not.toMatch(/unsupported claim/);
  });

  it('never inserts a "check the source" sentence as cited', async () => {
    const answer = answerCiting(A, B);
    answer.sentences[1] = { ...answer.sentences[1]!, support: 'check-source', mismatch: 'instruction' };
    const result = await insertAnswer(answer);
    expect(result).toMatchObject({ insertedSentences: 1, leftOut: 1, citations: 1 });
    expect(fakeWord().text().join('\n')).not.toMatch(/Author Disambiguation\./);
  });
});

// Issue 8 (c): the pane trusted the flags of a pasted answer and inserted a forged one as cited.
describe('Word pane: a pasted answer is re-verified before it can be inserted', () => {
  const paper = asLibraryPaper(fixturePaper('author-disambiguation-natbib'));
  const lookup = async (paperId: string): Promise<LibraryPaper | null> => (paperId === paper.id ? paper : null);
  const paragraph = paper.paragraphs.find((p) => p.kind === 'text' && p.text.length > 200)!;
  const realQuote = paragraph.text.split(' ').slice(0, 14).join(' ');
  const pasted = (sentences: Answer['sentences']) =>
    JSON.stringify({
      question: 'q', mode: 'llm', sentences, abstained: false,
      references: { primary: [{ paperId: paper.id, title: 'Forged title', authors: ['Mallory'], arxivId: null, version: null }], secondary: [] },
      stats: { llmCalls: 1, inputTokens: 1, outputTokens: 1, ms: 1, sentences: 1, cited: 1, verified: 1, snapped: 0, unsupported: 0 },
    } satisfies Answer);
  const fakeWord = useFakeWord();

  it('inserts nothing from a forged answer citing a paragraph that does not exist', async () => {
    const forged = pasted([{ text: 'This method is proven optimal.', support: 'verified', citations: [{ paperId: paper.id, paragraphId: 'p9999', quote: 'proven optimal', verified: true, score: 100, start: 0, end: 14 }] }]);
    const { answer, report } = await readPastedAnswer(forged, lookup);
    expect(report.droppedCitations).toBe(1);
    const result = await insertAnswer(answer);
    expect(result).toMatchObject({ insertedSentences: 0, citations: 0, leftOut: 1 });
    expect(fakeWord().text().join('\n')).not.toMatch(/proven optimal/);
    expect(fakeWord().items.filter((c) => c.tag.startsWith('verbatim-cite|'))).toHaveLength(0);
  });

  it('inserts nothing from a forged "verified" sentence that its real quote does not support', async () => {
    const forged = pasted([{ text: 'Visit https://evil.example/data for the dataset.', support: 'verified', citations: [{ paperId: paper.id, paragraphId: paragraph.id, quote: realQuote, verified: true, score: 100, start: 0, end: realQuote.length }] }]);
    const { answer } = await readPastedAnswer(forged, lookup);
    expect(answer.sentences[0]!.support).toBe('check-source');
    const result = await insertAnswer(answer);
    expect(result.insertedSentences).toBe(0);
    expect(fakeWord().text().join('\n')).not.toMatch(/evil\.example/);
  });

  it('inserts a genuine pasted answer, with the reference list built from the library, not the payload', async () => {
    const genuine = pasted([{ text: `${realQuote}.`, support: 'verified', citations: [{ paperId: paper.id, paragraphId: paragraph.id, quote: realQuote, verified: true, score: 100, start: 0, end: realQuote.length }] }]);
    const { answer } = await readPastedAnswer(genuine, lookup);
    const result = await insertAnswer(answer);
    expect(result).toMatchObject({ insertedSentences: 1, citations: 1, references: 1 });
    expect(fakeWord().referenceList().join('\n')).not.toMatch(/Forged title|Mallory/);
    expect(fakeWord().referenceList()[1]).toContain(paper.title.split(' ')[0]!);
  });

  it('refuses a payload that is not an answer', async () => {
    await expect(readPastedAnswer('{"not": "an answer"}', lookup)).rejects.toMatchObject({ code: 'BAD_ANSWER_PAYLOAD' });
    await expect(readPastedAnswer('not json', lookup)).rejects.toMatchObject({ code: 'BAD_ANSWER_PAYLOAD' });
  });
});
