/**
 * Chrome's built-in model (the Prompt API, `LanguageModel`) behind the ChatModel
 * interface. The global is passed in by the extension; the engine never looks for it.
 */
import { VerbatimError } from '../errors';
import { estimateTokens, type ChatModel, type ChatRequest, type ChatResponse } from './chat-model';

export interface PromptSession {
  prompt(input: string, options?: { signal?: AbortSignal }): Promise<string>;
  promptStreaming?(input: string, options?: { signal?: AbortSignal }): AsyncIterable<string> | ReadableStream<string>;
  destroy?(): void;
}

export interface LanguageModelApi {
  availability(): Promise<'unavailable' | 'downloadable' | 'downloading' | 'available' | string>;
  create(options?: { initialPrompts?: { role: 'system' | 'user' | 'assistant'; content: string }[]; signal?: AbortSignal }): Promise<PromptSession>;
}

export function createPromptApiModel(api: LanguageModelApi): ChatModel {
  return {
    name: 'Chrome built-in model',
    async chat(request: ChatRequest): Promise<ChatResponse> {
      const availability = await api.availability();
      if (availability !== 'available') throw new VerbatimError('LLM_NOT_CONFIGURED', `Chrome's built-in model is ${availability}`);
      const system = request.messages.filter((m) => m.role === 'system');
      const turns = request.messages.filter((m) => m.role !== 'system');
      const input = turns.map((m) => m.content).join('\n\n');
      const session = await api.create({ initialPrompts: system.map((m) => ({ role: 'system' as const, content: m.content })), ...(request.signal ? { signal: request.signal } : {}) });
      try {
        let text = '';
        if (session.promptStreaming && request.onText) {
          for await (const chunk of session.promptStreaming(input, request.signal ? { signal: request.signal } : {}) as AsyncIterable<string>) {
            text += chunk;
            request.onText(chunk);
          }
        } else {
          text = await session.prompt(input, request.signal ? { signal: request.signal } : {});
        }
        return { text, inputTokens: estimateTokens(system.map((m) => m.content).join('') + input), outputTokens: estimateTokens(text), complete: true };
      } catch (error) {
        if (request.signal?.aborted) throw new VerbatimError('CANCELLED');
        throw new VerbatimError('LLM_UNAVAILABLE', error instanceof Error ? error.message : String(error));
      } finally {
        session.destroy?.();
      }
    },
  };
}
