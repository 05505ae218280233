/**
 * Seeded sequences of what co-authors do between refreshes (type, copy and paste a citation,
 * cut and move one, delete one, add paragraphs, insert new quotes at the cursor), with the
 * fake's invariants checked after every step. After each refresh: numbers follow first
 * appearance, every copy of a citation shows its work's number, the list holds exactly the
 * works still cited (and the secondary works of the passages still cited), the two markers
 * enclose it, and the user's own text is untouched.
 */
import { describe, expect, it } from 'vitest';
import { formatCitationUrl, passageKey, type CitationAnchor } from '../../gdocs/common/citation-url';
import type { ServerResult, StoredRecord } from '../../gdocs/common/document-contract';
import { END_MARKER, START_MARKER } from '../../gdocs/server/bibliography-writer';
import { getDocumentState, insertQuoteAtCursor, refreshDocument } from '../../gdocs/server/server-functions';
import { mulberry32 } from '../../tools/seeded-random';
import { fakeDocs, linkRuns, type FakeDocs } from '../support/fake-docs';
import { plainRendering } from '../support/fake-docs/plain-rendering';

const value = <T>(result: ServerResult<T>): T => {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.detail ?? ''}`);
  return result.value;
};

const WORKS = ['arxiv:2104.01180', 'arxiv:1706.03762', 'doc:0badcafe', 'arxiv:hep-th/9901001'];
const SECONDARY = (paper: string) => [`sec:${paper}:a`, `sec:${paper}:b`];
const records: StoredRecord[] = WORKS.flatMap((id) => [{ id, title: `Title of ${id}` }, ...SECONDARY(id).map((s) => ({ id: s, title: `Cited by ${id}: ${s}` }))]);
const anchorFor = (paper: string, n: number): CitationAnchor => ({ paperId: paper, paragraphId: `p${n}`, quoteHash: (0x10000000 + n).toString(16), locator: { section: String(n), paragraph: 1 } });

function bibliographyOf(docs: FakeDocs): string[] {
  const start = docs.document.getNamedRanges(START_MARKER)[0]!.getRange().getRangeElements()[0]!.getElement();
  const end = docs.document.getNamedRanges(END_MARKER)[0]!.getRange().getRangeElements()[0]!.getElement();
  const children = docs.document.body.children as unknown[];
  return docs.document.body.children.slice(children.indexOf(start) + 1, children.indexOf(end)).map((p) => p.getText());
}

function checkAfterRefresh(docs: FakeDocs, userText: string[]): void {
  const runs = linkRuns(docs.document);
  const order: string[] = [];
  for (const run of runs) {
    const paper = decodeURIComponent(run.url.split('/')[4]!);
    if (!order.includes(paper)) order.push(paper);
    expect(run.text).toBe(`[${order.indexOf(paper) + 1}]`);
  }
  const list = bibliographyOf(docs);
  const secondary = [...new Set(runs.flatMap((r) => SECONDARY(decodeURIComponent(r.url.split('/')[4]!))))];
  expect(list.slice(0, order.length)).toEqual(order.map((id, i) => `[${i + 1}] Title of ${id}`));
  if (secondary.length) expect(list.slice(order.length + 1).sort()).toEqual(secondary.map((id) => `Cited by ${id.split(':').slice(1, -1).join(':')}: ${id}`).sort());
  expect(list.length).toBe(order.length + (secondary.length ? secondary.length + 1 : 0));
  // Everything the user wrote is still there.
  const body = docs.document.body.getText();
  for (const sentence of userText) expect(body, sentence).toContain(sentence);
}

function runSequence(seed: number, steps: number): { refreshes: number; done: Record<string, number> } {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const docs = fakeDocs(['Opening paragraph.', 'Middle paragraph.', 'Closing paragraph.']);
  const userText = ['Opening paragraph.', 'Middle paragraph.', 'Closing paragraph.'];
  let refreshes = 0;
  let inserted = 0;
  const done: Record<string, number> = {};
  const refresh = () => {
    value(refreshDocument(docs.services, plainRendering(value(getDocumentState(docs.services)))));
    refreshes++;
    checkAfterRefresh(docs, userText);
  };
  // Paragraphs the user writes in: everything before the bibliography's start marker.
  const writable = () => {
    const marker = docs.document.getNamedRanges(START_MARKER)[0]?.getRange().getRangeElements()[0]?.getElement();
    const index = marker ? (docs.document.body.children as unknown[]).indexOf(marker) : docs.document.body.children.length;
    return Array.from({ length: index }, (_, i) => i);
  };
  for (let step = 0; step < steps; step++) {
    const runs = linkRuns(docs.document).filter((r) => writable().includes(r.paragraph));
    const action = pick(['insert', 'insert', 'copy', 'move', 'delete', 'type', 'paragraph', 'refresh'] as const);
    done[runs.length === 0 ? 'insert' : action] = (done[runs.length === 0 ? 'insert' : action] ?? 0) + 1;
    if (action === 'insert' || runs.length === 0) {
      const paragraph = pick(writable());
      docs.user.clickAt(paragraph, docs.document.body.children[paragraph]!.getText().length);
      const paper = pick(WORKS);
      const n = Math.floor(random() * 3);
      value(insertQuoteAtCursor(docs.services, { quote: `quoted words ${inserted++}`, citation: { anchor: anchorFor(paper, n), citedWorkIds: SECONDARY(paper) }, records }));
      refresh();
    } else if (action === 'copy' || action === 'move') {
      const run = pick(runs);
      const at = docs.user.find(run.text, run.paragraph);
      const target = pick(writable());
      const offset = docs.document.body.children[target]!.getText().length;
      if (action === 'copy') docs.user.paste(target, offset, docs.user.copy(at.paragraph, at.start, at.end));
      else docs.user.cutAndPaste({ paragraph: at.paragraph, start: at.start, end: at.end }, { paragraph: target, offset });
    } else if (action === 'delete') {
      const run = pick(runs);
      const at = docs.user.find(run.text, run.paragraph);
      docs.user.deleteChars(at.paragraph, at.start, at.end);
    } else if (action === 'type') {
      const paragraph = pick(writable());
      const text = ` Note ${step}.`;
      docs.user.type(paragraph, docs.document.body.children[paragraph]!.getText().length, text);
      userText.push(text.trim());
    } else if (action === 'paragraph') {
      const after = pick(writable());
      const text = `Added paragraph ${step}.`;
      docs.user.addParagraph(after, text);
      userText.push(text);
    } else if (docs.document.getNamedRanges(START_MARKER).length) {
      refresh();
    }
  }
  refresh();
  return { refreshes, done };
}

describe('refresh after seeded co-author edits', () => {
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`seed ${seed}: numbering, list and markers are right after every refresh`, () => {
      const { refreshes, done } = runSequence(seed, 60);
      expect(refreshes).toBeGreaterThan(5);
      // The sequence really did what it is about.
      for (const action of ['insert', 'copy', 'move', 'delete']) expect(done[action], action).toBeGreaterThan(0);
    });
  }

  it('keeps a work whose only citation moved, and its anchor, unchanged', () => {
    const docs = fakeDocs(['One.', 'Two.']);
    docs.user.clickAfter('One.');
    const anchor = anchorFor(WORKS[0]!, 1);
    value(insertQuoteAtCursor(docs.services, { quote: 'q', citation: { anchor, citedWorkIds: [] }, records }));
    value(refreshDocument(docs.services, plainRendering(value(getDocumentState(docs.services)))));
    const at = docs.user.find('[1]');
    docs.user.cutAndPaste({ paragraph: at.paragraph, start: at.start, end: at.end }, { paragraph: 1, offset: 4 });
    const state = value(getDocumentState(docs.services));
    expect(state.citations.map((c) => c.url)).toEqual([formatCitationUrl(anchor)]);
    expect(state.citedWorks[passageKey(anchor)]).toEqual([]);
  });
});
