/** `verbatim search`: ranked paragraphs from a folder library, as JSON or as readable text. */
import { parseArgs } from 'node:util';
import { VerbatimError } from '../shared/errors';
import type { LibraryPaper } from '../shared/model/paper';
import { ParagraphIndex } from '../shared/search/paragraph-index';
import { searchIndex, searchIndexWith, searchPlan, type LibrarySearchHit } from '../shared/library/library-search';
import { excerptOf } from '../shared/library/search-excerpt';
import { DENSE_OPTIONS, denseSearchFor } from './dense-option';
import { readFolderLibrary } from './node-adapters';
import { ExtractionCache } from './extraction-cache';
import { parseArxivId } from '../shared/extract/arxiv-id';

export async function search(args: string[], out: (text: string) => void, err: (text: string) => void): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      library: { type: 'string' },
      paper: { type: 'string', multiple: true },
      limit: { type: 'string' },
      json: { type: 'boolean', default: false },
      'no-cache': { type: 'boolean', default: false },
      ...DENSE_OPTIONS,
    },
  });
  if (!values.library) {
    err('verbatim search: --library <folder> is required (a folder of paper JSON, LaTeXML HTML or PDF files).');
    return 2;
  }
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  const { papers, skipped } = await readFolderLibrary(values.library, values['no-cache'] ? undefined : new ExtractionCache());
  for (const s of skipped) err(`skipped ${s.file}: ${s.reason}`);
  const paperIds = values.paper?.map((wanted) => resolvePaper(papers, wanted));
  const query = positionals.join(' ');
  const options = { ...(paperIds ? { paperIds } : {}), ...(limit !== undefined ? { limit } : {}) };
  searchPlan(query, options); // a bad query or limit is named before any model is loaded
  const index = ParagraphIndex.fromPapers(papers);
  const dense = await denseSearchFor(values, papers, err);
  const hits = dense ? await searchIndexWith(index, query, [dense.retriever], options) : searchIndex(index, query, options);
  await dense?.save();
  out(values.json ? JSON.stringify(hits, null, 2) : formatHits(hits));
  return 0;
}

/** A paper named by its library id, its arXiv id, or words of its title (which must name exactly one paper). */
export function resolvePaper(papers: readonly LibraryPaper[], wanted: string): string {
  const byId = papers.find((p) => p.id === wanted || p.arxivId === parseArxivId(wanted)?.id);
  if (byId) return byId.id;
  const words = wanted.toLowerCase();
  const byTitle = papers.filter((p) => p.title.toLowerCase().includes(words));
  if (byTitle.length === 1) return byTitle[0]!.id;
  throw new VerbatimError('NOT_FOUND', byTitle.length ? `"${wanted}" matches ${byTitle.length} papers; give its id` : wanted);
}

/** The readable form: where each hit is, then its text around the matches, matched words in [brackets]. */
function formatHits(hits: readonly LibrarySearchHit[]): string {
  if (!hits.length) return 'No paragraph matches.';
  return hits.map((hit, i) => {
    const where = `${hit.paperTitle}${hit.arxivId ? ` (arXiv:${hit.arxivId})` : ''}${hit.sectionTitle ? ` — ${hit.sectionTitle}` : ''}`;
    return `${i + 1}. ${where}\n   ${hit.paperId} ${hit.paragraphId}  score ${hit.score.toFixed(2)}${hit.byMeaningOnly ? '  (found by meaning)' : ''}${hit.quoted ? `  (quoted here @${hit.quoted.start}-${hit.quoted.end})` : ''}\n   ${excerpt(hit)}`;
  }).join('\n\n');
}

const EXCERPT_CHARS = 320;

function excerpt(hit: LibrarySearchHit): string {
  const { pieces, cutBefore, cutAfter } = excerptOf(hit, EXCERPT_CHARS, 80);
  return `${cutBefore ? '…' : ''}${pieces.map((p) => (p.marked ? `[${p.text}]` : p.text)).join('')}${cutAfter ? '…' : ''}`;
}
