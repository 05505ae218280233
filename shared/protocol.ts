/**
 * The one message protocol between extension contexts (content script, side panel,
 * background). Plain data only: everything here survives structured cloning.
 * Each entry names its request and response; errors travel as SerializedError.
 */
import type { Answer } from './answer/answer';
import type { AnswerStage } from './answer/llm-answer';
import type { SerializedError } from './errors';
import type { LibraryPaper, Paper } from './model/paper';
import type { PaperSummary, SaveResult } from './library/library-store';
import type { LibrarySearchHit } from './library/library-search';
import type { CaptureStage } from './capture/capture-paper';
import type { CitationFormat } from './cite/cite-formats';
import type { StyleId } from './cite/styles';
import type { ModelSettings } from './llm/model-settings';
import type { ConnectionReport } from './settings/connection-test';
import type { HistorySummary, ReopenedAnswer } from './library/history';
import type { SavedStatus } from './library/saved-status';
import type { IndexStatus } from './library/live-index';

/** A paragraph the side panel's on-device model ranked, best first; the background fuses these with its own ranking. */
export interface DenseHit {
  paperId: string;
  paragraphId: string;
  score: number;
}

/** How many dense hits a request may carry (the fusion reads 40). */
export const MAX_DENSE_HITS = 100;

export type PublicModelSettings = Omit<ModelSettings, 'apiKey'> & { hasKey: boolean };

export interface MessageTable {
  /** Content script -> background: save the paper at this arXiv URL. */
  'library/save': { request: { url: string }; response: SaveResult };
  'library/list': { request: Record<string, never>; response: PaperSummary[] };
  'library/get': { request: { paperId: string }; response: LibraryPaper };
  /** Side panel -> background: a paper the panel extracted itself (a dropped PDF or HTML file). */
  'library/import-paper': { request: { paper: Paper }; response: SaveResult };
  'library/delete': { request: { paperId: string }; response: { deleted: string } };
  /** The saved paper's own citation, for the user's reference manager. */
  'library/cite': { request: { paperId: string; format: CitationFormat; style?: StyleId }; response: { text: string } };
  /** The model settings, with the key replaced by whether one is set. */
  'settings/get': { request: Record<string, never>; response: PublicModelSettings };
  /** An empty apiKey keeps the stored one. */
  'settings/set': { request: ModelSettings; response: PublicModelSettings };
  /** Side panel -> background: answer from the library (optionally only some papers). */
  'answer/ask': { request: { question: string; paperIds?: string[]; askId?: string; denseHits?: DenseHit[]; /** The one paper of paperIds is the paper open beside the panel, not the reader's choice (kept in the history). */ besidePaper?: boolean }; response: Answer };
  /** Side panel -> background: ranked paragraphs for a query (optionally only some papers). */
  'library/search': { request: { query: string; paperIds?: string[]; limit?: number; denseHits?: DenseHit[] }; response: LibrarySearchHit[] };
  /** Side panel -> background: stop the ask with this askId (its model calls are aborted). */
  'answer/cancel': { request: { askId: string }; response: { cancelled: boolean } };
  /** Unsaved model settings: is the endpoint reachable, is the key accepted, is the model there. */
  'settings/test': { request: ModelSettings; response: ConnectionReport };
  'history/list': { request: Record<string, never>; response: HistorySummary[] };
  /** A past answer, re-verified against the library as it is now. */
  'history/open': { request: { id: string }; response: ReopenedAnswer & { question: string; paperIds?: string[]; besidePaper?: boolean } };
  'history/delete': { request: { id: string }; response: { deleted: string } };
  /** Content script -> background: is the paper of this page (its own URL) already saved, and which version. */
  'library/status': { request: { url: string }; response: SavedStatus };
  'library/set-tags': { request: { paperId: string; tags: string[] }; response: PaperSummary };
  /** The whole library as one LibraryBundle file, for a Word pane where no extension runs (Word on Windows or Mac). */
  'library/export-bundle': { request: Record<string, never>; response: { json: string; papers: number } };
  /** What the search index holds, and whether this worker loaded it from disk, caught it up or rebuilt it. */
  'library/index-status': { request: Record<string, never>; response: IndexStatus };
}

