/**
 * verbatim — the engine from a terminal.
 *   verbatim extract <file.html|file.json|url> [--json]
 *   verbatim ask "<question>" --library <folder> [--paper ID]... [--json]
 *   verbatim search "<query>" --library <folder> [--paper ID]... [--limit k] [--json]
 *   verbatim cite <paper>... --library <folder> [--style NAME] [--format text|html|bibtex|csl-json|ris]
 */
import { parseArgs } from 'node:util';
import { answerExtractively, answerExtractivelyWith, LibrarySnapshot } from '../shared/answer/extractive';
import { answerWithModel } from '../shared/answer/llm-answer';
import { modelFor, type ModelSettings } from '../shared/llm/model-settings';
import { PROVIDER_PRESETS } from '../shared/llm/openai-compatible';
import type { Answer } from '../shared/answer/answer';
import { capturePaper } from '../shared/capture/capture-paper';
import { parseArxivUrl } from '../shared/extract/arxiv-id';
import { pointsAtOnePaper } from '../shared/search/question-cues';
import { messageFor, VerbatimError } from '../shared/errors';
import type { LibraryPaper, Paper } from '../shared/model/paper';
import { nodeFetcher, parseHtml, readFolderLibrary, readPaperFile } from './node-adapters';
import { nodePdfReader } from './pdf-node';
import { resolvePaper, search } from './search-command';
import { cite } from './cite-command';
import { ExtractionCache } from './extraction-cache';
import { pdfDebugReport } from './pdf-debug';
import { ANSWER_EXPORT_OPTIONS, exportAnswerFiles, parseAnswerExport } from './export-answer';
import { CLI_DEFAULT_DENSE_MODEL, DENSE_OPTIONS, denseSearchFor, wantsDense } from './dense-option';

const USAGE = `Usage:
  verbatim extract <file.html|file.json|arxiv-url> [--json]   print a paper in the Paper JSON contract
  verbatim extract <file.pdf> --debug                         each PDF block with the rules that split, merged or labelled it
  verbatim ask "<question>" --library <folder> [--json]       answer from a folder of papers, with verified quotes
      [--paper ID]...                                         ask about these papers only (library id, arXiv id or title words)
      [--provider extractive|openai-compatible|openai|ollama|lmstudio|vllm|openrouter]
      [--base-url URL] [--model NAME] [--api-key KEY]         key also from VERBATIM_API_KEY or OPENAI_API_KEY
      [--format text|html|latex|markdown] [--style NAME]      the answer with citations in that form (style: ieee, apa, …)
      [--bib FILE] [--csl-json FILE] [--docx FILE]            write exactly the works it cites (.bib, CSL-JSON), or a .docx
      [--no-cache]                                            re-extract every file (extractions are cached by file hash
                                                              in VERBATIM_CACHE_DIR, else $XDG_CACHE_HOME/verbatim or ~/.cache/verbatim)
      [--dense] [--dense-model MODEL]                         also rank by meaning with an on-device embedding model, where the words
                                                              find little; default ${CLI_DEFAULT_DENSE_MODEL} (installed with the
                                                              package, nothing downloaded); OWNER/NAME: a transformers.js model from
                                                              the hub (downloaded once into the cache folder; a mirror from VERBATIM_MODEL_HOST)
  verbatim search "<query>" --library <folder> [--json]       ranked paragraphs, with the words that matched
      [--paper ID]... [--limit K] [--no-cache]                only these papers (library id, arXiv id or title words); K from 1 to 100, default 10
      [--dense] [--dense-model MODEL]                         also rank by meaning (as for ask)
  verbatim cite <paper>... --library <folder>                 the papers' references (library id, arXiv id or title words)
      [--style ieee|apa|chicago-author-date|nature|acm|vancouver|harvard]   default apa
      [--format text|html|bibtex|csl-json|ris]                default text

PDFs are read with pdf.js; an HTML full text, when there is one, gives the better structure.`;

export async function main(argv: string[], out: (text: string) => void = (t) => process.stdout.write(t + '\n'), err: (text: string) => void = (t) => process.stderr.write(t + '\n')): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'extract') return await extract(rest, out);
    if (command === 'ask') return await ask(rest, out, err);
    if (command === 'search') return await search(rest, out, err);
    if (command === 'cite') return await cite(rest, out, err);
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      out(USAGE);
      return command === undefined ? 2 : 0;
    }
    err(`Unknown command "${command}".\n${USAGE}`);
    return 2;
  } catch (error) {
    err(`verbatim: ${messageFor(error)}`);
    return 1;
  }
}

async function extract(args: string[], out: (text: string) => void): Promise<number> {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { json: { type: 'boolean', default: false }, debug: { type: 'boolean', default: false } } });
  const target = positionals[0];
  if (!target) throw new VerbatimError('UNSUPPORTED_FILE', 'give a file or an arXiv URL');
  if (values.debug) {
    if (!/\.pdf$/i.test(target)) throw new VerbatimError('UNSUPPORTED_FILE', '--debug traces PDF files only');
    out(await pdfDebugReport(target));
    return 0;
  }
  let paper: Paper;
  if (/^https?:\/\//.test(target)) {
    if (!parseArxivUrl(target)) throw new VerbatimError('NOT_A_PAPER', target);
    paper = await capturePaper(target, { fetcher: nodeFetcher, parseHtml, pdfReader: nodePdfReader });
  } else {
    paper = await readPaperFile(target);
  }
  if (values.json) out(JSON.stringify(paper, null, 2));
  else out(describePaper(paper));
  return 0;
}

