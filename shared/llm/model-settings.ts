/**
 * What the user chose as their model, as plain data (stored by the extension, given
 * on the CLI), and the ChatModel it makes. "extractive" means no model at all.
 */
import { VerbatimError } from '../errors';
import type { ChatModel } from './chat-model';
import { createOpenAiCompatibleModel, PROVIDER_PRESETS, type OpenAiCompatibleConfig } from './openai-compatible';

export interface ModelSettings {
  /** "extractive", a preset id (openai, ollama, lmstudio, vllm, openrouter), "custom", or "chrome-ai". */
  provider: string;
  baseURL?: string;
  model?: string;
  apiKey?: string;
}

export const DEFAULT_SETTINGS: ModelSettings = { provider: 'extractive' };

export function resolveEndpoint(settings: ModelSettings): OpenAiCompatibleConfig {
  const preset = PROVIDER_PRESETS.find((p) => p.id === settings.provider);
  const baseURL = settings.baseURL || preset?.baseURL;
  if (!baseURL) throw new VerbatimError('LLM_NOT_CONFIGURED', 'no base URL');
  if (!settings.model) throw new VerbatimError('LLM_NOT_CONFIGURED', `no model name${preset ? ` (for example ${preset.exampleModel})` : ''}`);
  if (preset?.needsKey && !settings.apiKey) throw new VerbatimError('LLM_NOT_CONFIGURED', `${preset.label} needs an API key`);
  return { baseURL, model: settings.model, ...(settings.apiKey ? { apiKey: settings.apiKey } : {}) };
}

/** The ChatModel for these settings, or null for extractive mode. */
export function modelFor(settings: ModelSettings, extra: Partial<OpenAiCompatibleConfig> = {}): ChatModel | null {
  if (settings.provider === 'extractive') return null;
  if (settings.provider === 'chrome-ai') throw new VerbatimError('LLM_NOT_CONFIGURED', "Chrome's built-in model is used only inside the browser");
  return createOpenAiCompatibleModel({ ...resolveEndpoint(settings), ...extra });
}
