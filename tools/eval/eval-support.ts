/**
 * `npm run eval:support`: does "supported" mean the sentence agrees with its quotes?
 * On the support set (tools/eval/data/support-set.json, real fixture sentences with
 * seeded paraphrases and contradictions), the share of pairs accepted as supported,
 * per category, on the dev and the test half. Goal: faithful paraphrases >= 80%
 * accepted, every contradiction category <= 2%. `--fit` sweeps the coverage threshold
 * and the new-term rule on the DEV half only and prints the best setting.
 */
import { checkSentenceSupport, SUPPORT_MIN_COVERAGE, SUPPORT_REFUSE_NEW_TERMS, type SupportOptions } from '../../shared/verify/sentence-support';
import { verifyQuote } from '../../shared/verify/verify-quote';
import { requestedHalves, splitDevTest, type EvalHalf } from './split';
import { readSupportSet, SUPPORT_CATEGORIES, supportSplitKey, type SupportCategory, type SupportPair, type SupportSet } from './support-set';

export interface CategoryAcceptance {
  pairs: number;
  accepted: number;
  rate: number;
}

export interface SupportReport {
  half: EvalHalf;
  pairs: number;
  /** Quotes of the set that fail verification (should be 0: every quote is real stored text). */
  unverifiedQuotes: number;
  byCategory: Record<SupportCategory, CategoryAcceptance>;
  /** Faithful pairs by the rewrites that made them (a pair counts under each of its rewrites). */
  faithfulByRewrite: Record<string, CategoryAcceptance>;
  /** Faithful accepted >= 80% and no contradiction category above 2%. */
  meetsGoal: boolean;
}

const FAITHFUL_GOAL = 0.8;
const CONTRADICTION_LIMIT = 0.02;

export function acceptsPair(set: SupportSet, pair: SupportPair, options: SupportOptions = {}): boolean {
  const paragraph = set.paragraphs[pair.paragraph]!;
  return checkSentenceSupport(pair.claim, [{ paragraph, start: pair.quoteStart, end: pair.quoteEnd }], options).supported;
}

export function scoreSupport(set: SupportSet, pairs: readonly SupportPair[], half: EvalHalf, options: SupportOptions = {}): SupportReport {
  const byCategory = Object.fromEntries(SUPPORT_CATEGORIES.map((c) => [c, { pairs: 0, accepted: 0, rate: 0 }])) as Record<SupportCategory, CategoryAcceptance>;
  const faithfulByRewrite: Record<string, CategoryAcceptance> = {};
  let unverifiedQuotes = 0;
  for (const pair of pairs) {
    const paragraph = set.paragraphs[pair.paragraph]!;
    if (!verifyQuote(paragraph.slice(pair.quoteStart, pair.quoteEnd), paragraph).verified) unverifiedQuotes++;
    const accepted = acceptsPair(set, pair, options);
    for (const entry of [byCategory[pair.category], ...(pair.rewrites ?? []).map((r) => (faithfulByRewrite[r] ??= { pairs: 0, accepted: 0, rate: 0 }))]) {
      entry.pairs++;
      if (accepted) entry.accepted++;
    }
  }
  for (const entry of [...Object.values(byCategory), ...Object.values(faithfulByRewrite)]) entry.rate = entry.pairs ? entry.accepted / entry.pairs : 0;
  const meetsGoal = byCategory.faithful.rate >= FAITHFUL_GOAL && SUPPORT_CATEGORIES.every((c) => c === 'faithful' || byCategory[c].rate <= CONTRADICTION_LIMIT);
  return { half, pairs: pairs.length, unverifiedQuotes, byCategory, faithfulByRewrite, meetsGoal };
}

/** The support set scored on each requested half, with the committed thresholds. */
export function evalSupport(halves: readonly EvalHalf[] = ['dev', 'test'], options: SupportOptions = {}): SupportReport[] {
  const set = readSupportSet();
  const split = splitDevTest(set.pairs, supportSplitKey);
  return halves.map((half) => scoreSupport(set, split[half], half, options));
}

/** Dev only: the setting with the most faithful acceptance among those that keep every contradiction at or under 2%. */
export function fitOnDev(): { options: Required<SupportOptions>; report: SupportReport }[] {
  const set = readSupportSet();
  const dev = splitDevTest(set.pairs, supportSplitKey).dev;
  const results: { options: Required<SupportOptions>; report: SupportReport }[] = [];
  for (const refuseNewTerms of [false, true]) {
    for (let minCoverage = 0.3; minCoverage <= 0.951; minCoverage += 0.05) {
      const options = { minCoverage: Math.round(minCoverage * 100) / 100, refuseNewTerms };
      results.push({ options, report: scoreSupport(set, dev, 'dev', options) });
    }
  }
  return results;
}

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

function printReport(report: SupportReport): void {
  console.log(`\n${report.half}: ${report.pairs} pairs, ${report.unverifiedQuotes} quotes failing verification, goal ${report.meetsGoal ? 'met' : 'NOT met'}`);
  for (const c of SUPPORT_CATEGORIES) {
    const e = report.byCategory[c];
    console.log(`  ${c.padEnd(11)} accepted ${String(e.accepted).padStart(4)} / ${String(e.pairs).padEnd(4)} ${pct(e.rate)}`);
  }
  const rewrites = Object.entries(report.faithfulByRewrite).map(([r, e]) => `${r} ${e.accepted}/${e.pairs}`);
  console.log(`  faithful by rewrite: ${rewrites.join(', ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--fit')) {
    console.log('Dev sweep (test half not read):');
    for (const { options, report } of fitOnDev()) {
      const worst = Math.max(...SUPPORT_CATEGORIES.filter((c) => c !== 'faithful').map((c) => report.byCategory[c].rate));
      console.log(`  coverage >= ${options.minCoverage.toFixed(2)} new-terms ${options.refuseNewTerms ? 'refused' : 'allowed'}: faithful ${pct(report.byCategory.faithful.rate)}, worst contradiction ${pct(worst)}`);
    }
  } else {
    console.log(`Support set (coverage >= ${SUPPORT_MIN_COVERAGE}, new terms ${SUPPORT_REFUSE_NEW_TERMS ? 'refused' : 'allowed'}): share of pairs accepted as supported`);
    for (const report of evalSupport(requestedHalves(process.argv))) printReport(report);
  }
}
