import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryOriginPermissions, MemorySettingsStore } from '../../shared/settings/memory-settings';
import { ModelSettingsService } from '../../shared/settings/model-settings-service';
import { applySettingsUpdate, usableKey } from '../../shared/settings/key-binding';
import { startOpenAiStandIn } from '../../tools/openai-standin';

/** Two loopback stand-ins = two origins; each records the Authorization headers it receives. */
async function endpoint() {
  const standIn = await startOpenAiStandIn({ content: 'ok' });
  return { origin: new URL(standIn.baseURL).origin, baseURL: standIn.baseURL, seen: standIn.authorizations, close: () => standIn.close() };
}

describe('key binding rules', () => {
  const a = { provider: 'custom', baseURL: 'https://models.example/v1', model: 'm' };

  it('keeps the stored key only for the same origin and provider', () => {
    const stored = applySettingsUpdate(null, { ...a, apiKey: 'sk-1' });
    expect(stored.keyBinding).toEqual({ origin: 'https://models.example', provider: 'custom' });
    expect(applySettingsUpdate(stored, { ...a, model: 'other' }).apiKey).toBe('sk-1');
    expect(applySettingsUpdate(stored, { ...a, baseURL: 'https://models.example/v2' }).apiKey).toBe('sk-1');
    expect(applySettingsUpdate(stored, { ...a, baseURL: 'https://evil.example/v1' }).apiKey).toBeUndefined();
    expect(applySettingsUpdate(stored, { ...a, baseURL: 'https://models.example:8443/v1' }).apiKey).toBeUndefined();
    expect(applySettingsUpdate(stored, { ...a, provider: 'openrouter', baseURL: 'https://models.example/v1' }).apiKey).toBeUndefined();
    expect(applySettingsUpdate(stored, { provider: 'extractive' }).apiKey).toBeUndefined();
  });

  it('never uses a key whose binding does not match the settings it sits in', () => {
    expect(usableKey({ ...a, apiKey: 'sk-1', keyBinding: { origin: 'https://models.example', provider: 'custom' } })).toBe('sk-1');
    expect(usableKey({ ...a, apiKey: 'sk-1', keyBinding: { origin: 'https://other.example', provider: 'custom' } })).toBeUndefined();
    // Settings written before keys were bound have no binding: the key is not used.
    expect(usableKey({ ...a, apiKey: 'sk-1' })).toBeUndefined();
  });

  it('refuses plain http to another machine, keeps it for this computer', () => {
    expect(() => applySettingsUpdate(null, { provider: 'custom', baseURL: 'http://192.168.1.5:11434/v1', model: 'm' })).toThrow(expect.objectContaining({ code: 'ENDPOINT_INSECURE' }));
    expect(() => applySettingsUpdate(null, { provider: 'custom', baseURL: 'http://models.example/v1', model: 'm', apiKey: 'k' })).toThrow(expect.objectContaining({ code: 'ENDPOINT_INSECURE' }));
    for (const host of ['localhost', '127.0.0.1', '[::1]']) expect(applySettingsUpdate(null, { provider: 'custom', baseURL: `http://${host}:11434/v1`, model: 'm', apiKey: 'k' }).apiKey).toBe('k');
  });

  it('refuses malformed endpoints and keys without an endpoint', () => {
    expect(() => applySettingsUpdate(null, { provider: 'custom', baseURL: 'not a url', model: 'm' })).toThrow(expect.objectContaining({ code: 'BAD_SETTINGS' }));
    expect(() => applySettingsUpdate(null, { provider: 'custom', baseURL: 'ftp://models.example/v1', model: 'm' })).toThrow(expect.objectContaining({ code: 'BAD_SETTINGS' }));
    expect(() => applySettingsUpdate(null, { provider: 'custom', baseURL: 'https://user:pw@models.example/v1', model: 'm' })).toThrow(expect.objectContaining({ code: 'BAD_SETTINGS' }));
    expect(() => applySettingsUpdate(null, { provider: 'extractive', apiKey: 'k' })).toThrow(expect.objectContaining({ code: 'BAD_SETTINGS' }));
  });
});

describe('ModelSettingsService', () => {
  let first: Awaited<ReturnType<typeof endpoint>>;
  let second: Awaited<ReturnType<typeof endpoint>>;
  beforeAll(async () => {
    first = await endpoint();
    second = await endpoint();
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  const service = (granted: string[]) => {
    const permissions = new MemoryOriginPermissions(granted);
    return { permissions, settings: new ModelSettingsService({ store: new MemorySettingsStore(), permissions, fetch: (input, init) => fetch(input, init) }) };
  };
  const ask = async (settings: ModelSettingsService) => {
    const model = await settings.model();
    return model!.chat({ messages: [{ role: 'user', content: 'hi' }] });
  };

  it('is extractive (no model) by default and never shows the key', async () => {
    const { settings } = service([]);
    expect(await settings.model()).toBeUndefined();
    expect(await settings.update({ provider: 'custom', baseURL: first.baseURL, model: 'm', apiKey: 'sk-secret' })).toEqual({ provider: 'custom', baseURL: first.baseURL, model: 'm', hasKey: true });
    expect(JSON.stringify(await settings.publicSettings())).not.toContain('sk-secret');
  });

  it('sends the key to the origin it was entered for, and not to a new origin the settings move to', async () => {
    const { settings } = service([first.origin, second.origin]);
    await settings.update({ provider: 'custom', baseURL: first.baseURL, model: 'm', apiKey: 'sk-first' });
    await ask(settings);
    expect(first.seen.at(-1)).toBe('Bearer sk-first');
    // "Leave empty to keep" on another origin: the key is dropped, not carried along.
    expect(await settings.update({ provider: 'custom', baseURL: second.baseURL, model: 'm' })).toMatchObject({ hasKey: false });
    await ask(settings);
    expect(second.seen.at(-1)).not.toBe('Bearer sk-first');
    expect(second.seen).not.toContain('Bearer sk-first');
    // Moving back does not bring the dropped key back either.
    await settings.update({ provider: 'custom', baseURL: first.baseURL, model: 'm' });
    expect(await settings.publicSettings()).toMatchObject({ hasKey: false });
  });

  it('sends nothing to an origin the platform has not granted, whatever CORS says', async () => {
    const { settings, permissions } = service([]);
    await settings.update({ provider: 'custom', baseURL: second.baseURL, model: 'm', apiKey: 'sk-x' });
    const before = second.seen.length;
    await expect(settings.model()).rejects.toMatchObject({ code: 'ENDPOINT_NOT_GRANTED' });
    expect(second.seen.length).toBe(before);
    permissions.grant(second.origin);
    await ask(settings);
    expect(second.seen.at(-1)).toBe('Bearer sk-x');
  });

  it('parses what the panel sends, and refuses what is not settings', async () => {
    const { settings } = service([]);
    await expect(settings.update({ provider: 'evil' })).rejects.toMatchObject({ code: 'BAD_SETTINGS' });
    await expect(settings.update({ provider: 'custom', baseURL: 42 })).rejects.toMatchObject({ code: 'BAD_SETTINGS' });
    await expect(settings.update({ provider: 'custom', keyBinding: { origin: 'https://evil.example', provider: 'custom' } })).rejects.toMatchObject({ code: 'BAD_SETTINGS' });
    await expect(settings.update(null)).rejects.toMatchObject({ code: 'BAD_SETTINGS' });
    expect(await settings.update({ provider: 'ollama', baseURL: '', model: ' llama3 ', apiKey: '' })).toEqual({ provider: 'ollama', model: 'llama3', hasKey: false });
  });
});
