/**
 * Answers with a language model in a handful of calls: plan (sub-queries guided by a
 * library summary), one batched relevance-and-sufficiency judgement (plus at most one
 * follow-up search), then synthesis with a verbatim quote per citation, iterating
 * when the relevant passages exceed the context budget. Everything the model cites
 * is verified against the stored text before the user sees it.
 */
import { VerbatimError } from '../errors';
import { DEFAULT_BUDGET, estimateTokens, MeteredModel, type Budget, type ChatModel } from '../llm/chat-model';
import { DraftReplySchema, JudgeReplySchema, PlanReplySchema, readModelReply } from '../schema/model-reply-schema';
import { systemClock, type Clock } from '../ports';
import { collectReferences } from '../references/collect-references';
import { termsOf } from '../search/paragraph-index';
import { countSupport, type Answer } from './answer';
import type { LibrarySnapshot } from './extractive';
import { summarizeLibrary } from './library-summary';
import { judgePrompt, planPrompt, synthesisPrompt, type PromptPassage } from './prompts';
import { readDraft, verifyDraft, type DraftSentence, type PassageRef } from './verify-answer';

export type AnswerStage = 'planning' | 'retrieving' | 'judging' | 'writing' | 'verifying';

export interface ModelAnswerOptions {
  model: ChatModel;
  paperIds?: readonly string[];
  signal?: AbortSignal;
  /** Per question; DEFAULT_BUDGET when not given. */
  budget?: Budget;
  /** Passages shown to the relevance judge. */
  candidates?: number;
  /** Passage tokens per synthesis call; more relevant text than this is folded in over several calls. */
  synthesisTokens?: number;
  clock?: Clock;
  onProgress?: (stage: AnswerStage) => void;
}

const JUDGE_CHARS = 300;

