import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as v from 'valibot';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorpusManifestSchema, listCorpusPapers, papersWithoutExtractedReferences, resolveCorpusDir, splitKeyOf, summarise, summariseByTemplate, type CorpusEvalRow } from '../../tools/eval/pdf-corpus';
import { evalHalf } from '../../tools/eval/split';
import { parseRecipes, transplantText } from '../../tools/eval/transplant-recipes';
import { scoreMetadata, type PdfEvalRow } from '../../tools/eval/pdf-eval';

const validMeta = (slug: string, template = 'elsarticle') => ({
  slug,
  title: 'A paper',
  template,
  citationStyle: 'numeric',
  repo: 'owner/repo',
  commit: 'a'.repeat(40),
  texPath: 'paper/main.tex',
  pdfPath: 'paper/main.pdf',
  licence: 'MIT',
});

function writeFolder(root: string, folder: string, files: { pdf?: boolean; html?: boolean; meta?: unknown }): void {
  const dir = join(root, folder);
  mkdirSync(dir, { recursive: true });
  if (files.pdf !== false) writeFileSync(join(dir, 'paper.pdf'), '%PDF-1.5');
  if (files.html !== false) writeFileSync(join(dir, 'paper.latexml.html'), '<html></html>');
  if (files.meta !== undefined) writeFileSync(join(dir, 'meta.json'), typeof files.meta === 'string' ? files.meta : JSON.stringify(files.meta));
}

function row(paper: string, template: string, f1: number, refs: { truth: number; extracted: number }): CorpusEvalRow {
  const score: PdfEvalRow = {
    paper,
    paragraphs: { truth: 10, extracted: 10, found: 5, correct: 5, precision: 0.5, recall: 0.5, f1 },
    sectionTitles: { truth: 4, found: 4, recall: 1 },
    references: { truth: refs.truth, extracted: refs.extracted, matched: 0, precision: 0, recall: 0, f1: 0.5 },
    citationLinks: { truth: 2, correct: 1, accuracy: 0.5 },
    metadata: { title: true, firstAuthor: null },
    ms: 100,
  };
  return { source: 'corpus', template, half: 'dev', score };
}

describe('the PDF eval corpus', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'verbatim-corpus-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('finds the corpus from --corpus, then VERBATIM_CORPUS, then ../corpus next to the project', () => {
    expect(resolveCorpusDir(['--corpus', '/x/corpus'], { VERBATIM_CORPUS: '/y' }, '/p/main')).toBe(resolve('/x/corpus'));
    expect(resolveCorpusDir([], { VERBATIM_CORPUS: '/y/corpus' }, '/p/main')).toBe(resolve('/y/corpus'));
    mkdirSync(join(root, 'corpus'));
    expect(resolveCorpusDir([], {}, join(root, 'main'))).toBe(join(root, 'corpus'));
    expect(resolveCorpusDir([], {}, join(root, 'nested', 'main'))).toBeUndefined();
  });

  it('keeps complete folders with a valid meta.json and says why it skips the others', () => {
    writeFolder(root, 'good-paper', { meta: validMeta('good-paper') });
    writeFolder(root, 'no-html', { html: false, meta: validMeta('no-html') });
    writeFolder(root, 'bad-style', { meta: { ...validMeta('bad-style'), citationStyle: 'footnotes' } });
    writeFolder(root, 'short-commit', { meta: { ...validMeta('short-commit'), commit: 'abc123' } });
    writeFolder(root, 'renamed', { meta: validMeta('other-slug') });
    writeFolder(root, 'not-json', { meta: '{ nope' });
    const listing = listCorpusPapers(root);
    expect(listing.papers.map((p) => p.slug)).toEqual(['good-paper']);
    expect(listing.papers[0]!.meta.template).toBe('elsarticle');
    const reasons = Object.fromEntries(listing.skipped.map((s) => [s.folder, s.reason]));
    expect(reasons['no-html']).toContain('paper.latexml.html');
    expect(reasons['bad-style']).toMatch(/meta\.json/);
    expect(reasons['short-commit']).toContain('40-digit');
    expect(reasons['renamed']).toContain('other-slug');
    expect(reasons['not-json']).toContain('not JSON');
  });

  it('scores only the folders READY.txt lists when it exists', () => {
    writeFolder(root, 'ready-one', { meta: validMeta('ready-one') });
    writeFolder(root, 'still-building', { meta: validMeta('still-building') });
    writeFileSync(join(root, 'READY.txt'), '# complete papers\nready-one\n\n');
    const listing = listCorpusPapers(root);
    expect(listing.papers.map((p) => p.slug)).toEqual(['ready-one']);
    expect(listing.skipped).toEqual([{ folder: 'still-building', reason: 'not listed in READY.txt' }]);
  });

  it('averages per template and lists papers with a bibliography but no extracted reference', () => {
    const rows = [row('a', 'llncs', 0.8, { truth: 20, extracted: 18 }), row('b', 'llncs', 0.6, { truth: 15, extracted: 0 }), row('c', 'amsart', 0.9, { truth: 0, extracted: 0 })];
    const byTemplate = summariseByTemplate(rows);
    expect(byTemplate.map((t) => t.template)).toEqual(['amsart', 'llncs']);
    expect(byTemplate[1]!.summary).toMatchObject({ papers: 2, paragraphF1: 0.7, sectionTitleRecall: 1, meanMs: 100 });
    expect(summarise(rows).paragraphF1).toBe(0.767);
    // A paper with no bibliography in its source is not counted as a miss.
    expect(papersWithoutExtractedReferences(rows).map((r) => r.score.paper)).toEqual(['b']);
  });

  it('leaves a paper with nothing to score out of the reference and citation means, not in as 0', () => {
    const noBibliography = row('c', 'amsart', 0.9, { truth: 0, extracted: 0 });
    noBibliography.score.references.f1 = 0;
    noBibliography.score.citationLinks = { truth: 0, correct: 0, accuracy: 0 };
    const summary = summarise([row('a', 'llncs', 0.8, { truth: 20, extracted: 18 }), noBibliography]);
    expect(summary).toMatchObject({ papers: 2, paragraphF1: 0.85, referenceF1: 0.5, citationLinkAccuracy: 0.5 });
    // References extracted from a paper that has none count against it.
    const invented = row('d', 'amsart', 0.9, { truth: 0, extracted: 3 });
    invented.score.references.f1 = 0;
    expect(summarise([row('a', 'llncs', 0.8, { truth: 20, extracted: 18 }), invented]).referenceF1).toBe(0.25);
    // A letter with no section titles in its source has no title recall to average.
    const letter = row('e', 'revtex4-2', 0.9, { truth: 10, extracted: 10 });
    letter.score.sectionTitles = { truth: 0, found: 0, recall: 0 };
    expect(summarise([row('a', 'llncs', 0.8, { truth: 20, extracted: 18 }), letter]).sectionTitleRecall).toBe(1);
  });
});

