/**
 * Transplants: a dev paper's LaTeX source compiled here under another document class, so
 * eval:pdf can tune on templates whose authors committed no PDF under a licence we can use
 * (ACM two-column, LNCS, amsart, two-column Elsevier, MNRAS, SIAM, PMLR, Meta AI pre-prints, ACL,
 * Springer Nature sn-jnl, REVTeX PRL).
 * The prose, maths, floats and bibliography are the authors'; the page layout is the class's.
 * Each transplant stays in the half of the paper it came from (meta.json `derivedFrom`), which
 * is dev for every recipe here.
 *
 *   npx tsx tools/eval/transplant.ts [--corpus <dir>] [slug ...]
 *
 * Recipes are in tools/eval/transplants.json. For each, the origin's source/ is copied to
 * <corpus>/<slug>/source, the \documentclass line and the recipe's edits are applied, the
 * copy is compiled with pdflatex (BibTeX when it has a bibliography), and paper.pdf and
 * meta.json are written. A class TeX Live lacks is taken from a corpus paper that uses it
 * (the recipe's classFiles, copied into the build only: source/, LaTeXML's input, does not
 * load the class, and the recipe's latexmlStubs stand in for its macros). The ground truth is
 * then made as for any corpus paper (tools/eval/build-corpus-truth.sh), and the slug goes
 * into READY.txt once it is checked.
 * Needs TeX Live (pdflatex, bibtex) and the classes the recipes name.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { PROJECT_ROOT } from '../fixture-papers';
import { readCorpusMeta, resolveCorpusDir, type CorpusMeta } from './pdf-corpus';
import { parseRecipes, transplantText, type Recipe } from './transplant-recipes';

/** The main .tex file of a corpus paper, found under source/ by its base name (as build-corpus-truth.sh does). */
function findMainTex(sourceDir: string, texPath: string): string {
  const name = basename(texPath);
  const stack = [sourceDir];
  while (stack.length) {
    const dir = stack.pop()!;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) stack.push(path);
      else if (entry.name === name) return path;
    }
  }
  throw new Error(`${name} not found under ${sourceDir}`);
}

/**
 * Some repositories commit the paper but not its figure files. pdflatex would draw a box with the
 * file's name in it, text no published PDF has; a plot with axis labels stands in instead, as in a
 * real paper. Only the copy that is compiled changes: source/ (LaTeXML's input) stays as it was.
 */
const STAND_IN_FIGURE = 'neural-estimator-article/source/figures/wh_main_effects.pdf';

function withStandInFigures(texFile: string, corpusDir: string): void {
  const standIn = join(corpusDir, STAND_IN_FIGURE);
  if (!existsSync(standIn)) return;
  const dir = dirname(texFile);
  const tex = readFileSync(texFile, 'utf8');
  const searchDirs = ['', ...[...tex.matchAll(/\\graphicspath\{((?:\{[^}]*\})+)\}/g)].flatMap((m) => [...m[1]!.matchAll(/\{([^}]*)\}/g)].map((d) => d[1]!))];
  const found = (name: string) => searchDirs.some((d) => ['', '.pdf', '.png', '.jpg', '.eps'].some((ext) => existsSync(join(dir, d, `${name}${ext}`))));
  let missing = 0;
  const text = tex.replace(/\\includegraphics\s*(\[[^\]]*\])?\s*\{([^}]+)\}/g, (all, options: string | undefined, name: string) => {
    if (found(name.trim())) return all;
    missing++;
    return `\\includegraphics${options ?? ''}{transplant-stand-in-figure.pdf}`;
  });
  if (!missing) return;
  copyFileSync(standIn, join(dir, 'transplant-stand-in-figure.pdf'));
  writeFileSync(texFile, text);
}

function run(command: string, args: string[], cwd: string): void {
  try {
    execFileSync(command, args, { cwd, stdio: 'pipe', timeout: 300_000 });
  } catch {
    // pdflatex exits non-zero on recoverable errors (a missing figure file); the PDF is checked below.
  }
}

