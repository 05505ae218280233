import { describe, expect, it } from 'vitest';
import { FIXTURES_ROOT } from '../../tools/fixture-papers';
import { SMALL } from '../../tools/fuzz/fuzz-cases';
import { runFuzz } from '../../tools/fuzz/fuzz-run';

describe('seeded fuzz run (small)', () => {
  it('ends every case in ok or a named error: no INTERNAL, no invalid paper out', { timeout: 600_000 }, async () => {
    const report = await runFuzz(2026, SMALL, FIXTURES_ROOT);
    expect(report.cases).toBeGreaterThan(50);
    expect(report.failures).toEqual([]);
    expect(report.outcomes.INTERNAL ?? 0).toBe(0);
    expect(report.outcomes.INVALID_OUTPUT ?? 0).toBe(0);
    // Every boundary was reached: papers out, and each named refusal.
    for (const outcome of ['ok', 'BAD_PAPER_FILE', 'BAD_BUNDLE', 'BAD_ANSWER_PAYLOAD', 'PDF_CORRUPT']) expect(report.outcomes[outcome] ?? 0, outcome).toBeGreaterThan(0);
  });
});
