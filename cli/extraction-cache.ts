/**
 * The CLI's cache of extracted papers, keyed by a hash of the file's bytes, so
 * `ask` and `search` over a folder read each PDF once, not on every command.
 * It lives in the OS cache directory (VERBATIM_CACHE_DIR, else $XDG_CACHE_HOME/verbatim,
 * else ~/.cache/verbatim), never in the library folder, which may be read-only.
 * An unreadable or malformed entry is ignored and the file extracted again.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { isPaper } from '../shared/library/import-document';
import type { Paper } from '../shared/model/paper';

/** Bumped when extraction changes what it produces, so older entries are not reused. */
const CACHE_FORMAT = 'extract-1';

export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.VERBATIM_CACHE_DIR) return env.VERBATIM_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'verbatim');
}

export class ExtractionCache {
  hits = 0;
  misses = 0;

  constructor(private readonly dir: string = defaultCacheDir()) {}

  keyFor(bytes: Uint8Array): string {
    return createHash('sha256').update(`${CACHE_FORMAT}\u0000`).update(bytes).digest('hex');
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
