/**
 * One save per paper at a time: a second click while the first save runs gets a
 * clear SAVE_IN_PROGRESS instead of a race between two transactions.
 */
import { VerbatimError } from '../errors';
import { parseArxivUrl } from '../extract/arxiv-id';

export class SaveCoordinator {
  private readonly running = new Set<string>();

  async run<T>(url: string, save: () => Promise<T>): Promise<T> {
    const key = parseArxivUrl(url)?.id ?? url;
    if (this.running.has(key)) throw new VerbatimError('SAVE_IN_PROGRESS', key);
    this.running.add(key);
    try {
      return await save();
    } finally {
      this.running.delete(key);
    }
  }
}
