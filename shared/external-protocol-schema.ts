/**
 * Schemas of the external protocol (shared/external-protocol.ts), both ways: the
 * background parses every request a pane sends (BAD_MESSAGE otherwise), and the pane
 * parses every reply the extension sends (BAD_EXTERNAL_REPLY otherwise), since each
 * side is the other's boundary.
 */
import * as v from 'valibot';
import { type ErrorCode } from './errors';
import type { ExternalMessageType, ExternalRequestEnvelope, ExternalRequestOf, ExternalResponseOf } from './external-protocol';
import { EXTERNAL_PROTOCOL_VERSION } from './external-protocol';
import type { Reply } from './protocol';
import { AnswerSchema } from './schema/answer-schema';
import { paperInconsistency, PaperSchema } from './schema/paper-schema';
import { arxivIdString, count, finiteNumber, idString, list, longText, parseWith, shortText, versionString, webUrlString } from './schema/parse';

const Empty = v.object({});
const PaperIds = v.optional(list(idString, 100_000));
const Limit = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)));

type RequestSchemas = { [K in ExternalMessageType]: v.GenericSchema<unknown, ExternalRequestOf<K>> };
type ResponseSchemas = { [K in ExternalMessageType]: v.GenericSchema<unknown, ExternalResponseOf<K>> };

export const EXTERNAL_REQUEST_SCHEMAS: RequestSchemas = {
  'external/hello': Empty,
  'external/papers': Empty,
  'external/search': v.object({ query: shortText, paperIds: PaperIds, limit: Limit }),
  'external/paper': v.object({ paperId: idString }),
  'external/ask': v.object({ question: shortText, paperIds: PaperIds }),
};

const PaperSummarySchema = v.object({
  id: idString,
  arxivId: v.nullable(arxivIdString),
  version: v.nullable(versionString),
  source: v.picklist(['arxiv-html', 'pdf', 'abs']),
  title: shortText,
  authors: list(shortText, 5_000),
  url: v.optional(webUrlString),
  savedAt: v.pipe(v.string(), v.maxLength(100)),
  paragraphCount: count,
  referenceCount: count,
  citationCount: count,
  primaryCategory: v.optional(shortText),
});

const Span = v.object({ start: count, end: count });

const SearchHitSchema = v.object({
  paperId: idString,
  paperTitle: shortText,
  arxivId: v.nullable(arxivIdString),
  paragraphId: idString,
  sectionTitle: shortText,
  score: finiteNumber,
  text: longText,
  highlights: list(Span, 10_000),
  terms: list(shortText, 10_000),
  quoted: v.optional(Span),
});

const LibraryPaperSchema = v.pipe(
  v.object({ id: idString, savedAt: v.pipe(v.string(), v.maxLength(100)), ...PaperSchema.entries }),
  v.check((paper) => paperInconsistency(paper) === null, "the paper's parts do not agree (ids, links or offsets)"),
);

export const EXTERNAL_RESPONSE_SCHEMAS: ResponseSchemas = {
  'external/hello': v.object({ protocol: count, extensionVersion: v.pipe(v.string(), v.maxLength(50)), label: shortText, papers: count }),
  'external/papers': list(PaperSummarySchema, 100_000),
  'external/search': list(SearchHitSchema, 100),
  'external/paper': LibraryPaperSchema,
  'external/ask': AnswerSchema,
};

const EnvelopeSchema = v.object({
  channel: v.literal('verbatim-external'),
  protocol: v.literal(EXTERNAL_PROTOCOL_VERSION),
  type: v.picklist(Object.keys(EXTERNAL_REQUEST_SCHEMAS) as ExternalMessageType[]),
  payload: v.unknown(),
});

const ReplySchema = v.union([
  v.object({ ok: v.literal(true), value: v.unknown() }),
  v.object({ ok: v.literal(false), error: v.object({ code: v.pipe(v.string(), v.maxLength(100)), detail: v.optional(v.pipe(v.string(), v.maxLength(2_000))) }) }),
]);

/** A message from a pane: its envelope, then its payload by the type's schema; BAD_MESSAGE naming the first problem. */
export function parseExternalRequest(message: unknown): ExternalRequestEnvelope {
  const envelope = parseWith(EnvelopeSchema, message, 'BAD_MESSAGE', 'external request');
  const payload = parseWith(EXTERNAL_REQUEST_SCHEMAS[envelope.type], envelope.payload, 'BAD_MESSAGE', envelope.type);
  return { ...envelope, payload } as ExternalRequestEnvelope;
}

/** The extension's reply to a pane's request, checked: the value by the type's response schema. */
export function parseExternalReply<K extends ExternalMessageType>(type: K, reply: unknown): Reply<ExternalResponseOf<K>> {
  const checked = parseWith(ReplySchema, reply, 'BAD_EXTERNAL_REPLY', type);
  if (!checked.ok) return { ok: false, error: { code: checked.error.code as ErrorCode, ...(checked.error.detail !== undefined ? { detail: checked.error.detail } : {}) } };
  return { ok: true, value: parseWith(EXTERNAL_RESPONSE_SCHEMAS[type], checked.value, 'BAD_EXTERNAL_REPLY', type) };
}

export function isExternalMessageType(type: unknown): type is ExternalMessageType {
  return typeof type === 'string' && Object.hasOwn(EXTERNAL_REQUEST_SCHEMAS, type);
}
