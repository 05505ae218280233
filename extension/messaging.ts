/**
 * The protocol's transport in the extension: one request/reply call and one listener
 * that dispatches on the declarative table in shared/protocol.ts. Errors are
 * serialised in the background and rebuilt as VerbatimError on the calling side.
 */
import browser from 'webextension-polyfill';
import { rebuildError, serializeError } from '../shared/errors';
import {
  isEventEnvelope, isRequestEnvelope,
  type EventEnvelope, type EventTable, type MessageType, type Reply, type RequestEnvelope, type RequestOf, type ResponseOf,
} from '../shared/protocol';
import { parseRequest } from '../shared/protocol-schema';

export async function sendRequest<K extends MessageType>(type: K, payload: RequestOf<K>): Promise<ResponseOf<K>> {
  const envelope: RequestEnvelope<K> = { channel: 'verbatim', type, payload };
  const reply = (await browser.runtime.sendMessage(envelope)) as Reply<ResponseOf<K>> | undefined;
  if (!reply) throw rebuildError({ code: 'INTERNAL', detail: `no reply to ${type}` });
  if (!reply.ok) throw rebuildError(reply.error);
  return reply.value;
}

export interface RequestContext {
  tabId?: number;
}

export type ContextHandlers = { [K in MessageType]: (payload: RequestOf<K>, context: RequestContext) => Promise<ResponseOf<K>> };

export function listenForRequests(handlers: ContextHandlers): void {
  browser.runtime.onMessage.addListener((message: unknown, sender: browser.Runtime.MessageSender) => {
    if (!isRequestEnvelope(message)) return undefined;
    const handler = handlers[message.type] as (payload: unknown, context: RequestContext) => Promise<unknown>;
    const context: RequestContext = sender.tab?.id !== undefined ? { tabId: sender.tab.id } : {};
    // Every payload is parsed by its schema (shared/protocol-schema.ts) before the handler runs: BAD_MESSAGE otherwise.
    return Promise.resolve().then(() => handler(parseRequest(message.type, message.payload), context)).then(
      (value): Reply<unknown> => ({ ok: true, value }),
      (error: unknown): Reply<unknown> => ({ ok: false, error: serializeError(error) }),
    );
  });
}

/** Broadcasts an event to extension pages (side panel); nobody listening is fine. */
export async function broadcastEvent<K extends keyof EventTable>(type: K, payload: EventTable[K]): Promise<void> {
  const envelope: EventEnvelope<K> = { channel: 'verbatim-event', type, payload };
  await browser.runtime.sendMessage(envelope).catch(() => undefined);
}

export async function sendEventToTab<K extends keyof EventTable>(tabId: number, type: K, payload: EventTable[K]): Promise<void> {
  const envelope: EventEnvelope<K> = { channel: 'verbatim-event', type, payload };
  await browser.tabs.sendMessage(tabId, envelope).catch(() => undefined);
}

export function listenForEvents<K extends keyof EventTable>(type: K, listener: (payload: EventTable[K]) => void): () => void {
  const wrapped = (message: unknown) => {
    if (isEventEnvelope(message) && message.type === type) listener(message.payload as EventTable[K]);
    return undefined;
  };
  browser.runtime.onMessage.addListener(wrapped);
  return () => browser.runtime.onMessage.removeListener(wrapped);
}
