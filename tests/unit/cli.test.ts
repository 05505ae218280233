import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main';
import { PAPERS_ROOT, fixturePath } from '../../tools/fixture-papers';

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, (t) => out.push(t), (t) => err.push(t));
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('verbatim CLI', () => {
  it.each(['qroute-gnn-mcts-revtex', 'cscw-paper-lengths-acmsmall', 'author-disambiguation-natbib'])('extract --json prints the Paper contract for %s', async (folder) => {
    const { code, out } = await run(['extract', fixturePath(folder, 'paper.latexml.html'), '--json']);
    expect(code).toBe(0);
    const paper = JSON.parse(out);
    expect(Object.keys(paper)).toEqual(expect.arrayContaining(['arxivId', 'version', 'source', 'title', 'authors', 'abstract', 'sections', 'paragraphs', 'references']));
    expect(paper.source).toBe('arxiv-html');
    for (const s of paper.sections) expect(Object.keys(s)).toEqual(expect.arrayContaining(['id', 'title', 'level', 'parentId']));
    for (const p of paper.paragraphs) {
      expect(['text', 'caption', 'footnote', 'list', 'equation', 'theorem']).toContain(p.kind);
      expect(Object.keys(p)).toEqual(expect.arrayContaining(['id', 'sectionId', 'kind', 'text', 'citations']));
      for (const c of p.citations) expect(Array.isArray(c.referenceIds) && typeof c.marker === 'string').toBe(true);
    }
    for (const r of paper.references) expect(typeof r.id === 'string' && typeof r.raw === 'string').toBe(true);
  });

  it('ask --json answers from a folder of papers with verified citations', async () => {
    const { code, out } = await run(['ask', 'How is the Monte Carlo tree search guided?', '--library', PAPERS_ROOT, '--json']);
    expect(code).toBe(0);
    const answer = JSON.parse(out);
    expect(answer.sentences.length).toBeGreaterThan(0);
    for (const s of answer.sentences) {
      for (const c of s.citations) expect(c).toMatchObject({ verified: true, paperId: expect.any(String), paragraphId: expect.any(String), quote: expect.any(String), start: expect.any(Number), end: expect.any(Number) });
    }
    expect(answer.references.primary.length).toBeGreaterThan(0);
    expect(answer.stats).toMatchObject({ llmCalls: 0, inputTokens: 0, outputTokens: 0 });
  });

  it('extracts a PDF into the same contract, with pages', async () => {
    const { code, out } = await run(['extract', fixturePath('alce-paper', 'paper.pdf'), '--json']);
    expect(code).toBe(0);
    const paper = JSON.parse(out);
    expect(paper.source).toBe('pdf');
    expect(paper.title).toBe('Enabling Large Language Models to Generate Text with Citations');
    expect(paper.references.length).toBeGreaterThan(30);
    expect(paper.paragraphs.every((p: { page: number }) => p.page >= 1)).toBe(true);
  });

  it('fails clearly on a file that is not a paper', async () => {
    const { code, err } = await run(['extract', fixturePath('alce-paper', 'LICENSE')]);
    expect(code).toBe(1);
    expect(err).toMatch(/not supported/);
  });

  it('fails clearly on a non-paper URL and on unknown commands or providers', async () => {
    expect((await run(['extract', 'https://example.org/page'])).err).toMatch(/not an arXiv paper/);
    expect((await run(['frobnicate'])).code).toBe(2);
    const provider = await run(['ask', 'q', '--library', PAPERS_ROOT, '--provider', 'openai']);
    expect(provider.code).toBe(2);
    expect(provider.err).toMatch(/not available yet/);
  });
});
