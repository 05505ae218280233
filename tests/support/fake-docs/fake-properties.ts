/**
 * PropertiesService.getDocumentProperties(), in memory, with the published quotas enforced:
 * 9 KB per value and 500 KB per store (keys and values, UTF-8). A write that would pass a
 * quota throws and changes nothing, as Apps Script's does.
 */
import type { DocsProperties } from '../../../gdocs/server/docs-port';
import { FakeDocsError } from './fake-elements';

export const VALUE_QUOTA_BYTES = 9 * 1024;
export const STORE_QUOTA_BYTES = 500 * 1024;

const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;

export class FakeProperties implements DocsProperties {
  private values = new Map<string, string>();
  /** How many writes reached the store (setProperties counts once, as one call). */
  writes = 0;

  getProperty(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  getKeys(): string[] {
    return [...this.values.keys()];
  }
  getProperties(): { [key: string]: string } {
    return Object.fromEntries(this.values);
  }
  setProperty(key: string, value: string): FakeProperties {
    return this.setProperties({ [key]: value }, false);
  }
  setProperties(properties: { [key: string]: string }, deleteAllOthers = false): FakeProperties {
    const next = new Map(deleteAllOthers ? [] : this.values);
    for (const [key, value] of Object.entries(properties)) {
      if (typeof value !== 'string') throw new FakeDocsError(`Invalid argument: value of ${key} must be a string.`);
      if (utf8Bytes(value) > VALUE_QUOTA_BYTES) throw new FakeDocsError(`Argument too large: value (${key})`);
      next.set(key, value);
    }
    const total = [...next].reduce((n, [k, v]) => n + utf8Bytes(k) + utf8Bytes(v), 0);
    if (total > STORE_QUOTA_BYTES) throw new FakeDocsError('You have exceeded the property storage quota. Please remove some properties and try again.');
    this.values = next;
    this.writes++;
    return this;
  }
  deleteProperty(key: string): FakeProperties {
    this.values.delete(key);
    this.writes++;
    return this;
  }
  /** Bytes used, as the quota counts them. */
  usedBytes(): number {
    return [...this.values].reduce((n, [k, v]) => n + utf8Bytes(k) + utf8Bytes(v), 0);
  }
}
