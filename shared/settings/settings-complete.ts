/**
 * Settings that would fail at the first question are refused when they are saved: an
 * endpoint provider needs a base URL (the preset's or the user's) and a model name, and a
 * provider that needs a key (OpenAI, OpenRouter) needs one, entered now or kept.
 */
import { VerbatimError } from '../errors';
import type { ModelSettings } from '../llm/model-settings';
import { PROVIDER_PRESETS } from '../llm/openai-compatible';

export function usesEndpoint(provider: string): boolean {
  return provider !== 'extractive' && provider !== 'chrome-ai';
}

export function assertSettingsComplete(settings: ModelSettings, hasKey: boolean): void {
  if (!usesEndpoint(settings.provider)) return;
  const preset = PROVIDER_PRESETS.find((p) => p.id === settings.provider);
  if (!settings.baseURL && !preset?.baseURL) throw new VerbatimError('SETTINGS_INCOMPLETE', 'enter the endpoint\'s base URL (for example https://…/v1)');
  if (!settings.model) throw new VerbatimError('SETTINGS_INCOMPLETE', `enter a model name${preset ? ` (for example ${preset.exampleModel})` : ''}`);
  if (preset?.needsKey && !hasKey) throw new VerbatimError('SETTINGS_INCOMPLETE', `${preset.label} needs an API key`);
}
