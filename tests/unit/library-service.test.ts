import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createTextFetcher } from '../../shared/capture/fetch-text';
import { DexieLibraryStore } from '../../shared/library/dexie-store';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { LibraryService } from '../../shared/library/library-service';
import { fixtureHtml } from '../support/fixtures';

function service(routes: Record<string, string>) {
  return new LibraryService({
    store: new DexieLibraryStore({ indexedDB: new IDBFactory(), IDBKeyRange }),
    parseHtml: parseHtmlWithLinkedom,
    fetcher: createTextFetcher(async (url) => (routes[url] ? new Response(routes[url]) : new Response('not found', { status: 404 }))),
  });
}

describe('LibraryService', () => {
  it('saves a paper with no bibliography, and says its citations are not linked', async () => {
    const noBibliography = fixtureHtml('qroute-gnn-mcts-revtex').replace(/<section id="bib"[\s\S]*?<\/section>/, '');
    const library = service({ 'https://arxiv.org/html/2104.01180v1': noBibliography });
    const result = await library.saveFromUrl('https://arxiv.org/html/2104.01180v1');
    expect(result.status).toBe('saved');
    expect(result.paper.referenceCount).toBe(0);
    expect(result.warnings).toEqual(['No bibliography was found, so in-text citations are not linked to references.']);
    const paper = await library.getPaper('arxiv:2104.01180');
    expect(paper.paragraphs.flatMap((p) => p.citations).every((c) => c.referenceIds.length === 0)).toBe(true);
  });

  it('imports files, answers from them, and gives their citation', async () => {
    const library = service({});
    const saved = await library.importFile('2104.01180v1.html', fixtureHtml('qroute-gnn-mcts-revtex'));
    expect(saved).toMatchObject({ status: 'saved', paper: { id: 'arxiv:2104.01180', version: 'v1' } });
    expect((await library.importFile('2104.01180v1.html', fixtureHtml('qroute-gnn-mcts-revtex'))).status).toBe('unchanged');
    await expect(library.importFile('notes.txt', 'hello')).rejects.toMatchObject({ code: 'UNSUPPORTED_FILE' });
    await expect(library.importFile('broken.json', '{"title": 1')).rejects.toMatchObject({ code: 'BAD_PAPER_FILE' });
    const answer = await library.ask('What does the graph neural network evaluate?');
    expect(answer.sentences.length).toBeGreaterThan(0);
    expect(await library.citePaper('arxiv:2104.01180', 'bibtex')).toMatch(/eprint = \{2104\.01180\}/);
  });

  it('answers from papers imported after an earlier question', async () => {
    const library = service({});
    await library.importFile('a.html', fixtureHtml('qroute-gnn-mcts-revtex'));
    const first = await library.ask('qubit routing depth');
    await library.importFile('b.html', fixtureHtml('author-disambiguation-natbib'));
    const second = await library.ask('author disambiguation clustering of signatures');
    expect(first.references.primary[0]!.title).toMatch(/Qubit/);
    expect(second.references.primary[0]!.title).toMatch(/disambiguation/i);
  });

  it('fuses the side panel\'s dense hits into search and answers, and ignores hits out of scope', async () => {
    const library = service({});
    await library.importFile('2104.01180v1.html', fixtureHtml('qroute-gnn-mcts-revtex'));
    await library.importFile('1508.07744v1.html', fixtureHtml('author-disambiguation-natbib'));
    const paper = await library.getPaper('arxiv:2104.01180');
    // "zorblat" and "frobnication" are in no paper: the words cover little of this query, so search by meaning joins.
    const query = 'ethnicity zorblat frobnication';
    const plain = await library.ask(query);
    // A paragraph that shares no word with the query: only a dense list can bring it in.
    const lexical = await library.search(query, { limit: 10 });
    const target = paper.paragraphs.find((p) => p.kind === 'text' && !lexical.some((h) => h.paragraphId === p.id && h.paperId === paper.id) && !plain.passages!.some((h) => h.paragraphId === p.id))!;
    const denseHits = [{ paperId: paper.id, paragraphId: target.id, score: 0.9 }];
    // Its half vote ranks a dense-only hit below every lexical one: in the routing paper, no word of the query matches.
    const fused = await library.search(query, { limit: 10, denseHits, paperIds: [paper.id] });
    const found = fused.find((h) => h.paperId === paper.id && h.paragraphId === target.id);
    expect(found).toMatchObject({ text: target.text, terms: [], byMeaningOnly: true });
    expect(fused.filter((h) => h !== found).every((h) => h.byMeaningOnly === undefined)).toBe(true);
    const scoped = await library.search(query, { limit: 10, denseHits, paperIds: ['arxiv:1508.07744'] });
    expect(scoped.every((h) => h.paperId === 'arxiv:1508.07744')).toBe(true);
    // A query the words cover: the lexical ranking stands alone (meaning-fusion.ts).
    const covered = await library.search('ethnicity signatures clustering', { limit: 10, denseHits });
    expect(covered.some((h) => h.byMeaningOnly)).toBe(false);

    const withDense = await library.ask(query, [paper.id], { denseHits });
    expect(withDense.passages!.map((p) => p.paragraphId)).toContain(target.id);
  });
});
