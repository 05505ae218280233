/**
 * Contract A's types as the panes name them: the ONE place the panes import them from,
 * now the cite engine's own.
 */
export type { StyleId, WorkRecord } from '../shared/cite';
