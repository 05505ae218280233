/**
 * Lay out a PDF corpus from its manifest and local git mirrors of the papers' repositories, so a
 * new machine can rebuild /work/corpus, corpus2 and corpus3 without copying them by hand:
 *
 *   npx tsx tools/eval/materialize-corpus.ts --manifest tools/eval/corpus3-manifest.json \
 *     --out /work/corpus3 [--mirrors /work/.mirror] [slug ...]
 *
 * For each paper it writes <out>/<slug>/source (the repository's `sourceDir` at the pinned
 * commit, file by file), paper.pdf (`pdfPath` at that commit) and meta.json (the manifest
 * entry less `sourceDir`). A mirror is a bare git directory at <mirrors>/<owner>+<name>/repo (where
 * the search tool's fetch puts one). Papers whose mirror or commit is missing are listed and
 * skipped, and files the snapshot lists without their content are left out and named; a folder that already has paper.pdf is left as it is. The ground truth is then made by
 * tools/eval/build-corpus-truth.sh, and transplants by tools/eval/transplant.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import * as v from 'valibot';
import { CorpusManifestSchema } from './pdf-corpus';

type ManifestPaper = v.InferOutput<typeof CorpusManifestSchema>['papers'][number];

function optionValue(argv: readonly string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
}

/** Where the search tool's fetch leaves a repository: a bare git directory, or now and then a clone with its .git inside. */
export function mirrorGitDir(mirrors: string, repo: string): string {
  const dir = join(mirrors, repo.replace('/', '+'), 'repo');
  return existsSync(join(dir, '.git')) ? join(dir, '.git') : dir;
}

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

/**
 * The repository's files under `sourceDir` at the pinned commit, written one by one. A snapshot may list a file whose content
 * it lacks (large binaries: videos, data, slides); such files are left out and named, since the text of the paper rarely
 * needs them. `git archive` would stop at the first.
 */
function writeSourceTree(gitDir: string, paper: ManifestPaper, source: string): string[] {
  const prefix = paper.sourceDir === '.' ? '' : `${paper.sourceDir.replace(/\/$/, '')}/`;
  const listing = execFileSync('git', ['--git-dir', gitDir, 'ls-tree', '-r', '-z', paper.commit, ...(prefix ? [prefix] : [])], { maxBuffer: 1 << 28 }).toString('utf8');
  const missing: string[] = [];
  for (const entry of listing.split('\0').filter(Boolean)) {
    const [meta, path] = entry.split('\t') as [string, string];
    const [, type, object] = meta.split(' ') as [string, string, string];
    if (type !== 'blob') continue;
    let content: Buffer;
    try {
      content = execFileSync('git', ['--git-dir', gitDir, 'cat-file', 'blob', object], { maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      missing.push(path);
      continue;
    }
    const target = join(source, path.slice(prefix.length));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  return missing;
}

function layOut(gitDir: string, paper: ManifestPaper, folder: string): string[] {
  const source = join(folder, 'source');
  rmSync(source, { recursive: true, force: true });
  mkdirSync(source, { recursive: true });
  const missing = writeSourceTree(gitDir, paper, source);
  const pdf = execFileSync('git', ['--git-dir', gitDir, 'show', `${paper.commit}:${paper.pdfPath}`], { maxBuffer: 1 << 30 });
  writeFileSync(join(folder, 'paper.pdf'), pdf);
  const { sourceDir: _sourceDir, ...meta } = paper;
  writeFileSync(join(folder, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
  return missing;
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
    const missing = layOut(gitDir, paper, folder);
    written += 1;
    console.log(`OK ${paper.slug}${missing.length ? ` (left out, not in the snapshot: ${missing.join(', ')})` : ''}`);
  }
  console.log(`${written} folder(s) written under ${resolve(out)}`);
}

main(process.argv.slice(2));
