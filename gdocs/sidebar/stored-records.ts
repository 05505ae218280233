/**
 * The records a document keeps are read back through a schema before the cite engine sees
 * them: anyone who can edit the document can edit its properties. A record that is not a
 * CSL item of ours is left out, and its citations are reported as missing, never rendered
 * from guesses.
 */
import * as v from 'valibot';
import type { WorkRecord } from '../../shared/cite';
import type { StoredRecord } from '../common/document-contract';

const text = v.pipe(v.string(), v.maxLength(5_000));
const NameSchema = v.object({ family: text, given: v.optional(text) });
const DateSchema = v.object({ 'date-parts': v.pipe(v.array(v.pipe(v.array(v.pipe(v.number(), v.integer())), v.minLength(1), v.maxLength(3))), v.minLength(1), v.maxLength(2)) });

const WorkRecordSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(300)),
  type: v.picklist(['article', 'article-journal', 'paper-conference', 'chapter', 'book', 'thesis', 'report', 'webpage']),
  title: v.optional(text),
  author: v.optional(v.pipe(v.array(NameSchema), v.maxLength(500))),
  editor: v.optional(v.pipe(v.array(NameSchema), v.maxLength(100))),
  issued: v.optional(DateSchema),
  'container-title': v.optional(text),
  'collection-title': v.optional(text),
  volume: v.optional(text),
  issue: v.optional(text),
  page: v.optional(text),
  publisher: v.optional(text),
  'publisher-place': v.optional(text),
  number: v.optional(text),
  genre: v.optional(text),
  DOI: v.optional(text),
  URL: v.optional(text),
  abstract: v.optional(v.pipe(v.string(), v.maxLength(20_000))),
  note: v.optional(text),
});

/** The records that parse, by id (unknown fields dropped); the ids of those that do not. */
export function readStoredRecords(records: Record<string, StoredRecord>): { records: Map<string, WorkRecord>; rejected: string[] } {
  const parsed = new Map<string, WorkRecord>();
  const rejected: string[] = [];
  for (const [id, record] of Object.entries(records)) {
    const result = v.safeParse(WorkRecordSchema, record);
    if (result.success && result.output.id === id) parsed.set(id, result.output as WorkRecord);
    else rejected.push(id);
  }
  return { records: parsed, rejected };
}

/** A record as the server keeps it: plain data. */
export function toStoredRecord(record: WorkRecord): StoredRecord {
  return { ...record };
}
