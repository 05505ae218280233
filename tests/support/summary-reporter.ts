/**
 * Prints one plain closing line, "vitest: N passed, N failed, N skipped", that CI
 * reads in any language. Test files that fail to load count as failed.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of testModules) {
      let moduleFailures = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') moduleFailures++;
        else skipped++;
      }
      // A file that failed to load, or whose beforeAll failed (its tests then show as skipped), is a failure.
      failed += module.state() === 'failed' && moduleFailures === 0 ? 1 : moduleFailures;
    }
    process.stdout.write(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
