import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../support/cli-run';
import { PAPERS_ROOT, fixturePath } from '../../tools/fixture-papers';
import { passagesInPrompt, promptKind, startOpenAiStandIn } from '../../tools/openai-standin';

// `ask` reads every fixture, PDFs included: slow on a shared machine. A limit, not a timing check.
vi.setConfig({ testTimeout: 60_000 });
// The extraction cache goes to a fresh folder, never the user's cache.
process.env.VERBATIM_CACHE_DIR = mkdtempSync(join(tmpdir(), 'verbatim-cli-cache-'));

describe('verbatim CLI', () => {
  it.each(['qroute-gnn-mcts-revtex', 'cscw-paper-lengths-acmsmall', 'author-disambiguation-natbib'])('extract --json prints the Paper contract for %s', async (folder) => {
    const { code, out } = await runCli(['extract', fixturePath(folder, 'paper.latexml.html'), '--json']);
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
    const { code, out } = await runCli(['ask', 'How is the Monte Carlo tree search guided?', '--library', PAPERS_ROOT, '--json']);
    expect(code).toBe(0);
    const answer = JSON.parse(out);
    expect(answer.sentences.length).toBeGreaterThan(0);
    for (const s of answer.sentences) {
      for (const c of s.citations) expect(c).toMatchObject({ verified: true, paperId: expect.any(String), paragraphId: expect.any(String), quote: expect.any(String), start: expect.any(Number), end: expect.any(Number) });
    }
    expect(answer.references.primary.length).toBeGreaterThan(0);
    expect(answer.stats).toMatchObject({ llmCalls: 0, inputTokens: 0, outputTokens: 0 });
  }, 30_000); // reads PDFs: slow on a loaded 2-core machine

  it('ask says, on stderr, how to ask one paper a question that points at one, asked of several', async () => {
    const question = 'How did they guide the Monte Carlo tree search?';
    const asked = await runCli(['ask', question, '--library', PAPERS_ROOT, '--json']);
    expect(asked.code).toBe(0);
    expect(JSON.parse(asked.out).abstained).toBe(false); // stdout stays the JSON answer
    expect(asked.err).toMatch(/this question points at one paper; the whole library was asked\. Add --paper ID/);
    expect((await runCli(['ask', question, '--library', PAPERS_ROOT, '--paper', '2104.01180'])).err).not.toMatch(/points at one paper/);
    expect((await runCli(['ask', 'How is the Monte Carlo tree search guided?', '--library', PAPERS_ROOT])).err).not.toMatch(/points at one paper/);
  }, 30_000);

  it('ask --paper answers from the named paper only, and names a paper it cannot find', async () => {
    const { code, out } = await runCli(['ask', 'How were the papers selected?', '--library', PAPERS_ROOT, '--paper', 'Paper Lengths in ACM CSCW', '--json']);
    expect(code).toBe(0);
    const answer = JSON.parse(out);
    const cited = answer.sentences.flatMap((s: { citations: { paperId: string }[] }) => s.citations.map((c) => c.paperId));
    expect(cited.length).toBeGreaterThan(0);
    expect(new Set(cited).size).toBe(1);
    const everywhere = JSON.parse((await runCli(['search', 'papers selected', '--library', PAPERS_ROOT, '--paper', 'Paper Lengths in ACM CSCW', '--json'])).out);
    expect(cited[0]).toBe(everywhere[0].paperId);
    expect((await runCli(['ask', 'How were the papers selected?', '--library', PAPERS_ROOT, '--paper', 'no such paper'])).err).toMatch(/not in the library/);
  }, 30_000);

  it('extracts a PDF into the same contract, with pages', async () => {
    const { code, out } = await runCli(['extract', fixturePath('alce-paper', 'paper.pdf'), '--json']);
    expect(code).toBe(0);
    const paper = JSON.parse(out);
    expect(paper.source).toBe('pdf');
    expect(paper.title).toBe('Enabling Large Language Models to Generate Text with Citations');
    expect(paper.references.length).toBeGreaterThan(30);
    expect(paper.paragraphs.every((p: { page: number }) => p.page >= 1)).toBe(true);
  }, 30_000); // reads PDFs: slow on a loaded 2-core machine

  it('fails clearly on a file that is not a paper', async () => {
    const { code, err } = await runCli(['extract', fixturePath('alce-paper', 'LICENSE')]);
    expect(code).toBe(1);
    expect(err).toMatch(/not supported/);
  });

  it('fails clearly on a non-paper URL and on unknown commands or providers', async () => {
    expect((await runCli(['extract', 'https://example.org/page'])).err).toMatch(/not an arXiv paper/);
    expect((await runCli(['frobnicate'])).code).toBe(2);
    const unknown = await runCli(['ask', 'q', '--library', PAPERS_ROOT, '--provider', 'gpt-magic']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/unknown provider/);
    const saved = { OPENAI_API_KEY: process.env.OPENAI_API_KEY, VERBATIM_API_KEY: process.env.VERBATIM_API_KEY };
    delete process.env.OPENAI_API_KEY;
    delete process.env.VERBATIM_API_KEY;
    try {
      const noKey = await runCli(['ask', 'q', '--library', PAPERS_ROOT, '--provider', 'openai', '--model', 'gpt-4o-mini']);
      expect(noKey.code).toBe(1);
      expect(noKey.err).toMatch(/No model is set up.*needs an API key/);
    } finally {
      Object.assign(process.env, Object.fromEntries(Object.entries(saved).filter(([, v]) => v !== undefined)));
    }
  });

  it('ask --provider openai-compatible answers through the endpoint in the CLI contract', async () => {
    const server = await startOpenAiStandIn((request) => {
      const passages = passagesInPrompt(request);
      const kind = promptKind(request);
      if (kind === 'plan') return { content: '{"queries": ["monte carlo tree search"]}' };
      if (kind === 'judge') return { content: JSON.stringify({ relevant: passages.slice(0, 3).map((p) => p.id), sufficient: true }) };
      const quote = passages[0]!.text.split(' ').slice(0, 10).join(' ');
      return { content: JSON.stringify({ sentences: [{ text: `The paper says: ${quote}.`, citations: [{ id: passages[0]!.id, quote }] }] }) };
    });
    try {
      const { code, out } = await runCli(['ask', 'How is the tree search guided?', '--library', PAPERS_ROOT, '--provider', 'openai-compatible', '--base-url', server.baseURL, '--model', 'scripted', '--json']);
      expect(code).toBe(0);
      const answer = JSON.parse(out);
      expect(answer.stats).toMatchObject({ llmCalls: 3, verified: 1 });
      expect(answer.sentences[0].citations[0]).toMatchObject({ verified: true, paperId: expect.any(String), paragraphId: expect.any(String), quote: expect.any(String), score: expect.any(Number), start: expect.any(Number), end: expect.any(Number) });
      expect(Object.keys(answer.references)).toEqual(['primary', 'secondary']);
    } finally {
      await server.close();
    }
  }, 30_000); // reads PDFs: slow on a loaded 2-core machine
});

