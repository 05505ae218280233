/**
 * A request the background leaves for the side panel: text the reader selected on a page and
 * chose "Find in my library" or "Ask my library" for (the context menu). It crosses
 * storage.session, so the panel reads it through this schema like any other boundary.
 */
import * as v from 'valibot';
import { idString } from './parse';
import { MAX_SELECTION_CHARS, queryFromSelection } from '../text/selection-query';

export const PANEL_ACTIONS = ['search', 'ask'] as const;
export type PanelAction = (typeof PANEL_ACTIONS)[number];

export const PanelRequestSchema = v.object({
  action: v.picklist(PANEL_ACTIONS),
  text: v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_SELECTION_CHARS)),
  /** A new id for each click, so the same text chosen twice runs twice. */
  id: idString,
  /** The browser window whose panel should run it (each window has its own panel). */
  windowId: v.optional(v.pipe(v.number(), v.integer())),
});
export type PanelRequest = v.InferOutput<typeof PanelRequestSchema>;

/** The stored value as a request, or null (nothing stored, or not a request: ignored, never thrown at the panel). */
export function readPanelRequest(value: unknown): PanelRequest | null {
  const result = v.safeParse(PanelRequestSchema, value);
  return result.success ? result.output : null;
}

/** The request for a selection (as a query: `queryFromSelection`); null when nothing but whitespace was selected. */
export function panelRequestFromSelection(action: PanelAction, selection: string, id: string, windowId?: number): PanelRequest | null {
  const text = queryFromSelection(selection, MAX_SELECTION_CHARS);
  if (!text) return null;
  return { action, text, id, ...(windowId !== undefined ? { windowId } : {}) };
}
