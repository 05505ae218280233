/**
 * The lexical index over every paragraph in scope (BM25+ with MiniSearch's scoring, in
 * lexical-index.ts), with section and paper titles as boosted fields so "results of the
 * ablation" finds the paragraphs under "Ablation study".
 *
 * It is kept up to date paper by paper (addPaper / removePaper) and can be written
 * out (toSnapshot) and read back (fromSnapshot), so a big library is neither re-indexed on
 * every save nor on every service-worker restart. The index itself holds no paper
 * text: paragraphs are resolved through papers attached to it, and a lookup of a
 * paper that is not attached is recorded (missingPapers) so the caller can load it.
 */
import { LexicalIndex, type LexicalOptions, type LexicalResult, type LexicalSnapshot } from './lexical-index';
import type { LibraryPaper, Paragraph } from '../model/paper';
import { stemmer } from 'stemmer';
import { normalizeText } from '../text/normalize';
import { VerbatimError } from '../errors';

export interface IndexedParagraph {
  key: string;
  paperId: string;
  paragraphId: string;
  text: string;
  sectionTitle: string;
  paperTitle: string;
}

export interface ParagraphHit {
  key: string;
  paperId: string;
  paragraphId: string;
  score: number;
  /** Processed (stemmed) query terms to highlight: those this paragraph matched (a search passes all the query's; termSpans marks only those in the text). */
  terms: string[];
}

/**
 * Function words only: content words such as "used", "based" or "paper" still rank
 * passages (measured on QASPER: evidence recall@5 0.43 with the broad list, 0.46 with this one).
 */
const INDEX_STOP_WORDS = new Set('a an and are as at be by do does for from how in is it of on or that the their they this to was were what which who why with'.split(' '));

/** Porter stemming, so "routes", "routing" and "routed" meet (recall@5 0.32 -> 0.43 over a suffix stripper). */
export function processTerm(term: string): string | null {
  const t = normalizeText(term);
  if (!t || INDEX_STOP_WORDS.has(t)) return null;
  return stemmer(t);
}

export function paragraphKey(paperId: string, paragraphId: string): string {
  return `${paperId}#${paragraphId}`;
}

/** Bumped whenever what the index stores changes: an older file is then rebuilt. */
export const INDEX_FORMAT = 3;

const FIELDS = ['text', 'sectionTitle', 'paperTitle'] as const;
/** Section titles count most ("results of the ablation" finds the paragraphs under "Ablation study"). */
const LEXICAL_OPTIONS: LexicalOptions = { fields: FIELDS, boosts: [1, 1.5, 0.5], processTerm };

/**
 * How terms are processed: the stop words, a sample that exercises stemming and normalisation, the fields and
 * their boosts. A saved index made with other processing would match no query terms it should; this
 * changes by itself when the processing does, where a version bumped by hand can be forgotten.
 */
export const TERM_PROCESSING = [
  [...INDEX_STOP_WORDS].join(' '),
  termsOf('The routed routes were routing; naïve ﬁne-tuning of Transformers’ attention in 2019 (BERT-base, F1 = 0.91) is what they studied.').join(' '),
  FIELDS.join(' '),
  LEXICAL_OPTIONS.boosts.join(' '),
].join('\u0000');

/**
 * The saved index (structured-clone friendly: IndexedDB stores it as is, nothing to parse):
 * the lexical engine's snapshot, document frequencies, and per paper its savedAt, document ids
 * and paragraph ids.
 */
export interface ParagraphIndexSnapshot {
  format: typeof INDEX_FORMAT;
  /** TERM_PROCESSING when the index was built. */
  termProcessing: string;
  paragraphCount: number;
  lexical: LexicalSnapshot;
  /** Terms joined by U+0000, and the number of paragraphs holding each. */
  frequencyTerms: string;
  frequencies: Uint32Array;
  papers: { paperId: string; savedAt: string; docIds: Uint32Array; paragraphIds: string }[];
}

interface IndexedPaper {
  savedAt: string;
  docIds: number[];
}

interface IndexedDoc {
  paperId: string;
  paragraphId: string;
}

export class ParagraphIndex {
  private readonly lexical: LexicalIndex;
  /** Paragraphs containing each processed term, for sentence-level idf weights. */
  private readonly documentFrequency: Map<string, number>;
  private readonly indexed: Map<string, IndexedPaper>;
  private readonly docs: Map<number, IndexedDoc>;
  private readonly docByKey: Map<string, number>;
  private paragraphCount: number;
  /** Papers whose text is in memory, for lookup. */
  private readonly attached = new Map<string, { paper: LibraryPaper; byId: Map<string, Paragraph> }>();
  private readonly missing = new Set<string>();

  private constructor(lexical?: LexicalIndex, documentFrequency?: Map<string, number>, indexed?: Map<string, IndexedPaper>, docs?: Map<number, IndexedDoc>, paragraphCount = 0) {
    this.lexical = lexical ?? new LexicalIndex(LEXICAL_OPTIONS);
    this.documentFrequency = documentFrequency ?? new Map();
    this.indexed = indexed ?? new Map();
    this.docs = docs ?? new Map();
    this.docByKey = new Map([...this.docs].map(([docId, d]) => [paragraphKey(d.paperId, d.paragraphId), docId]));
    this.paragraphCount = paragraphCount;
  }

