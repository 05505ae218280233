/**
 * The cite engine's types as export needs them (Contract A, owned by shared/cite/).
 * This is the ONE place export names them, so the switch to the real engine is here only.
 */
export interface WorkRecord {
  id: string;
  type: string;
  [field: string]: unknown;
}

export type StyleId = 'ieee' | 'apa' | 'chicago-author-date' | 'nature' | 'acm' | 'vancouver' | 'harvard';
