/** What the external protocol's requests do, over the background's LibraryService: reads, and ask. */
import { EXTERNAL_PROTOCOL_VERSION, type ExternalHandlers } from '../shared/external-protocol';
import type { LibraryService } from '../shared/library/library-service';

export function externalHandlers(library: LibraryService, extensionVersion: string): ExternalHandlers {
  return {
    'external/hello': async () => ({ protocol: EXTERNAL_PROTOCOL_VERSION, extensionVersion, label: `Verbatim extension ${extensionVersion}`, papers: (await library.listPapers()).length }),
    'external/papers': async () => library.listPapers(),
    'external/search': async ({ query, paperIds, limit }) => library.search(query, { ...(paperIds ? { paperIds } : {}), ...(limit !== undefined ? { limit } : {}) }),
    'external/paper': async ({ paperId }) => library.getPaper(paperId),
    'external/ask': async ({ question, paperIds }) => library.ask(question, paperIds),
  };
}
