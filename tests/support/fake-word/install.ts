/**
 * Installs a fake Word document as the global `Word` (only `Word.run`), for code that calls
 * Word.run itself: the pane's entry points in unit tests, and the e2e pane page.
 */
import type { FakeWord } from './fake-word';

export function installFakeWord(target: { Word?: unknown }, word: FakeWord): () => void {
  target.Word = { run: async <T>(fn: (context: Word.RequestContext) => Promise<T>) => (await word.run(fn)).value };
  return () => { delete target.Word; };
}
