/**
 * The QA data files as they are read: each fetched or committed file is parsed by a schema (the fields the loaders
 * read), so a changed upstream format stops the eval with the path of the first field that differs, where a cast
 * let it run on with undefined texts and report figures for a set it had half read.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';

const text = v.string();

export const ArgSciChatFileSchema = v.array(
  v.object({
    id: text,
    title: text,
    content: v.array(text),
    message_pairs: v.array(v.object({ id: text, P_Message: text, DE_Message: text, facts: v.array(text) })),
  }),
);

export const SquadFileSchema = v.object({
  data: v.array(
    v.object({
      paragraphs: v.array(
        v.object({
          document_id: v.number(),
          context: text,
          qas: v.array(v.object({ id: v.number(), question: text, is_impossible: v.boolean(), answers: v.array(v.object({ text, answer_start: v.number() })) })),
        }),
      ),
    }),
  ),
});

export const QasaUnanswerableFileSchema = v.record(text, v.object({ paper_id: text, question_id: v.number(), question: text }));

export const PubMedQaFileSchema = v.record(
  text,
  v.object({ QUESTION: text, CONTEXTS: v.array(text), LABELS: v.array(text), final_decision: v.optional(text), LONG_ANSWER: text }),
);

/** ChemRxivQuest's `references` column: a JSON list of the chunks a question was written from. */
export const ChemReferencesSchema = v.array(v.object({ content: text }));

/** A QA data file read and parsed; `what` names it in the error. */
export function readQaFile<const TSchema extends v.GenericSchema>(path: string, schema: TSchema, what: string): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, JSON.parse(readFileSync(path, 'utf8')), { abortEarly: true });
  if (result.success) return result.output;
  const issue = result.issues[0];
  throw new Error(`${what} (${path}): ${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
}
