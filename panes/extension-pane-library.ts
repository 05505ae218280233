/**
 * The extension's library, seen from a pane on a web page: every call is one message of
 * the external protocol (shared/external-protocol.ts), and every reply is parsed by its
 * schema before the pane uses it. The transport is a port, so tests can run the real
 * endpoint in-process and the page uses chrome.runtime.sendMessage(extensionId, …).
 */
import { rebuildError, VerbatimError } from '../shared/errors';
import {
  EXTERNAL_PROTOCOL_VERSION, externalRequest,
  type ExternalHello, type ExternalMessageType, type ExternalRequestEnvelope, type ExternalRequestOf, type ExternalResponseOf,
} from '../shared/external-protocol';
import { parseExternalReply } from '../shared/external-protocol-schema';
import type { Answer, LibraryPaper, LibrarySearchHit, PaneLibrary, PaneLibraryDescription, PaperSummary } from './pane-library';

/** Sends one envelope to the extension and resolves with its raw reply (undefined when nobody answered). */
export type ExternalTransport = (message: ExternalRequestEnvelope) => Promise<unknown>;

export class ExtensionPaneLibrary implements PaneLibrary {
  readonly kind = 'extension' as const;

  private constructor(private readonly transport: ExternalTransport, private hello: ExternalHello) {}

  /** Says hello first: an extension that does not answer, or speaks another protocol version, is not used. */
  static async connect(transport: ExternalTransport): Promise<ExtensionPaneLibrary> {
    const hello = await call(transport, 'external/hello', {});
    if (hello.protocol !== EXTERNAL_PROTOCOL_VERSION) throw new VerbatimError('EXTERNAL_PROTOCOL_MISMATCH', `extension ${hello.protocol}, pane ${EXTERNAL_PROTOCOL_VERSION}`);
    return new ExtensionPaneLibrary(transport, hello);
  }

  async describe(): Promise<PaneLibraryDescription> {
    this.hello = await call(this.transport, 'external/hello', {});
    return { kind: this.kind, label: this.hello.label, papers: this.hello.papers };
  }

  listPapers(): Promise<PaperSummary[]> {
    return call(this.transport, 'external/papers', {});
  }

  search(query: string, options: { paperIds?: string[]; limit?: number } = {}): Promise<LibrarySearchHit[]> {
    return call(this.transport, 'external/search', { query, ...options });
  }

  getPaper(paperId: string): Promise<LibraryPaper> {
    return call(this.transport, 'external/paper', { paperId });
  }

  /** The extension cannot be told to stop; a cancelled question stops waiting and its late answer is dropped. */
  ask(question: string, options: { paperIds?: string[]; signal?: AbortSignal } = {}): Promise<Answer> {
    const answer = call(this.transport, 'external/ask', { question, ...(options.paperIds ? { paperIds: options.paperIds } : {}) });
    const signal = options.signal;
    if (!signal) return answer;
    if (signal.aborted) return Promise.reject(new VerbatimError('CANCELLED'));
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(new VerbatimError('CANCELLED'));
      signal.addEventListener('abort', onAbort, { once: true });
      answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }
}

async function call<K extends ExternalMessageType>(transport: ExternalTransport, type: K, payload: ExternalRequestOf<K>): Promise<ExternalResponseOf<K>> {
  let raw: unknown;
  try {
    raw = await transport(externalRequest(type, payload));
  } catch (error) {
    throw new VerbatimError('EXTENSION_UNREACHABLE', error instanceof Error ? error.message.slice(0, 200) : undefined);
  }
  if (raw === undefined) throw new VerbatimError('EXTENSION_UNREACHABLE', `no reply to ${type}`);
  const reply = parseExternalReply(type, raw);
  if (!reply.ok) throw rebuildError(reply.error);
  return reply.value;
}