  static empty(): ParagraphIndex {
    return new ParagraphIndex();
  }

  static fromPapers(papers: readonly LibraryPaper[]): ParagraphIndex {
    const index = new ParagraphIndex();
    for (const paper of papers) index.addPaper(paper);
    return index;
  }

  /** Reads what toSnapshot wrote; anything malformed or inconsistent is SEARCH_INDEX_CORRUPT (the caller rebuilds). */
  static fromSnapshot(snapshot: ParagraphIndexSnapshot): ParagraphIndex {
    const bad = (why: string) => new VerbatimError('SEARCH_INDEX_CORRUPT', why);
    if (!snapshot || snapshot.format !== INDEX_FORMAT || !Array.isArray(snapshot.papers) || !(snapshot.frequencies instanceof Uint32Array) || typeof snapshot.frequencyTerms !== 'string') {
      throw bad('not an index of this format');
    }
    if (snapshot.termProcessing !== TERM_PROCESSING) throw bad('its terms were processed differently');
    const lexical = LexicalIndex.fromSnapshot(LEXICAL_OPTIONS, snapshot.lexical);
    const frequencyTerms = snapshot.frequencyTerms ? snapshot.frequencyTerms.split('\u0000') : [];
    if (frequencyTerms.length !== snapshot.frequencies.length) throw bad('document frequencies do not match their terms');
    const documentFrequency = new Map(frequencyTerms.map((term, i) => [term, snapshot.frequencies[i]!]));
    const indexed = new Map<string, IndexedPaper>();
    const docs = new Map<number, IndexedDoc>();
    for (const { paperId, savedAt, docIds, paragraphIds } of snapshot.papers) {
      const ids = typeof paragraphIds === 'string' && paragraphIds ? paragraphIds.split('\u0000') : [];
      if (!(docIds instanceof Uint32Array) || ids.length !== docIds.length) throw bad(`paper ${String(paperId)} does not add up`);
      indexed.set(paperId, { savedAt, docIds: Array.from(docIds) });
      docIds.forEach((docId, i) => docs.set(docId, { paperId, paragraphId: ids[i]! }));
    }
    if (docs.size !== snapshot.paragraphCount || lexical.size !== snapshot.paragraphCount) {
      throw bad(`paragraph counts disagree (${docs.size}, ${lexical.size}, ${snapshot.paragraphCount})`);
    }
    return new ParagraphIndex(lexical, documentFrequency, indexed, docs, snapshot.paragraphCount);
  }

  toSnapshot(): ParagraphIndexSnapshot {
    return {
      format: INDEX_FORMAT,
      termProcessing: TERM_PROCESSING,
      paragraphCount: this.paragraphCount,
      lexical: this.lexical.toSnapshot(),
      frequencyTerms: [...this.documentFrequency.keys()].join('\u0000'),
      frequencies: Uint32Array.from(this.documentFrequency.values()),
      papers: [...this.indexed].map(([paperId, { savedAt, docIds }]) => ({
        paperId,
        savedAt,
        docIds: Uint32Array.from(docIds),
        paragraphIds: docIds.map((docId) => this.docs.get(docId)!.paragraphId).join('\u0000'),
      })),
    };
  }

  get size(): number {
    return this.paragraphCount;
  }

  /** Indexed papers and the savedAt each was indexed at, to tell which ones changed in the store. */
  indexedPapers(): ReadonlyMap<string, string> {
    return new Map([...this.indexed].map(([id, p]) => [id, p.savedAt]));
  }

  get paperCount(): number {
    return this.indexed.size;
  }

  hasPaper(paperId: string): boolean {
    return this.indexed.has(paperId);
  }

  /** Indexes a paper (replacing an indexed paper of the same id only through removePaper first). */
  addPaper(paper: LibraryPaper): void {
    if (this.indexed.has(paper.id)) throw new VerbatimError('SEARCH_INDEX_CORRUPT', `paper ${paper.id} is already indexed`);
    const documents = documentsOf(paper);
    const docIds: number[] = [];
    for (const document of documents) {
      for (const term of new Set(termsOf(document.text))) {
        this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
      }
      const docId = this.lexical.add({ fields: FIELDS.map((f) => document[f]) });
      docIds.push(docId);
      this.docs.set(docId, { paperId: paper.id, paragraphId: document.paragraphId });
      this.docByKey.set(document.key, docId);
    }
    this.indexed.set(paper.id, { savedAt: paper.savedAt, docIds });
    this.paragraphCount += documents.length;
    this.attachPaper(paper);
  }