function compile(dir: string, main: string): string {
  const hasBibliography = /\\bibliography\{/.test(readFileSync(join(dir, `${main}.tex`), 'utf8'));
  run('pdflatex', ['-interaction=nonstopmode', `${main}.tex`], dir);
  if (hasBibliography) {
    rmSync(join(dir, `${main}.bbl`), { force: true });
    run('bibtex', [main], dir);
  }
  run('pdflatex', ['-interaction=nonstopmode', `${main}.tex`], dir);
  run('pdflatex', ['-interaction=nonstopmode', `${main}.tex`], dir);
  const pdf = join(dir, `${main}.pdf`);
  if (!existsSync(pdf)) throw new Error(`pdflatex made no PDF (see ${join(dir, `${main}.log`)})`);
  return pdf;
}

function transplant(corpusDir: string, recipe: Recipe): void {
  const originDir = join(corpusDir, recipe.from);
  const origin = readCorpusMeta(originDir);
  if (origin.derivedFrom) throw new Error(`${recipe.from} is itself a transplant`);
  const target = join(corpusDir, recipe.slug);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  cpSync(join(originDir, 'source'), join(target, 'source'), { recursive: true });
  const mainTex = findMainTex(join(target, 'source'), origin.texPath);
  writeFileSync(mainTex, transplantText(readFileSync(mainTex, 'utf8'), recipe));

  const scratch = mkdtempSync(join(tmpdir(), 'transplant-'));
  cpSync(dirname(mainTex), scratch, { recursive: true });
  const main = basename(mainTex, '.tex');
  for (const file of recipe.classFiles) {
    const path = join(corpusDir, file);
    if (!existsSync(path)) throw new Error(`class file ${file} not found in ${corpusDir}`);
    copyFileSync(path, join(scratch, basename(file)));
  }
  withStandInFigures(join(scratch, `${main}.tex`), corpusDir);
  // Some repositories commit the authors' build next to the .tex (hybrid-pls-imsart's main.pdf): when pdflatex
  // stops on a fatal error, that stale PDF would pass for the transplant's.
  rmSync(join(scratch, `${main}.pdf`), { force: true });
  const pdf = compile(scratch, main);
  copyFileSync(pdf, join(target, 'paper.pdf'));
  // The bibliography as this class's run made it: LaTeXML reads the same .bbl (build-corpus-truth.sh).
  if (existsSync(join(scratch, `${main}.bbl`))) copyFileSync(join(scratch, `${main}.bbl`), join(dirname(mainTex), `${main}.bbl`));
  rmSync(scratch, { recursive: true, force: true });

  const meta: CorpusMeta = {
    ...origin,
    slug: recipe.slug,
    template: recipe.template,
    citationStyle: recipe.citationStyle ?? origin.citationStyle,
    pdfPath: `compiled here from ${relative(join(target, 'source'), mainTex)} (tools/eval/transplant.ts)`,
    notes: recipe.notes,
    derivedFrom: recipe.from,
  };
  if (recipe.latexmlStubs) meta.latexmlStubs = recipe.latexmlStubs;
  if (meta.latexmlStubs?.length === 0) delete meta.latexmlStubs;
  delete meta.notScored;
  writeFileSync(join(target, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
  console.log(`${recipe.slug}: ${join(target, 'paper.pdf')}`);
}

const USAGE = 'usage: npx tsx tools/eval/transplant.ts [--corpus <dir>] [slug ...]   (no slug: every recipe in tools/eval/transplants.json)';
const argv = process.argv.slice(2);
// An unknown flag must not fall through to "no slug given", which rebuilds every transplant.
const unknownFlag = argv.find((a) => a.startsWith('--') && a !== '--corpus');
if (unknownFlag) {
  console.log(USAGE);
  process.exit(unknownFlag === '--help' ? 0 : 2);
}
const corpusDir = resolveCorpusDir(argv, process.env, PROJECT_ROOT);
if (!corpusDir) throw new Error('no corpus: pass --corpus <dir>');
const recipes = parseRecipes(readFileSync(join(PROJECT_ROOT, 'tools/eval/transplants.json'), 'utf8'));
const wanted = argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--corpus');
for (const recipe of recipes) if (wanted.length === 0 || wanted.includes(recipe.slug)) transplant(corpusDir, recipe);
