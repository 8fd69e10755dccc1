// A vitest reporter that names every test that passed only on its retry (CI sets `retry`, vitest.config.ts), so a
// flaky test stays visible in a green run: vitest's default reporter does not mark it.
import type { Reporter, TestCase } from 'vitest/node';

export default class RetriesReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(test: TestCase) {
    const retries = test.diagnostic()?.retryCount ?? 0;
    if (retries > 0 && test.result().state === 'passed') {
      this.retried.push(`${test.module.moduleId.replace(`${process.cwd()}/`, '')} › ${test.fullName}`);
    }
  }

  onTestRunEnd() {
    if (!this.retried.length) return;
    process.stdout.write(
      `\nPassed only on a retry (flaky; look at them):\n${this.retried.map((t) => `  - ${t}\n`).join('')}`,
    );
  }
}
