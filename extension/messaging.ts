/**
 * The protocol's transport in the extension: one request/reply call and one listener
 * that dispatches on the declarative table in shared/protocol.ts. Errors are
 * serialised in the background and rebuilt as VerbatimError on the calling side.
 */
import browser from 'webextension-polyfill';
import { rebuildError, serializeError, VerbatimError } from '../shared/errors';
import { classifySender, isFromExtensionContext, type ExtensionIdentity } from './sender-policy';
import { transportError } from './transport-errors';
import {
  isEventEnvelope, isRequestAllowed, isRequestEnvelope,
  type EventEnvelope, type EventTable, type MessageType, type Reply, type RequestEnvelope, type RequestOf, type ResponseOf,
} from '../shared/protocol';
import { parseRequest } from '../shared/protocol-schema';

export async function sendRequest<K extends MessageType>(type: K, payload: RequestOf<K>): Promise<ResponseOf<K>> {
  const envelope: RequestEnvelope<K> = { channel: 'verbatim', type, payload };
  let reply: Reply<ResponseOf<K>> | undefined;
  try {
    reply = (await browser.runtime.sendMessage(envelope)) as Reply<ResponseOf<K>> | undefined;
  } catch (error) {
    throw transportError(error, type);
  }
  // No reply at all: the background went away between receiving and answering.
  if (!reply) throw new VerbatimError('CONTEXT_LOST', `no reply to ${type}`);
  if (!reply.ok) throw rebuildError(reply.error);
  return reply.value;
}

export interface RequestContext {
  tabId?: number;
}

export type ContextHandlers = { [K in MessageType]: (payload: RequestOf<K>, context: RequestContext) => Promise<ResponseOf<K>> };

const extensionIdentity = (): ExtensionIdentity => ({ id: browser.runtime.id, origin: browser.runtime.getURL('/') });

/** Every request is checked against REQUEST_ACCESS (shared/protocol.ts) before its handler runs. */
export function listenForRequests(handlers: ContextHandlers): void {
  browser.runtime.onMessage.addListener((message: unknown, sender: browser.Runtime.MessageSender) => {
    if (!isRequestEnvelope(message)) return undefined;
    const caller = classifySender(sender, extensionIdentity());
    if (!caller || !Object.hasOwn(handlers, message.type) || !isRequestAllowed(message.type, message.payload, caller)) {
      const refused: Reply<unknown> = { ok: false, error: { code: 'SENDER_NOT_ALLOWED', detail: `${String(message.type)} from ${caller?.kind ?? 'an unknown sender'}` } };
      return Promise.resolve(refused);
    }
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
  const wrapped = (message: unknown, sender: browser.Runtime.MessageSender) => {
    if (isEventEnvelope(message) && message.type === type && isFromExtensionContext(sender, extensionIdentity())) listener(message.payload as EventTable[K]);
    return undefined;
  };
  browser.runtime.onMessage.addListener(wrapped);
  return () => browser.runtime.onMessage.removeListener(wrapped);
}
