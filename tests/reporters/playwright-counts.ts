import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { type StageCount, countInto, recordCounts } from "./test-counts.ts";

/** Playwright's counts per project (the engine): a test's last try decides its outcome. */
export default class PlaywrightCountsReporter implements Reporter {
  private readonly outcomes = new Map<TestCase, TestResult["status"]>();

  onTestEnd(test: TestCase, result: TestResult) {
    this.outcomes.set(test, result.status);
  }

  onEnd() {
    const counts = new Map<string, StageCount>();
    for (const [test, status] of this.outcomes) {
      const label = `e2e (${test.parent.project()?.name ?? "?"})`;
      countInto(counts, label, status === "passed" ? "passed" : status === "skipped" ? "skipped" : "failed");
    }
    recordCounts([...counts.values()]);
  }
}
