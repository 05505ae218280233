/**
 * Where the model settings live, and what the platform says about reaching an origin.
 * The engine reads and writes settings only through these ports: the extension backs
 * them with storage.local (trusted contexts only) and chrome.permissions, unit tests
 * with the in-memory versions.
 */
import type { ModelSettings } from '../llm/model-settings';

/** The origin and provider an API key was entered for; the key is used for nothing else. */
export interface KeyBinding {
  origin: string;
  provider: string;
}

export interface StoredModelSettings extends ModelSettings {
  keyBinding?: KeyBinding;
}

export interface SettingsPort {
  load(): Promise<StoredModelSettings | null>;
  save(settings: StoredModelSettings): Promise<void>;
}

export interface OriginPermissions {
  /** Whether the user granted (or the manifest declares) access to this origin. */
  contains(origin: string): Promise<boolean>;
}
