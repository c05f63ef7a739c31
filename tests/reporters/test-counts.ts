import { appendFileSync } from "node:fs";

/**
 * The test counts of a run, by project: each reporter (Vitest's and Playwright's) appends one
 * line of JSON per project to TEST_COUNTS_FILE, which `npm test` reads for its closing table.
 */
export interface StageCount {
  /** "unit", "integration (PGlite)", "e2e (postgres)" … */
  label: string;
  passed: number;
  failed: number;
  skipped: number;
}

export function recordCounts(counts: readonly StageCount[]): void {
  const file = process.env.TEST_COUNTS_FILE;
  if (!file || counts.length === 0) return;
  appendFileSync(file, counts.map((count) => `${JSON.stringify(count)}\n`).join(""));
}

/** Adds one test's outcome to the count of its label. */
export function countInto(counts: Map<string, StageCount>, label: string, state: "passed" | "failed" | "skipped"): void {
  const count = counts.get(label) ?? { label, passed: 0, failed: 0, skipped: 0 };
  count[state] += 1;
  counts.set(label, count);
}
