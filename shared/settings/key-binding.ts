/**
 * The rules that keep an API key with the endpoint it was entered for. A key is bound
 * to an (origin, provider) pair when it is saved; moving the endpoint to another origin
 * or choosing another provider drops it, so a changed setting can never carry the old
 * key to a new server. Nothing travels over plain http, except to this computer.
 */
import { VerbatimError } from '../errors';
import type { ModelSettings } from '../llm/model-settings';
import { PROVIDER_PRESETS } from '../llm/openai-compatible';
import type { KeyBinding, StoredModelSettings } from './settings-port';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The origin requests for these settings go to, or null when they go nowhere (extractive, built-in model). */
export function endpointOrigin(settings: ModelSettings): string | null {
  if (settings.provider === 'extractive' || settings.provider === 'chrome-ai') return null;
  const baseURL = settings.baseURL || PROVIDER_PRESETS.find((p) => p.id === settings.provider)?.baseURL;
  if (!baseURL) return null;
  if (!URL.canParse(baseURL)) throw new VerbatimError('BAD_SETTINGS', `not a URL: ${baseURL}`);
  const url = new URL(baseURL);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new VerbatimError('BAD_SETTINGS', `not an http(s) URL: ${baseURL}`);
  if (url.username || url.password) throw new VerbatimError('BAD_SETTINGS', 'put the key in the key field, not in the URL');
  return url.origin;
}

export function isLoopbackOrigin(origin: string): boolean {
  return LOOPBACK_HOSTS.has(new URL(origin).hostname);
}

/** Throws ENDPOINT_INSECURE for plain http to another machine: what goes there (library text, a key) is readable on the way. */
export function assertEndpointTransport(origin: string): void {
  if (new URL(origin).protocol !== 'https:' && !isLoopbackOrigin(origin)) throw new VerbatimError('ENDPOINT_INSECURE', origin);
}

const sameBinding = (a: KeyBinding | undefined, b: KeyBinding | null) => a !== undefined && b !== null && a.origin === b.origin && a.provider === b.provider;

function bindingFor(settings: ModelSettings): KeyBinding | null {
  const origin = endpointOrigin(settings);
  return origin ? { origin, provider: settings.provider } : null;
}

/**
 * The settings to store after the user saves `next` over `current`: a new key is bound to
 * next's endpoint; no new key keeps the old one only if the endpoint and provider are unchanged.
 */
export function applySettingsUpdate(current: StoredModelSettings | null, next: ModelSettings): StoredModelSettings {
  const { apiKey: newKey, ...rest } = next;
  const binding = bindingFor(next);
  if (binding) assertEndpointTransport(binding.origin);
  if (newKey) {
    if (!binding) throw new VerbatimError('BAD_SETTINGS', 'an API key needs an endpoint to go to');
    return { ...rest, apiKey: newKey, keyBinding: binding };
  }
  if (current?.apiKey && sameBinding(current.keyBinding, binding)) return { ...rest, apiKey: current.apiKey, keyBinding: current.keyBinding! };
  return rest;
}

/** The key these settings may send: only to the origin and provider it was entered for. */
export function usableKey(settings: StoredModelSettings): string | undefined {
  return settings.apiKey && sameBinding(settings.keyBinding, bindingFor(settings)) ? settings.apiKey : undefined;
}
