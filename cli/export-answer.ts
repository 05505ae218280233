/**
 * `verbatim ask … --format text|html|latex|markdown [--bib FILE] [--csl-json FILE] [--docx FILE] [--style NAME]`:
 * the answer in that form on stdout, and the files of exactly the works it cites. Flags are read
 * before the question is answered (a bad style is named before any work is done), every file is
 * made before any is written, and all are written to temporary names before any is renamed into place,
 * so a failure (an abstention, an unwritable folder) leaves no file behind, whole or half-written.
 */
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Answer } from '../shared/answer/answer';
import { parseStyleId, type StyleId } from '../shared/cite';
import { VerbatimError } from '../shared/errors';
import { exportAnswer } from '../shared/export/build-export-document';
import { bibFile, cslJsonFile, parseTextExportFormat, renderTextExport, type TextExportFormat } from '../shared/export/export-files';
import { toDocx } from '../shared/export/to-docx';
import type { LibraryPaper } from '../shared/model/paper';

export interface AnswerExportFlags {
  format?: string;
  bib?: string;
  'csl-json'?: string;
  docx?: string;
  style?: string;
}

export const ANSWER_EXPORT_OPTIONS = {
  format: { type: 'string' },
  bib: { type: 'string' },
  'csl-json': { type: 'string' },
  docx: { type: 'string' },
  style: { type: 'string' },
} as const;

export interface AnswerExportPlan {
  style: StyleId;
  format?: TextExportFormat;
  bib?: string;
  cslJson?: string;
  docx?: string;
}

export const DEFAULT_EXPORT_STYLE: StyleId = 'ieee';

/**
 * The export the flags ask for, or null when they ask for none (the answer is then described as
 * before). A style alone asks for the answer as text with its citations in that style.
 */
export function parseAnswerExport(flags: AnswerExportFlags): AnswerExportPlan | null {
  const style = parseStyleId(flags.style ?? DEFAULT_EXPORT_STYLE);
  const explicit = flags.format !== undefined ? parseTextExportFormat(flags.format) : undefined;
  const files = Boolean(flags.bib || flags['csl-json'] || flags.docx);
  if (!explicit && !files && flags.style === undefined) return null;
  const format = explicit ?? (files ? undefined : 'text');
  return {
    style,
    ...(format ? { format } : {}),
    ...(flags.bib ? { bib: flags.bib } : {}),
    ...(flags['csl-json'] ? { cslJson: flags['csl-json'] } : {}),
    ...(flags.docx ? { docx: flags.docx } : {}),
  };
}

/** Writes the asked-for files and returns the text to print (empty when only files were asked for). */
export async function exportAnswerFiles(answer: Answer, papers: ReadonlyMap<string, LibraryPaper>, plan: AnswerExportPlan): Promise<string> {
  const document = exportAnswer(answer, papers, { style: plan.style });
  const files: [string, string | Uint8Array][] = [];
  if (plan.bib) files.push([plan.bib, bibFile(document)]);
  if (plan.cslJson) files.push([plan.cslJson, cslJsonFile(document)]);
  if (plan.docx) files.push([plan.docx, await toDocx(document)]);
  await writeAllOrNone(files);
  if (!plan.format) return '';
  const bibliographyName = basename(plan.cslJson ?? plan.bib ?? 'references.bib');
  return renderTextExport(document, plan.format, bibliographyName);
}

/** Every file goes to a temporary name first; only when all are written are they renamed into place. */
async function writeAllOrNone(files: [string, string | Uint8Array][]): Promise<void> {
  const temporaries = files.map(([path]) => `${path}.${process.pid}.partial`);
  try {
    for (const [i, [, content]] of files.entries()) await writeFile(temporaries[i]!, content, { flag: 'wx' });
    for (const [i, [path]] of files.entries()) await rename(temporaries[i]!, path);
  } catch (error) {
    await Promise.all(temporaries.map((t) => rm(t, { force: true })));
    const path = files.find((_, i) => error instanceof Error && error.message.includes(temporaries[i]!))?.[0];
    throw new VerbatimError('EXPORT_WRITE_FAILED', `${path ?? files.map(([p]) => p).join(', ')}: ${error instanceof Error && 'code' in error ? String(error.code) : 'write failed'}`);
  }
}
