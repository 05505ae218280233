/**
 * Tuning aid, DEV HALVES ONLY: answerable abstention, out-of-library abstention and
 * evidence hit for each set at several abstention thresholds (`--support 0.5,0.6`), slopes of the
 * bar per topic word (`--step 0,0.01`), and libraries of k papers (`--sizes 2,3,4`: the question's paper
 * and k - 1 others, and k other papers, as `threePaperLibrary` in eval:qa).
 * It never reads the test halves; `npm run eval:qa` reports those.
 */
import { loadQaSets } from './qa-sets/all-sets';
import { BAR_STEP_PER_TERM, DEFAULT_MIN_SUPPORT, DEFAULT_MIN_SUPPORT_IN_SCOPE, DEFAULT_MIN_SUPPORT_ONE_PAPER } from '../../shared/answer/extractive';
import { evaluateHalf, fewPapersLibrary } from './qa-run';
import { splitDevTest } from './split';
import { qasaAbstention, qasaLibrary } from './qasa-run';

const listArg = (name: string, fallback: number[]) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]!.split(',').map(Number) : fallback;
};
// --support: the library-wide threshold (out-of-library abstention); --scoped: the threshold for questions scoped to their paper.
const thresholds = listArg('--support', [DEFAULT_MIN_SUPPORT]);
const scopedThresholds = listArg('--scoped', [DEFAULT_MIN_SUPPORT_IN_SCOPE]);
// --one: the threshold for an unscoped question asked of a library of one paper.
const onePaperThresholds = listArg('--one', [DEFAULT_MIN_SUPPORT_ONE_PAPER]);
// --step: how much the unscoped bar falls per topic word beyond five; --sizes: libraries of k papers to report.
const steps = listArg('--step', [BAR_STEP_PER_TERM]);
const sizes = listArg('--sizes', []);
const { sets } = loadQaSets();
const qasa = qasaLibrary(sets[0]!, sets[3]!);
// Each set's dev questions and papers, for the libraries of k papers (split once, not per setting).
const devOf = new Map(sets.map((set) => {
  const dev = splitDevTest(set.items, (i) => i.paperId).dev;
  const ids = new Set(dev.map((i) => i.paperId));
  return [set, { dev, papers: set.papers.filter((p) => ids.has(p.id)) }] as const;
}));
for (const minSupport of thresholds) for (const minSupportInScope of scopedThresholds) for (const minSupportOnePaper of onePaperThresholds) for (const supportStepPerTerm of steps) {
  const options = { minSupport, minSupportInScope, minSupportOnePaper, supportStepPerTerm };
  for (const set of sets) {
    const r = evaluateHalf(set, 'dev', options);
    const { dev, papers } = devOf.get(set)!;
    const bySize = sizes.map((k) => `${k}:${JSON.stringify(fewPapersLibrary(dev, papers, options, k))}`);
    console.log([minSupport, minSupportInScope, minSupportOnePaper, supportStepPerTerm, set.name.padEnd(22), ...(bySize.length ? ['papers', ...bySize] : []), 'abstainAnswerable', r.abstainedOnAnswerable, 'onePaper', JSON.stringify(r.onePaperLibrary), 'three', JSON.stringify(r.threePaperLibrary), 'whole', JSON.stringify(r.wholeLibrary), 'abstainOutOfLib', r.outOfLibraryAbstention, 'abstainWrongPaper', r.wrongPaperAbstention, 'hit', r.evidenceHit, 'hitAnswered', r.evidenceHitWhenAnswered, 'f1', r.answerTokenF1, 'R@5', JSON.stringify(r.recallAt5)].join(' '));
  }
  console.log([minSupport, minSupportInScope, minSupportOnePaper, supportStepPerTerm, 'qasa-unanswerable'.padEnd(22), 'abstained', qasaAbstention(qasa, 'dev', options).abstentionRate].join(' '));
}
