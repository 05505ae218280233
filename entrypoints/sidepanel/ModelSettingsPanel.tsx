/**
 * Where the user picks their model: none (extractive, the default), a preset endpoint,
 * any OpenAI-compatible URL, or Chrome's built-in model. The key stays in this browser.
 */
import { useEffect, useState } from 'preact/hooks';
import browser from 'webextension-polyfill';
import { messageFor } from '../../shared/errors';
import { PROVIDER_PRESETS } from '../../shared/llm/openai-compatible';
import type { PublicModelSettings } from '../../shared/protocol';
import { sendRequest } from '../../extension/messaging';

export function describeMode(settings: PublicModelSettings | null): string {
  if (!settings || settings.provider === 'extractive') return 'extractive: quotes only, no model, no network';
  if (settings.provider === 'chrome-ai') return "Chrome's built-in model";
  return `${settings.model ?? '?'} via ${PROVIDER_PRESETS.find((p) => p.id === settings.provider)?.label ?? settings.baseURL}`;
}

export function ModelSettingsPanel() {
  const [settings, setSettings] = useState<PublicModelSettings | null>(null);
  const [saved, setSaved] = useState<PublicModelSettings | null>(null);
  const [apiKey, setApiKey] = useState('');
  const [status, setStatus] = useState<string | null>(null);

  useEffect(() => {
    void sendRequest('settings/get', {}).then((loaded) => {
      setSettings(loaded);
      setSaved(loaded);
    });
  }, []);
  if (!settings) return null;
  // The stored key belongs to the saved endpoint and provider; changing either drops it (the background enforces this).
  const keepsKey = Boolean(saved?.hasKey) && saved?.provider === settings.provider && (saved?.baseURL ?? '') === (settings.baseURL ?? '');
  const preset = PROVIDER_PRESETS.find((p) => p.id === settings.provider);
  const usesEndpoint = settings.provider !== 'extractive' && settings.provider !== 'chrome-ai';

  const save = async () => {
    setStatus(null);
    try {
      const baseURL = settings.baseURL || preset?.baseURL;
      // A remote (https) endpoint needs the user's grant for its origin, asked during this click; the background
      // checks it again before every request. Servers on this computer are declared in the manifest; plain http
      // elsewhere is refused by the background with a named error.
      if (usesEndpoint && baseURL && URL.canParse(baseURL) && new URL(baseURL).protocol === 'https:') {
        const granted = await browser.permissions.request({ origins: [`${new URL(baseURL).origin}/*`] });
        if (!granted) throw new Error(`Verbatim needs permission to reach ${new URL(baseURL).origin}.`);
      }
      const { hasKey: _hasKey, ...rest } = settings;
      const stored = await sendRequest('settings/set', { ...rest, ...(apiKey ? { apiKey } : {}) });
      setSettings(stored);
      setSaved(stored);
      setApiKey('');
      setStatus('Saved.');
    } catch (e) {
      setStatus(messageFor(e));
    }
  };

  return (
    <details class="settings">
      <summary>Model: {describeMode(settings)}</summary>
      <label>
        Provider{' '}
        <select data-testid="provider" value={settings.provider} onChange={(e) => setSettings({ ...settings, provider: (e.target as HTMLSelectElement).value, baseURL: '' })}>
          <option value="extractive">Extractive (default, no model)</option>
          {PROVIDER_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
          <option value="custom">Other OpenAI-compatible endpoint</option>
          <option value="chrome-ai">Chrome built-in model</option>
        </select>
      </label>
      {usesEndpoint && (
        <>
          <label>
            Base URL <input value={settings.baseURL ?? ''} placeholder={preset?.baseURL ?? 'https://…/v1'} onInput={(e) => setSettings({ ...settings, baseURL: (e.target as HTMLInputElement).value })} />
          </label>
          <label>
            Model <input value={settings.model ?? ''} placeholder={preset?.exampleModel ?? 'model name'} onInput={(e) => setSettings({ ...settings, model: (e.target as HTMLInputElement).value })} />
          </label>
          <label>
            API key{' '}
            <input type="password" value={apiKey} placeholder={keepsKey ? 'saved (leave empty to keep)' : saved?.hasKey ? 'the saved key stays with the old endpoint: enter a key' : preset?.needsKey ? 'required' : 'not needed for local servers'} onInput={(e) => setApiKey((e.target as HTMLInputElement).value)} />
          </label>
        </>
      )}
      <button type="button" class="primary" onClick={() => void save()}>
        Save
      </button>
      {status && <p class="notice">{status}</p>}
    </details>
  );
}