describe('verbatim search', () => {
  const qroute = fixturePath('qroute-gnn-mcts-revtex', 'paper.latexml.html').replace(/\/paper\.latexml\.html$/, '');

  it('--json prints ranked paragraphs with paper, section, score and the words that matched', async () => {
    const { code, out } = await runCli(['search', 'Monte Carlo tree search', '--library', qroute, '--limit', '4', '--json']);
    expect(code).toBe(0);
    const hits = JSON.parse(out) as { paperTitle: string; paragraphId: string; sectionTitle: string; score: number; text: string; highlights: { start: number; end: number }[]; terms: string[] }[];
    expect(hits).toHaveLength(4);
    expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((a, b) => b - a));
    for (const hit of hits) {
      expect(hit.paperTitle).toMatch(/Qubit Routing/);
      for (const span of hit.highlights) expect(hit.terms).toContain(hit.text.slice(span.start, span.end));
    }
    expect(hits[0]!.terms.map((t) => t.toLowerCase())).toEqual(expect.arrayContaining(['monte', 'carlo']));
  });

  it('prints a readable form with matched words in brackets, and filters by paper', async () => {
    const { code, out } = await runCli(['search', 'paper lengths', '--library', PAPERS_ROOT, '--paper', 'Paper Lengths in ACM CSCW', '--limit', '3']);
    expect(code).toBe(0);
    expect(out.match(/^\d+\. /gm)).toHaveLength(3);
    expect(out).toMatch(/\[(paper|papers|Paper|Papers)\]/);
    expect(out.split('\n').filter((l) => /^\d+\. /.test(l)).every((l) => /Paper Lengths in ACM CSCW/.test(l))).toBe(true);
  });

  it('names what it cannot do', async () => {
    expect((await runCli(['search', 'routing'])).code).toBe(2);
    const badLimit = await runCli(['search', 'routing', '--library', qroute, '--limit', 'lots']);
    expect(badLimit.code).toBe(1);
    expect(badLimit.err).toMatch(/whole number from 1 to 100/);
    expect((await runCli(['search', 'the of', '--library', qroute])).err).toMatch(/Type words to search for/);
    expect((await runCli(['search', 'routing', '--library', qroute, '--paper', 'no such paper'])).err).toMatch(/not in the library/);
  });
});

describe('verbatim ask, text form', () => {
  it('names the cited paper by its title, not by its library id', async () => {
    const qroute = fixturePath('qroute-gnn-mcts-revtex', 'paper.latexml.html').replace(/\/paper\.latexml\.html$/, '');
    const { code, out } = await runCli(['ask', 'How is the Monte Carlo tree search guided?', '--library', qroute]);
    expect(code).toBe(0);
    expect(out).toMatch(/\[verified \d+, "Qubit Routing using Graph Neural Network aided/);
    expect(out).not.toMatch(/doc:[0-9a-f]{8}/);
  });

  it('names the closest passages when it abstains', async () => {
    const qroute = fixturePath('qroute-gnn-mcts-revtex', 'paper.latexml.html').replace(/\/paper\.latexml\.html$/, '');
    const { code, out } = await runCli(['ask', 'How much energy does the trapped ion hardware use per laser pulse?', '--library', qroute]);
    expect(code).toBe(0);
    expect(out).toMatch(/^Nothing in the library answers this question closely enough to quote\./);
    expect(out).toMatch(/Closest passages:\n {2}1\. Qubit Routing using Graph Neural Network aided Monte Carlo Tree Search — .+ \(p\d+\)\n {5}“[^”]*(ion|hardware|laser|energy)[^”]*”/i);
  });
});
