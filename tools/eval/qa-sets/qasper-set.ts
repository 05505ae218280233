/** QASPER sample (10 papers, train split): paragraphs as given, evidence matched to them. */
import type { LibraryPaper } from '../../../shared/model/paper';
import { readQasper, type QasperAnswer, type QasperPaper } from '../qasper';
import { paperFromSections, paragraphsHolding, type QaItem, type QaSet } from './qa-set';

function toLibraryPaper(paper: QasperPaper): LibraryPaper {
  const sections = [{ title: 'Abstract', paragraphs: [paper.abstract] }];
  paper.full_text.section_name.forEach((name, s) => sections.push({ title: name ?? '', paragraphs: paper.full_text.paragraphs[s] ?? [] }));
  return { ...paperFromSections(`qasper:${paper.id}`, paper.title, sections), arxivId: paper.id };
}

export function goldAnswerText(a: QasperAnswer): string {
  if (a.yes_no !== null) return a.yes_no ? 'yes' : 'no';
  if (a.free_form_answer) return a.free_form_answer;
  return a.extractive_spans.join(' ');
}

export function loadQasperSet(): QaSet {
  const raw = readQasper();
  const papers = raw.map(toLibraryPaper);
  const items: QaItem[] = [];
  raw.forEach((paper, i) => {
    const library = papers[i]!;
    paper.qas.question.forEach((question, q) => {
      const annotations = paper.qas.answers[q]!.answer;
      const answered = annotations.filter((a) => !a.unanswerable);
      items.push({
        id: `${library.id}#q${q}`,
        paperId: library.id,
        question,
        answerable: answered.length > 0,
        // Tables and figures are not paragraphs here: their evidence cannot be cited.
        evidence: answered.map((a) => new Set(a.evidence.filter((e) => !e.startsWith('FLOAT SELECTED')).flatMap((e) => paragraphsHolding(library, e)))).filter((g) => g.size > 0),
        answers: answered.map(goldAnswerText),
      });
    });
  });
  return { name: 'qasper-sample', papers, items };
}
