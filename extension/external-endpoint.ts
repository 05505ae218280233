/**
 * The extension's end of the external protocol: one listener on
 * runtime.onMessageExternal. Each message is checked in this order: the sender's origin
 * (PANE_ORIGIN_NOT_ALLOWED), then the envelope and payload schemas (BAD_MESSAGE), then
 * its handler runs. The reply is the same { ok, value | error } shape as inside the extension.
 */
import browser from 'webextension-polyfill';
import type { ExternalHandlers } from '../shared/external-protocol';
import type { ExternalSenderFacts } from './external-policy';
import { answerExternalMessage } from './external-dispatch';

export function listenForPaneRequests(handlers: ExternalHandlers): void {
  browser.runtime.onMessageExternal.addListener((message: unknown, sender: browser.Runtime.MessageSender) => {
    const facts: ExternalSenderFacts = { ...(sender.id !== undefined ? { id: sender.id } : {}), ...(sender.url !== undefined ? { url: sender.url } : {}) };
    const origin = (sender as { origin?: unknown }).origin;
    if (typeof origin === 'string') facts.origin = origin;
    return answerExternalMessage(message, facts, browser.runtime.id, handlers);
  });
}
