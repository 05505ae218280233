/**
 * The sidebar's calls cross a boundary (google.script.run carries whatever the page sends):
 * every payload is parsed into typed values here, or refused with GDOCS_BAD_PAYLOAD before
 * the document is touched.
 */
import * as v from 'valibot';
import { VerbatimError } from '../../shared/errors';
import type { DocumentRendering, InsertAnswerPayload, InsertQuotePayload, StoredRecord } from '../common/document-contract';

// C0 controls other than tab, new-line and carriage return, and DEL.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_CONTROLS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
const text = (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max), v.regex(NO_CONTROLS));
const id = v.pipe(v.string(), v.minLength(1), v.maxLength(300), v.regex(NO_CONTROLS));
const count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000));

const LocatorSchema = v.object({
  section: v.optional(v.pipe(v.string(), v.maxLength(120), v.regex(NO_CONTROLS))),
  paragraph: v.optional(count),
  page: v.optional(count),
});

const AnchorSchema = v.object({
  paperId: id,
  paragraphId: id,
  quoteHash: v.pipe(v.string(), v.regex(/^[0-9a-f]{8}$/)),
  locator: LocatorSchema,
});

const CitationSchema = v.object({ anchor: AnchorSchema, citedWorkIds: v.pipe(v.array(id), v.maxLength(500)) });

// A record is CSL-JSON: the server keeps it as given, checking only that it is an object with an id.
const RecordSchema = v.looseObject({ id });
const RecordsSchema = v.pipe(v.array(RecordSchema), v.maxLength(1000));

const InsertQuoteSchema = v.object({ quote: text(20_000), citation: CitationSchema, records: RecordsSchema });

const InsertAnswerSchema = v.object({
  sentences: v.pipe(v.array(v.object({ text: text(5_000), citations: v.pipe(v.array(CitationSchema), v.minLength(1), v.maxLength(20)) })), v.minLength(1), v.maxLength(50)),
  records: RecordsSchema,
});

const RenderingSchema = v.pipe(
  v.object({
    style: text(60),
    basedOn: v.pipe(v.array(v.pipe(v.string(), v.maxLength(2_000))), v.maxLength(5_000)),
    citationTexts: v.pipe(v.array(text(300)), v.maxLength(5_000)),
    citationsRaised: v.boolean(),
    bibliography: v.object({
      heading: text(200),
      primary: v.pipe(v.array(text(5_000)), v.maxLength(1_000)),
      secondaryHeading: text(200),
      secondary: v.pipe(v.array(text(5_000)), v.maxLength(2_000)),
    }),
  }),
  v.check((r) => r.basedOn.length === r.citationTexts.length, 'one citation text per citation'),
);

function parse<T>(schema: v.GenericSchema<unknown, T>, input: unknown, what: string): T {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  throw new VerbatimError('GDOCS_BAD_PAYLOAD', `${what}${path ? ` at ${path}` : ''}: ${issue.message}`);
}

export const parseInsertQuote = (input: unknown): InsertQuotePayload => parse(InsertQuoteSchema, input, 'quote') as InsertQuotePayload;
export const parseInsertAnswer = (input: unknown): InsertAnswerPayload => parse(InsertAnswerSchema, input, 'answer') as InsertAnswerPayload;
export const parseRendering = (input: unknown): DocumentRendering => parse(RenderingSchema, input, 'rendering');

export const StoredStateSchema = v.object({
  version: v.literal(1),
  style: v.nullable(v.pipe(v.string(), v.maxLength(60))),
  records: v.record(v.string(), RecordSchema),
  citedWorks: v.record(v.string(), v.array(v.string())),
});

export type StoredState = { version: 1; style: string | null; records: Record<string, StoredRecord>; citedWorks: Record<string, string[]> };
