/**
 * One shape for every QA eval set, so the same runner scores QASPER, COVID-QA,
 * Evidence Inference and ArgSciChat alike: papers as library papers, and questions
 * with their gold evidence as paragraph ids of those papers.
 */
import type { LibraryPaper, Paragraph, Section } from '../../../shared/model/paper';
import { normalizeText } from '../../../shared/text/normalize';

export interface QaItem {
  id: string;
  /** The paper the question is about (the dev/test split groups by it). */
  paperId: string;
  question: string;
  answerable: boolean;
  /** Gold evidence paragraph ids, one set per annotator (empty sets dropped). */
  evidence: Set<string>[];
  /** Gold answer texts, one per annotator. */
  answers: string[];
}

export interface QaSet {
  name: string;
  papers: LibraryPaper[];
  items: QaItem[];
}

/** Builds a library paper from plain sections of paragraph texts. */
export function paperFromSections(id: string, title: string, sections: { title: string; paragraphs: string[] }[]): LibraryPaper {
  const outSections: Section[] = [];
  const paragraphs: Paragraph[] = [];
  sections.forEach((section, s) => {
    const sectionId = `s${s + 1}`;
    outSections.push({ id: sectionId, title: section.title, level: 1, parentId: null });
    for (const text of section.paragraphs) {
      if (text.trim()) paragraphs.push({ id: `p${paragraphs.length + 1}`, sectionId, kind: 'text', text: text.trim(), citations: [] });
    }
  });
  const abstract = paragraphs[0]?.text ?? '';
  return { id, arxivId: null, version: null, source: 'arxiv-html', title, authors: [], abstract, sections: outSections, paragraphs, references: [], savedAt: '' };
}

/** The paragraphs holding a gold evidence text: exact, then by its opening words. */
export function paragraphsHolding(paper: LibraryPaper, evidence: string): string[] {
  const n = normalizeText(evidence);
  if (!n) return [];
  const texts = paper.paragraphs.map((p) => ({ id: p.id, text: normalizeText(p.text) }));
  const containing = texts.filter((p) => p.text.includes(n));
  if (containing.length) return [containing[0]!.id];
  const head = n.slice(0, 80);
  const byHead = texts.find((p) => head.length >= 20 && p.text.includes(head));
  if (byHead) return [byHead.id];
  const paragraphContained = texts.find((p) => p.text.length >= 40 && n.includes(p.text));
  return paragraphContained ? [paragraphContained.id] : [];
}
