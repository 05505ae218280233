/**
 * The paragraph index's BM25+ engine: MiniSearch's scoring (fields with boosts, BM25+ with
 * k 1.2, b 0.7, d 0.5, OR / AND combination, scores multiplied by the number of query terms
 * matched), kept in a form that loads at once.
 *
 * Why not MiniSearch itself: loading a saved MiniSearch index rebuilds its radix tree and a Map
 * per term and field, seconds of work at 50k paragraphs on every service-worker restart. Here
 * the saved form is a few typed arrays and strings (structured-clone friendly, no JSON), and a
 * term's postings are decoded only when a query or an update first touches that term. Nothing
 * uses prefix or fuzzy search, so an exact term map is all the lookup there is.
 *
 * Results equal MiniSearch's to the last bit and in the same order (tests/unit/lexical-index.test.ts
 * checks this against MiniSearch on random libraries, with adds, removes and reloads): the same
 * tokenizer, the same running averages of field lengths, the same order of summation.
 */
import { VerbatimError } from '../errors';

/** MiniSearch's default tokenizer: split on spaces and punctuation (empty tokens included, as it does). */
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

export interface LexicalOptions {
  fields: readonly string[];
  boosts: readonly number[];
  processTerm: (term: string) => string | null;
}

export interface LexicalDocument {
  /** One value per field, in LexicalOptions.fields order. */
  fields: readonly string[];
}

export interface LexicalResult {
  docId: number;
  score: number;
  /** Processed query terms the document matched, in the order they were first matched. */
  terms: string[];
}

/** Per field, the documents holding the term and how often, in insertion (= id) order. */
type FieldPostings = Map<number, number>;
type TermPostings = (FieldPostings | undefined)[];

/** The saved form: everything structured-clone friendly, nothing to parse. */
export interface LexicalSnapshot {
  documentCount: number;
  nextId: number;
  averageFieldLength: number[];
  /** Field lengths of every live document, `fields.length` per document, in docIds order. */
  docIds: Uint32Array;
  fieldLengths: Uint32Array;
  /** Terms joined by U+0000; for term i and field f, postings slot i * fields + f. */
  terms: string;
  slotStarts: Uint32Array;
  postingDocs: Uint32Array;
  postingFreqs: Uint32Array;
}

export function tokenize(text: string): string[] {
  return text.split(SPACE_OR_PUNCTUATION);
}

export class LexicalIndex {
  private documentCount = 0;
  private nextId = 0;
  private averageFieldLength: number[];
  private readonly fieldLength = new Map<number, number[]>();
  /** Decoded or changed terms; the rest are still in the snapshot. */
  private readonly live = new Map<string, TermPostings>();
  private frozen: { slots: Map<string, number>; snapshot: LexicalSnapshot } | null = null;

  constructor(private readonly options: LexicalOptions) {
    this.averageFieldLength = options.fields.map(() => 0);
  }

  get size(): number {
    return this.documentCount;
  }

  add(document: LexicalDocument): number {
    const docId = this.nextId++;
    this.documentCount++;
    const lengths: number[] = [];
    this.fieldLength.set(docId, lengths);
    this.options.fields.forEach((_, field) => {
      const tokens = tokenize(document.fields[field] ?? '');
      const length = new Set(tokens).size;
      lengths[field] = length;
      const count = this.documentCount - 1;
      const average = this.averageFieldLength[field] || 0;
      this.averageFieldLength[field] = (average * count + length) / (count + 1);
      for (const token of tokens) {
        const term = this.options.processTerm(token);
        if (!term) continue;
        const postings = this.postingsFor(term, true)!;
        const inField = (postings[field] ??= new Map());
        inField.set(docId, (inField.get(docId) ?? 0) + 1);
      }
    });
    return docId;
  }

