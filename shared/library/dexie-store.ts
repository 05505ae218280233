/**
 * The library in IndexedDB, through Dexie. The schema is versioned: a change of
 * tables or indexes is a new `version(n)` block with an upgrade, never an edit of
 * an old one. Saves are one read-write transaction over every table, so a failed
 * save leaves the library exactly as it was.
 */
import Dexie, { type Table } from 'dexie';
import type { InTextCitation, LibraryPaper, Paper, Paragraph, Reference, Section } from '../model/paper';
import { libraryIdFor } from '../model/paper';
import { VerbatimError } from '../errors';
import { systemClock, type Clock } from '../ports';
import { HISTORY_LIMIT, summarizeHistory, type HistoryEntry, type HistoryStore, type HistorySummary } from './history';
import { compareVersions, summarize, type LibraryStore, type PaperSummary, type PersistedSearchIndex, type SaveResult } from './library-store';

interface PaperRow extends Pick<Paper, 'arxivId' | 'version' | 'source' | 'title' | 'authors' | 'abstract' | 'url' | 'fullTextUrl' | 'doi' | 'metadata'> {
  id: string;
  savedAt: string;
  summary: PaperSummary;
  /** What the user attached (notes, tags); kept when a newer version replaces the content. */
  userData: Record<string, unknown>;
}
interface SectionRow extends Section { paperId: string; order: number }
interface ParagraphRow extends Omit<Paragraph, 'citations'> { paperId: string; order: number }
interface ReferenceRow extends Reference { paperId: string; order: number }
interface CitationRow extends InTextCitation { paperId: string; paragraphId: string; order: number }
interface MetaRow { key: string; value: number }
/** The search index as saved by the paragraph index, with the library revision it was written at. */
interface SearchIndexRow extends PersistedSearchIndex { key: string }

export interface DexieStoreOptions {
  name?: string;
  /** Injected so the engine never reaches for page globals; pass `indexedDB` and `IDBKeyRange` (or fake-indexeddb's). */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  clock?: Clock;
}

class VerbatimDatabase extends Dexie {
  papers!: Table<PaperRow, string>;
  sections!: Table<SectionRow, [string, string]>;
  paragraphs!: Table<ParagraphRow, [string, string]>;
  references!: Table<ReferenceRow, [string, string]>;
  citations!: Table<CitationRow, [string, string, number]>;
  meta!: Table<MetaRow, string>;
  searchIndex!: Table<SearchIndexRow, string>;
  history!: Table<HistoryEntry, string>;

  constructor(options: DexieStoreOptions) {
    super(options.name ?? 'verbatim', {
      ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
      ...(options.IDBKeyRange ? { IDBKeyRange: options.IDBKeyRange } : {}),
    });
    // Schema version 1. Add version(2) below with an upgrade function; never edit this block.
    this.version(1).stores({
      papers: 'id, arxivId, savedAt',
      sections: '[paperId+id], paperId',
      paragraphs: '[paperId+id], paperId, [paperId+order]',
      references: '[paperId+id], paperId, doi, arxivId',
      citations: '[paperId+paragraphId+order], paperId, *referenceIds',
      meta: 'key',
    });
    // Schema version 2: the persisted search index (one row), so a restart loads it instead of re-indexing.
    this.version(2).stores({ searchIndex: 'key' });
    // Schema version 3: the questions asked and their answers (additive; nothing to migrate).
    this.version(3).stores({ history: 'id, askedAt' });
  }
}

export class DexieLibraryStore implements LibraryStore, HistoryStore {
  private readonly db: VerbatimDatabase;
  private readonly clock: Clock;

  constructor(options: DexieStoreOptions = {}) {
    this.db = new VerbatimDatabase(options);
    this.clock = options.clock ?? systemClock;
  }