async function ask(args: string[], out: (text: string) => void, err: (text: string) => void): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      library: { type: 'string' },
      paper: { type: 'string', multiple: true },
      json: { type: 'boolean', default: false },
      provider: { type: 'string', default: 'extractive' },
      'base-url': { type: 'string' },
      model: { type: 'string' },
      'api-key': { type: 'string' },
      'no-cache': { type: 'boolean', default: false },
      ...DENSE_OPTIONS,
      ...ANSWER_EXPORT_OPTIONS,
    },
  });
  const question = positionals.join(' ');
  // Export flags are read first: a bad style or format is named before any paper is read.
  const exportPlan = parseAnswerExport(values);
  if (!values.library) {
    err('verbatim ask: --library <folder> is required (a folder of paper JSON or LaTeXML HTML files).');
    return 2;
  }
  const settings: ModelSettings = {
    provider: values.provider === 'openai-compatible' ? 'custom' : values.provider!,
    ...(values['base-url'] ? { baseURL: values['base-url'] } : {}),
    ...(values.model ? { model: values.model } : {}),
    ...((values['api-key'] ?? process.env.VERBATIM_API_KEY ?? process.env.OPENAI_API_KEY) ? { apiKey: values['api-key'] ?? process.env.VERBATIM_API_KEY ?? process.env.OPENAI_API_KEY } : {}),
  };
  const known = ['extractive', 'custom', ...PROVIDER_PRESETS.map((p) => p.id)];
  if (!known.includes(settings.provider)) {
    err(`verbatim ask: unknown provider "${values.provider}"; use one of extractive, openai-compatible, ${PROVIDER_PRESETS.map((p) => p.id).join(', ')}.`);
    return 2;
  }
  const model = modelFor(settings);
  const { papers, skipped } = await readFolderLibrary(values.library, values['no-cache'] ? undefined : new ExtractionCache());
  for (const s of skipped) err(`skipped ${s.file}: ${s.reason}`);
  const library = LibrarySnapshot.fromPapers(papers);
  // --paper scopes the question: the reader says the answer should be in these papers.
  const paperIds = values.paper?.map((wanted) => resolvePaper(papers, wanted));
  const scope = paperIds ? { paperIds } : {};
  if (model && wantsDense(values)) err('verbatim ask: --dense ranks for the extractive answer only; the model answers from the lexical ranking.');
  const dense = model ? null : await denseSearchFor(values, papers, err);
  const answer = model
    ? await answerWithModel(question, library, { model, ...scope })
    : dense
      ? await answerExtractivelyWith(question, library, [dense.retriever], scope)
      : answerExtractively(question, library, scope);
  await dense?.save();
  if (exportPlan) {
    // An abstention has nothing to cite: say so, by name, after showing why (no file is written).
    if (answer.abstained) err(describeAnswer(answer, library.papers));
    const text = await exportAnswerFiles(answer, library.papers, exportPlan);
    if (text) out(text);
    return 0;
  }
  out(values.json ? JSON.stringify(answer, null, 2) : describeAnswer(answer, library.papers));
  // "How did they obtain the dataset?" asked of a folder of several papers: say how to ask it of one (stderr, so --json stays clean).
  if (!paperIds && papers.length > 1 && !answer.abstained && pointsAtOnePaper(question)) {
    err('verbatim ask: this question points at one paper; the whole library was asked. Add --paper ID (library id, arXiv id or title words) to ask that paper alone.');
  }
  return 0;
}

/** A paper as a reader knows it: its arXiv id, else its title (shortened); the library id only if it is unknown. */
function paperLabel(paper: LibraryPaper | undefined, fallback: string): string {
  if (!paper) return fallback;
  if (paper.arxivId) return `arXiv:${paper.arxivId}${paper.version ?? ''}`;
  return `"${paper.title.length > 50 ? `${paper.title.slice(0, 47)}…` : paper.title}"`;
}

function describePaper(paper: Paper): string {
  const citations = paper.paragraphs.reduce((n, p) => n + p.citations.length, 0);
  return [
    paper.title,
    paper.authors.join(', '),
    `${paper.sections.length} sections, ${paper.paragraphs.length} paragraphs, ${paper.references.length} references, ${citations} in-text citations`,
    'Use --json for the full Paper JSON.',
  ].join('\n');
}

function describeAnswer(answer: Answer, papers: ReadonlyMap<string, LibraryPaper>): string {
  if (answer.abstained) {
    const closest = (answer.passages ?? []).map((p, i) => {
      const heading = `  ${i + 1}. ${p.paperTitle ?? paperLabel(papers.get(p.paperId), p.paperId)}${p.sectionTitle ? ` — ${p.sectionTitle}` : ''} (${p.paragraphId})`;
      // The passage's marked sentence, as the panel highlights it: what made it close.
      const text = papers.get(p.paperId)?.paragraphs.find((q) => q.id === p.paragraphId)?.text;
      const marked = text && p.highlights[0] ? text.slice(p.highlights[0].start, p.highlights[0].end) : '';
      return marked ? `${heading}\n     “${marked}”` : heading;
    });
    return [answer.notice ?? 'No answer in the library.', ...(closest.length ? ['', 'Closest passages:', ...closest] : [])].join('\n');
  }
  const lines = answer.sentences.map((s, i) => {
    const c = s.citations[0];
    return `${i + 1}. ${s.text}\n   [${s.support}${c ? ` ${c.score}, ${paperLabel(papers.get(c.paperId), c.paperId)} ${c.paragraphId} @${c.start}-${c.end}` : ''}]`;
  });
  lines.push('', 'Primary:', ...answer.references.primary.map((p) => `  ${p.title}${p.arxivId ? ` (arXiv:${p.arxivId})` : ''}`));
  if (answer.references.secondary.length) {
    lines.push('Secondary:', ...answer.references.secondary.map((r) => `  [${r.grain}] ${r.title ?? r.raw}`));
  }
  return lines.join('\n');
}