  /** Takes a document out; it must be given the same field values it was added with. */
  remove(docId: number, document: LexicalDocument): void {
    if (!this.fieldLength.has(docId)) throw new VerbatimError('SEARCH_INDEX_CORRUPT', `document ${docId} is not in the index`);
    this.options.fields.forEach((_, field) => {
      const tokens = tokenize(document.fields[field] ?? '');
      const length = new Set(tokens).size;
      if (this.documentCount === 1) this.averageFieldLength[field] = 0;
      else this.averageFieldLength[field] = (this.averageFieldLength[field]! * this.documentCount - length) / (this.documentCount - 1);
      for (const token of tokens) {
        const term = this.options.processTerm(token);
        if (!term) continue;
        const postings = this.postingsFor(term, false);
        const inField = postings?.[field];
        const freq = inField?.get(docId);
        if (!postings || !inField || freq === undefined) throw new VerbatimError('SEARCH_INDEX_CORRUPT', `"${term}" was not indexed for document ${docId}`);
        if (freq > 1) inField.set(docId, freq - 1);
        else if (inField.size > 1) inField.delete(docId);
        else postings[field] = undefined;
      }
    });
    this.fieldLength.delete(docId);
    this.documentCount--;
  }

  search(query: string, options: { combineWith: 'OR' | 'AND'; keepTerm?: (term: string) => boolean }): LexicalResult[] {
    const perTerm: Map<number, { score: number; terms: string[] }>[] = [];
    for (const token of tokenize(query)) {
      const term = this.options.processTerm(token);
      if (!term || (options.keepTerm && !options.keepTerm(term))) continue;
      perTerm.push(this.termResults(term));
    }
    if (!perTerm.length) return [];
    const combined = perTerm.reduce(options.combineWith === 'AND' ? combineAnd : combineOr);
    const results: LexicalResult[] = [];
    for (const [docId, { score, terms }] of combined) results.push({ docId, score: score * (terms.length || 1), terms: inObjectKeyOrder(terms) });
    // Array.prototype.sort is stable: ties keep the combination's order, as MiniSearch's do.
    return results.sort((a, b) => b.score - a.score);
  }

  private termResults(term: string): Map<number, { score: number; terms: string[] }> {
    const results = new Map<number, { score: number; terms: string[] }>();
    const postings = this.postingsFor(term, false);
    if (!postings) return results;
    this.options.fields.forEach((_, field) => {
      const inField = postings[field];
      if (!inField) return;
      const boost = this.options.boosts[field] ?? 1;
      const matching = inField.size;
      const average = this.averageFieldLength[field]!;
      for (const [docId, termFreq] of inField) {
        const fieldLength = this.fieldLength.get(docId)![field]!;
        const idf = Math.log(1 + (this.documentCount - matching + 0.5) / (matching + 0.5));
        const raw = idf * (BM25.d + (termFreq * (BM25.k + 1)) / (termFreq + BM25.k * (1 - BM25.b + (BM25.b * fieldLength) / average)));
        const weighted = 1 * 1 * boost * 1 * raw;
        const result = results.get(docId);
        if (result) result.score += weighted;
        else results.set(docId, { score: weighted, terms: [term] });
      }
    });
    return results;
  }

  /** The postings of a term, decoded from the snapshot on first use; created when `create`. */
  private postingsFor(term: string, create: boolean): TermPostings | undefined {
    let postings = this.live.get(term);
    if (postings) return postings;
    const slot = this.frozen?.slots.get(term);
    if (slot !== undefined) {
      postings = this.decode(slot);
      this.live.set(term, postings);
      return postings;
    }
    if (!create) return undefined;
    postings = this.options.fields.map(() => undefined);
    this.live.set(term, postings);
    return postings;
  }

  private decode(slot: number): TermPostings {
    const { snapshot } = this.frozen!;
    const fields = this.options.fields.length;
    const postings: TermPostings = [];
    for (let field = 0; field < fields; field++) {
      const from = snapshot.slotStarts[slot * fields + field]!;
      const to = snapshot.slotStarts[slot * fields + field + 1]!;
      if (from === to) {
        postings.push(undefined);
        continue;
      }
      const inField: FieldPostings = new Map();
      for (let i = from; i < to; i++) inField.set(snapshot.postingDocs[i]!, snapshot.postingFreqs[i]!);
      postings.push(inField);
    }
    return postings;
  }

