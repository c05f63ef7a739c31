import type { Reporter, TestModule } from "vitest/node";
import { type StageCount, countInto, recordCounts } from "./test-counts.ts";

/** Vitest's counts per project; the integration project's label names its engine. */
export default class VitestCountsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const engine = process.env.TEST_DB_ENGINE === "postgres" ? "PostgreSQL" : "PGlite";
    const counts = new Map<string, StageCount>();
    for (const testModule of testModules) {
      const project = testModule.project.name;
      const label = project === "integration" ? `integration (${engine})` : project;
      for (const testCase of testModule.children.allTests()) {
        const state = testCase.result().state;
        countInto(counts, label, state === "passed" ? "passed" : state === "failed" ? "failed" : "skipped");
      }
    }
    recordCounts([...counts.values()]);
  }
}
