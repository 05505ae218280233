/**
 * The one place the model is chosen, for every context that keeps settings (the extension
 * today). It reads and writes settings through a SettingsPort and makes the ChatModel only
 * after checking where requests will go: the key is sent only to the origin and provider it
 * was entered for; nothing goes over plain http except to this computer, nor to an origin the
 * platform has not granted, whatever CORS headers that server sends.
 */
import { VerbatimError } from '../errors';
import type { ChatModel } from '../llm/chat-model';
import { DEFAULT_SETTINGS, modelFor, type ModelSettings } from '../llm/model-settings';
import type { OpenAiCompatibleConfig } from '../llm/openai-compatible';
import type { PublicModelSettings } from '../protocol';
import { applySettingsUpdate, assertEndpointTransport, endpointOrigin, usableKey } from './key-binding';
import type { OriginPermissions, SettingsPort, StoredModelSettings } from './settings-port';
import { parseModelSettings } from './settings-schema';
import { assertSettingsComplete } from './settings-complete';
import { testEndpoint, type ConnectionReport } from './connection-test';
import { PROVIDER_PRESETS } from '../llm/openai-compatible';

type FetchLike = NonNullable<OpenAiCompatibleConfig['fetch']>;

export interface ModelSettingsServiceOptions {
  store: SettingsPort;
  permissions: OriginPermissions;
  /** The fetch model requests use (the platform's). */
  fetch: FetchLike;
  /** The browser's built-in model, where there is one. */
  builtInModel?: () => ChatModel;
}

export class ModelSettingsService {
  constructor(private readonly options: ModelSettingsServiceOptions) {}

  async current(): Promise<StoredModelSettings> {
    return (await this.options.store.load()) ?? DEFAULT_SETTINGS;
  }

  /** The settings without the key: what any page may be shown. */
  async publicSettings(): Promise<PublicModelSettings> {
    return toPublic(await this.current());
  }

  /** Saves what the user entered; an empty key keeps the stored one only for the same origin and provider. */
  async update(input: unknown): Promise<PublicModelSettings> {
    const next = parseModelSettings(input);
    const stored = applySettingsUpdate(await this.options.store.load(), next);
    assertSettingsComplete(next, usableKey(stored) !== undefined);
    await this.options.store.save(stored);
    return toPublic(stored);
  }

  /**
   * Checks settings the user has not saved yet: the endpoint is reached with the key they
   * entered (or the stored one, when it is bound to the same endpoint), nothing is stored.
   */
  async testConnection(input: unknown): Promise<ConnectionReport> {
    const next = parseModelSettings(input);
    const candidate = applySettingsUpdate(await this.options.store.load(), next);
    const apiKey = usableKey(candidate);
    assertSettingsComplete(next, apiKey !== undefined);
    const origin = endpointOrigin(next);
    if (!origin) throw new VerbatimError('SETTINGS_INCOMPLETE', 'this provider has no endpoint to test');
    if (!(await this.options.permissions.contains(origin))) throw new VerbatimError('ENDPOINT_NOT_GRANTED', origin);
    const baseURL = next.baseURL || PROVIDER_PRESETS.find((p) => p.id === next.provider)?.baseURL || origin;
    return testEndpoint({ baseURL, model: next.model ?? '', ...(apiKey ? { apiKey } : {}) }, sameOriginOnly(origin, this.options.fetch));
  }

  /** The ChatModel the user chose, or undefined for extractive mode. */
  async model(): Promise<ChatModel | undefined> {
    const settings = await this.current();
    if (settings.provider === 'extractive') return undefined;
    if (settings.provider === 'chrome-ai') {
      if (!this.options.builtInModel) throw new VerbatimError('LLM_NOT_CONFIGURED', "this browser has no built-in model (the Prompt API's LanguageModel)");
      return this.options.builtInModel();
    }
    const origin = endpointOrigin(settings);
    if (!origin) throw new VerbatimError('LLM_NOT_CONFIGURED', 'no base URL');
    const apiKey = usableKey(settings);
    assertEndpointTransport(origin);
    if (!(await this.options.permissions.contains(origin))) throw new VerbatimError('ENDPOINT_NOT_GRANTED', origin);
    const { apiKey: _stored, keyBinding: _binding, ...endpoint } = settings;
    const chosen: ModelSettings = { ...endpoint, ...(apiKey ? { apiKey } : {}) };
    return modelFor(chosen, { fetch: sameOriginOnly(origin, this.options.fetch) }) ?? undefined;
  }
}

function toPublic(settings: StoredModelSettings): PublicModelSettings {
  const { apiKey: _key, keyBinding: _binding, ...rest } = settings;
  return { ...rest, hasKey: usableKey(settings) !== undefined };
}

/** Model requests go to the endpoint's origin and are never redirected elsewhere with the key. */
function sameOriginOnly(origin: string, fetchImpl: FetchLike): FetchLike {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (new URL(url).origin !== origin) return Promise.reject(new VerbatimError('ENDPOINT_NOT_GRANTED', `${url} is not ${origin}`));
    return fetchImpl(input, { ...init, redirect: 'error' });
  };
}
