/**
 * Where a passage sits in its paper, for citations that point into it ("§2.1 ¶3, p. 4"):
 * the section's printed number (else its title), the paragraph's position in that section,
 * and the PDF page when the paper was read from a PDF.
 */
import type { Paper } from '../model/paper';
import type { CitedItem } from './render-document';

export interface PassageLocator {
  section?: string;
  paragraph?: number;
  page?: number;
}

export function passageLocator(paper: Paper, paragraphId: string): PassageLocator {
  const paragraph = paper.paragraphs.find((p) => p.id === paragraphId);
  if (!paragraph) return {};
  const section = paragraph.sectionId ? paper.sections.find((s) => s.id === paragraph.sectionId) : undefined;
  const inSection = paper.paragraphs.filter((p) => p.sectionId === paragraph.sectionId);
  const sectionName = section?.number?.trim() || section?.title.trim();
  return {
    ...(sectionName ? { section: sectionName } : {}),
    paragraph: inSection.indexOf(paragraph) + 1,
    ...(paragraph.page !== undefined ? { page: paragraph.page } : {}),
  };
}

/**
 * The one CSL locator a citation carries (CSL allows one per cited item): the page when the
 * paper has pages, else the section with the paragraph ("2.1, ¶ 3"), else nothing.
 */
export function citedLocator(locator: PassageLocator): Pick<CitedItem, 'locator' | 'label'> {
  if (locator.page !== undefined) return { locator: String(locator.page), label: 'page' };
  if (locator.section) return { locator: locator.paragraph ? `${locator.section}, ¶ ${locator.paragraph}` : locator.section, label: 'section' };
  if (locator.paragraph) return { locator: String(locator.paragraph), label: 'paragraph' };
  return {};
}
