/**
 * The pane's paste path: JSON text from the clipboard to an answer this pane can stand
 * behind. The payload's own "verified" flags, offsets and references are ignored; every
 * citation is checked again against the papers imported into this pane.
 */
import { parseAnswerJson } from '../shared/schema/answer-schema';
import { reverifyAnswer, type PaperLookup, type ReverifyReport } from '../shared/answer/reverify-answer';

export async function readPastedAnswer(text: string, lookupPaper: PaperLookup): Promise<Awaited<ReturnType<typeof reverifyAnswer>>> {
  const value = parseAnswerJson(text);
  return reverifyAnswer(value, lookupPaper);
}

/** What re-verification changed, for the pane's status line; nothing when the answer held up. */
export function describeReverify(report: ReverifyReport): string | undefined {
  const lines: string[] = [];
  if (report.missingPapers.length) lines.push(`${report.missingPapers.length} cited paper(s) are not in this pane: import them to keep their citations.`);
  if (report.droppedCitations) lines.push(`${report.droppedCitations} citation(s) could not be found in the stored text and were dropped.`);
  if (report.downgradedSentences) lines.push(`${report.downgradedSentences} sentence(s) marked verified are not supported by their quotes here.`);
  return lines.length ? lines.join('\n') : undefined;
}
