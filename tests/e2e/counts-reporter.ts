// Reporter that ends the run with "e2e: N passed, N failed, N skipped" and writes
// "<passed> <failed>" to $GARDEN_TEST_COUNTS for the Makefile's total line. Errors outside
// tests (global setup or teardown, a crashed worker) count as failures. With CI=true a
// skipped test counts as a failure and fails the run: a suite that silently skips in CI tests
// nothing (the Go suite's tests/gotest does the same). With $GARDEN_TEST_FAILURES set, the
// failed tests' titles go there, one per line, each followed by the first lines of its error
// (indented: see tests/tools/test-summary.sh), for the closing summary of `make test`: the last
// lines of a CI log then say what broke, not only where.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { FullResult, Reporter, Suite, TestCase } from '@playwright/test/reporter';
import { SERVER_LOG } from './global-setup';

/** ANSI colour codes, which Playwright's error messages carry. */
const ANSI = /\u001b\[[0-9;]*m/g;

/** A line of an assertion's diff that says nothing: its header, or only brackets and commas. */
const EMPTY_DIFF_LINE = /^[-+]?\s*((Expected|Received)\b.*|(Object|Array)?\s*[[\]{}(),]*)$/;

/** why is what a failed test's last error says, in up to five lines of 240 characters at most,
 *  each indented by two spaces (empty without an error): its first line, then the lines of the
 *  diff that hold something (the finding a toEqual([]) received, not its brackets). */
function why(test: TestCase): string {
  const error = test.results.at(-1)?.errors[0];
  const text = (error?.message ?? error?.value ?? '').replace(ANSI, '');
  const [first = '', ...rest] = text.split('\n').map((l) => l.trimEnd()).filter((l) => l.trim() !== '');
  const lines = [first, ...rest.filter((l) => !EMPTY_DIFF_LINE.test(l.trim()))].filter(Boolean).slice(0, 5);
  return lines.map((l) => `\n  ${l.length > 240 ? `${l.slice(0, 239)}…` : l}`).join('');
}

export default class CountsReporter implements Reporter {
  private suite: Suite | undefined;
  private errors = 0;
  private readonly started = Date.now();

  printsToStdio() {
    return false;
  }

  onBegin(_config: unknown, suite: Suite) {
    this.suite = suite;
  }

  onError() {
    this.errors++;
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    if (process.argv.includes('--list')) return undefined;
    const tests = this.suite?.allTests() ?? [];
    const by = (outcome: ReturnType<TestCase['outcome']>) => tests.filter((t) => t.outcome() === outcome);
    const passed = by('expected').length + by('flaky').length;
    const skipped = by('skipped');
    const ci = process.env.CI === 'true';
    let failed = by('unexpected').length + this.errors + (ci ? skipped.length : 0);
    if (result.status !== 'passed' && failed === 0) failed = 1; // interrupted or timed out

    const counts = process.env.GARDEN_TEST_COUNTS;
    if (counts) {
      try {
        writeFileSync(counts, `${passed} ${failed}\n`);
      } catch (error) {
        console.log(`could not write ${counts}: ${(error as Error).message}`);
      }
    }
    const failures = process.env.GARDEN_TEST_FAILURES;
    if (failures) {
      const names = by('unexpected').map(
        (t) => `${t.location.file.split('/specs/').pop()} › ${t.titlePath().filter(Boolean).slice(1).join(' › ')}${why(t)}`,
      );
      if (this.errors > 0) names.push(`${this.errors} error(s) outside the tests (global setup or teardown, a crashed worker)`);
      if (ci) names.push(...skipped.map((t) => `skipped in CI: ${t.titlePath().filter(Boolean).join(' › ')}`));
      writeFileSync(failures, names.map((n) => `${n}\n`).join(''));
    }
    for (const test of skipped) console.log(`skipped: ${test.titlePath().filter(Boolean).join(' › ')}`);
    if (failed > 0 && existsSync(SERVER_LOG)) {
      const tail = readFileSync(SERVER_LOG, 'utf8').split('\n').slice(-40).join('\n');
      if (tail.trim()) console.log(`\n--- gardenctl serve output (last lines) ---\n${tail}`);
    }
    console.log(`\nscreenshots: tests/e2e/screenshots/ · traces of failed tests: tests/e2e/test-results/`);
    console.log(
      `e2e: ${passed} passed, ${failed} failed, ${skipped.length} skipped (${((Date.now() - this.started) / 1000).toFixed(1)} s)`,
    );
    if (ci && skipped.length > 0) {
      console.log('CI=true: skipped tests count as failures here');
      return { status: 'failed' };
    }
    return undefined;
  }
}