  async savePaper(paper: Paper): Promise<SaveResult> {
    const id = libraryIdFor(paper);
    const db = this.db;
    try {
      return await db.transaction('rw', [db.papers, db.sections, db.paragraphs, db.references, db.citations, db.meta], async () => {
        const existing = await db.papers.get(id);
        if (existing && existing.version === paper.version && existing.source === paper.source) {
          return { status: 'unchanged', paper: existing.summary } satisfies SaveResult;
        }
        if (existing && compareVersions(paper.version, existing.version) < 0) {
          // An older version than the one saved: keep the newer text.
          return { status: 'unchanged', paper: existing.summary } satisfies SaveResult;
        }
        if (existing) await deleteContent(db, id);
        const stored: LibraryPaper = { ...paper, id, savedAt: this.clock.isoNow() };
        const summary = summarize(stored);
        await db.papers.put({
          id, arxivId: paper.arxivId, version: paper.version, source: paper.source, title: paper.title,
          authors: paper.authors, abstract: paper.abstract, ...(paper.url ? { url: paper.url } : {}),
          ...(paper.fullTextUrl ? { fullTextUrl: paper.fullTextUrl } : {}), ...(paper.doi ? { doi: paper.doi } : {}),
          ...(paper.metadata ? { metadata: paper.metadata } : {}),
          savedAt: stored.savedAt, summary, userData: existing?.userData ?? {},
        });
        await db.sections.bulkPut(paper.sections.map((s, order) => ({ ...s, paperId: id, order })));
        await db.paragraphs.bulkPut(paper.paragraphs.map(({ citations: _citations, ...p }, order) => ({ ...p, paperId: id, order })));
        await db.references.bulkPut(paper.references.map((r, order) => ({ ...r, paperId: id, order })));
        await db.citations.bulkPut(paper.paragraphs.flatMap((p) => p.citations.map((c, order) => ({ ...c, paperId: id, paragraphId: p.id, order }))));
        await bumpRevision(db);
        return existing
          ? ({ status: 'updated', paper: summary, previousVersion: existing.version } satisfies SaveResult)
          : ({ status: 'saved', paper: summary } satisfies SaveResult);
      });
    } catch (error) {
      if (error instanceof VerbatimError) throw error;
      throw new VerbatimError('STORAGE', error instanceof Error ? error.message : String(error));
    }
  }

  async listPapers(): Promise<PaperSummary[]> {
    const rows = await this.db.papers.orderBy('savedAt').reverse().toArray();
    return rows.map((r) => withUserData(r));
  }

  /** The user's tags for a paper; they live in userData, so a newer version of the paper keeps them. */
  async setTags(id: string, tags: string[]): Promise<PaperSummary> {
    const db = this.db;
    return db.transaction('rw', [db.papers], async () => {
      const row = await db.papers.get(id);
      if (!row) throw new VerbatimError('NOT_FOUND', id);
      const userData = { ...row.userData, tags: [...new Set(tags)] };
      await db.papers.update(id, { userData });
      return withUserData({ ...row, userData });
    });
  }

  async addHistory(entry: HistoryEntry): Promise<void> {
    const db = this.db;
    await db.transaction('rw', [db.history], async () => {
      await db.history.put(entry);
      const excess = (await db.history.count()) - HISTORY_LIMIT;
      if (excess > 0) await db.history.bulkDelete(await db.history.orderBy('askedAt').limit(excess).primaryKeys());
    });
  }

  async listHistory(): Promise<HistorySummary[]> {
    return (await this.db.history.orderBy('askedAt').reverse().toArray()).map(summarizeHistory);
  }

  getHistory(id: string): Promise<HistoryEntry | undefined> {
    return this.db.history.get(id);
  }

  async deleteHistory(id: string): Promise<void> {
    if (!(await this.db.history.get(id))) throw new VerbatimError('HISTORY_NOT_FOUND', id);
    await this.db.history.delete(id);
  }

  async getPaper(id: string): Promise<LibraryPaper | undefined> {
    const db = this.db;
    return db.transaction('r', [db.papers, db.sections, db.paragraphs, db.references, db.citations], async () => {
      const row = await db.papers.get(id);
      if (!row) return undefined;
      const [sections, paragraphs, references, citations] = await Promise.all([
        db.sections.where('paperId').equals(id).toArray(),
        db.paragraphs.where('paperId').equals(id).toArray(),
        db.references.where('paperId').equals(id).toArray(),
        db.citations.where('paperId').equals(id).toArray(),
      ]);
      return assemble(row, sections, paragraphs, references, citations);
    });
  }

