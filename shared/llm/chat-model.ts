/**
 * The one interface every model sits behind: an OpenAI-compatible endpoint, Chrome's
 * built-in model, or a test double. The engine never talks to a provider directly.
 */
import { VerbatimError } from '../errors';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  maxTokens?: number;
  /** Ask for a JSON object (response_format), where the provider supports it. */
  json?: boolean;
  signal?: AbortSignal;
  /** Streamed text as it arrives. */
  onText?: (delta: string) => void;
}

export interface ChatResponse {
  text: string;
  inputTokens: number;
  outputTokens: number;
  /** False when the stream ended before the model finished (cut off); the text may be partial. */
  complete: boolean;
}

export interface ChatModel {
  readonly name: string;
  chat(request: ChatRequest): Promise<ChatResponse>;
}

/** About four characters a token for English: used only when a provider reports no usage. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export interface Budget {
  maxInputTokens: number;
  maxCalls: number;
}

/** Per question: keeps a question to a few cents on hosted models (the cost scenario uses about half). */
export const DEFAULT_BUDGET: Budget = { maxInputTokens: 12_000, maxCalls: 6 };

export interface Usage {
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

/**
 * Counts calls and tokens for one question, and refuses calls past the budget, so a
 * question can never cost more than the user allowed.
 */
export class MeteredModel implements ChatModel {
  readonly usage: Usage = { calls: 0, inputTokens: 0, outputTokens: 0 };

  constructor(
    private readonly model: ChatModel,
    private readonly budget: Budget = DEFAULT_BUDGET,
  ) {}

  get name(): string {
    return this.model.name;
  }

  remainingCalls(): number {
    return this.budget.maxCalls - this.usage.calls;
  }

  remainingInputTokens(): number {
    return this.budget.maxInputTokens - this.usage.inputTokens;
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const promptTokens = request.messages.reduce((n, m) => n + estimateTokens(m.content), 0);
    if (this.usage.calls >= this.budget.maxCalls || promptTokens > this.remainingInputTokens()) throw new VerbatimError('LLM_BUDGET');
    this.usage.calls++;
    try {
      const response = await this.model.chat(request);
      this.usage.inputTokens += response.inputTokens;
      this.usage.outputTokens += response.outputTokens;
      return response;
    } catch (error) {
      this.usage.inputTokens += promptTokens; // a failed call was still sent
      throw error;
    }
  }
}