function truncate(text: string, chars: number): string {
  if (text.length <= chars) return text;
  const cut = text.slice(0, chars);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), chars - 20))} …`;
}

/** Reciprocal rank fusion of several ranked lists of paragraph keys. */
function fuse(lists: string[][], limit: number): string[] {
  const scores = new Map<string, number>();
  for (const list of lists) list.forEach((key, rank) => scores.set(key, (scores.get(key) ?? 0) + 1 / (60 + rank)));
  return [...scores.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([key]) => key);
}

export async function answerWithModel(question: string, library: LibrarySnapshot, options: ModelAnswerOptions): Promise<Answer> {
  const clock = options.clock ?? systemClock;
  const started = clock.now();
  if (!question.trim() || termsOf(question).length === 0) throw new VerbatimError('EMPTY_QUESTION');
  if (library.papers.size === 0) throw new VerbatimError('EMPTY_LIBRARY');
  const model = new MeteredModel(options.model, options.budget ?? DEFAULT_BUDGET);
  const { signal } = options;
  const scope = options.paperIds?.length ? new Set(options.paperIds) : undefined;
  const checkCancel = () => {
    if (signal?.aborted) throw new VerbatimError('CANCELLED');
  };
  const search = (text: string, limit: number) => library.index.query(text, { limit, ...(scope ? { paperIds: scope } : {}) }).map((h) => h.key);

  // 1. Plan: sub-queries in the library's own vocabulary.
  options.onProgress?.('planning');
  const papersInScope = [...library.papers.values()].filter((p) => !scope || scope.has(p.id));
  const plan = await model.chat({ messages: planPrompt(question, summarizeLibrary(papersInScope)), json: true, maxTokens: 200, ...(signal ? { signal } : {}) });
  const queries = readModelReply(plan.text, PlanReplySchema)?.queries ?? [];
  checkCancel();

  // 2. Retrieve: the question and each sub-query, fused.
  options.onProgress?.('retrieving');
  const wanted = options.candidates ?? 30;
  const candidateKeys = fuse([search(question, wanted), ...queries.map((q) => search(q, Math.ceil(wanted / 2)))], wanted);
  const ids = new Map<string, PassageRef>(); // P1, P2, ... -> passage; stable across calls
  const idOf = new Map<string, string>();
  const register = (key: string) => {
    const found = library.index.lookup(key);
    if (!found || idOf.has(key)) return;
    const id = `P${ids.size + 1}`;
    ids.set(id, found);
    idOf.set(key, id);
  };
  candidateKeys.forEach(register);
  const promptPassage = (id: string, chars: number): PromptPassage => {
    const { paper, paragraph } = ids.get(id)!;
    const section = paper.sections.find((s) => s.id === paragraph.sectionId);
    return { id, label: `${truncate(paper.title, 60)}${section ? ` §${truncate(section.title, 40)}` : ''}`, text: truncate(paragraph.text, chars) };
  };

  // 3. Judge relevance in one batch, with the sufficiency check; at most one follow-up search.
  options.onProgress?.('judging');
  const relevant = new Set<string>();
  const judge = async (idsToJudge: string[], askSufficiency: boolean) => {
    if (!idsToJudge.length) return { sufficient: true, missing: '' };
    const reply = await model.chat({ messages: judgePrompt(question, idsToJudge.map((id) => promptPassage(id, JUDGE_CHARS)), askSufficiency), json: true, maxTokens: 300, ...(signal ? { signal } : {}) });
    const verdict = readModelReply(reply.text, JudgeReplySchema);
    if (!verdict) {
      // An unreadable judgement: trust the search ranking for the top few rather than fail the question.
      idsToJudge.slice(0, 6).forEach((id) => relevant.add(id));
      return { sufficient: true, missing: '' };
    }
    for (const id of verdict.relevant) if (idsToJudge.includes(id)) relevant.add(id);
    return { sufficient: verdict.sufficient, missing: verdict.missing };
  };
  const first = await judge([...ids.keys()], true);
  checkCancel();
  if (!first.sufficient && first.missing.trim()) {
    const before = ids.size;
    search(first.missing, 10).forEach(register);
    await judge([...ids.keys()].slice(before), false);
    checkCancel();
  }

  // 4. Synthesise from the relevant passages, folding in more over several calls if they do not fit.
  options.onProgress?.('writing');
  let draft: DraftSentence[] = [];
  let unreadable = false;
  const ordered = [...ids.keys()].filter((id) => relevant.has(id));
  const perCall = options.synthesisTokens ?? 3_000;
  const batches: string[][] = [];
  let batch: string[] = [];
  let tokens = 0;
  for (const id of ordered) {
    const cost = estimateTokens(ids.get(id)!.paragraph.text);
    if (batch.length && tokens + cost > perCall) {
      batches.push(batch);
      batch = [];
      tokens = 0;
    }
    batch.push(id);
    tokens += cost;
  }
  if (batch.length) batches.push(batch);
  for (const group of batches) {
    if (model.remainingCalls() <= 0) break;
    const previous = draft.length ? JSON.stringify({ sentences: draft }) : undefined;
    const reply = await model.chat({ messages: synthesisPrompt(question, group.map((id) => promptPassage(id, 2_000)), previous), json: true, maxTokens: 900, ...(signal ? { signal } : {}) });
    const typed = readModelReply(reply.text, DraftReplySchema);
    const next = readDraft(typed ? { sentences: typed } : undefined, reply.text);
    if (next) draft = next;
    else unreadable = draft.length === 0;
    checkCancel();
  }

  // 5. Verify every citation against the stored text.
  options.onProgress?.('verifying');
  const retrieved = [...ids.values()].map((p) => ({ paperId: p.paper.id, paragraphId: p.paragraph.id, text: p.paragraph.text }));
  const { sentences } = verifyDraft(draft, ids, retrieved);
  // Sentences with real quotes are shown even when they disagree with them (as "check the source").
  const supported = sentences.filter((s) => s.support !== 'unsupported');
  const stats = { llmCalls: model.usage.calls, inputTokens: model.usage.inputTokens, outputTokens: model.usage.outputTokens, ms: clock.now() - started, ...countSupport(sentences) };
  if (supported.length === 0) {
    return {
      question,
      mode: 'llm',
      sentences,
      references: { primary: [], secondary: [] },
      stats,
      abstained: true,
      notice: unreadable
        ? 'The model did not answer in the expected format, so nothing could be checked against the library.'
        : relevant.size === 0 || draft.length === 0
          ? 'Nothing in the library answers this question.'
          : 'The model wrote an answer, but none of it could be verified against the library.',
    };
  }
  return { question, mode: 'llm', sentences, references: collectReferences(sentences, library.papers), stats, abstained: false };
}