  toSnapshot(): LexicalSnapshot {
    const fields = this.options.fields.length;
    const termList: string[] = [];
    const starts: number[] = [0];
    const docs: number[] = [];
    const freqs: number[] = [];
    const write = (postings: TermPostings) => {
      for (let field = 0; field < fields; field++) {
        // Ids only grow, so id order is insertion order: the order MiniSearch iterates a term's documents in.
        for (const [docId, freq] of [...(postings[field] ?? new Map<number, number>())].sort((a, b) => a[0] - b[0])) {
          docs.push(docId);
          freqs.push(freq);
        }
        starts.push(docs.length);
      }
    };
    for (const [term, postings] of this.live) {
      if (postings.every((p) => !p)) continue;
      termList.push(term);
      write(postings);
    }
    if (this.frozen) {
      for (const [term, slot] of this.frozen.slots) {
        if (this.live.has(term)) continue;
        termList.push(term);
        write(this.decode(slot));
      }
    }
    const docIds = [...this.fieldLength.keys()].sort((a, b) => a - b);
    return {
      documentCount: this.documentCount,
      nextId: this.nextId,
      averageFieldLength: [...this.averageFieldLength],
      docIds: Uint32Array.from(docIds),
      fieldLengths: Uint32Array.from(docIds.flatMap((id) => this.fieldLength.get(id)!)),
      terms: termList.join('\u0000'),
      slotStarts: Uint32Array.from(starts),
      postingDocs: Uint32Array.from(docs),
      postingFreqs: Uint32Array.from(freqs),
    };
  }

  /** Reads what toSnapshot wrote; any inconsistency is SEARCH_INDEX_CORRUPT (the caller rebuilds). */
  static fromSnapshot(options: LexicalOptions, snapshot: LexicalSnapshot): LexicalIndex {
    const fields = options.fields.length;
    const bad = (why: string) => new VerbatimError('SEARCH_INDEX_CORRUPT', why);
    const typed = [snapshot.docIds, snapshot.fieldLengths, snapshot.slotStarts, snapshot.postingDocs, snapshot.postingFreqs];
    if (!typed.every((a) => a instanceof Uint32Array) || typeof snapshot.terms !== 'string') throw bad('not a lexical index snapshot');
    if (!Array.isArray(snapshot.averageFieldLength) || snapshot.averageFieldLength.length !== fields) throw bad('field averages do not match the fields');
    if (snapshot.docIds.length !== snapshot.documentCount || snapshot.fieldLengths.length !== snapshot.documentCount * fields) throw bad('document counts disagree');
    const terms = snapshot.terms ? snapshot.terms.split('\u0000') : [];
    if (snapshot.slotStarts.length !== terms.length * fields + 1 || snapshot.slotStarts[snapshot.slotStarts.length - 1] !== snapshot.postingDocs.length || snapshot.postingFreqs.length !== snapshot.postingDocs.length) {
      throw bad('postings do not match the terms');
    }
    const index = new LexicalIndex(options);
    index.documentCount = snapshot.documentCount;
    index.nextId = snapshot.nextId;
    index.averageFieldLength = [...snapshot.averageFieldLength];
    snapshot.docIds.forEach((docId, i) => index.fieldLength.set(docId, Array.from(snapshot.fieldLengths.subarray(i * fields, (i + 1) * fields))));
    index.frozen = { slots: new Map(terms.map((term, slot) => [term, slot])), snapshot };
    return index;
  }
}

type Scored = Map<number, { score: number; terms: string[] }>;

/**
 * MiniSearch reports a hit's terms as the keys of an object, and objects list integer-like keys
 * ("2021") first, in numeric order, then the others in insertion order: the same order here.
 */
function inObjectKeyOrder(terms: readonly string[]): string[] {
  const isIndex = (t: string) => /^(?:0|[1-9]\d*)$/.test(t) && Number(t) < 4294967295;
  return [...terms.filter(isIndex).sort((a, b) => Number(a) - Number(b)), ...terms.filter((t) => !isIndex(t))];
}

function addUnique(into: string[], terms: readonly string[]): void {
  for (const term of terms) if (!into.includes(term)) into.push(term);
}

function combineOr(a: Scored, b: Scored): Scored {
  for (const [docId, next] of b) {
    const existing = a.get(docId);
    if (!existing) a.set(docId, next);
    else {
      existing.score = existing.score + next.score;
      addUnique(existing.terms, next.terms);
    }
  }
  return a;
}

function combineAnd(a: Scored, b: Scored): Scored {
  const combined: Scored = new Map();
  for (const [docId, next] of b) {
    const existing = a.get(docId);
    if (!existing) continue;
    addUnique(existing.terms, next.terms);
    combined.set(docId, { score: existing.score + next.score, terms: existing.terms });
  }
  return combined;
}
