/** `verbatim cite`: papers of a folder library as a reference list in a style, or as BibTeX, RIS or CSL-JSON. */
import { parseArgs } from 'node:util';
import { formatCitations, parseCitationFormat } from '../shared/cite/cite-formats';
import { parseStyleId } from '../shared/cite/styles';
import { recordForPaper } from '../shared/cite/work-record';
import { ExtractionCache } from './extraction-cache';
import { readFolderLibrary } from './node-adapters';
import { resolvePaper } from './search-command';

export async function cite(args: string[], out: (text: string) => void, err: (text: string) => void): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      library: { type: 'string' },
      style: { type: 'string', default: 'apa' },
      format: { type: 'string', default: 'text' },
      'no-cache': { type: 'boolean', default: false },
    },
  });
  if (!values.library || positionals.length === 0) {
    err('verbatim cite: give one or more papers (library id, arXiv id or title words) and --library <folder>.');
    return 2;
  }
  // Style and format are checked before the library is read, so a typo fails at once.
  const style = parseStyleId(values.style!);
  const format = parseCitationFormat(values.format!);
  const { papers, skipped } = await readFolderLibrary(values.library, values['no-cache'] ? undefined : new ExtractionCache());
  for (const s of skipped) err(`skipped ${s.file}: ${s.reason}`);
  const byId = new Map(papers.map((p) => [p.id, p]));
  const ids = [...new Set(positionals.map((wanted) => resolvePaper(papers, wanted)))];
  out(formatCitations(ids.map((id) => recordForPaper(byId.get(id)!)), format, style).trimEnd());
  return 0;
}
