/**
 * Builds shared/search/background-frequencies.json: in how many paragraphs of a fixed
 * scientific corpus each processed term occurs. The corpus is the DEV halves' papers of the
 * QA sets (QASPER sample CC-BY-4.0, COVID-QA Apache-2.0, Evidence Inference 2.0 MIT,
 * ArgSciChat Apache-2.0; see ../shared/fixtures/qa/*\/SOURCE.md): NLP and biomedical papers,
 * no test-half paper. Only counts are kept, not text. Terms seen in fewer than
 * MIN_PARAGRAPHS paragraphs are left out: a term missing from the table counts as rare,
 * which is what a count of one would say.
 *
 *   npx tsx tools/eval/build-background-frequencies.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { termsOf } from '../../shared/search/paragraph-index';
import { loadArgSciChatSet } from './qa-sets/argscichat-set';
import { loadCovidQaSet } from './qa-sets/covid-qa-set';
import { loadEvidenceInferenceSet } from './qa-sets/evidence-inference-set';
import { loadQasperSet } from './qa-sets/qasper-set';
import { splitDevTest } from './split';

const MIN_PARAGRAPHS = 3;
const counts = new Map<string, number>();
let paragraphs = 0;
for (const set of [loadQasperSet(), loadCovidQaSet(), loadEvidenceInferenceSet(), loadArgSciChatSet()]) {
  const devPapers = new Set(splitDevTest(set.items, (i) => i.paperId).dev.map((i) => i.paperId));
  for (const paper of set.papers) {
    if (!devPapers.has(paper.id)) continue;
    for (const paragraph of paper.paragraphs) {
      paragraphs++;
      for (const term of new Set(termsOf(paragraph.text))) counts.set(term, (counts.get(term) ?? 0) + 1);
    }
  }
}
const kept = [...counts].filter(([, n]) => n >= MIN_PARAGRAPHS).sort((a, b) => (a[0] < b[0] ? -1 : 1));
const table = {
  about: 'Paragraph counts of processed terms over the dev halves of the QA sets (tools/eval/build-background-frequencies.ts).',
  paragraphs,
  terms: kept.map(([t]) => t).join(' '),
  counts: kept.map(([, n]) => n),
};
writeFileSync(join(import.meta.dirname, '../../shared/search/background-frequencies.json'), `${JSON.stringify(table)}\n`);
console.log(`${kept.length} terms over ${paragraphs} paragraphs`);
