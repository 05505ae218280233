/**
 * The CLI's cache of extracted papers, keyed by a hash of the file's bytes and of the extraction code, so
 * `ask` and `search` over a folder read each PDF once, not on every command.
 * It lives in the OS cache directory (VERBATIM_CACHE_DIR, else $XDG_CACHE_HOME/verbatim,
 * else ~/.cache/verbatim), never in the library folder, which may be read-only.
 * An unreadable or malformed entry is ignored and the file extracted again.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPaper } from '../shared/library/import-document';
import type { Paper } from '../shared/model/paper';

const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The code that decides what a saved paper holds: reading PDFs and HTML, references, text, the paper model. */
export const EXTRACTION_SOURCES = ['shared/pdf', 'shared/extract', 'shared/references', 'shared/text', 'shared/model', 'shared/library', 'cli/pdf-node.ts', 'cli/node-adapters.ts'];

/**
 * A digest of the extraction code itself. A version number bumped by hand was forgotten for many
 * releases, so entries made by an older extractor were served after the extractor changed; a digest
 * of the source cannot be forgotten. The CLI runs from source (bin/verbatim.mjs), so the files are there.
 */
export function extractorFingerprint(root: string = PROJECT_ROOT, sources: readonly string[] = EXTRACTION_SOURCES): string {
  const hash = createHash('sha256');
  const visit = (path: string): void => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return; // a source left out of an install changes the digest by its absence
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name));
      return;
    }
    hash.update(relative(root, path)).update('\u0000').update(readFileSync(path)).update('\u0000');
  };
  for (const source of sources) visit(join(root, source));
  return hash.digest('hex').slice(0, 16);
}

export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.VERBATIM_CACHE_DIR) return env.VERBATIM_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'verbatim');
}

export class ExtractionCache {
  hits = 0;
  misses = 0;

  constructor(
    private readonly dir: string = defaultCacheDir(),
    private readonly fingerprint: string = extractorFingerprint(),
  ) {}

  keyFor(bytes: Uint8Array): string {
    return createHash('sha256').update(`${this.fingerprint}\u0000`).update(bytes).digest('hex');
  }

  /** The cached paper for these bytes, or the result of `extract`, stored for next time. */
  async paperFor(bytes: Uint8Array, extract: () => Promise<Paper>): Promise<Paper> {
    const path = join(this.dir, `${this.keyFor(bytes)}.json`);
    try {
      const cached: unknown = JSON.parse(await readFile(path, 'utf8'));
      if (isPaper(cached)) {
        this.hits++;
        return cached;
      }
    } catch {
      // missing or unreadable: extract below
    }
    this.misses++;
    const paper = await extract();
    await writeCacheFile(path, JSON.stringify(paper));
    return paper;
  }
}

/**
 * Writes a cache file whole (under a temporary name, then renamed), so two commands running at
 * once never read half a file. A cache that cannot be written costs time, never a result.
 */
export async function writeCacheFile(path: string, text: string): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.${process.pid}.tmp`;
    await writeFile(partial, text);
    await rename(partial, path);
  } catch {
    // left unwritten: the next command computes it again
  }
}
