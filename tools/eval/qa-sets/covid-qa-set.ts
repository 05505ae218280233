/**
 * COVID-QA (SQuAD v2 format, biomedical): one context per article. Lines become
 * paragraphs; short lines without a full stop are section headings. The gold
 * paragraph is the one holding the answer span.
 */
import { join } from 'node:path';
import type { LibraryPaper } from '../../../shared/model/paper';
import { FIXTURES_ROOT } from '../../fixture-papers';
import { readQaFile, SquadFileSchema } from './qa-file-schemas';
import { paperFromSections, paragraphsHolding, type QaItem, type QaSet } from './qa-set';

const isHeading = (line: string) => line.length < 80 && !/[.?!:]$/.test(line) && !/^(https?:|DOI:|License:)/.test(line);

function sectionsOf(context: string): { title: string; sections: { title: string; paragraphs: string[] }[] } {
  const lines = context.split('\n').map((l) => l.trim()).filter(Boolean);
  const title = lines[0] ?? '';
  const licence = lines.findIndex((l) => l.startsWith('License:'));
  const body = lines.slice(licence >= 0 ? licence + 1 : 1);
  const sections = [{ title: 'Abstract', paragraphs: [] as string[] }];
  for (const line of body) {
    // The body starts with "Text:"; headings are rare but kept when a short line has no full stop.
    if (line.startsWith('Text:')) sections.push({ title: 'Text', paragraphs: [line.slice(5).trim()] });
    else if (isHeading(line)) sections.push({ title: line, paragraphs: [] });
    else sections.at(-1)!.paragraphs.push(line.replace(/^Abstract:\s*/, ''));
  }
  return { title, sections };
}

export function loadCovidQaSet(): QaSet {
  const { data } = readQaFile(join(FIXTURES_ROOT, 'qa', 'covid-qa', '200423_covidQA.json'), SquadFileSchema, 'COVID-QA');
  const papers: LibraryPaper[] = [];
  const items: QaItem[] = [];
  for (const article of data) {
    for (const context of article.paragraphs) {
      const { title, sections } = sectionsOf(context.context);
      const paper = paperFromSections(`covid-qa:${context.document_id}`, title, sections);
      papers.push(paper);
      for (const qa of context.qas) {
        items.push({
          id: `covid-qa:${qa.id}`,
          paperId: paper.id,
          question: qa.question,
          answerable: !qa.is_impossible,
          evidence: qa.answers.map((a) => new Set(paragraphsHolding(paper, a.text))).filter((g) => g.size > 0),
          answers: qa.answers.map((a) => a.text),
        });
      }
    }
  }
  return { name: 'covid-qa', papers, items };
}
