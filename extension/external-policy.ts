/**
 * Who may use the external protocol: a web page whose origin, as the browser reports it
 * on the sender (never as the message claims), is one of the writing panes listed in
 * shared/pane-origins.ts. Chrome already drops pages outside the manifest's
 * externally_connectable patterns; this check is the exact one behind those patterns.
 */
import { paneForOrigin, type PaneOriginRule } from '../shared/pane-origins';

/** The parts of runtime.MessageSender this policy reads (plain data, so it is unit-testable). */
export interface ExternalSenderFacts {
  id?: string;
  url?: string;
  /** Chrome 80+: the origin of the frame that sent the message. */
  origin?: string;
}

export type ExternalCaller = { pane: PaneOriginRule['pane']; origin: string };

export function originOfSender(sender: ExternalSenderFacts): string | undefined {
  if (sender.origin !== undefined) return sender.origin;
  if (sender.url === undefined || !URL.canParse(sender.url)) return undefined;
  return new URL(sender.url).origin;
}

export function classifyExternalSender(sender: ExternalSenderFacts, selfId: string): ExternalCaller | null {
  // Another extension is never a pane (the manifest lists no extension ids either).
  if (sender.id !== undefined && sender.id !== selfId) return null;
  const origin = originOfSender(sender);
  // When the browser gives both, they must agree: a frame's URL is under its own origin.
  if (origin === undefined || (sender.url !== undefined && URL.canParse(sender.url) && new URL(sender.url).origin !== origin)) return null;
  const pane = paneForOrigin(origin);
  return pane ? { pane, origin } : null;
}
