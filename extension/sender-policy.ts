/**
 * Who sent a runtime message, from what the browser says about the sender (never from
 * the message itself). Only Verbatim's own contexts count: its extension pages (sender.url
 * under the extension's origin) and its content script in the top frame of an
 * arXiv page over https. Anything else (another extension, a web page via a relay, a
 * sub-frame) is no caller at all.
 */
import { CAPTURE_HOSTS } from '../shared/capture/url-policy';
import type { Caller } from '../shared/protocol';

/** The parts of runtime.MessageSender this policy reads (plain data, so it is unit-testable). */
export interface SenderFacts {
  id?: string;
  url?: string;
  frameId?: number;
  tab?: { id?: number; url?: string };
}

export interface ExtensionIdentity {
  id: string;
  /** chrome-extension://<id>/ */
  origin: string;
}

function isArxivPage(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return parsed.protocol === 'https:' && parsed.port === '' && CAPTURE_HOSTS.includes(parsed.hostname);
}

export function classifySender(sender: SenderFacts, self: ExtensionIdentity): Caller | null {
  if (sender.id !== self.id || !sender.url) return null;
  // Our own pages, in the side panel or opened in a tab; a content script's URL is the web page's, never ours.
  if (sender.url.startsWith(self.origin)) return { kind: 'extension-page' };
  // Otherwise our content script, trusted to speak only for the top-level arXiv page it runs in.
  if (!sender.tab || sender.frameId !== 0 || sender.url !== sender.tab.url || !isArxivPage(sender.url)) return null;
  return { kind: 'content-script', pageUrl: sender.url };
}

/** Events (progress, library changes) are believed only from the background or other extension pages. */
export function isFromExtensionContext(sender: SenderFacts, self: ExtensionIdentity): boolean {
  if (sender.id !== self.id) return false;
  // The background may be reported without a URL; a content script always has a tab and its page's URL.
  return sender.url === undefined ? sender.tab === undefined : sender.url.startsWith(self.origin);
}
