/**
 * The fake Word model as the pane page's office.js, for the e2e pane: `Office.onReady` says the
 * host is Word, `Word.run` runs on a FakeWord document that the test reads back through
 * `__fakeWord` (paragraphs, content controls). Bundled by tests/support/fake-word-page.ts.
 */
import { FakeWord } from './fake-word';

const word = new FakeWord(['My draft on qubit routing.']);
const scope = globalThis as unknown as Record<string, unknown>;
scope.__fakeWord = word;
scope.Word = { run: async <T>(batch: (context: Word.RequestContext) => Promise<T>) => (await word.run(batch)).value };
scope.Office = { HostType: { Word: 'Word' }, onReady: async () => ({ host: 'Word', platform: 'OfficeOnline' }) };
