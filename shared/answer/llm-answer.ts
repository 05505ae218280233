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
import { fuseByReciprocalRank } from '../search/rank-fusion';
import type { RankedHit } from '../search/retriever';
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
/** Characters of a passage shown to the writer. */
const SYNTHESIS_CHARS = 2_000;

function truncate(text: string, chars: number): string {
  if (text.length <= chars) return text;
  const cut = text.slice(0, chars);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), chars - 20))} …`;
}

/**
 * The passages the model has been shown, under short ids (P1, P2, ...) that stay stable
 * across calls, so a later call's citations mean what an earlier call's did.
 */
class PassageTable {
  readonly byId = new Map<string, PassageRef>();
  private readonly idByKey = new Map<string, string>();

  constructor(private readonly library: LibrarySnapshot) {}

  register(key: string): void {
    const found = this.library.index.lookup(key);
    if (!found || this.idByKey.has(key)) return;
    const id = `P${this.byId.size + 1}`;
    this.byId.set(id, found);
    this.idByKey.set(key, id);
  }

  ids(): string[] {
    return [...this.byId.keys()];
  }

  forPrompt(id: string, chars: number): PromptPassage {
    const { paper, paragraph } = this.byId.get(id)!;
    const section = paper.sections.find((s) => s.id === paragraph.sectionId);
    return { id, label: `${truncate(paper.title, 60)}${section ? ` §${truncate(section.title, 40)}` : ''}`, text: truncate(paragraph.text, chars) };
  }
}

/** What every stage reads: the question, the library, the metered model and the passages shown so far. */
interface ModelAnswerContext {
  question: string;
  library: LibrarySnapshot;
  options: ModelAnswerOptions;
  model: MeteredModel;
  scope: ReadonlySet<string> | undefined;
  passages: PassageTable;
  /** Ids the judge found relevant. */
  relevant: Set<string>;
}

/** What the writer produced: its draft sentences, and whether no reply could be read at all. */
interface Draft {
  sentences: DraftSentence[];
  unreadable: boolean;
}

export async function answerWithModel(question: string, library: LibrarySnapshot, options: ModelAnswerOptions): Promise<Answer> {
  const clock = options.clock ?? systemClock;
  const started = clock.now();
  if (!question.trim() || termsOf(question).length === 0) throw new VerbatimError('EMPTY_QUESTION');
  if (library.papers.size === 0) throw new VerbatimError('EMPTY_LIBRARY');
  const context: ModelAnswerContext = {
    question,
    library,
    options,
    model: new MeteredModel(options.model, options.budget ?? DEFAULT_BUDGET),
    scope: options.paperIds?.length ? new Set(options.paperIds) : undefined,
    passages: new PassageTable(library),
    relevant: new Set(),
  };
  const queries = await planQueries(context);
  gatherCandidates(context, queries);
  await judgeRelevance(context);
  const draft = await writeDraft(context);
  options.onProgress?.('verifying');
  return composeVerifiedAnswer(context, draft, clock.now() - started);
}

function chatOptions(context: ModelAnswerContext): { signal?: AbortSignal } {
  return context.options.signal ? { signal: context.options.signal } : {};
}

function checkCancel(context: ModelAnswerContext): void {
  if (context.options.signal?.aborted) throw new VerbatimError('CANCELLED');
}

function search(context: ModelAnswerContext, text: string, limit: number): RankedHit[] {
  return context.library.index.query(text, { limit, ...(context.scope ? { paperIds: context.scope } : {}) });
}

/** 1. Plan: sub-queries in the library's own vocabulary, from a summary of the papers in scope. */
async function planQueries(context: ModelAnswerContext): Promise<string[]> {
  const { library, scope, model, question } = context;
  context.options.onProgress?.('planning');
  const papersInScope = [...library.papers.values()].filter((p) => !scope || scope.has(p.id));
  const plan = await model.chat({ messages: planPrompt(question, summarizeLibrary(papersInScope)), json: true, maxTokens: 200, ...chatOptions(context) });
  checkCancel(context);
  return readModelReply(plan.text, PlanReplySchema)?.queries ?? [];
}

/** 2. Retrieve: the question and each sub-query, fused by reciprocal rank. */
function gatherCandidates(context: ModelAnswerContext, queries: readonly string[]): void {
  context.options.onProgress?.('retrieving');
  const wanted = context.options.candidates ?? 30;
  const lists = [search(context, context.question, wanted), ...queries.map((q) => search(context, q, Math.ceil(wanted / 2)))];
  for (const hit of fuseByReciprocalRank(lists, wanted)) context.passages.register(hit.key);
}

/** 3. Judge relevance in one batch, with the sufficiency check; at most one follow-up search for what is missing. */
async function judgeRelevance(context: ModelAnswerContext): Promise<void> {
  context.options.onProgress?.('judging');
  const first = await judgeBatch(context, context.passages.ids(), true);
  checkCancel(context);
  if (first.sufficient || !first.missing.trim()) return;
  const before = context.passages.ids().length;
  for (const hit of search(context, first.missing, 10)) context.passages.register(hit.key);
  await judgeBatch(context, context.passages.ids().slice(before), false);
  checkCancel(context);
}

async function judgeBatch(context: ModelAnswerContext, ids: readonly string[], askSufficiency: boolean): Promise<{ sufficient: boolean; missing: string }> {
  if (!ids.length) return { sufficient: true, missing: '' };
  const reply = await context.model.chat({ messages: judgePrompt(context.question, ids.map((id) => context.passages.forPrompt(id, JUDGE_CHARS)), askSufficiency), json: true, maxTokens: 300, ...chatOptions(context) });
  const verdict = readModelReply(reply.text, JudgeReplySchema);
  if (!verdict) {
    // An unreadable judgement: trust the search ranking for the top few rather than fail the question.
    ids.slice(0, 6).forEach((id) => context.relevant.add(id));
    return { sufficient: true, missing: '' };
  }
  for (const id of verdict.relevant) if (ids.includes(id)) context.relevant.add(id);
  return { sufficient: verdict.sufficient, missing: verdict.missing };
}

/** The relevant passages in batches of at most `perCall` tokens, in the order they were found. */
function synthesisBatches(context: ModelAnswerContext, perCall: number): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let tokens = 0;
  for (const id of context.passages.ids().filter((id) => context.relevant.has(id))) {
    const cost = estimateTokens(context.passages.byId.get(id)!.paragraph.text);
    if (batch.length && tokens + cost > perCall) {
      batches.push(batch);
      batch = [];
      tokens = 0;
    }
    batch.push(id);
    tokens += cost;
  }
  if (batch.length) batches.push(batch);
  return batches;
}

/** 4. Write from the relevant passages, folding in more over several calls when they do not fit in one. */
async function writeDraft(context: ModelAnswerContext): Promise<Draft> {
  context.options.onProgress?.('writing');
  let sentences: DraftSentence[] = [];
  let unreadable = false;
  for (const group of synthesisBatches(context, context.options.synthesisTokens ?? 3_000)) {
    if (context.model.remainingCalls() <= 0) break;
    const previous = sentences.length ? JSON.stringify({ sentences }) : undefined;
    const passages = group.map((id) => context.passages.forPrompt(id, SYNTHESIS_CHARS));
    const reply = await context.model.chat({ messages: synthesisPrompt(context.question, passages, previous), json: true, maxTokens: 900, ...chatOptions(context) });
    const typed = readModelReply(reply.text, DraftReplySchema);
    const next = readDraft(typed ? { sentences: typed } : undefined, reply.text);
    if (next) sentences = next;
    else unreadable = sentences.length === 0;
    checkCancel(context);
  }
  return { sentences, unreadable };
}

/** 5. Verify every citation against the stored text; abstain when nothing the model wrote holds up. */
function composeVerifiedAnswer(context: ModelAnswerContext, draft: Draft, ms: number): Answer {
  const { question, library, model, passages } = context;
  const retrieved = [...passages.byId.values()].map((p) => ({ paperId: p.paper.id, paragraphId: p.paragraph.id, text: p.paragraph.text }));
  const { sentences } = verifyDraft(draft.sentences, passages.byId, retrieved);
  // Sentences with real quotes are shown even when they disagree with them (as "check the source").
  const supported = sentences.filter((s) => s.support !== 'unsupported');
  const stats = { llmCalls: model.usage.calls, inputTokens: model.usage.inputTokens, outputTokens: model.usage.outputTokens, ms, ...countSupport(sentences) };
  if (supported.length > 0) return { question, mode: 'llm', sentences, references: collectReferences(sentences, library.papers), stats, abstained: false };
  return {
    question,
    mode: 'llm',
    sentences,
    references: { primary: [], secondary: [] },
    stats,
    abstained: true,
    notice: draft.unreadable
      ? 'The model did not answer in the expected format, so nothing could be checked against the library.'
      : context.relevant.size === 0 || draft.sentences.length === 0
        ? 'Nothing in the library answers this question.'
        : 'The model wrote an answer, but none of it could be verified against the library.',
  };
}
