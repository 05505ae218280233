/**
 * The external protocol: what a writing pane on a web page (the Word task pane, the
 * Google Docs sidebar) may ask the extension, over `externally_connectable`. It is a
 * separate, smaller table than shared/protocol.ts on purpose: read-only except `ask`,
 * no settings, no saving, no deleting. The background answers only senders whose origin
 * is in shared/pane-origins.ts. Plain data only (structured cloning).
 */
import type { Answer } from './answer/answer';
import type { Reply } from './protocol';
import type { LibraryPaper } from './model/paper';
import type { PaperSummary } from './library/library-store';
import type { LibrarySearchHit } from './library/library-search';

/** Bumped when a message changes shape; a pane refuses an extension speaking another version. */
export const EXTERNAL_PROTOCOL_VERSION = 1;

export interface ExternalHello {
  protocol: number;
  extensionVersion: string;
  label: string;
  papers: number;
}

export interface ExternalMessageTable {
  /** Which library this is and which protocol it speaks (the pane's first call). */
  'external/hello': { request: Record<string, never>; response: ExternalHello };
  'external/papers': { request: Record<string, never>; response: PaperSummary[] };
  'external/search': { request: { query: string; paperIds?: string[]; limit?: number }; response: LibrarySearchHit[] };
  /** One paper whole: its outline (sections), paragraphs with citation links, and references. */
  'external/paper': { request: { paperId: string }; response: LibraryPaper };
  /** The only request that does work beyond reading: an answer from the library (with the user's model when set). */
  'external/ask': { request: { question: string; paperIds?: string[] }; response: Answer };
}

export type ExternalMessageType = keyof ExternalMessageTable;
export type ExternalRequestOf<K extends ExternalMessageType> = ExternalMessageTable[K]['request'];
export type ExternalResponseOf<K extends ExternalMessageType> = ExternalMessageTable[K]['response'];

export interface ExternalRequestEnvelope<K extends ExternalMessageType = ExternalMessageType> {
  channel: 'verbatim-external';
  protocol: number;
  type: K;
  payload: ExternalRequestOf<K>;
}

export type ExternalReply<T> = Reply<T>;

export type ExternalHandlers = { [K in ExternalMessageType]: (payload: ExternalRequestOf<K>) => Promise<ExternalResponseOf<K>> };

export function externalRequest<K extends ExternalMessageType>(type: K, payload: ExternalRequestOf<K>): ExternalRequestEnvelope<K> {
  return { channel: 'verbatim-external', protocol: EXTERNAL_PROTOCOL_VERSION, type, payload };
}
