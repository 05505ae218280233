/**
 * How every boundary schema is applied: valibot checks the value, and a failure becomes
 * the boundary's own named error with the path of the first problem
 * ("paragraphs.3.citations.0.start: expected number"), never INTERNAL.
 */
import * as v from 'valibot';
import { VerbatimError, type ErrorCode } from '../errors';
import { isArxivId, isDoi, isVersion, isWebUrl, parseArxivIdStrict } from '../model/identifiers';

export function parseWith<const TSchema extends v.GenericSchema>(schema: TSchema, value: unknown, code: ErrorCode, label: string): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, value, { abortEarly: true });
  if (result.success) return result.output;
  throw new VerbatimError(code, `${label}: ${describeIssue(result.issues[0])}`);
}

/** JSON text to a value, a syntax error reported under the boundary's own code. */
export function parseJsonText(text: string, code: ErrorCode, label: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new VerbatimError(code, `${label}: not valid JSON (${error instanceof Error ? error.message.slice(0, 120) : ''})`);
  }
}

function describeIssue(issue: v.BaseIssue<unknown> | undefined): string {
  if (!issue) return 'invalid';
  const path = v.getDotPath(issue);
  return `${path ? `${path}: ` : ''}${issue.message.slice(0, 200)}`;
}

// Limits keep a hostile file from costing unbounded memory or time downstream.
export const MAX_ID = 200;
export const MAX_SHORT_TEXT = 10_000;
export const MAX_LONG_TEXT = 1_000_000;
export const MAX_ITEMS = 200_000;

export const idString = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_ID));
export const shortText = v.pipe(v.string(), v.maxLength(MAX_SHORT_TEXT));
export const longText = v.pipe(v.string(), v.maxLength(MAX_LONG_TEXT));
export const count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));
export const finiteNumber = v.pipe(v.number(), v.finite());

export function list<const TItem extends v.GenericSchema>(item: TItem, max = MAX_ITEMS) {
  return v.pipe(v.array(item), v.maxLength(max));
}

export const doiString = v.pipe(v.string(), v.check(isDoi, 'expected a DOI (10.NNNN/suffix, no braces, spaces or control characters)'));
export const arxivIdString = v.pipe(v.string(), v.check(isArxivId, 'expected an arXiv id without version (2104.01180 or hep-th/9901001)'));
/** References may name a version ("2104.01180v2"). */
export const arxivIdWithVersionString = v.pipe(v.string(), v.check((s) => parseArxivIdStrict(s) !== null, 'expected an arXiv id'));
export const versionString = v.pipe(v.string(), v.check(isVersion, 'expected a version such as "v2"'));
export const webUrlString = v.pipe(v.string(), v.check(isWebUrl, 'expected an http(s) URL without credentials'));
