// A vitest reporter that names every test that passed only on its retry (CI sets `retry`, vitest.config.ts), so a
// flaky test stays visible in a green run: vitest's default reporter does not mark it. It prints the failed
// attempt's error too (vitest keeps it on a test that passed on a retry), so the log tells why it failed.
import type { Reporter, TestCase } from 'vitest/node';

/** Lines of each failed attempt's error shown: the message and the top of its stack, without vitest's frames. */
const ERROR_LINES = 12;

export default class RetriesReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(test: TestCase) {
    const retries = test.diagnostic()?.retryCount ?? 0;
    const result = test.result();
    if (retries > 0 && result.state === 'passed') {
      const errors = (result.errors ?? []).map((e) =>
        (e.stack ?? e.message)
          .split('\n')
          .filter((l) => !/node_modules|node:internal|new Promise/.test(l))
          .slice(0, ERROR_LINES)
          .map((l) => `      ${l}`)
          .join('\n'),
      );
      this.retried.push(
        [`${test.module.moduleId.replace(`${process.cwd()}/`, '')} › ${test.fullName}`, ...errors].join('\n'),
      );
    }
  }

  onTestRunEnd() {
    if (!this.retried.length) return;
    process.stdout.write(
      `\nPassed only on a retry (flaky; look at them):\n${this.retried.map((t) => `  - ${t}\n`).join('')}`,
    );
  }
}
