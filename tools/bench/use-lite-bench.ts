/**
 * The Universal Sentence Encoder (lite)'s own cost on this machine, the real model from its
 * installed package: embedding the fixtures' paragraphs (what indexing a library costs, per
 * paragraph) and one question (what each question with --dense adds), beside the
 * extractive answer to the same questions in the same run as the baseline. Where the
 * model cannot be loaded the section says why.
 */
import { loadUseLiteInNode } from '../../cli/use-lite-node';
import { answerExtractively, LibrarySnapshot } from '../../shared/answer/extractive';
import { messageFor } from '../../shared/errors';
import type { LibraryPaper } from '../../shared/model/paper';
import { percentile, round } from './stats';

export async function benchUseLite(papers: readonly LibraryPaper[], questions: readonly string[]) {
  let model: Awaited<ReturnType<typeof loadUseLiteInNode>>;
  const loadStarted = performance.now();
  try {
    model = await loadUseLiteInNode();
  } catch (error) {
    return { notMeasured: messageFor(error) };
  }
  const loadMs = performance.now() - loadStarted;
  const paragraphs = papers.flatMap((p) => p.paragraphs.filter((q) => q.kind !== 'equation' && q.text.trim()).map((q) => q.text)).slice(0, 300);
  await model(paragraphs.slice(0, 16), 'passage'); // warm up
  const embedStarted = performance.now();
  await model(paragraphs, 'passage');
  const embedMs = performance.now() - embedStarted;
  const library = LibrarySnapshot.fromPapers(papers);
  const questionMs: number[] = [];
  const answerMs: number[] = [];
  for (let round = 0; round < 4; round++) {
    for (const q of questions) {
      let started = performance.now();
      await model([q], 'query');
      questionMs.push(performance.now() - started);
      started = performance.now();
      answerExtractively(q, library);
      answerMs.push(performance.now() - started);
    }
  }
  return {
    model: 'universal-sentence-encoder-lite',
    loadMs: Math.round(loadMs),
    paragraphs: paragraphs.length,
    embedMsPerParagraph: round(embedMs / paragraphs.length),
    questionEmbedP50Ms: round(percentile(questionMs, 50)),
    baselineExtractiveAnswerP50Ms: round(percentile(answerMs, 50)),
  };
}
