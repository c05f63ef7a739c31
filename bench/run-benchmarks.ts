/**
 * `npm run bench`: the authenticated, tenant-scoped read (GET /api/organization) through the whole
 * portal versus the same SQL through the database client directly, side by side in one run, on
 * PostgreSQL and on PGlite. It only prints; nothing here fails on a timing.
 *
 * Settings (environment): BENCH_SECONDS (5), BENCH_ROUNDS (3), BENCH_WARMUP_SECONDS (2),
 * BENCH_CONNECTIONS (20), BENCH_ENGINES ("postgres,pglite"), BENCH_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432; a database portal_bench_<random> is created and dropped).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout } from "node:timers/promises";
import { startContestantsHost, type ContestantsHost } from "./contestants-process.ts";
import { compareSideBySide, median, verifySameAnswer, type Comparison, type LoadSettings, type RoundResult } from "./measure.ts";
import { createPgliteDirectory, createPostgresDatabase, type TemporaryDatabase } from "./temporary-databases.ts";

const GOAL = { throughput: 0.8, p99: 1.5 } as const;
const SETTLE_MS = 2_000;
type Engine = "postgres" | "pglite";

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function engines(): Engine[] {
  const names = (process.env.BENCH_ENGINES ?? "postgres,pglite").split(",").map((name) => name.trim()).filter(Boolean);
  for (const name of names) {
    if (name !== "postgres" && name !== "pglite") throw new Error(`BENCH_ENGINES: unknown engine "${name}"`);
  }
  return names as Engine[];
}

const print = (line = "") => process.stdout.write(`${line}\n`);
const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  "));
}

interface EngineSummary {
  engine: Engine;
  throughputRatio: number;
  p99Ratio: number;
}

function report(engine: Engine, comparison: Comparison): EngineSummary {
  const { stack, baseline } = comparison;
  const rows: string[][] = [["round", "stack req/s", "stack p99 ms", "baseline req/s", "baseline p99 ms", "throughput ×", "p99 ×"]];
  stack.forEach((s, i) => {
    const b = baseline[i]!;
    rows.push([String(i + 1), fixed(s.rps, 0), fixed(s.p99, 0), fixed(b.rps, 0), fixed(b.p99, 0), fixed(s.rps / b.rps, 2), fixed(s.p99 / b.p99, 2)]);
  });
  const m = (results: RoundResult[], key: "rps" | "p99") => median(results.map((r) => r[key]));
  const summary = {
    engine,
    throughputRatio: m(stack, "rps") / m(baseline, "rps"),
    p99Ratio: m(stack, "p99") / m(baseline, "p99"),
  };
  rows.push([
    "median",
    fixed(m(stack, "rps"), 0),
    fixed(m(stack, "p99"), 1),
    fixed(m(baseline, "rps"), 0),
    fixed(m(baseline, "p99"), 1),
    fixed(summary.throughputRatio, 2),
    fixed(summary.p99Ratio, 2),
  ]);
  for (const line of table(rows)) print(`  ${line}`);
  print("  (ratios are stack / baseline; the median row divides the medians)");
  const totals = (results: RoundResult[]) => {
    const sum = (key: keyof RoundResult) => results.reduce((total, r) => total + r[key], 0);
    return `${sum("requests")} requests, ${sum("non2xx")} non-2xx, ${sum("errors")} errors, ${sum("timeouts")} timeouts, ${sum("mismatches")} body mismatches`;
  };
  print(`  stack:    ${totals(stack)}`);
  print(`  baseline: ${totals(baseline)}`);
  const scope = engine === "postgres" ? "" : "  (the goal is set for PostgreSQL; shown for reference)";
  print(`  throughput ratio ${fixed(summary.throughputRatio, 2)}×  goal ≥ ${GOAL.throughput.toFixed(2)}×  ${verdict(summary.throughputRatio >= GOAL.throughput)}${scope}`);
  print(`  p99 ratio        ${fixed(summary.p99Ratio, 2)}×  goal ≤ ${GOAL.p99.toFixed(2)}×  ${verdict(summary.p99Ratio <= GOAL.p99)}${scope}`);
  return summary;
}

const verdict = (met: boolean) => (met ? "met" : "NOT met");

/** Cleanups still to run, newest last; run on the way out and on Ctrl-C. */
const cleanups: (() => Promise<unknown>)[] = [];
async function runCleanups(downTo = 0) {
  while (cleanups.length > downTo) await cleanups.pop()!().catch((error: unknown) => print(`cleanup failed: ${(error as Error).message}`));
}

