/** Small synthetic libraries for answer-form tests: papers built from section -> paragraphs, with paragraph kinds. */
import type { LibraryPaper, Paragraph, ParagraphKind } from '../../shared/model/paper';

export interface SyntheticParagraph {
  text: string;
  kind?: ParagraphKind;
}

export function syntheticPaper(id: string, title: string, sections: Record<string, (string | SyntheticParagraph)[]>): LibraryPaper {
  const outSections = Object.keys(sections).map((name, i) => ({ id: `s${i + 1}`, title: name, level: 1, parentId: null }));
  const paragraphs: Paragraph[] = [];
  Object.values(sections).forEach((items, i) => {
    for (const item of items) {
      const { text, kind = 'text' } = typeof item === 'string' ? { text: item } : item;
      paragraphs.push({ id: `p${paragraphs.length + 1}`, sectionId: `s${i + 1}`, kind, text, citations: [] });
    }
  });
  return { id, arxivId: null, version: null, source: 'arxiv-html', title, authors: ['A. Author'], abstract: paragraphs[0]?.text ?? '', sections: outSections, paragraphs, references: [], savedAt: '' };
}
