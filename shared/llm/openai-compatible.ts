/**
 * Any OpenAI-compatible chat endpoint (OpenAI, Ollama, LM Studio, vLLM, OpenRouter)
 * through the openai SDK: streaming, retries with backoff on 429 and 5xx (the SDK's),
 * a timeout per request, and cancellation by AbortSignal.
 */
import OpenAI from 'openai';
import { VerbatimError } from '../errors';
import { estimateTokens, type ChatModel, type ChatRequest, type ChatResponse } from './chat-model';

export interface OpenAiCompatibleConfig {
  baseURL: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
  maxRetries?: number;
  /** The fetch to use (the engine's port); defaults to the SDK's. */
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
}

export interface ProviderPreset {
  id: string;
  label: string;
  baseURL: string;
  needsKey: boolean;
  exampleModel: string;
}

export const PROVIDER_PRESETS: ProviderPreset[] = [
  { id: 'openai', label: 'OpenAI', baseURL: 'https://api.openai.com/v1', needsKey: true, exampleModel: 'gpt-4o-mini' },
  { id: 'ollama', label: 'Ollama (local)', baseURL: 'http://localhost:11434/v1', needsKey: false, exampleModel: 'llama3.1:8b' },
  { id: 'lmstudio', label: 'LM Studio (local)', baseURL: 'http://localhost:1234/v1', needsKey: false, exampleModel: 'qwen2.5-7b-instruct' },
  { id: 'vllm', label: 'vLLM', baseURL: 'http://localhost:8000/v1', needsKey: false, exampleModel: 'meta-llama/Llama-3.1-8B-Instruct' },
  { id: 'openrouter', label: 'OpenRouter', baseURL: 'https://openrouter.ai/api/v1', needsKey: true, exampleModel: 'openai/gpt-4o-mini' },
];

function toVerbatimError(error: unknown, signal?: AbortSignal): VerbatimError {
  if (error instanceof VerbatimError) return error;
  if (signal?.aborted) return new VerbatimError('CANCELLED');
  if (error instanceof OpenAI.APIConnectionTimeoutError) return new VerbatimError('LLM_TIMEOUT');
  if (error instanceof OpenAI.APIUserAbortError) return new VerbatimError('CANCELLED');
  // Connection refused or no route (a stopped Ollama): the server is not there, which is not a server error.
  if (error instanceof OpenAI.APIConnectionError) return new VerbatimError('LLM_UNREACHABLE', error.cause instanceof Error ? error.cause.message : error.message);
  if (error instanceof OpenAI.APIError) {
    if (error.status === 401 || error.status === 403) return new VerbatimError('LLM_AUTH', error.message);
    if (error.status === 429) return new VerbatimError('LLM_RATE_LIMIT', error.message);
    return new VerbatimError('LLM_UNAVAILABLE', `${error.status ?? 'network'}: ${error.message}`);
  }
  return new VerbatimError('LLM_UNAVAILABLE', error instanceof Error ? error.message : String(error));
}

export function createOpenAiCompatibleModel(config: OpenAiCompatibleConfig): ChatModel {
  const client = new OpenAI({
    baseURL: config.baseURL,
    apiKey: config.apiKey || 'not-needed', // local servers ignore it; the SDK wants a value
    timeout: config.timeoutMs ?? 60_000,
    maxRetries: config.maxRetries ?? 2,
    dangerouslyAllowBrowser: true, // the key is the user's own, kept in their browser
    ...(config.fetch ? { fetch: config.fetch as never } : {}),
  });
  return {
    name: `${config.model} @ ${config.baseURL}`,
    async chat(request: ChatRequest): Promise<ChatResponse> {
      let text = '';
      let finished = false;
      let usage: { prompt_tokens: number; completion_tokens: number } | null = null;
      try {
        const stream = await client.chat.completions.create(
          {
            model: config.model,
            messages: request.messages,
            temperature: 0,
            stream: true,
            stream_options: { include_usage: true },
            ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
            ...(request.json ? { response_format: { type: 'json_object' as const } } : {}),
          },
          request.signal ? { signal: request.signal } : {},
        );
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta?.content ?? '';
          if (delta) {
            text += delta;
            request.onText?.(delta);
          }
          if (chunk.choices[0]?.finish_reason) finished = true;
          if (chunk.usage) usage = chunk.usage;
        }
      } catch (error) {
        const mapped = toVerbatimError(error, request.signal);
        // A stream cut off mid-answer: keep what arrived, marked incomplete, so the caller can salvage it.
        if (text && mapped.code === 'LLM_UNAVAILABLE') return finish(text, usage, request, false);
        throw mapped;
      }
      return finish(text, usage, request, finished);
    },
  };
}

function finish(text: string, usage: { prompt_tokens: number; completion_tokens: number } | null, request: ChatRequest, complete: boolean): ChatResponse {
  return {
    text,
    inputTokens: usage?.prompt_tokens ?? request.messages.reduce((n, m) => n + estimateTokens(m.content), 0),
    outputTokens: usage?.completion_tokens ?? estimateTokens(text),
    complete,
  };
}
