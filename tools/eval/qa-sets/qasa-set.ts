/** QASA's unanswerable questions: no paper text ships with them, so they are asked of a library that lacks their papers. */
import { join } from 'node:path';
import { FIXTURES_ROOT } from '../../fixture-papers';
import { QasaUnanswerableFileSchema, readQaFile } from './qa-file-schemas';
import type { QaItem } from './qa-set';

export function loadQasaUnanswerable(): QaItem[] {
  const raw = readQaFile(join(FIXTURES_ROOT, 'qa', 'qasa-unanswerable', 'testset_unanswerable_244_v1.1.json'), QasaUnanswerableFileSchema, "QASA's unanswerable questions");
  return Object.values(raw).map((q) => ({ id: `qasa:${q.paper_id}#${q.question_id}`, paperId: `qasa:${q.paper_id}`, question: q.question, answerable: false, evidence: [], answers: [] }));
}
