/**
 * The settings port over storage.local. storage.local is readable by content scripts
 * unless restricted (measured in Chromium 156: a content script read it by default), so
 * the background restricts it to trusted contexts before anything is read or written.
 */
import browser from 'webextension-polyfill';
import type { OriginPermissions, SettingsPort, StoredModelSettings } from '../shared/settings/settings-port';

const SETTINGS_KEY = 'verbatim.modelSettings';

interface AccessLevelArea {
  setAccessLevel?(options: { accessLevel: 'TRUSTED_CONTEXTS' | 'TRUSTED_AND_UNTRUSTED_CONTEXTS' }): Promise<void>;
}

/** Only extension pages and the background may read or write storage.local. */
export async function restrictStorageToTrustedContexts(): Promise<void> {
  const local = (globalThis as { chrome?: { storage?: { local?: AccessLevelArea } } }).chrome?.storage?.local;
  await local?.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' });
}

export function storageSettings(ready: Promise<void>): SettingsPort {
  return {
    async load() {
      await ready;
      const stored: unknown = (await browser.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY];
      return typeof stored === 'object' && stored !== null ? (stored as StoredModelSettings) : null;
    },
    async save(settings) {
      await ready;
      await browser.storage.local.set({ [SETTINGS_KEY]: settings });
    },
  };
}

/** Host permissions as the browser holds them (granted in the side panel, or declared in the manifest). */
export const browserOriginPermissions: OriginPermissions = {
  contains: (origin) => browser.permissions.contains({ origins: [`${origin}/*`] }),
};