/** Background -> everyone: notifications that need no reply. */
export interface EventTable {
  'library/changed': { revision: number };
  'save/progress': { url: string; stage: CaptureStage };
  'answer/progress': { stage: AnswerStage };
}

export type MessageType = keyof MessageTable;
export type RequestOf<K extends MessageType> = MessageTable[K]['request'];
export type ResponseOf<K extends MessageType> = MessageTable[K]['response'];

export interface RequestEnvelope<K extends MessageType = MessageType> {
  channel: 'verbatim';
  type: K;
  payload: RequestOf<K>;
}

export interface EventEnvelope<K extends keyof EventTable = keyof EventTable> {
  channel: 'verbatim-event';
  type: K;
  payload: EventTable[K];
}

export type Reply<T> = { ok: true; value: T } | { ok: false; error: SerializedError };

export type Handlers = { [K in MessageType]: (payload: RequestOf<K>) => Promise<ResponseOf<K>> };

/**
 * Who may send each request. Extension pages (the side panel) are Verbatim's own code;
 * a content script runs inside an arXiv page, so it may only ask for what that page is
 * for: saving the paper it is on (`pageUrl` is the sending frame's URL as the browser
 * reports it, never what the message claims). Everything not listed is refused.
 */
export interface RequestAccess<K extends MessageType> {
  extensionPage: boolean;
  contentScript?: (payload: RequestOf<K>, pageUrl: string) => boolean;
}

const EXTENSION_PAGES_ONLY = { extensionPage: true } as const;

export const REQUEST_ACCESS: { readonly [K in MessageType]: RequestAccess<K> } = {
  'library/save': { extensionPage: true, contentScript: (payload, pageUrl) => payload.url === pageUrl },
  'library/list': EXTENSION_PAGES_ONLY,
  'library/get': EXTENSION_PAGES_ONLY,
  'library/import-paper': EXTENSION_PAGES_ONLY,
  'library/delete': EXTENSION_PAGES_ONLY,
  'library/cite': EXTENSION_PAGES_ONLY,
  'settings/get': EXTENSION_PAGES_ONLY,
  'settings/set': EXTENSION_PAGES_ONLY,
  'answer/ask': EXTENSION_PAGES_ONLY,
  'library/search': EXTENSION_PAGES_ONLY,
  'answer/cancel': EXTENSION_PAGES_ONLY,
  'settings/test': EXTENSION_PAGES_ONLY,
  'history/list': EXTENSION_PAGES_ONLY,
  'history/open': EXTENSION_PAGES_ONLY,
  'history/delete': EXTENSION_PAGES_ONLY,
  'library/status': { extensionPage: true, contentScript: (payload, pageUrl) => payload.url === pageUrl },
  'library/set-tags': EXTENSION_PAGES_ONLY,
  'library/export-bundle': EXTENSION_PAGES_ONLY,
  'library/index-status': EXTENSION_PAGES_ONLY,
};

export type Caller = { kind: 'extension-page' } | { kind: 'content-script'; pageUrl: string };

export function isRequestAllowed(type: MessageType, payload: unknown, caller: Caller): boolean {
  if (!Object.hasOwn(REQUEST_ACCESS, type)) return false;
  const access = REQUEST_ACCESS[type] as RequestAccess<MessageType>;
  if (caller.kind === 'extension-page') return access.extensionPage;
  return access.contentScript !== undefined && typeof payload === 'object' && payload !== null && access.contentScript(payload as never, caller.pageUrl);
}

export function isRequestEnvelope(value: unknown): value is RequestEnvelope {
  return typeof value === 'object' && value !== null && (value as { channel?: unknown }).channel === 'verbatim' && typeof (value as { type?: unknown }).type === 'string';
}

export function isEventEnvelope(value: unknown): value is EventEnvelope {
  return typeof value === 'object' && value !== null && (value as { channel?: unknown }).channel === 'verbatim-event';
}
