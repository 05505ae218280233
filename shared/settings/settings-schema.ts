/** The model settings as they arrive from the side panel: parsed, never trusted as typed. */
import * as v from 'valibot';
import { VerbatimError } from '../errors';
import type { ModelSettings } from '../llm/model-settings';
import { PROVIDER_PRESETS } from '../llm/openai-compatible';

export const PROVIDER_IDS = ['extractive', 'custom', 'chrome-ai', ...PROVIDER_PRESETS.map((p) => p.id)] as const;

const ModelSettingsSchema = v.strictObject({
  provider: v.picklist(PROVIDER_IDS),
  baseURL: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2048))),
  model: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(256))),
  apiKey: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(4096))),
});

export function parseModelSettings(input: unknown): ModelSettings {
  const result = v.safeParse(ModelSettingsSchema, input);
  if (!result.success) throw new VerbatimError('BAD_SETTINGS', v.summarize(result.issues));
  const { provider, baseURL, model, apiKey } = result.output;
  // Empty strings mean "not given", as the form sends them.
  return { provider, ...(baseURL ? { baseURL } : {}), ...(model ? { model } : {}), ...(apiKey ? { apiKey } : {}) };
}
