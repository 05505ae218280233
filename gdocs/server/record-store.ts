/**
 * The records of cited works live in the document's properties, so a co-author's refresh
 * renders the bibliography without the library that made the citations. Apps Script allows
 * 9 KB per value and 500 KB per document: the state is one JSON text cut into 8 KB parts
 * (`verbatim.v1.part.N`), written in one setProperties call together with their count, so a
 * reader never sees a count that does not match its parts. A state that would pass 500 KB is
 * refused before anything is written.
 */
import * as v from 'valibot';
import { VerbatimError } from '../../shared/errors';
import { utf8Bytes } from '../common/utf8-bytes';
import type { DocsProperties } from './docs-port';
import { StoredStateSchema, type StoredState } from './payload-schema';

export const COUNT_KEY = 'verbatim.v1.count';
export const PART_KEY = 'verbatim.v1.part.';
export const PART_BYTES = 8 * 1024;
/** Apps Script's per-document quota, with room kept for other add-ons' properties. */
export const STORE_LIMIT_BYTES = 500 * 1024 - 4 * 1024;

export function emptyState(): StoredState {
  return { version: 1, style: null, records: {}, citedWorks: {} };
}

export function readState(properties: DocsProperties): StoredState {
  const count = properties.getProperty(COUNT_KEY);
  if (count === null) return emptyState();
  if (!/^\d{1,3}$/.test(count)) throw new VerbatimError('GDOCS_BAD_STATE', `part count "${count.slice(0, 20)}"`);
  let json = '';
  for (let i = 0; i < Number(count); i++) {
    const part = properties.getProperty(`${PART_KEY}${i}`);
    if (part === null) throw new VerbatimError('GDOCS_BAD_STATE', `part ${i} of ${count} is missing`);
    json += part;
  }
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new VerbatimError('GDOCS_BAD_STATE', 'not JSON');
  }
  const result = v.safeParse(StoredStateSchema, data);
  if (!result.success) throw new VerbatimError('GDOCS_BAD_STATE', result.issues[0].message);
  return result.output as StoredState;
}

/** Cuts text into parts of at most PART_BYTES UTF-8 bytes, never inside a character. */
export function splitIntoParts(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of text) {
    const size = utf8Bytes(char);
    if (bytes + size > PART_BYTES) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  if (current || !parts.length) parts.push(current);
  return parts;
}

/** The properties to write for a state; throws GDOCS_STORAGE_FULL when they would not fit. */
export function prepareWrite(properties: DocsProperties, state: StoredState): Record<string, string> {
  const parts = splitIntoParts(JSON.stringify(state));
  const written: Record<string, string> = { [COUNT_KEY]: String(parts.length) };
  parts.forEach((part, i) => (written[`${PART_KEY}${i}`] = part));
  const others = properties.getKeys().filter((k) => k !== COUNT_KEY && !k.startsWith(PART_KEY));
  const otherBytes = others.reduce((n, k) => n + utf8Bytes(k) + utf8Bytes(properties.getProperty(k) ?? ''), 0);
  const ourBytes = Object.entries(written).reduce((n, [k, value]) => n + utf8Bytes(k) + utf8Bytes(value), 0);
  if (otherBytes + ourBytes > STORE_LIMIT_BYTES) throw new VerbatimError('GDOCS_STORAGE_FULL', `${Math.ceil((otherBytes + ourBytes) / 1024)} KB needed`);
  return written;
}

export function commitWrite(properties: DocsProperties, written: Record<string, string>): void {
  properties.setProperties(written, false);
  const count = Number(written[COUNT_KEY]);
  // Parts past the new count belonged to a longer state: unread from now on, removed to free quota.
  for (const key of properties.getKeys()) {
    if (key.startsWith(PART_KEY) && Number(key.slice(PART_KEY.length)) >= count) properties.deleteProperty(key);
  }
}

export function writeState(properties: DocsProperties, state: StoredState): void {
  commitWrite(properties, prepareWrite(properties, state));
}
