/**
 * Where the user picks their model: none (extractive, the default), a preset endpoint,
 * any OpenAI-compatible URL, or Chrome's built-in model. The key stays in this browser.
 * "Test connection" checks the endpoint before anything is saved; Save refuses settings
 * that could not answer (no base URL, no model, a missing key).
 */
import { useEffect, useState } from 'preact/hooks';
import browser from 'webextension-polyfill';
import { messageFor } from '../../shared/errors';
import { PROVIDER_PRESETS } from '../../shared/llm/openai-compatible';
import type { ModelSettings } from '../../shared/llm/model-settings';
import type { PublicModelSettings } from '../../shared/protocol';
import { sendRequest } from '../../extension/messaging';
import { Notice, useNotice } from '../../ui/Notice';

export function describeMode(settings: PublicModelSettings | null): string {
  if (!settings || settings.provider === 'extractive') return 'extractive: quotes only, no model, no network';
  if (settings.provider === 'chrome-ai') return "Chrome's built-in model";
  const where = PROVIDER_PRESETS.find((p) => p.id === settings.provider)?.label ?? (settings.baseURL ? new URL(settings.baseURL).host : 'no endpoint');
  return `${settings.model || 'no model chosen'} via ${where}`;
}

/** A remote (https) endpoint needs the user's grant for its origin, asked during the click; loopback is granted at install. */
async function askForOrigin(baseURL: string | undefined): Promise<void> {
  if (!baseURL || !URL.canParse(baseURL) || new URL(baseURL).protocol !== 'https:') return;
  const origin = new URL(baseURL).origin;
  const granted = await browser.permissions.request({ origins: [`${origin}/*`] });
  if (!granted) throw new Error(`Verbatim needs permission to reach ${origin}.`);
}

export function ModelSettingsPanel() {
  const [settings, setSettings] = useState<PublicModelSettings | null>(null);
  const [saved, setSaved] = useState<PublicModelSettings | null>(null);
  const [apiKey, setApiKey] = useState('');
  const [notice, showNotice] = useNotice();
  const [testing, setTesting] = useState(false);

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
  const candidate = (): ModelSettings => {
    const { hasKey: _hasKey, ...rest } = settings;
    return { ...rest, ...(apiKey ? { apiKey } : {}) };
  };

  const test = async () => {
    setTesting(true);
    showNotice(null);
    try {
      await askForOrigin(settings.baseURL || preset?.baseURL);
      const report = await sendRequest('settings/test', candidate());
      showNotice({ kind: report.ok ? 'info' : 'error', text: report.message });
    } catch (e) {
      showNotice({ kind: 'error', text: messageFor(e) });
    } finally {
      setTesting(false);
    }
  };

  const save = async () => {
    showNotice(null);
    try {
      if (usesEndpoint) await askForOrigin(settings.baseURL || preset?.baseURL);
      const stored = await sendRequest('settings/set', candidate());
      setSettings(stored);
      setSaved(stored);
      setApiKey('');
      showNotice({ kind: 'info', text: `Saved: ${describeMode(stored)}.` });
    } catch (e) {
      showNotice({ kind: 'error', text: messageFor(e) });
    }
  };

  return (
    <details class="settings" data-testid="model-settings">
      <summary>Model: {describeMode(saved)}</summary>
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
            Base URL <input data-testid="base-url" value={settings.baseURL ?? ''} placeholder={preset?.baseURL ?? 'https://…/v1'} onInput={(e) => setSettings({ ...settings, baseURL: (e.target as HTMLInputElement).value })} />
          </label>
          <label>
            Model <input data-testid="model-name" value={settings.model ?? ''} placeholder={preset?.exampleModel ?? 'model name'} onInput={(e) => setSettings({ ...settings, model: (e.target as HTMLInputElement).value })} />
          </label>
          <label>
            API key{' '}
            <input data-testid="api-key" type="password" value={apiKey} placeholder={keepsKey ? 'saved (leave empty to keep)' : saved?.hasKey ? 'the saved key stays with the old endpoint: enter a key' : preset?.needsKey ? 'required' : 'not needed for local servers'} onInput={(e) => setApiKey((e.target as HTMLInputElement).value)} />
          </label>
        </>
      )}
      <div class="row">
        {usesEndpoint && (
          <button type="button" data-testid="test-connection" disabled={testing} onClick={() => void test()}>
            {testing ? 'Testing…' : 'Test connection'}
          </button>
        )}
        <button type="button" class="primary" data-testid="save-settings" onClick={() => void save()}>
          Save
        </button>
      </div>
      <Notice notice={notice} onDismiss={showNotice} testId="settings-notice" />
    </details>
  );
}
