/**
 * The library index on disk (fake-indexeddb in Node, the same Dexie store the extension uses):
 *  - cold first answer: a fresh LibraryService over a library whose index was persisted (it loads the index
 *    and only the papers its hits need);
 *  - first answer after a save: the save updates the index paper by paper, then a question;
 *  - baseline, in the same run: what every change and every service-worker restart did before — read
 *    every paper and rebuild the index — then the same question.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { answerExtractively, LibrarySnapshot } from '../../shared/answer/extractive';
import { DexieLibraryStore } from '../../shared/library/dexie-store';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { LibraryService } from '../../shared/library/library-service';
import type { LibraryPaper, Paper } from '../../shared/model/paper';

const QUESTION = 'What does the graph neural network evaluate?';

/** Copies of the base papers under distinct arXiv ids until the library holds `target` paragraphs. */
export function replicatePapers(base: readonly LibraryPaper[], target: number, firstCopy = 0): Paper[] {
  const out: Paper[] = [];
  let count = 0;
  for (let copy = firstCopy; count < target; copy++) {
    base.forEach((paper, i) => {
      const { id: _id, savedAt: _savedAt, ...content } = paper;
      out.push({ ...content, arxivId: `9${String(i).padStart(3, '0')}.${String(copy).padStart(5, '0')}`, version: 'v1' });
      count += paper.paragraphs.length;
    });
  }
  return out;
}

/**
 * A restarted service worker starts on a fresh heap: each timed phase starts after a full
 * collection (when node runs with --expose-gc, as `npm run bench` does), so one phase's garbage
 * is not charged to the next, the baseline included.
 */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  collectGarbage();
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

export async function benchLibraryIndex(base: readonly LibraryPaper[], targets: readonly number[]) {
  const results = [];
  for (const target of targets) {
    const indexedDB = new IDBFactory();
    const open = () => new DexieLibraryStore({ name: `bench-${target}`, indexedDB, IDBKeyRange });
    const service = (store: DexieLibraryStore) => new LibraryService({ store, parseHtml: parseHtmlWithLinkedom });
    const filling = open();
    for (const paper of replicatePapers(base, target)) await filling.savePaper(paper);
    // First service ever: builds the index from the store and persists it.
    const first = service(filling);
    const initialBuild = await timed(() => first.index.current());
    const paragraphs = initialBuild.value.size;
    const initialPersist = await timed(() => first.index.flush());
    const persistedBytes = snapshotBytes((await filling.loadSearchIndex())?.snapshot);
    filling.close();

    // Baseline: the old path, a full read of every paper and a rebuild, then the question.
    const baselineStore = open();
    const baseline = await timed(async () => answerExtractively(QUESTION, LibrarySnapshot.fromPapers(await baselineStore.getAllPapers())));
    baselineStore.close();

    // Cold start: a fresh store and service, as after a service-worker restart.
    const coldStore = open();
    const cold = service(coldStore);
    const coldAnswer = await timed(() => cold.ask(QUESTION));
    const coldOrigin = cold.index.lastOrigin;

    // A save, then the first question after it.
    const [extra] = replicatePapers(base.slice(0, 1), 1, 99_999);
    const save = await timed(() => cold.importPaper(extra!));
    const afterSave = await timed(() => cold.ask(QUESTION));
    // Written out after the answer (one serialisation per burst of changes), so not part of either figure.
    const persistAfterSave = await timed(() => cold.index.flush());
    coldStore.close();

    results.push({
      paragraphs,
      initialBuildMs: Math.round(initialBuild.ms),
      persistMs: Math.round(initialPersist.ms),
      baselineFullRebuildAnswerMs: Math.round(baseline.ms),
      coldFirstAnswerMs: Math.round(coldAnswer.ms),
      coldIndexFrom: coldOrigin,
      saveWithIndexUpdateMs: Math.round(save.ms),
      firstAnswerAfterSaveMs: Math.round(afterSave.ms),
      persistAfterSaveMs: Math.round(persistAfterSave.ms),
      persistedMB: Math.round(persistedBytes / 1e5) / 10,
      sameAnswerAsBaseline: JSON.stringify(coldAnswer.value.sentences) === JSON.stringify(baseline.value.sentences),
      targetsUnder1s: coldAnswer.ms < 1000 && afterSave.ms < 1000,
    });
  }
  return results;
}

/** The saved index's size: its typed arrays' bytes and its strings' UTF-16 length. */
function snapshotBytes(value: unknown): number {
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (typeof value === 'string') return value.length * 2;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + snapshotBytes(v), 0);
  if (value && typeof value === 'object') return Object.values(value).reduce((n: number, v) => n + snapshotBytes(v), 0);
  return 8;
}
