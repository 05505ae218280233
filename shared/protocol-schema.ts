/**
 * The request schemas of the message protocol, one per entry of MessageTable in
 * shared/protocol.ts (the compiler checks that both tables have the same keys and
 * types). The background parses every request payload with `parseRequest` before its
 * handler runs; a payload that does not match is refused as BAD_MESSAGE.
 */
import * as v from 'valibot';
import { VerbatimError } from './errors';
import type { MessageType, RequestOf } from './protocol';
import { paperInconsistency, PaperSchema } from './schema/paper-schema';
import { idString, list, parseWith, shortText, webUrlString } from './schema/parse';
import { CITATION_FORMATS } from './cite/cite-formats';
import { CITATION_STYLES } from './cite/styles';
import { MAX_DENSE_HITS } from './protocol';

const Empty = v.object({});
const SettingText = v.pipe(v.string(), v.maxLength(2_000));
const ModelSettingsRequest = v.object({
  provider: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  // Empty means "the preset's" (baseURL) or "keep the stored one" (apiKey).
  baseURL: v.optional(v.union([v.literal(''), webUrlString])),
  model: v.optional(SettingText),
  apiKey: v.optional(SettingText),
});
/** Paragraphs the side panel's on-device model ranked (search by meaning), fused with the lexical ranking in the background. */
const DenseHits = v.optional(list(v.object({ paperId: idString, paragraphId: idString, score: v.pipe(v.number(), v.finite()) }), MAX_DENSE_HITS));
const Tag = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40));

type RequestSchemas = { [K in MessageType]: v.GenericSchema<unknown, RequestOf<K>> };

export const REQUEST_SCHEMAS: RequestSchemas = {
  'library/save': v.object({ url: webUrlString }),
  'library/list': Empty,
  'library/get': v.object({ paperId: idString }),
  'library/import-paper': v.object({
    paper: v.pipe(PaperSchema, v.check((paper) => paperInconsistency(paper) === null, 'the paper\'s parts do not agree (ids, links or offsets)')),
  }),
  'library/delete': v.object({ paperId: idString }),
  'library/cite': v.object({ paperId: idString, format: v.picklist(CITATION_FORMATS), style: v.optional(v.picklist(CITATION_STYLES.map((s) => s.id))) }),
  'settings/get': Empty,
  'settings/set': v.object({
    provider: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
    // Empty means "the preset's" (baseURL) or "keep the stored one" (apiKey).
    baseURL: v.optional(v.union([v.literal(''), webUrlString])),
    model: v.optional(SettingText),
    apiKey: v.optional(SettingText),
  }),
  'answer/ask': v.object({ question: shortText, paperIds: v.optional(list(idString, 100_000)), askId: v.optional(idString), denseHits: DenseHits, besidePaper: v.optional(v.boolean()) }),
  'library/search': v.object({ query: shortText, paperIds: v.optional(list(idString, 100_000)), limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))), denseHits: DenseHits }),
  'answer/cancel': v.object({ askId: idString }),
  'settings/test': ModelSettingsRequest,
  'history/list': Empty,
  'history/open': v.object({ id: idString }),
  'history/delete': v.object({ id: idString }),
  'library/status': v.object({ url: webUrlString }),
  'library/set-tags': v.object({ paperId: idString, tags: list(Tag, 20) }),
  'library/export-bundle': Empty,
  'library/index-status': Empty,
};

export function isMessageType(type: unknown): type is MessageType {
  return typeof type === 'string' && Object.hasOwn(REQUEST_SCHEMAS, type);
}

/** A request payload, checked against its type's schema; BAD_MESSAGE for an unknown type or a payload that does not match. */
export function parseRequest<K extends MessageType>(type: K, payload: unknown): RequestOf<K>;
export function parseRequest(type: string, payload: unknown): RequestOf<MessageType>;
export function parseRequest(type: string, payload: unknown): RequestOf<MessageType> {
  if (!isMessageType(type)) throw new VerbatimError('BAD_MESSAGE', `unknown message type "${type.slice(0, 60)}"`);
  return parseWith(REQUEST_SCHEMAS[type], payload, 'BAD_MESSAGE', type);
}
