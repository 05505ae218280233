/**
 * The add-on's server code against the fake DocumentApp: insert at the cursor, refresh after
 * the user moved, copied and deleted citations, style switch, records kept in the document.
 * Rendering here is a plain numbering by first appearance (the real one, with the cite engine,
 * is tested in gdocs-sidebar-flow.test.ts); these tests are about what the server writes.
 */
import { describe, expect, it } from 'vitest';
import { formatCitationUrl, parseCitationUrl, passageKey, type CitationAnchor } from '../../gdocs/common/citation-url';
import type { ServerResult, StoredRecord } from '../../gdocs/common/document-contract';
import { END_MARKER, START_MARKER } from '../../gdocs/server/bibliography-writer';
import { COUNT_KEY, PART_KEY, readState } from '../../gdocs/server/record-store';
import { getDocumentState, getSelectedText, insertAnswerAtCursor, insertQuoteAtCursor, refreshDocument } from '../../gdocs/server/server-functions';
import { fakeDocs, linkRuns, type FakeDocs } from '../support/fake-docs';
import { plainRendering } from '../support/fake-docs/plain-rendering';

function value<T>(result: ServerResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.detail ?? ''}`);
  return result.value;
}

const record = (id: string, title: string): StoredRecord => ({ id, type: 'article', title });
const anchor = (paperId: string, paragraphId: string, quoteHash: string): CitationAnchor => ({ paperId, paragraphId, quoteHash, locator: { section: '2', paragraph: 1 } });

const A = anchor('arxiv:2104.01180', 'p3', '0a0b0c0d');
const B = anchor('arxiv:1706.03762', 'p7', '11223344');
const RECORDS = [record(A.paperId, 'Qubit routing'), record(B.paperId, 'Attention'), record('doi:10.1/x', 'A cited work'), record('doi:10.1/y', 'Another cited work')];

const testRendering = plainRendering;

function refresh(docs: FakeDocs, style?: string) {
  const state = value(getDocumentState(docs.services));
  return value(refreshDocument(docs.services, testRendering(state, style)));
}

function paragraphs(docs: FakeDocs): string[] {
  return docs.document.body.children.map((p) => p.getText());
}

function withTwoQuotes(): FakeDocs {
  const docs = fakeDocs(['Routing is hard.', 'Attention helps.', '']);
  docs.user.clickAfter('Routing is hard.');
  value(insertQuoteAtCursor(docs.services, { quote: 'the tree search is guided', citation: { anchor: A, citedWorkIds: ['doi:10.1/x'] }, records: RECORDS }));
  refresh(docs);
  docs.user.clickAfter('Attention helps.');
  value(insertQuoteAtCursor(docs.services, { quote: 'attention is all you need', citation: { anchor: B, citedWorkIds: ['doi:10.1/y'] }, records: RECORDS }));
  refresh(docs);
  return docs;
}

describe('citation URLs', () => {
  it('round-trip an anchor, and refuse links that are not citations', () => {
    const url = formatCitationUrl({ ...A, paperId: 'doc:ab/cd?e', locator: { section: '2.1', paragraph: 3, page: 4 } });
    expect(url.startsWith('https://verbatim.invalid/c/')).toBe(true);
    expect(parseCitationUrl(url)).toEqual({ ...A, paperId: 'doc:ab/cd?e', locator: { section: '2.1', paragraph: 3, page: 4 } });
    expect(parseCitationUrl('https://arxiv.org/abs/2104.01180')).toBeNull();
    expect(parseCitationUrl('https://verbatim.invalid/c/a/b/not-a-hash')).toBeNull();
    expect(parseCitationUrl('https://verbatim.invalid/c/%E0%A4%A/b/0a0b0c0d')).toBeNull();
  });
});

describe('insert at the cursor', () => {
  it('inserts the quote and a linked citation at the cursor, link-free around it, and moves the cursor after it', () => {
    const docs = fakeDocs(['Routing is hard. More text.']);
    docs.user.clickAfter('Routing is hard.');
    const report = value(insertQuoteAtCursor(docs.services, { quote: 'the tree search is guided', citation: { anchor: A, citedWorkIds: ['doi:10.1/x'] }, records: RECORDS }));
    expect(paragraphs(docs)[0]).toBe('Routing is hard.“the tree search is guided” [?] More text.');
    expect(linkRuns(docs.document)).toEqual([{ text: '[?]', url: formatCitationUrl(A), paragraph: 0, superscript: false }]);
    expect(report.state.citations.map((c) => c.anchor)).toEqual([A]);
    expect(report.state.citedWorks[passageKey(A)]).toEqual(['doi:10.1/x']);
    expect(docs.document.cursorPlace()!.offset).toBe('Routing is hard.“the tree search is guided” [?]'.length);
  });

  it('does not extend a citation link over text inserted right after it', () => {
    const docs = withTwoQuotes();
    docs.user.clickAfter('[1]');
    value(insertQuoteAtCursor(docs.services, { quote: 'more', citation: { anchor: B, citedWorkIds: [] }, records: [] }));
    const runs = linkRuns(docs.document);
    expect(runs.map((r) => r.text)).toEqual(['[1]', '[?]', '[2]']);
  });

  it('inserts only the given sentences with their citations before the closing punctuation', () => {
    const docs = fakeDocs(['']);
    docs.user.clickAt(0, 0);
    value(insertAnswerAtCursor(docs.services, {
      sentences: [
        { text: 'The search is guided by a network.', citations: [{ anchor: A, citedWorkIds: [] }] },
        { text: 'Attention replaces recurrence.', citations: [{ anchor: B, citedWorkIds: [] }, { anchor: A, citedWorkIds: [] }] },
      ],
      records: RECORDS,
    }));
    refresh(docs);
    expect(paragraphs(docs)[0]).toBe('The search is guided by a network [1]. Attention replaces recurrence [2] [1].');
  });

  it('refuses to insert without a cursor (a selection) and changes nothing', () => {
    const docs = fakeDocs(['Text.']);
    docs.user.selectParagraph(0);
    const result = insertQuoteAtCursor(docs.services, { quote: 'q', citation: { anchor: A, citedWorkIds: [] }, records: RECORDS });
    expect(result).toEqual({ ok: false, error: { code: 'GDOCS_NO_CURSOR' } });
    expect(paragraphs(docs)).toEqual(['Text.']);
    expect(docs.properties.getKeys()).toEqual([]);
  });

  it('refuses a payload with a missing record, a bad anchor or a control character, and changes nothing', () => {
    const docs = fakeDocs(['Text.']);
    docs.user.clickAt(0, 5);
    const bad = [
      { quote: 'q', citation: { anchor: A, citedWorkIds: [] }, records: [] },
      { quote: 'q', citation: { anchor: A, citedWorkIds: ['doi:unknown'] }, records: RECORDS },
      { quote: 'q', citation: { anchor: { ...A, quoteHash: 'zz' }, citedWorkIds: [] }, records: RECORDS },
      { quote: 'q\u0007', citation: { anchor: A, citedWorkIds: [] }, records: RECORDS },
      { quote: 'q', citation: { anchor: A, citedWorkIds: [] }, records: [{ title: 'no id' }] },
    ];
    for (const payload of bad) {
      const result = insertQuoteAtCursor(docs.services, payload);
      expect(result.ok ? 'ok' : result.error.code).toBe('GDOCS_BAD_PAYLOAD');
    }
    expect(paragraphs(docs)).toEqual(['Text.']);
    expect(docs.properties.getKeys()).toEqual([]);
  });
});

describe('the selected text', () => {
  it('is the selected characters of a Text, a whole selected paragraph, or nothing at a caret; the document is unchanged', () => {
    const docs = fakeDocs(['Routing on a grid is hard. It needs swaps.', 'Attention helps.']);
    docs.user.clickAt(0, 3);
    expect(value(getSelectedText(docs.services))).toBe('');
    docs.user.selectText('Routing on a grid is hard.');
    expect(value(getSelectedText(docs.services))).toBe('Routing on a grid is hard.');
    docs.user.selectParagraph(1);
    expect(value(getSelectedText(docs.services))).toBe('Attention helps.');
    expect(paragraphs(docs)).toEqual(['Routing on a grid is hard. It needs swaps.', 'Attention helps.']);
  });

  it('is a whole selected list item (a claim in a bulleted list), which is no Paragraph to Apps Script', () => {
    const docs = fakeDocs(['Claims:']);
    docs.document.body.appendListItem('Swaps dominate the cost of routing.');
    docs.user.selectParagraph(1);
    expect(value(getSelectedText(docs.services))).toBe('Swaps dominate the cost of routing.');
    docs.user.selectText('dominate the cost');
    expect(value(getSelectedText(docs.services))).toBe('dominate the cost');
  });
});

describe('refresh', () => {
  it('numbers a citation inserted into a list item, before one in a paragraph below', () => {
    const docs = fakeDocs(['Claims:']);
    docs.document.body.appendListItem('Routing is hard.');
    docs.document.body.appendParagraph('Attention helps.');
    docs.user.clickAfter('Routing is hard.');
    value(insertQuoteAtCursor(docs.services, { quote: 'the tree search is guided', citation: { anchor: A, citedWorkIds: [] }, records: RECORDS }));
    docs.user.clickAfter('Attention helps.');
    value(insertQuoteAtCursor(docs.services, { quote: 'attention is all you need', citation: { anchor: B, citedWorkIds: [] }, records: RECORDS }));
    refresh(docs);
    expect(linkRuns(docs.document).map((r) => [r.text, r.paragraph])).toEqual([['[1]', 1], ['[2]', 2]]);
  });

  it('numbers by first appearance and writes the bibliography between two named-range markers', () => {
    const docs = withTwoQuotes();
    expect(linkRuns(docs.document).map((r) => r.text)).toEqual(['[1]', '[2]']);
    const all = paragraphs(docs);
    const start = all.indexOf('References');
    expect(all.slice(start)).toEqual(['References', '[1] Qubit routing', '[2] Attention', 'Works cited in the quoted passages', 'A cited work', 'Another cited work', '']);
    expect(docs.document.getNamedRanges(START_MARKER)).toHaveLength(1);
    expect(docs.document.getNamedRanges(END_MARKER)).toHaveLength(1);
  });

  it('sets a raised style\'s citations as superscript, and back on the line after a switch; the text around them stays as it was', () => {
    const docs = withTwoQuotes();
    refresh(docs, 'raised');
    expect(linkRuns(docs.document).map((r) => [r.text, r.superscript])).toEqual([['1', true], ['2', true]]);
    // Only the citation is raised: the quote before it and the text after it are not.
    const raisedChars = docs.document.body.children.flatMap((p) => p.children.flatMap((c) => [...c.chars].filter((_, i) => c.raised[i])));
    expect(raisedChars.join('')).toBe('12');
    refresh(docs, 'numbers');
    expect(linkRuns(docs.document).map((r) => [r.text, r.superscript])).toEqual([['[1]', false], ['[2]', false]]);
    expect(docs.document.body.children.flatMap((p) => p.children.flatMap((c) => c.raised)).some(Boolean)).toBe(false);
  });

  it('renumbers after the user moves a citation, keeps one entry for a copied one, and drops a deleted one with its secondary works', () => {
    const docs = withTwoQuotes();
    // Move: cut the second quote's citation and paste it before the first.
    const second = docs.user.find('[2]');
    docs.user.cutAndPaste({ paragraph: second.paragraph, start: second.start, end: second.end }, { paragraph: 0, offset: 0 });
    refresh(docs);
    expect(linkRuns(docs.document).map((r) => r.text)).toEqual(['[1]', '[2]']);
    expect(linkRuns(docs.document)[0]!.url).toBe(formatCitationUrl(B));
    expect(paragraphs(docs)).toContain('[1] Attention');

    // Copy: the pasted citation keeps its identity and its number.
    const first = docs.user.find('[1]');
    docs.user.paste(1, 0, docs.user.copy(first.paragraph, first.start, first.end));
    refresh(docs);
    expect(linkRuns(docs.document).map((r) => r.text)).toEqual(['[1]', '[2]', '[1]']);
    expect(paragraphs(docs).filter((p) => p.endsWith('Attention'))).toHaveLength(1);

    // Delete every copy of B: its entry and the work only its passage cites go.
    for (;;) {
      const run = linkRuns(docs.document).find((r) => r.url === formatCitationUrl(B));
      if (!run) break;
      const at = docs.user.find(run.text, run.paragraph);
      docs.user.deleteChars(at.paragraph, at.start, at.end);
    }
    refresh(docs);
    expect(linkRuns(docs.document).map((r) => r.text)).toEqual(['[1]']);
    const list = paragraphs(docs).slice(paragraphs(docs).indexOf('References'));
    expect(list).toEqual(['References', '[1] Qubit routing', 'Works cited in the quoted passages', 'A cited work', '']);
  });

  it('switches style and keeps it in the document', () => {
    const docs = withTwoQuotes();
    refresh(docs, 'titles');
    expect(linkRuns(docs.document).map((r) => r.text)).toEqual(['(Qubit routing)', '(Attention)']);
    expect(value(getDocumentState(docs.services)).style).toBe('titles');
    expect(linkRuns(docs.document).map((r) => r.url)).toEqual([formatCitationUrl(A), formatCitationUrl(B)]);
  });

  it('refuses a rendering made before the user deleted a citation, and writes nothing', () => {
    const docs = withTwoQuotes();
    const stale = testRendering(value(getDocumentState(docs.services)), 'titles');
    const at = docs.user.find('[2]');
    docs.user.deleteChars(at.paragraph, at.start, at.end);
    const before = paragraphs(docs);
    const result = refreshDocument(docs.services, stale);
    expect(result.ok ? 'ok' : result.error.code).toBe('GDOCS_DOCUMENT_CHANGED');
    expect(paragraphs(docs)).toEqual(before);
  });

  it('starts a new list when the user deleted the heading (its marker died with it), and says so', () => {
    const docs = withTwoQuotes();
    docs.user.deleteParagraph(paragraphs(docs).indexOf('References'));
    const report = refresh(docs);
    expect(report.orphanedMarkerRemoved).toBe(true);
    expect(paragraphs(docs).filter((p) => p === 'References')).toHaveLength(1);
    const again = refresh(docs);
    expect(again.orphanedMarkerRemoved).toBe(false);
    expect(docs.document.getNamedRanges(START_MARKER)).toHaveLength(1);
  });

  it('never touches text the user wrote outside the markers', () => {
    const docs = withTwoQuotes();
    docs.user.addParagraph(docs.document.body.children.length - 1, 'Appendix written by a co-author.');
    refresh(docs, 'titles');
    expect(paragraphs(docs)).toContain('Appendix written by a co-author.');
    expect(paragraphs(docs).slice(0, 2)).toEqual(['Routing is hard.“the tree search is guided” (Qubit routing)', 'Attention helps.“attention is all you need” (Attention)']);
  });
});

describe('records in document properties', () => {
  it('keep what a refresh needs, in parts under 9 KB, read back whole', () => {
    const docs = withTwoQuotes();
    const big = Array.from({ length: 40 }, (_, i) => ({ ...record(`doi:10.9/${i}`, `Work ${i} ${'é'.repeat(400)}`) }));
    docs.user.clickAt(0, 0);
    value(insertQuoteAtCursor(docs.services, { quote: 'q', citation: { anchor: A, citedWorkIds: big.map((r) => r.id) }, records: big }));
    expect(Number(docs.properties.getProperty(COUNT_KEY))).toBeGreaterThan(2);
    for (const key of docs.properties.getKeys()) expect(new TextEncoder().encode(docs.properties.getProperty(key)!).length).toBeLessThanOrEqual(9 * 1024);
    expect(Object.keys(readState(docs.properties).records)).toHaveLength(RECORDS.length + 40);
  });

  it('refuse an insert whose records would pass 500 KB, and change nothing', () => {
    const docs = withTwoQuotes();
    const before = { text: paragraphs(docs), keys: docs.properties.getKeys().sort(), count: docs.properties.getProperty(COUNT_KEY) };
    const huge = Array.from({ length: 120 }, (_, i) => record(`doi:10.8/${i}`, 'x'.repeat(4500)));
    docs.user.clickAt(0, 0);
    const result = insertQuoteAtCursor(docs.services, { quote: 'q', citation: { anchor: A, citedWorkIds: [] }, records: huge });
    expect(result.ok ? 'ok' : result.error.code).toBe('GDOCS_STORAGE_FULL');
    expect(paragraphs(docs)).toEqual(before.text);
    expect(docs.properties.getKeys().sort()).toEqual(before.keys);
  });

  it('report damaged records by name instead of overwriting them', () => {
    const docs = withTwoQuotes();
    docs.properties.setProperty(`${PART_KEY}0`, '{"version":1,');
    const result = getDocumentState(docs.services);
    expect(result.ok ? 'ok' : result.error.code).toBe('GDOCS_BAD_STATE');
  });
});
