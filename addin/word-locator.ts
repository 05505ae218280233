/**
 * A passage's place ("§2.1 ¶3, p. 4") as the one CSL locator a cited item carries:
 * the page when known (what every style prints best), else the section with its
 * paragraph, else the paragraph alone.
 */
import type { PassageLocator } from '../panes/pane-library';

export interface CitedItemWithLocator {
  id: string;
  locator?: string;
  label?: 'section' | 'paragraph' | 'page';
}

export function citedItemFor(workId: string, locator: PassageLocator): CitedItemWithLocator {
  if (locator.page !== undefined) return { id: workId, locator: String(locator.page), label: 'page' };
  if (locator.section) return { id: workId, locator: locator.paragraph !== undefined ? `${locator.section} ¶${locator.paragraph}` : locator.section, label: 'section' };
  if (locator.paragraph !== undefined) return { id: workId, locator: String(locator.paragraph), label: 'paragraph' };
  return { id: workId };
}