describe('metadata read from the PDF', () => {
  it('scores the title by ratio and the first author by family name; an author line LaTeXML misread is not scored', () => {
    const truth = { title: 'Rotating Stars from Kepler Observed with Gaia DR2', authors: ['James R. A. Davenport', 'Ruth Angus'] };
    expect(scoreMetadata(truth, { title: 'Rotating stars from Kepler observed with Gaia DR2', authors: ['J. R. A. Davenport'] })).toEqual({ title: true, firstAuthor: true });
    expect(scoreMetadata(truth, { title: '', authors: ['Ruth Angus'] })).toEqual({ title: false, firstAuthor: false });
    expect(scoreMetadata({ title: 'A title', authors: ['someone@uni.edu'] }, { title: 'A title', authors: [] })).toEqual({ title: true, firstAuthor: null });
  });

  it('averages the first author over the papers that have one to score', () => {
    const a = row('a', 'llncs', 0.8, { truth: 1, extracted: 1 });
    a.score.metadata = { title: true, firstAuthor: true };
    const b = row('b', 'llncs', 0.8, { truth: 1, extracted: 1 });
    b.score.metadata = { title: false, firstAuthor: null };
    expect(summarise([a, b])).toMatchObject({ metadataTitle: 0.5, metadataFirstAuthor: 1 });
  });
});

describe('the committed corpus manifest', () => {
  it('lists at least 30 papers in at least 15 templates, each once, with a source commit and a licence', () => {
    const manifest = v.parse(CorpusManifestSchema, JSON.parse(readFileSync(new URL('../../tools/eval/corpus-manifest.json', import.meta.url), 'utf8')));
    const slugs = manifest.papers.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs.length).toBeGreaterThanOrEqual(30);
    expect(new Set(manifest.papers.map((p) => p.template)).size).toBeGreaterThanOrEqual(15);
    for (const paper of manifest.papers) expect(paper.texPath.startsWith(paper.sourceDir === '.' ? '' : `${paper.sourceDir}/`)).toBe(true);
  });

  it('each later corpus shares no repository or slug with the ones before it, and has at least 20 templates', () => {
    const read = (file: string) => v.parse(CorpusManifestSchema, JSON.parse(readFileSync(new URL(`../../tools/eval/${file}`, import.meta.url), 'utf8')));
    const corpora = ['corpus-manifest.json', 'corpus2-manifest.json', 'corpus3-manifest.json'].map(read);
    corpora.slice(1).forEach((later, i) => {
      expect(later.papers.length).toBeGreaterThanOrEqual(25);
      expect(new Set(later.papers.map((p) => p.template)).size).toBeGreaterThanOrEqual(20);
      const before = corpora.slice(0, i + 1).flatMap((c) => c.papers);
      const repos = new Set(before.map((p) => p.repo));
      const slugs = new Set(before.map((p) => p.slug));
      for (const paper of later.papers) {
        expect(repos.has(paper.repo), paper.repo).toBe(false);
        expect(slugs.has(paper.slug), paper.slug).toBe(false);
      }
    });
  });

  it('the fourth set (PNAS and LNCS) shares no repository or slug with the corpora, and holds only those two templates', () => {
    const read = (file: string) => v.parse(CorpusManifestSchema, JSON.parse(readFileSync(new URL(`../../tools/eval/${file}`, import.meta.url), 'utf8')));
    const before = ['corpus-manifest.json', 'corpus2-manifest.json', 'corpus3-manifest.json'].map(read).flatMap((c) => c.papers);
    const fourth = read('corpus4-manifest.json').papers;
    expect(new Set(fourth.map((p) => p.template))).toEqual(new Set(['pnas', 'llncs']));
    for (const paper of fourth) {
      expect(before.some((p) => p.repo === paper.repo || p.slug === paper.slug), paper.slug).toBe(false);
      expect(paper.texPath.startsWith(paper.sourceDir === '.' ? '' : `${paper.sourceDir}/`)).toBe(true);
    }
  });
});

