/**
 * `verbatim search|ask --dense`: the opt-in embedding model through the CLI, on a tiny
 * model served by a loopback hub (VERBATIM_MODEL_HOST). It checks the wiring (download
 * once, vectors cached, the dense list fused in, a refusal named and survived), not how
 * well any real model retrieves.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main';
import type { LibraryPaper } from '../../shared/model/paper';
import { loadUseLiteInNode } from '../../cli/use-lite-node';
import { makeTinyModel } from '../support/tiny-embedding-model';
import { startLoopbackHub, type LoopbackHub } from '../support/loopback-hub';

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, (t) => out.push(t), (t) => err.push(t));
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function paper(id: string, title: string, texts: string[]): LibraryPaper {
  return {
    id, arxivId: null, version: null, source: 'arxiv-html', title, authors: [], abstract: texts[0]!, savedAt: '', references: [],
    sections: [{ id: 's1', title: 'Body', level: 1, parentId: null }],
    paragraphs: texts.map((text, i) => ({ id: `p${i + 1}`, sectionId: 's1', kind: 'text' as const, text, citations: [] })),
  };
}

// Words outside the tiny vocabulary are [UNK], whose row is zero: only the listed words move a vector.
const tiny = makeTinyModel(['qubit', 'qubits', 'routing', 'swap', 'gates', 'circuit', 'tree', 'search', 'protein', 'folding', 'chain', 'the', 'a', 'of', 'we', 'insert', 'by']);
const library = mkdtempSync(join(tmpdir(), 'verbatim-dense-cli-'));
const cache = mkdtempSync(join(tmpdir(), 'verbatim-dense-cache-'));
let hub: LoopbackHub;

beforeAll(async () => {
  hub = await startLoopbackHub(new Map([['tests/tiny', tiny.files]]));
  process.env.VERBATIM_MODEL_HOST = hub.host;
  process.env.VERBATIM_CACHE_DIR = cache;
  writeFileSync(join(library, 'routing.json'), JSON.stringify(paper('routing', 'Qubit routing', ['To run a circuit on the hardware, we insert swap gates between neighbouring qubits, chosen by a tree search.', 'Qubit routing maps each logical qubit of a circuit to a physical qubit of the device.'])));
  writeFileSync(join(library, 'proteins.json'), JSON.stringify(paper('proteins', 'Protein folding', ['Protein folding predicts the shape of a chain of amino acids from its sequence.', 'The search over conformations is guided by a learned energy function.'])));
});

afterAll(async () => {
  await hub.close();
  delete process.env.VERBATIM_MODEL_HOST;
  rmSync(library, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
});

describe('verbatim search --dense', () => {
  it('downloads the model once, keeps the paragraph vectors, and fuses the dense list', async () => {
    // "entanglement", "decoherence" and "fidelity" are in no paper: the words cover little of the query, so the dense list joins.
    const query = 'swap entanglement decoherence fidelity';
    const first = await run(['search', query, '--library', library, '--dense', '--dense-model', 'tests/tiny', '--json', '--limit', '4']);
    expect(first.code).toBe(0);
    expect(first.err).toMatch(/loaded tests\/tiny onnx\/model_quantized\.onnx \(0\.\d\d MB\)/);
    const hits = JSON.parse(first.out) as { paperTitle: string; paragraphId: string; terms: string[] }[];
    expect(hits[0]).toMatchObject({ paperTitle: 'Qubit routing', paragraphId: 'p1', terms: ['swap'] });
    // Lexically only p1 matches; the dense list ranks the rest, so the search returns more than BM25 alone.
    const lexical = JSON.parse((await run(['search', query, '--library', library, '--json', '--limit', '4'])).out) as unknown[];
    expect(lexical).toHaveLength(1);
    expect(hits.length).toBeGreaterThan(1);
    expect(hits.slice(1).every((h) => (h as { byMeaningOnly?: boolean }).byMeaningOnly)).toBe(true);
    // A query the words cover: BM25's list alone.
    expect(JSON.parse((await run(['search', 'swap gates', '--library', library, '--dense', '--dense-model', 'tests/tiny', '--json', '--limit', '4'])).out)).toHaveLength(1);
    const text = await run(['search', query, '--library', library, '--dense', '--dense-model', 'tests/tiny', '--limit', '4']);
    expect(text.out).toMatch(/\(found by meaning\)/);
    expect(readdirSync(join(cache, 'vectors'))).toHaveLength(1);

    const downloads = hub.requests.filter((r) => r.endsWith('.onnx')).length;
    const again = await run(['search', 'qubit routing', '--library', library, '--dense', '--dense-model', 'tests/tiny', '--json']);
    expect(again.code).toBe(0);
    expect(hub.requests.filter((r) => r.endsWith('.onnx'))).toHaveLength(downloads);
  });

  it('answers with the dense list fused into the extractive ranking', async () => {
    const answer = await run(['ask', 'How are swap gates inserted?', '--library', library, '--dense', '--dense-model', 'tests/tiny', '--json']);
    expect(answer.code).toBe(0);
    const parsed = JSON.parse(answer.out) as { abstained: boolean; sentences: { text: string }[] };
    expect(parsed.abstained).toBe(false);
    expect(parsed.sentences[0]!.text).toMatch(/we insert swap gates/);
  });

  it('names a model the hub does not have, and searches without it', async () => {
    const missing = await run(['search', 'swap gates', '--library', library, '--dense-model', 'tests/absent', '--json']);
    expect(missing.code).toBe(0);
    expect(missing.err).toContain('The on-device search model could not be loaded');
    expect(JSON.parse(missing.out)).toHaveLength(1);
    const badId = await run(['search', 'swap gates', '--library', library, '--dense-model', 'not a model', '--json']);
    expect(badId.err).toContain('is not a model id');
  });
});

describe('verbatim search --dense with the default model', () => {
  it('runs the Universal Sentence Encoder (lite) from the installed package: nothing downloaded, the vectors cached for the next run', async () => {
    const before = hub.requests.length;
    // "decoherence" and "fidelity" are in no paper: the words cover little, so the model's list joins.
    const first = await run(['search', 'swap decoherence fidelity', '--library', library, '--dense', '--json', '--limit', '4']);
    expect(first.code).toBe(0);
    expect(first.err).toContain('Loading the search model universal-sentence-encoder-lite');
    expect(first.err).not.toContain('could not be loaded');
    const hits = JSON.parse(first.out) as { paragraphId: string; paperTitle: string; byMeaningOnly?: boolean }[];
    expect(hits[0]).toMatchObject({ paperTitle: 'Qubit routing', paragraphId: 'p1' });
    expect(hits.length).toBe(4);
    expect(hits.slice(1).every((h) => h.byMeaningOnly)).toBe(true);
    expect(hub.requests.length).toBe(before);
    expect(readdirSync(join(cache, 'vectors')).length).toBeGreaterThanOrEqual(1);
  });

  it('names a model folder that is not there', async () => {
    await expect(loadUseLiteInNode(undefined, join(cache, 'no-such-model'))).rejects.toMatchObject({ code: 'EMBEDDING_MODEL_UNAVAILABLE' });
  });
});
