/**
 * Contract A's types (owned by the `cite` helper, shared/cite/) as the pane library
 * needs them, until shared/cite/ lands on main. This file is the ONE place the panes
 * name them, so switching to the real engine is a change here only: it then becomes
 * `export type { WorkRecord } from '../shared/cite/work-record'` and so on.
 */

/** A CSL-JSON item with a string `id` (the compact work id). */
export interface WorkRecord {
  id: string;
  type: string;
  [field: string]: unknown;
}

export type StyleId = 'ieee' | 'apa' | 'chicago-author-date' | 'nature' | 'acm' | 'vancouver' | 'harvard';
