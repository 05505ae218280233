/**
 * Lay out a PDF corpus from its manifest and local git mirrors of the papers' repositories, so a
 * new machine can rebuild /work/corpus, corpus2 and corpus3 without copying them by hand:
 *
 *   npx tsx tools/eval/materialize-corpus.ts --manifest tools/eval/corpus3-manifest.json \
 *     --out /work/corpus3 [--mirrors /work/.mirror] [slug ...]
 *
 * For each paper it writes <out>/<slug>/source (the repository's `sourceDir` at the pinned
 * commit, by `git archive`), paper.pdf (`pdfPath` at that commit) and meta.json (the manifest
 * entry less `sourceDir`). A mirror is a bare git directory at <mirrors>/<owner>+<name>/repo (where
 * the search tool's fetch puts one). Papers whose mirror or commit is missing are listed and
 * skipped; a folder that already has paper.pdf is left as it is. The ground truth is then made by
 * tools/eval/build-corpus-truth.sh, and transplants by tools/eval/transplant.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as v from 'valibot';
import { CorpusManifestSchema } from './pdf-corpus';

type ManifestPaper = v.InferOutput<typeof CorpusManifestSchema>['papers'][number];

function optionValue(argv: readonly string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
}

/** Where the search tool's fetch leaves a repository's bare git directory. */
export const mirrorGitDir = (mirrors: string, repo: string): string => join(mirrors, repo.replace('/', '+'), 'repo');

/** Why a paper cannot be laid out from its mirror, or undefined when it can. */
function missingReason(gitDir: string, paper: ManifestPaper): string | undefined {
  if (!existsSync(gitDir)) return `no mirror at ${gitDir}`;
  try {
    execFileSync('git', ['--git-dir', gitDir, 'cat-file', '-e', `${paper.commit}^{commit}`], { stdio: 'ignore' });
  } catch {
    return `commit ${paper.commit} is not in the mirror`;
  }
  return undefined;
}

function layOut(gitDir: string, paper: ManifestPaper, folder: string): void {
  const source = join(folder, 'source');
  rmSync(source, { recursive: true, force: true });
  mkdirSync(source, { recursive: true });
  const treeish = paper.sourceDir === '.' ? paper.commit : `${paper.commit}:${paper.sourceDir}`;
  const archive = execFileSync('git', ['--git-dir', gitDir, 'archive', '--format=tar', treeish], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', source], { input: archive });
  const pdf = execFileSync('git', ['--git-dir', gitDir, 'show', `${paper.commit}:${paper.pdfPath}`], { maxBuffer: 1 << 30 });
  writeFileSync(join(folder, 'paper.pdf'), pdf);
  const { sourceDir: _sourceDir, ...meta } = paper;
  writeFileSync(join(folder, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
}

function main(argv: readonly string[]): void {
  const manifestPath = optionValue(argv, '--manifest');
  const out = optionValue(argv, '--out');
  if (!manifestPath || !out) {
    console.error('usage: materialize-corpus.ts --manifest <file> --out <dir> [--mirrors <dir>] [slug ...]');
    process.exit(2);
  }
  const mirrors = resolve(optionValue(argv, '--mirrors') ?? '/work/.mirror');
  const optionArgs = new Set(['--manifest', '--out', '--mirrors']);
  const wanted = new Set(argv.filter((arg, i) => !arg.startsWith('--') && !optionArgs.has(argv[i - 1] ?? '')));
  const manifest = v.parse(CorpusManifestSchema, JSON.parse(readFileSync(manifestPath, 'utf8')));
  let written = 0;
  for (const paper of manifest.papers) {
    if (wanted.size && !wanted.has(paper.slug)) continue;
    const folder = join(resolve(out), paper.slug);
    if (existsSync(join(folder, 'paper.pdf'))) continue;
    const gitDir = mirrorGitDir(mirrors, paper.repo);
    const reason = missingReason(gitDir, paper);
    if (reason) {
      console.log(`SKIP ${paper.slug} (${paper.repo}): ${reason}`);
      continue;
    }
    mkdirSync(folder, { recursive: true });
    layOut(gitDir, paper, folder);
    written += 1;
    console.log(`OK ${paper.slug}`);
  }
  console.log(`${written} folder(s) written under ${resolve(out)}`);
}

main(process.argv.slice(2));