  /** Takes a paper out; it must be the text that was indexed (terms are taken out by re-reading the fields). */
  removePaper(paper: LibraryPaper): void {
    const entry = this.indexed.get(paper.id);
    if (!entry) return;
    const documents = documentsOf(paper);
    if (entry.savedAt !== paper.savedAt || documents.length !== entry.docIds.length) {
      throw new VerbatimError('SEARCH_INDEX_CORRUPT', `paper ${paper.id} is not the version that was indexed`);
    }
    documents.forEach((document, i) => {
      const docId = entry.docIds[i]!;
      this.lexical.remove(docId, { fields: FIELDS.map((f) => document[f]) });
      this.docs.delete(docId);
      this.docByKey.delete(document.key);
      for (const term of new Set(termsOf(document.text))) {
        const left = (this.documentFrequency.get(term) ?? 0) - 1;
        if (left > 0) this.documentFrequency.set(term, left);
        else this.documentFrequency.delete(term);
      }
    });
    this.indexed.delete(paper.id);
    this.paragraphCount -= documents.length;
    this.attached.delete(paper.id);
  }

  /** Makes a paper's text available to lookup without indexing it again (after fromSnapshot). */
  attachPaper(paper: LibraryPaper): void {
    this.attached.set(paper.id, { paper, byId: new Map(paper.paragraphs.map((p) => [p.id, p])) });
    this.missing.delete(paper.id);
  }

  attachedPaper(paperId: string): LibraryPaper | undefined {
    return this.attached.get(paperId)?.paper;
  }

  /** Indexed papers whose text a lookup needed but did not have; cleared by attachPaper. */
  missingPapers(): string[] {
    return [...this.missing];
  }

  lookup(key: string): { paper: LibraryPaper; paragraph: Paragraph } | undefined {
    const docId = this.docByKey.get(key);
    const doc = docId === undefined ? undefined : this.docs.get(docId);
    if (!doc) return undefined;
    const attached = this.attached.get(doc.paperId);
    if (!attached) {
      this.missing.add(doc.paperId);
      return undefined;
    }
    const paragraph = attached.byId.get(doc.paragraphId);
    return paragraph ? { paper: attached.paper, paragraph } : undefined;
  }

  query(text: string, options: { limit?: number; paperIds?: ReadonlySet<string> } = {}): ParagraphHit[] {
    const { limit = 10, paperIds } = options;
    // On a large library, terms in more than a tenth of all paragraphs add little to BM25 but cost the most
    // (long postings): leave them out when rarer terms remain, else keep the two rarest.
    const terms = [...new Set(termsOf(text))];
    const large = this.paragraphCount > 5_000;
    const frequent = (t: string) => large && (this.documentFrequency.get(t) ?? 0) > this.paragraphCount * 0.1;
    let kept = terms.filter((t) => !frequent(t));
    if (!kept.length) kept = [...terms].sort((a, b) => (this.documentFrequency.get(a) ?? 0) - (this.documentFrequency.get(b) ?? 0)).slice(0, 2);
    const keep = new Set(kept);
    const keepTerm = (term: string) => keep.has(term);
    const inScope = (r: LexicalResult) => !paperIds || paperIds.has(this.docs.get(r.docId)!.paperId);
    // Paragraphs with every term first (a small, cheap result on big libraries); all-terms-optional when too few.
    let results = large ? this.lexical.search(text, { combineWith: 'AND', keepTerm }).filter(inScope) : [];
    if (results.length < limit) results = this.lexical.search(text, { combineWith: 'OR', keepTerm }).filter(inScope);
    return results.slice(0, limit).map((r) => {
      const doc = this.docs.get(r.docId)!;
      return { key: paragraphKey(doc.paperId, doc.paragraphId), paperId: doc.paperId, paragraphId: doc.paragraphId, score: r.score, terms: r.terms };
    });
  }

  /** Indexed paragraphs holding a processed term. */
  documentFrequencyOf(processedTerm: string): number {
    return this.documentFrequency.get(processedTerm) ?? 0;
  }

  /** Inverse document frequency of a processed term over the indexed paragraphs (BM25's form, always > 0). */
  idf(processedTerm: string): number {
    const df = this.documentFrequency.get(processedTerm) ?? 0;
    return Math.log(1 + (this.paragraphCount - df + 0.5) / (df + 0.5));
  }
}

function documentsOf(paper: LibraryPaper): IndexedParagraph[] {
  const sectionTitles = new Map(paper.sections.map((s) => [s.id, s.title]));
  const documents: IndexedParagraph[] = [];
  for (const paragraph of paper.paragraphs) {
    if (paragraph.kind === 'equation') continue; // formulas alone answer nothing in prose
    documents.push({
      key: paragraphKey(paper.id, paragraph.id),
      paperId: paper.id,
      paragraphId: paragraph.id,
      text: paragraph.text,
      sectionTitle: paragraph.sectionId ? sectionTitles.get(paragraph.sectionId) ?? '' : '',
      paperTitle: paper.title,
    });
  }
  return documents;
}

/** Processed index terms of a text, in order, repeats kept. */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  for (const word of text.split(/[^\p{L}\p{N}]+/u)) {
    const term = word ? processTerm(word) : null;
    if (term) out.push(term);
  }
  return out;
}

/** Where the words of a text whose processed form is one of these terms are: for highlighting hits. */
export function termSpans(text: string, terms: ReadonlySet<string>): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const term = processTerm(match[0]);
    if (term && terms.has(term)) spans.push({ start: match.index, end: match.index + match[0].length });
  }
  return spans;
}
