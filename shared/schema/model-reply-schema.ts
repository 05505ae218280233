/**
 * Model replies: the tolerant loose-JSON repair first (weak models fence, quote and
 * truncate their JSON), then a schema that turns what is left into typed values. The
 * schemas are lenient about extra or malformed items (dropped) and strict about the
 * shape the pipeline depends on.
 */
import * as v from 'valibot';
import { parseLooseJson } from '../llm/loose-json';

const MAX_QUERY = 500;
const MAX_SENTENCE = 5_000;
const MAX_QUOTE = 5_000;

const stringsOnly = (max: number, limit: number) =>
  v.pipe(v.array(v.unknown()), v.transform((items) => items.filter((s): s is string => typeof s === 'string' && s.trim().length > 0 && s.length <= max).slice(0, limit)));

/** Step 1, the plan: up to three search queries. */
export const PlanReplySchema = v.object({ queries: stringsOnly(MAX_QUERY, 3) });

/** Step 3, the judgement: which passage ids are relevant, and whether they suffice. */
export const JudgeReplySchema = v.pipe(
  v.object({ relevant: stringsOnly(50, 1_000), sufficient: v.optional(v.unknown()), missing: v.optional(v.unknown()) }),
  // Sufficient unless the model says false; "missing" is the follow-up search, when it gives one.
  v.transform((reply) => ({
    relevant: reply.relevant,
    sufficient: reply.sufficient !== false,
    missing: typeof reply.missing === 'string' ? reply.missing.slice(0, MAX_QUERY) : '',
  })),
);

export interface DraftCitationReply {
  id: string;
  quote: string;
}
export interface DraftSentenceReply {
  text: string;
  citations: DraftCitationReply[];
}

function toCitation(value: unknown): DraftCitationReply | null {
  if (typeof value !== 'object' || value === null) return null;
  const c = value as { id?: unknown; paragraph?: unknown; quote?: unknown };
  const id = typeof c.id === 'string' || typeof c.id === 'number' ? String(c.id) : typeof c.paragraph === 'string' ? c.paragraph : '';
  const quote = typeof c.quote === 'string' ? c.quote.slice(0, MAX_QUOTE) : '';
  return id ? { id: id.slice(0, 50), quote } : null;
}

function toSentence(value: unknown): DraftSentenceReply | null {
  if (typeof value === 'string') return value.trim() ? { text: value.slice(0, MAX_SENTENCE), citations: [] } : null;
  if (typeof value !== 'object' || value === null) return null;
  const s = value as { text?: unknown; sentence?: unknown; citations?: unknown };
  const text = typeof s.text === 'string' ? s.text : typeof s.sentence === 'string' ? s.sentence : '';
  if (!text) return null;
  const citations = Array.isArray(s.citations) ? s.citations.map(toCitation).filter((c): c is DraftCitationReply => c !== null) : [];
  return { text: text.slice(0, MAX_SENTENCE), citations };
}

const sentenceList = v.pipe(v.array(v.unknown()), v.transform((items) => items.map(toSentence).filter((s): s is DraftSentenceReply => s !== null)));

/** Step 4, synthesis: `{ sentences: [...] }` or a bare list; each sentence a string or `{ text, citations: [{ id, quote }] }`. */
export const DraftReplySchema = v.union([
  v.pipe(v.object({ sentences: sentenceList }), v.transform((reply) => reply.sentences)),
  sentenceList,
]);

/** The reply as a typed value, or null when it holds no JSON of that shape (callers fall back). */
export function readModelReply<const TSchema extends v.GenericSchema>(text: string, schema: TSchema): v.InferOutput<TSchema> | null {
  const value = parseLooseJson(text);
  if (value === undefined) return null;
  const result = v.safeParse(schema, value);
  return result.success ? result.output : null;
}