describe('transplants', () => {
  const recipes = parseRecipes(readFileSync(new URL('../../tools/eval/transplants.json', import.meta.url), 'utf8'));

  it('are split with the paper they came from, and every committed recipe comes from a dev paper', () => {
    expect(splitKeyOf({ slug: 'cdeets-mnras', derivedFrom: 'cdeets-article' })).toBe('cdeets-article');
    expect(splitKeyOf({ slug: 'cdeets-article' })).toBe('cdeets-article');
    expect(recipes.length).toBeGreaterThanOrEqual(5);
    for (const recipe of recipes) expect(evalHalf(recipe.from), recipe.slug).toBe('dev');
    expect(new Set(recipes.map((r) => r.slug)).size).toBe(recipes.length);
  });

  it('swap the class line, apply each edit, and put the abstract before \\maketitle where the class wants it', () => {
    const tex = '\\documentclass[12pt]{article}\n\\usepackage{geometry}\n\\begin{document}\n\\maketitle\n\\begin{abstract}\nWe study X.\n\\end{abstract}\n\\section{Intro}\n';
    const out = transplantText(tex, { prelude: ['\\PassOptionsToPackage{expansion=false}{microtype}'], documentClass: '\\documentclass[sigconf]{acmart}', edits: [{ find: '^\\\\usepackage\\{geometry\\}$', replace: '' }], abstractBeforeMaketitle: true });
    expect(out.startsWith('\\PassOptionsToPackage{expansion=false}{microtype}\n\\documentclass[sigconf]{acmart}\n')).toBe(true);
    expect(out).not.toContain('geometry');
    expect(out.indexOf('\\begin{abstract}')).toBeLessThan(out.indexOf('\\maketitle'));
    // An edit that matches nothing is a recipe gone stale: refused, not silently skipped.
    expect(() => transplantText(tex, { prelude: [], documentClass: '\\documentclass{llncs}', edits: [{ find: 'nowhere', replace: '' }], abstractBeforeMaketitle: false })).toThrow(/matches nothing/);
  });

  it('take class files TeX Live lacks from corpus folders, by paths that stay inside the corpus', () => {
    const recipe = (extra: object) => JSON.stringify({ description: '', transplants: [{ slug: 'x-siamart', from: 'x-article', template: 'siamart', documentClass: '\\documentclass{siamart220329}', notes: 'n', ...extra }] });
    const [plain] = parseRecipes(recipe({}));
    expect(plain!.classFiles).toEqual([]);
    expect(plain!.latexmlStubs).toBeUndefined();
    const [withClass] = parseRecipes(recipe({ classFiles: ['some-siamart/source/siamart220329.cls', 'some-fairmeta/source/logometa.pdf'], latexmlStubs: ['siamart'] }));
    expect(withClass!.classFiles).toEqual(['some-siamart/source/siamart220329.cls', 'some-fairmeta/source/logometa.pdf']);
    expect(withClass!.latexmlStubs).toEqual(['siamart']);
    for (const path of ['/etc/passwd', '../corpus/x.cls', 'some-siamart/../../x.cls', 'some-siamart/./x.cls', 'some-siamart//x.cls', 'siamart220329.cls']) {
      expect(() => parseRecipes(recipe({ classFiles: [path] })), path).toThrow();
    }
    // A committed recipe's stand-ins exist (build-corpus-truth.sh would otherwise stop on a missing file).
    for (const r of recipes) for (const stub of r.latexmlStubs ?? []) expect(existsSync(new URL(`../../tools/eval/latexml-stubs/${stub}.tex`, import.meta.url)), `${r.slug}: ${stub}`).toBe(true);
  });
});
