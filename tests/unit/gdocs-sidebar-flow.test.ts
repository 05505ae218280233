/**
 * The sidebar's actions with the real cite engine, on the fake document through a fake
 * google.script.run: a saved paper's passage inserted as a cited quote, an answer inserted,
 * a style switch, and a co-author's refresh with no library (only what the document keeps).
 */
import { describe, expect, it } from 'vitest';
import { CITATION_STYLES, recordForPaper } from '../../shared/cite';
import type { LibraryPaper } from '../../shared/model/paper';
import { parseCitationUrl } from '../../gdocs/common/citation-url';
import { docsServerFrom } from '../../gdocs/sidebar/docs-server-client';
import { quotePayload } from '../../gdocs/sidebar/insert-payloads';
import { quoteToInsert } from '../../panes/quote-to-insert';
import { SidebarActions } from '../../gdocs/sidebar/sidebar-actions';
import { readState, writeState } from '../../gdocs/server/record-store';
import { fakeDocs, linkRuns, type FakeDocs } from '../support/fake-docs';
import { fakeScriptRun } from '../support/fake-docs/fake-script-run';
import { asLibraryPaper, fixturePaper } from '../support/fixtures';

const libraryPaper = (name: string): LibraryPaper => asLibraryPaper(fixturePaper(name));

/** A passage that cites other works inside its first sentence, so the quote has secondary works. */
function citingSentence(paper: LibraryPaper): { paragraphId: string; start: number; end: number } {
  for (const paragraph of paper.paragraphs) {
    const citation = paragraph.citations.find((c) => c.start !== undefined && c.referenceIds.length > 0);
    if (!citation || paragraph.kind !== 'text') continue;
    const start = Math.max(0, paragraph.text.lastIndexOf('. ', citation.start!) + 2);
    const stop = paragraph.text.indexOf('. ', citation.end!);
    const end = stop < 0 ? paragraph.text.length : stop + 1;
    if (end - start > 20) return { paragraphId: paragraph.id, start, end };
  }
  throw new Error(`${paper.title} has no citing sentence`);
}

const paragraphs = (docs: FakeDocs) => docs.document.body.children.map((p) => p.getText());

describe('sidebar actions with the cite engine', () => {
  const paper = libraryPaper('qroute-gnn-mcts-revtex');
  const other = libraryPaper('author-disambiguation-natbib');

  const twoQuotes = (): FakeDocs => fakeDocs(['Draft.', 'Second paragraph.', '']);

  it('inserts quotes from two papers, numbered by appearance, with primary and secondary lists (IEEE)', async () => {
    const docs = twoQuotes();
    const actions = new SidebarActions(docsServerFrom(fakeScriptRun(docs.services)));
    const first = citingSentence(paper);
    docs.user.clickAfter('Draft.');
    const quote = quoteToInsert(paper, first.paragraphId, first.start, first.end);
    expect(quote.citedWorks.length).toBeGreaterThan(0);
    const report = await actions.insertQuote(quotePayload(quote));
    expect(report.style).toBe('ieee');
    const second = citingSentence(other);
    docs.user.clickAfter('Second paragraph.');
    await actions.insertQuote(quotePayload(quoteToInsert(other, second.paragraphId, second.start, second.end)));

    const runs = linkRuns(docs.document);
    expect(runs.map((r) => parseCitationUrl(r.url)!.paperId)).toEqual([paper.id, other.id]);
    expect(runs[0]!.text).toMatch(/^\[1\b/);
    expect(runs[1]!.text).toMatch(/^\[2\b/);
    const text = paragraphs(docs);
    const list = text.slice(text.indexOf('References'));
    expect(list[1]).toContain(paper.title.slice(0, 30));
    expect(list[2]).toContain(other.title.slice(0, 30));
    expect(list).toContain('Works cited in the quoted passages');
    expect(list.length).toBeGreaterThan(5);
  });

  it('switches style, and a co-author without the library refreshes from the document alone', async () => {
    const docs = twoQuotes();
    const withLibrary = new SidebarActions(docsServerFrom(fakeScriptRun(docs.services)));
    const first = citingSentence(paper);
    docs.user.clickAfter('Draft.');
    await withLibrary.insertQuote(quotePayload(quoteToInsert(paper, first.paragraphId, first.start, first.end)));

    // The co-author's sidebar: a new client on the same document, and no library anywhere in reach.
    const coAuthor = new SidebarActions(docsServerFrom(fakeScriptRun(docs.services)));
    const apa = await coAuthor.refresh('apa');
    expect(apa.missingRecords).toEqual([]);
    // Author-date with the locator: "(Sinha et al., n.d., Section I, ¶ 1)" (the fixture has no date without its abs page).
    const family = recordForPaper(paper).author![0]!.family;
    expect(linkRuns(docs.document)[0]!.text).toMatch(new RegExp(`^\\(${family} et al\\., .*¶ \\d+\\)$`));
    expect((await coAuthor.refresh()).style).toBe('apa');
    for (const style of CITATION_STYLES) {
      const result = await coAuthor.refresh(style.id);
      expect(result.refresh.citations).toBe(1);
      expect(paragraphs(docs).filter((p) => p === 'References')).toHaveLength(1);
      // Nature raises its citations; the real engine says so, and the document gets superscript.
      expect(linkRuns(docs.document)[0]!.superscript).toBe(style.id === 'nature');
    }
  }, 180_000); // seven citeproc engines are built: slow on a loaded 2-core machine, and no time is asserted

  it('shows a citation pasted from another document without its record as [?], and says so', async () => {
    const source = twoQuotes();
    const actions = new SidebarActions(docsServerFrom(fakeScriptRun(source.services)));
    const first = citingSentence(paper);
    source.user.clickAfter('Draft.');
    await actions.insertQuote(quotePayload(quoteToInsert(paper, first.paragraphId, first.start, first.end)));
    const run = linkRuns(source.document)[0]!;
    const at = source.user.find(run.text);

    const target = fakeDocs(['Another document.']);
    target.user.paste(0, 0, source.user.copy(at.paragraph, at.start, at.end));
    const report = await new SidebarActions(docsServerFrom(fakeScriptRun(target.services))).refresh();
    expect(report.missingRecords).toEqual([paper.id]);
    expect(linkRuns(target.document)[0]!.text).toBe('[?]');
    expect(recordForPaper(paper).id).toBe(paper.id);
  });

  it('does not render from a record someone tampered with in the document properties', async () => {
    const docs = twoQuotes();
    const actions = new SidebarActions(docsServerFrom(fakeScriptRun(docs.services)));
    const first = citingSentence(paper);
    docs.user.clickAfter('Draft.');
    await actions.insertQuote(quotePayload(quoteToInsert(paper, first.paragraphId, first.start, first.end)));
    const state = readState(docs.properties);
    writeState(docs.properties, { ...state, records: { ...state.records, [paper.id]: { id: paper.id, type: 'script', title: { toString: 1 } } } });
    const report = await actions.refresh();
    expect(report.missingRecords).toEqual([paper.id]);
    expect(linkRuns(docs.document)[0]!.text).toBe('[?]');
  });
});
