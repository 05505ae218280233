import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main';
import { fixturePaper } from '../support/fixtures';

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, (t) => out.push(t), (t) => err.push(t));
  return { code, out: out.join('\n'), err: err.join('\n') };
}

// A folder library of two paper JSON files; one is the arXiv paper 2104.01180v2.
const library = mkdtempSync(join(tmpdir(), 'verbatim-cite-cli-'));
process.env.VERBATIM_CACHE_DIR = mkdtempSync(join(tmpdir(), 'verbatim-cite-cache-'));
const qroute = { ...fixturePaper('qroute-gnn-mcts-revtex'), arxivId: '2104.01180', version: 'v2', metadata: { submissions: [], subjects: [], primaryCategory: 'quant-ph', published: '2021-04-02' } };
writeFileSync(join(library, 'qroute.json'), JSON.stringify(qroute));
writeFileSync(join(library, 'disambiguation.json'), JSON.stringify(fixturePaper('author-disambiguation-natbib')));
afterAll(() => rmSync(library, { recursive: true, force: true }));

describe('verbatim cite', () => {
  it('prints a paper named by arXiv id in the style asked', async () => {
    const ieee = await run(['cite', '2104.01180', '--library', library, '--style', 'ieee']);
    expect(ieee.code).toBe(0);
    expect(ieee.out).toBe('[1] A. Sinha, U. Azad, and H. Singh, “Qubit Routing using Graph Neural Network aided Monte Carlo Tree Search,” 2021, arXiv: 2104.01180. doi: 10.48550/arXiv.2104.01180.');
    const apa = await run(['cite', 'arxiv:2104.01180', '--library', library]);
    expect(apa.out).toMatch(/^Sinha, A\., Azad, U\., & Singh, H\. \(2021\)\. Qubit Routing .* \(Preprint arXiv:2104\.01180\)\. arXiv\./);
  });

  it('lists several papers (by id or title words) and writes BibTeX, RIS, CSL-JSON and html', async () => {
    const both = await run(['cite', '2104.01180', 'ethnicity sensitive', '--library', library, '--style', 'vancouver']);
    expect(both.out.split('\n')).toEqual([expect.stringMatching(/^1\. Sinha A, Azad U, Singh H\./), expect.stringMatching(/^2\. Louppe G, Al-Natsheh H/)]);
    expect((await run(['cite', '2104.01180', '--library', library, '--format', 'bibtex'])).out).toMatch(/^@misc\{sinha2021qubit,[\s\S]*primaryClass = \{quant-ph\}/);
    expect((await run(['cite', '2104.01180', '--library', library, '--format', 'ris'])).out).toMatch(/^TY {2}- UNPB\n/);
    expect(JSON.parse((await run(['cite', '2104.01180', '--library', library, '--format', 'csl-json'])).out)[0]).toMatchObject({ id: 'arxiv:2104.01180', number: 'arXiv:2104.01180' });
    expect((await run(['cite', '2104.01180', '--library', library, '--format', 'html', '--style', 'nature'])).out).toMatch(/^<div class="csl-entry">/);
  });

  it('names an unknown paper, style or format, and exits non-zero', async () => {
    const paper = await run(['cite', '9999.99999', '--library', library]);
    expect(paper.code).toBe(1);
    expect(paper.err).toContain('That paper is not in the library');
    const style = await run(['cite', '2104.01180', '--library', library, '--style', 'mla']);
    expect(style.code).toBe(1);
    expect(style.err).toContain('citation style is not known');
    const format = await run(['cite', '2104.01180', '--library', library, '--format', 'docx']);
    expect(format.err).toContain('citation format is not known');
    expect((await run(['cite', '--library', library])).code).toBe(2);
  });
});
