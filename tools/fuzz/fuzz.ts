/**
 * `npm run fuzz` (small, as CI runs it) or `npm run fuzz -- --full`: seeded fuzzing of
 * every input boundary, reported as JSON: cases, outcomes, max ms per case, peak memory.
 *   --seed N   another seed (default 2026)   --verbose   one line per case on stderr
 */
import { FIXTURES_ROOT } from '../fixture-papers';
import { FULL, SMALL } from './fuzz-cases';
import { runFuzz } from './fuzz-run';

const args = process.argv.slice(2);
const seedIndex = args.indexOf('--seed');
const seed = seedIndex >= 0 ? Number(args[seedIndex + 1]) : 2026;
const full = args.includes('--full');
const verbose = args.includes('--verbose');

const report = await runFuzz(seed, full ? FULL : SMALL, FIXTURES_ROOT, verbose ? (i, name, outcome, ms, cpuMs) => process.stderr.write(`${i} ${name} ${outcome} ${ms}ms cpu ${cpuMs}ms\n`) : undefined);
process.stdout.write(JSON.stringify({ size: full ? 'full' : 'small', ...report }, null, 2) + '\n');
process.exitCode = (report.outcomes.INTERNAL ?? 0) + (report.outcomes.INVALID_OUTPUT ?? 0) > 0 || report.over10sCpu > 0 ? 1 : 0;
