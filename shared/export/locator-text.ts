/** A passage locator in words: "§2.1 ¶3, p. 4" (the form Pandoc and readers both understand). */
import type { ExportLocator } from './export-document';

export function locatorText(locator: ExportLocator | undefined): string {
  if (!locator) return '';
  const place = [locator.section ? `§${locator.section}` : '', locator.paragraph !== undefined ? `¶${locator.paragraph}` : ''].filter(Boolean).join(' ');
  const page = locator.page !== undefined ? `p. ${locator.page}` : '';
  return [place, page].filter(Boolean).join(', ');
}
