import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { StageCount } from "../tests/reporters/test-counts.ts";

// `npm test`: every stage of the suite, each timed, with a table of the times at the end (also
// after a failure, which stops the run). Stages in one group run at the same time with their
// output held back and printed whole when each ends, so two logs never interleave. The test
// runners' reporters write each project's counts to a file (tests/reporters/), printed last.

interface Stage {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Stages sharing a group run side by side. */
  group?: string;
}

const postgresUrl = process.env.TEST_DATABASE_URL;

const stages: Stage[] = [
  { name: "typecheck", command: "npx", args: ["tsc", "--noEmit", "-p", "."], group: "static" },
  { name: "lint", command: "npx", args: ["eslint", ".", "--max-warnings", "0"], group: "static" },
  // The standalone tests start the portal from this build, as `npm start` does (decision 035).
  { name: "server build", command: "npx", args: ["tsx", "scripts/build-server.ts"], group: "static" },
  // The web build for the bundle budget and e2e, made beside the static checks (its own ten
  // seconds alone, a few more there).
  { name: "build", command: "npx", args: ["vite", "build", "--logLevel", "warn"], group: "static" },
  { name: "unit", command: "npx", args: ["vitest", "run", "--project", "unit", "--project", "unit-isolated", "--project", "unit-node"] },
  { name: "integration (PGlite)", command: "npx", args: ["vitest", "run", "--project", "integration", "--project", "standalone"] },
  { name: "integration (PostgreSQL)", command: "npx", args: ["tsx", "scripts/run-postgres-integration.ts"] },
  { name: "bundle budget", command: "npx", args: ["tsx", "scripts/check-bundle-budget.ts"] },
  { name: "e2e", command: "npx", args: ["playwright", "test"] },
];

interface Outcome {
  name: string;
  seconds: number;
  ok: boolean;
}

function runStage(stage: Stage, buffered: boolean): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(stage.command, stage.args, {
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...stage.env },
    });
    const chunks: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("close", (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (buffered) {
        process.stdout.write(`\n--- ${stage.name} ---\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      process.stdout.write(`\n[stage] ${stage.name}: ${code === 0 ? "passed" : "FAILED"} in ${seconds.toFixed(1)} s\n`);
      resolve({ name: stage.name, seconds, ok: code === 0 });
    });
  });
}

const countsFolder = mkdtempSync(path.join(os.tmpdir(), "portal-test-counts-"));
const countsFile = path.join(countsFolder, "counts.jsonl");
process.env.TEST_COUNTS_FILE = countsFile;

/** The counts the reporters recorded, one line per project and engine. */
function printCounts() {
  let text: string;
  try {
    text = readFileSync(countsFile, "utf8");
  } catch {
    return;
  } finally {
    rmSync(countsFolder, { recursive: true, force: true });
  }
  const lines = text.split("\n").filter(Boolean);
  const counts = lines.map((line) => JSON.parse(line) as StageCount);
  const width = Math.max(...counts.map((count) => count.label.length), 5);
  const rows = counts.map((count) => `  ${count.label.padEnd(width)}  ${String(count.passed).padStart(5)} passed  ${String(count.failed).padStart(3)} failed  ${String(count.skipped).padStart(3)} skipped`);
  const total = counts.reduce((sum, count) => sum + count.passed, 0);
  process.stdout.write(`\nTest counts (npm test)\n${rows.join("\n")}\n  ${"total".padEnd(width)}  ${String(total).padStart(5)} passed\n`);
}

function printTable(outcomes: Outcome[], totalSeconds: number) {
  const width = Math.max(...outcomes.map((outcome) => outcome.name.length), 5);
  const lines = outcomes.map((outcome) => `  ${outcome.name.padEnd(width)}  ${outcome.seconds.toFixed(1).padStart(7)} s  ${outcome.ok ? "passed" : "FAILED"}`);
  process.stdout.write(`\nStage times (npm test)\n${lines.join("\n")}\n  ${"total".padEnd(width)}  ${totalSeconds.toFixed(1).padStart(7)} s\n`);
}

async function main() {
  if (!postgresUrl) {
    process.stdout.write("TEST_DATABASE_URL is not set: integration and e2e run on PGlite only.\n");
  }
  const started = performance.now();
  const outcomes: Outcome[] = [];
  for (let index = 0; index < stages.length; ) {
    const group = stages[index]?.group;
    const batch = group ? stages.filter((stage) => stage.group === group) : [stages[index] as Stage];
    index += batch.length;
    const results = await Promise.all(batch.map((stage) => runStage(stage, batch.length > 1)));
    outcomes.push(...results);
    if (results.some((result) => !result.ok)) break;
  }
  const totalSeconds = (performance.now() - started) / 1000;
  printTable(outcomes, totalSeconds);
  printCounts();
  const failed = outcomes.filter((outcome) => !outcome.ok);
  if (failed.length > 0 || outcomes.length < stages.length) {
    process.stdout.write(`npm test failed at: ${failed.map((outcome) => outcome.name).join(", ")}\n`);
    process.exit(1);
  }
}

await main();
