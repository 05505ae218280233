import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../support/cli-run';
import { SAMPLE_PAPER } from '../../tools/fixture-papers';
import { fixturePaper } from '../support/fixtures';

vi.setConfig({ testTimeout: 60_000 });
process.env.VERBATIM_CACHE_DIR = mkdtempSync(join(tmpdir(), 'verbatim-cli-cache-'));
/** A library folder holding the sample paper as the extension saves it: with its arXiv id (so its year and abs-page link are known). */
const LIBRARY = mkdtempSync(join(tmpdir(), 'verbatim-export-library-'));
writeFileSync(join(LIBRARY, 'paper.json'), JSON.stringify({ ...fixturePaper(SAMPLE_PAPER.folder), arxivId: SAMPLE_PAPER.arxivId, version: SAMPLE_PAPER.version }));
const QUESTION = 'How is the Monte Carlo tree search guided?';

function keysOfBib(bib: string): Set<string> {
  return new Set([...bib.matchAll(/@\w+\{([^,\s]+),/g)].map((m) => m[1]!));
}

describe('verbatim ask --format', () => {
  it('--format latex --bib prints \\cite commands and writes a .bib of exactly those works', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verbatim-export-'));
    const bib = join(dir, 'refs.bib');
    const { code, out } = await runCli(['ask', QUESTION, '--library', LIBRARY, '--format', 'latex', '--bib', bib]);
    expect(code).toBe(0);
    const cited = new Set([...out.matchAll(/\\(?:no)?cite(?:\[[^\]]*\])?\{([^}]+)\}/g)].flatMap((m) => m[1]!.split(',')));
    expect(cited.size).toBeGreaterThan(1);
    expect(keysOfBib(readFileSync(bib, 'utf8'))).toEqual(cited);
    expect(readdirSync(dir)).toEqual(['refs.bib']); // no temporary file left behind
  });

  it('--format markdown names the CSL-JSON it writes, whose ids are the cited keys', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verbatim-export-'));
    const csl = join(dir, 'refs.json');
    const { code, out } = await runCli(['ask', QUESTION, '--library', LIBRARY, '--format', 'markdown', '--csl-json', csl, '--style', 'apa']);
    expect(code).toBe(0);
    expect(out).toContain('bibliography: "refs.json"');
    expect(out).toMatch(/\[@[^,\]]+, §[\w.]+ ¶\d+\]/);
    const ids = (JSON.parse(readFileSync(csl, 'utf8')) as { id: string }[]).map((i) => i.id);
    expect(new Set(ids)).toEqual(new Set([...out.matchAll(/@([A-Za-z0-9_:.-]+)/g)].map((m) => m[1]!)));
  });

  it('--format html prints linked citations and the bibliography in the chosen style', async () => {
    const { code, out } = await runCli(['ask', QUESTION, '--library', LIBRARY, '--format', 'html', '--style', 'apa']);
    expect(code).toBe(0);
    expect(out).toMatch(/<a class="citation" href="https:\/\/arxiv\.org\/abs\/[^"]+"[^>]*>\([^)]*\d{4}\)/);
    expect(out).toContain('<h3>References</h3>');
  });

  it('--docx writes a Word document (a zip with the document part)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verbatim-export-'));
    const docx = join(dir, 'answer.docx');
    const { code } = await runCli(['ask', QUESTION, '--library', LIBRARY, '--docx', docx]);
    expect(code).toBe(0);
    const bytes = readFileSync(docx);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.includes(Buffer.from('word/document.xml'))).toBe(true);
  });

  it('names an unknown format or style and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verbatim-export-'));
    const bib = join(dir, 'refs.bib');
    const format = await runCli(['ask', QUESTION, '--library', LIBRARY, '--format', 'rtf', '--bib', bib]);
    expect(format.code).toBe(1);
    expect(format.err).toContain('Unknown export format');
    const style = await runCli(['ask', QUESTION, '--library', LIBRARY, '--format', 'latex', '--style', 'mla-ish', '--bib', bib]);
    expect(style.code).toBe(1);
    expect(existsSync(bib)).toBe(false);
  });

  it('--style alone prints the answer as text with its citations and bibliography in that style', async () => {
    const { code, out } = await runCli(['ask', QUESTION, '--library', LIBRARY, '--style', 'apa']);
    expect(code).toBe(0);
    expect(out).toMatch(/\(Sinha et al\., 2021\)/);
    expect(out).toMatch(/\nReferences\n/);
  });

  it('an abstention exports nothing: the reason on stderr, a named error, no file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verbatim-export-'));
    const bib = join(dir, 'refs.bib');
    const { code, err } = await runCli(['ask', 'What is the boiling point of liquid nitrogen in kelvin?', '--library', LIBRARY, '--format', 'latex', '--bib', bib]);
    expect(code).toBe(1);
    expect(err).toContain('nothing cited to export');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('names a file it cannot write, and leaves none of the files behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verbatim-export-'));
    const bib = join(dir, 'refs.bib');
    const result = await runCli(['ask', QUESTION, '--library', LIBRARY, '--bib', bib, '--docx', join(dir, 'missing-folder', 'answer.docx')]);
    expect(result.code).toBe(1);
    expect(result.err).toContain('could not be written');
    expect(result.err).toContain('answer.docx');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('names a bad style before reading the library', async () => {
    const result = await runCli(['ask', QUESTION, '--library', join(tmpdir(), 'no-such-library-folder'), '--style', 'mla-ish']);
    expect(result.code).toBe(1);
    expect(result.err).toContain('citation style is not known');
  });
});
