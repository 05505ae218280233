/**
 * One external message to its reply, in this order: the sender's origin
 * (PANE_ORIGIN_NOT_ALLOWED), then the envelope and payload schemas (BAD_MESSAGE), then
 * the handler. Free of extension APIs, so unit tests drive it with plain sender facts.
 */
import { serializeError, VerbatimError } from '../shared/errors';
import type { ExternalHandlers, ExternalReply } from '../shared/external-protocol';
import { parseExternalRequest } from '../shared/external-protocol-schema';
import { classifyExternalSender, originOfSender, type ExternalSenderFacts } from './external-policy';

export async function answerExternalMessage(message: unknown, sender: ExternalSenderFacts, selfId: string, handlers: ExternalHandlers): Promise<ExternalReply<unknown>> {
  try {
    if (!classifyExternalSender(sender, selfId)) throw new VerbatimError('PANE_ORIGIN_NOT_ALLOWED', (originOfSender(sender) ?? 'an unknown origin').slice(0, 200));
    const request = parseExternalRequest(message);
    const handler = handlers[request.type] as (payload: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(request.payload) };
  } catch (error) {
    return { ok: false, error: serializeError(error) };
  }
}

