/**
 * The Answer JSON boundary: what the extension's library answers a pane over the external
 * protocol, and what `verbatim ask --json` prints. Identifiers in the references pass the
 * strict checks, since they end up in the document's reference list.
 */
import * as v from 'valibot';
import type { Answer } from '../answer/answer';
import { ReferenceSchema } from './paper-schema';
import { arxivIdString, count, doiString, finiteNumber, idString, list, longText, parseJsonText, parseWith, shortText, versionString, webUrlString } from './parse';

const CitationSchema = v.pipe(
  v.object({
    paperId: idString,
    paragraphId: idString,
    quote: longText,
    verified: v.boolean(),
    score: finiteNumber,
    start: count,
    end: count,
    snapped: v.optional(v.boolean()),
  }),
  v.check((c) => c.start <= c.end, 'start must not be after end'),
);

const SentenceSchema = v.object({
  text: longText,
  citations: list(CitationSchema, 1_000),
  // Re-derived on arrival (reverifyAnswer): read here only so a genuine copied answer parses.
  support: v.picklist(['verified', 'snapped', 'check-source', 'unsupported']),
});

const PrimarySchema = v.object({
  paperId: idString,
  title: shortText,
  authors: list(shortText, 5_000),
  arxivId: v.nullable(arxivIdString),
  version: v.nullable(versionString),
  year: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3000))),
  url: v.optional(webUrlString),
  doi: v.optional(doiString),
  journalRef: v.optional(shortText),
  arxivCategory: v.optional(v.pipe(v.string(), v.regex(/^[a-z][a-z-]*(?:\.[A-Za-z-]{1,12})?$/))),
});

const SecondarySchema = v.object({
  ...ReferenceSchema.entries,
  citedBy: list(v.object({ paperId: idString, paragraphId: idString, marker: shortText }), 10_000),
  grain: v.picklist(['fine', 'coarse']),
});

const StatsSchema = v.object({
  llmCalls: count, inputTokens: count, outputTokens: count, ms: v.pipe(finiteNumber, v.minValue(0)),
  sentences: count, cited: count, verified: count, snapped: count, unsupported: count, checkSource: v.optional(count),
});

const PassageSchema = v.object({
  paperId: idString,
  paragraphId: idString,
  paperTitle: v.optional(shortText),
  sectionTitle: shortText,
  score: finiteNumber,
  highlights: list(v.pipe(v.object({ start: count, end: count }), v.check((h) => h.start <= h.end, 'start must not be after end')), 1_000),
});

export const AnswerSchema = v.object({
  question: longText,
  mode: v.picklist(['extractive', 'llm']),
  sentences: list(SentenceSchema, 10_000),
  references: v.object({ primary: list(PrimarySchema, 10_000), secondary: list(SecondarySchema, 100_000) }),
  stats: StatsSchema,
  abstained: v.boolean(),
  notice: v.optional(longText),
  passages: v.optional(list(PassageSchema, 1_000)),
});

export function parseAnswer(value: unknown): Answer {
  return parseWith(AnswerSchema, value, 'BAD_ANSWER_PAYLOAD', 'answer');
}

/** A pasted answer (text) to a checked Answer; anything else is BAD_ANSWER_PAYLOAD. */
export function parseAnswerJson(text: string): Answer {
  return parseAnswer(parseJsonText(text, 'BAD_ANSWER_PAYLOAD', 'answer'));
}