  async getAllPapers(): Promise<LibraryPaper[]> {
    const ids = await this.db.papers.toCollection().primaryKeys();
    const papers = await Promise.all(ids.map((id) => this.getPaper(id)));
    return papers.filter((p): p is LibraryPaper => p !== undefined);
  }

  async deletePaper(id: string): Promise<void> {
    const db = this.db;
    await db.transaction('rw', [db.papers, db.sections, db.paragraphs, db.references, db.citations, db.meta], async () => {
      if (!(await db.papers.get(id))) throw new VerbatimError('NOT_FOUND', id);
      await deleteContent(db, id);
      await db.papers.delete(id);
      await bumpRevision(db);
    });
  }

  async revision(): Promise<number> {
    return (await this.db.meta.get('revision'))?.value ?? 0;
  }

  async loadSearchIndex(): Promise<PersistedSearchIndex | undefined> {
    const row = await this.db.searchIndex.get(SEARCH_INDEX_KEY);
    // A row from an older format has no snapshot: the index is then rebuilt.
    return row ? { revision: row.revision, snapshot: row.snapshot } : undefined;
  }

  /** Written only if the library is still at that revision, so a slow writer never stores a stale index as fresh. */
  async saveSearchIndex(entry: PersistedSearchIndex): Promise<boolean> {
    const db = this.db;
    try {
      return await db.transaction('rw', [db.meta, db.searchIndex], async () => {
        const current = (await db.meta.get('revision'))?.value ?? 0;
        if (current !== entry.revision) return false;
        await db.searchIndex.put({ key: SEARCH_INDEX_KEY, ...entry });
        return true;
      });
    } catch (error) {
      throw new VerbatimError('STORAGE', error instanceof Error ? error.message : String(error));
    }
  }

  close(): void {
    this.db.close();
  }
}

const SEARCH_INDEX_KEY = 'paragraphs';

function withUserData(row: PaperRow): PaperSummary {
  const tags = row.userData['tags'];
  return Array.isArray(tags) && tags.length ? { ...row.summary, tags: tags.filter((t): t is string => typeof t === 'string') } : row.summary;
}

async function deleteContent(db: VerbatimDatabase, id: string): Promise<void> {
  await Promise.all([
    db.sections.where('paperId').equals(id).delete(),
    db.paragraphs.where('paperId').equals(id).delete(),
    db.references.where('paperId').equals(id).delete(),
    db.citations.where('paperId').equals(id).delete(),
  ]);
}

async function bumpRevision(db: VerbatimDatabase): Promise<void> {
  const current = (await db.meta.get('revision'))?.value ?? 0;
  await db.meta.put({ key: 'revision', value: current + 1 });
}

function byOrder<T extends { order: number }>(rows: T[]): T[] {
  return rows.sort((a, b) => a.order - b.order);
}

function assemble(row: PaperRow, sections: SectionRow[], paragraphs: ParagraphRow[], references: ReferenceRow[], citations: CitationRow[]): LibraryPaper {
  const citationsByParagraph = new Map<string, InTextCitation[]>();
  for (const c of byOrder(citations)) {
    const { paperId: _p, paragraphId, order: _o, ...citation } = c;
    const list = citationsByParagraph.get(paragraphId) ?? [];
    list.push(citation);
    citationsByParagraph.set(paragraphId, list);
  }
  return {
    id: row.id,
    savedAt: row.savedAt,
    arxivId: row.arxivId,
    version: row.version,
    source: row.source,
    title: row.title,
    authors: row.authors,
    abstract: row.abstract,
    ...(row.url ? { url: row.url } : {}),
    ...(row.fullTextUrl ? { fullTextUrl: row.fullTextUrl } : {}),
    ...(row.doi ? { doi: row.doi } : {}),
    ...(row.metadata ? { metadata: row.metadata } : {}),
    sections: byOrder(sections).map(({ paperId: _p, order: _o, ...s }) => s),
    paragraphs: byOrder(paragraphs).map(({ paperId: _p, order: _o, ...p }) => ({ ...p, citations: citationsByParagraph.get(p.id) ?? [] })),
    references: byOrder(references).map(({ paperId: _p, order: _o, ...r }) => r),
  };
}
