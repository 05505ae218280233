/** In-memory settings and permissions, for unit tests and contexts that keep nothing. */
import type { OriginPermissions, SettingsPort, StoredModelSettings } from './settings-port';

export class MemorySettingsStore implements SettingsPort {
  private stored: StoredModelSettings | null = null;

  async load(): Promise<StoredModelSettings | null> {
    return this.stored ? structuredClone(this.stored) : null;
  }

  async save(settings: StoredModelSettings): Promise<void> {
    this.stored = structuredClone(settings);
  }
}

export class MemoryOriginPermissions implements OriginPermissions {
  private readonly granted: Set<string>;

  constructor(origins: Iterable<string> = []) {
    this.granted = new Set(origins);
  }

  grant(origin: string): void {
    this.granted.add(origin);
  }

  async contains(origin: string): Promise<boolean> {
    return this.granted.has(origin);
  }
}