async function benchEngine(engine: Engine, settings: LoadSettings, scratchDir: string): Promise<EngineSummary> {
  print(`== ${engine === "postgres" ? "PostgreSQL" : "PGlite (embedded)"} ==`);
  const mark = cleanups.length;
  const database: TemporaryDatabase = engine === "postgres" ? await createPostgresDatabase() : await createPgliteDirectory();
  cleanups.push(() => database.drop());
  print(`  database: ${database.description} (fresh, removed at the end)`);
  const host: ContestantsHost = await startContestantsHost({ ...database.env, scratchDir });
  cleanups.push(() => host.stop());
  const { ready } = host;
  print("  stack:    GET /api/organization through the whole portal: startServer (Hono, security headers,");
  print("            Better Auth session from the database, profile, acting-organization guard, Drizzle)");
  print(`  baseline: bare node:http, same 3 statements (session by token, profile, organization) through ${ready.baselineVia}`);
  print("  both run in one child process; autocannon runs in this process and loads one at a time");
  const expectBody = await verifySameAnswer(`${ready.stackUrl}/api/organization`, `${ready.baselineUrl}/api/organization`, ready.cookie, ready.organizationId);
  print(`  verified: both answer 200 with ${expectBody}; both refuse a forged session with 401`);
  const comparison = await compareSideBySide(
    { url: `${ready.stackUrl}/api/organization`, cookie: ready.cookie, expectBody },
    { url: `${ready.baselineUrl}/api/organization`, cookie: ready.cookie, expectBody },
    settings,
    (line) => print(`  … ${line}`),
  );
  const summary = report(engine, comparison);
  // autocannon drops its connections when a round ends; let the handlers still running for them
  // finish before the server closes its database under them.
  await setTimeout(SETTLE_MS);
  await runCleanups(mark); // stop the contestants, then drop this engine's database
  print();
  return summary;
}

async function main() {
  const settings: LoadSettings = {
    seconds: positiveNumber("BENCH_SECONDS", 5),
    rounds: Math.round(positiveNumber("BENCH_ROUNDS", 3)),
    warmupSeconds: process.env.BENCH_WARMUP_SECONDS === "0" ? 0 : positiveNumber("BENCH_WARMUP_SECONDS", 2),
    connections: Math.round(positiveNumber("BENCH_CONNECTIONS", 20)),
  };
  const selected = engines();
  print("Member Portal benchmark: authenticated read of the acting organization, stack vs the same SQL directly");
  print(
    `autocannon: ${settings.connections} connections, pipelining 1, warm-up ${settings.warmupSeconds}s, ` +
      `${settings.rounds} rounds × ${settings.seconds}s per contestant, alternating order; ` +
      `node ${process.version}, ${cpus().length} CPUs; reported: medians`,
  );
  print();
  process.once("SIGINT", () => {
    print("\ninterrupted: cleaning up");
    void runCleanups().finally(() => process.exit(130));
  });
  const scratchDir = await mkdtemp(join(tmpdir(), "portal-bench-"));
  cleanups.push(() => rm(scratchDir, { recursive: true, force: true }));
  const summaries: EngineSummary[] = [];
  try {
    for (const engine of selected) summaries.push(await benchEngine(engine, settings, scratchDir));
  } finally {
    await runCleanups();
  }
  print("== Summary (stack / baseline, medians) ==");
  const rows = [["engine", "throughput ×", `goal ≥ ${GOAL.throughput}`, "p99 ×", `goal ≤ ${GOAL.p99}`]];
  for (const s of summaries) {
    rows.push([s.engine, fixed(s.throughputRatio, 2), verdict(s.throughputRatio >= GOAL.throughput), fixed(s.p99Ratio, 2), verdict(s.p99Ratio <= GOAL.p99)]);
  }
  for (const line of table(rows)) print(`  ${line}`);
  print("  The goal applies to PostgreSQL; the benchmark only reports, it never fails on a timing.");
}

main().catch(async (error: unknown) => {
  process.stderr.write(`benchmark failed: ${(error as Error).stack ?? String(error)}\n`);
  await runCleanups();
  process.exit(1);
});
