/**
 * The employees' portfolio at scale: `loadOrganizationProgress(db, "all")`
 * (server/queries/readiness-facts.queries.ts), which GET /api/employee/portfolio answers from, over
 * 10, 100 and 1,000 organizations with realistic, varied data, on PGlite (in memory) and on a
 * temporary PostgreSQL database, read twice there: as the server is configured (the facts statement
 * turns JIT compilation off for itself), and on connections with JIT off for every statement
 * (`-c jit=off`), which shows whether anything else still pays for compiling. Every size and engine side by side in one run: each
 * round calls every contestant once, in an order that changes from round to round.
 *
 * It prints the median time of a call, the time per organization, the ratio of the time per
 * organization at 1,000 against 100 (close to 1: it grows linearly), the SQL statements one call
 * sends to the driver (counted by wrapping the driver's `query`, transaction control left out; 3
 * whatever the size), and the size
 * of the portfolio's JSON (getPortfolio) at the largest size. Every contestant must give the same
 * portfolio, byte for byte; otherwise it exits non-zero. It never fails on a timing.
 *
 * Settings (environment): BENCH_PORTFOLIO_SIZES ("10,100,1000"), BENCH_PORTFOLIO_ROUNDS (7),
 * BENCH_ENGINES ("postgres,pglite"), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432; a
 * database portal_bench_<random> per size, dropped at the end), BENCH_PORTFOLIO_EXPLAIN=1 (also
 * print, at the largest size, what each subquery of the facts statement and JIT compilation cost,
 * from EXPLAIN ANALYZE).
 */
import { gzipSync } from "node:zlib";
import * as schema from "#server/db/schema/index";
import { getPortfolio } from "#server/features/portfolio/portfolio.service";
import { loadOrganizationProgress } from "#server/queries/readiness-facts.queries";
import { median } from "./measure.ts";
import { type CurriculumOutline, type OrganizationRows, buildOrganizations } from "./portfolio-scale-data.ts";
import { type Contestant, ENGINE_LABELS, type Engine, explainFacts, load, openContestants, print, runCleanups, table } from "./portfolio-scale-databases.ts";

const { configurationQuestions, milestones } = schema;

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

const SIZES = (process.env.BENCH_PORTFOLIO_SIZES ?? "10,100,1000")
  .split(",")
  .map((size) => Number(size.trim()))
  .sort((a, b) => a - b);
if (SIZES.length === 0 || SIZES.some((size) => !Number.isInteger(size) || size <= 0)) throw new Error("BENCH_PORTFOLIO_SIZES: positive integers, comma-separated");
const ROUNDS = positiveInteger("BENCH_PORTFOLIO_ROUNDS", 7);
const WARMUP_CALLS = 2;
const EXPLAIN = process.env.BENCH_PORTFOLIO_EXPLAIN === "1";
const ENGINES = (process.env.BENCH_ENGINES ?? "postgres,pglite").split(",").map((name) => name.trim()).filter(Boolean) as Engine[];
for (const name of ENGINES) if (name !== "postgres" && name !== "pglite") throw new Error(`BENCH_ENGINES: unknown engine "${name}"`);

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

// ---- The run ----

async function main() {
  print("Employees' portfolio at scale: loadOrganizationProgress(db, \"all\") over every organization");
  print(`sizes ${SIZES.join(", ")}; engines ${ENGINES.map((engine) => ENGINE_LABELS[engine]).join(", ")}; ${ROUNDS} rounds after ${WARMUP_CALLS} warm-up calls, every contestant once a round, the order changing; reported: medians`);
  process.once("SIGINT", () => {
    print("\ninterrupted: cleaning up");
    void runCleanups().finally(() => process.exit(130));
  });

  const started = performance.now();
  // The engines set up side by side (PostgreSQL works in its own processes); sizes one after another.
  const contestants = (
    await Promise.all(
      ENGINES.map(async (engine) => {
        const ofEngine: Contestant[] = [];
        const pgliteSnapshot = {};
        for (const size of SIZES) ofEngine.push(...(await openContestants(engine, size, pgliteSnapshot)));
        return ofEngine;
      }),
    )
  ).flat();
  const first = contestants[0]!;
  const outline: CurriculumOutline = {
    milestoneKeys: (await first.db.select({ key: milestones.key }).from(milestones).orderBy(milestones.position)).map((row) => row.key),
    configurationModules: (await first.db.selectDistinct({ module: configurationQuestions.module }).from(configurationQuestions)).flatMap((row) => (row.module ? [row.module] : [])),
  };
  print(`databases migrated, default curriculum loaded (${outline.milestoneKeys.length} milestones, ${outline.configurationModules.length} configuration modules): ${seconds(started)}`);

  const now = Date.now();
  const data = buildOrganizations(SIZES[SIZES.length - 1]!, outline, now);
  const loadStarted = performance.now();
  await Promise.all(
    ENGINES.map(async (engine) => {
      for (const contestant of contestants.filter((c) => c.engine === engine && c.loadsData)) await load(contestant, data.slice(0, contestant.size));
    }),
  );
  const perOrganization = (key: keyof OrganizationRows) => (data.reduce((total, rows) => total + (Array.isArray(rows[key]) ? rows[key].length : 1), 0) / data.length).toFixed(1);
  print(
    `organizations loaded: ${seconds(loadStarted)}; rows per organization on average: launchpad ${perOrganization("launchpad")}, ` +
      `configuration answers ${perOrganization("responses")}, NDAs ${perOrganization("ndas")}, estimates ${perOrganization("estimates")} ` +
      `with ${perOrganization("lines")} lines, data connections ${perOrganization("connections")}, module submissions ${perOrganization("submissions")}, ` +
      `milestone rows ${perOrganization("milestones")}, action log ${perOrganization("logs")}, extensions ${perOrganization("extensions")}, workspaces ${perOrganization("workspaces")}, events ${perOrganization("events")}`,
  );

  for (const contestant of contestants) {
    const { result, statements } = await contestant.countStatements(() => loadOrganizationProgress(contestant.db, "all"));
    contestant.statements = statements;
    if (result.length !== contestant.size) throw new Error(`${contestant.label} ${contestant.size}: ${result.length} organizations answered`);
    for (let call = 1; call < WARMUP_CALLS; call += 1) await loadOrganizationProgress(contestant.db, "all");
  }
  const measureStarted = performance.now();
  for (let round = 0; round < ROUNDS; round += 1) {
    // Rotate the order, and reverse it every other round, so no contestant always goes first.
    const shift = round % contestants.length;
    const order = [...contestants.slice(shift), ...contestants.slice(0, shift)];
    if (round % 2 === 1) order.reverse();
    for (const contestant of order) {
      const callStarted = performance.now();
      await loadOrganizationProgress(contestant.db, "all");
      contestant.times.push(performance.now() - callStarted);
    }
  }
  print(`measured: ${seconds(measureStarted)}`);
  print();

  const labels = [...new Set(contestants.map((contestant) => contestant.label))];
  const rows = [["engine", "organizations", "median ms / call", "min–max ms", "ms / organization", "statements / call"]];
  for (const contestant of labels.flatMap((label) => contestants.filter((c) => c.label === label))) {
    const m = median(contestant.times);
    rows.push([
      contestant.label,
      contestant.size.toLocaleString("en-US"),
      m.toFixed(1),
      `${Math.min(...contestant.times).toFixed(1)}–${Math.max(...contestant.times).toFixed(1)}`,
      (m / contestant.size).toFixed(3),
      String(contestant.statements),
    ]);
  }
  for (const line of table(rows)) print(`  ${line}`);
  print();
  const labelWidth = Math.max(...labels.map((label) => label.length));
  for (const label of labels) {
    const ofEngine = contestants.filter((contestant) => contestant.label === label);
    const ratios = ofEngine.slice(1).map((larger, i) => {
      const smaller = ofEngine[i]!;
      const ratio = median(larger.times) / larger.size / (median(smaller.times) / smaller.size);
      return `${larger.size.toLocaleString("en-US")} vs ${smaller.size.toLocaleString("en-US")}: ${ratio.toFixed(2)} ×`;
    });
    if (ratios.length > 0) print(`  ${label.padEnd(labelWidth)}  time per organization, ${ratios.join("; ")}`);
  }
  print("  (≈ 1 ×: the time grows linearly with the organizations; < 1 ×: a fixed cost spreads over more of them)");
  const statementCounts = new Set(contestants.map((contestant) => contestant.statements));
  print(`  statements per call: ${[...statementCounts].join(", ")} ${statementCounts.size === 1 ? "whatever the size and engine" : "(they differ!)"}`);

  // The answer as GET /api/employee/portfolio sends it, at the largest size; both engines must agree.
  const largest = contestants.filter((contestant) => contestant.size === SIZES[SIZES.length - 1]);
  const generatedAt = new Date();
  const answers = await Promise.all(largest.map(async (contestant) => JSON.stringify(await getPortfolio({ db: contestant.db }, generatedAt))));
  const json = answers[0]!;
  const bytes = Buffer.byteLength(json);
  print(
    `  portfolio JSON for ${largest[0]!.size.toLocaleString("en-US")} organizations: ${(bytes / 1024).toFixed(1)} KB ` +
      `(${(bytes / largest[0]!.size).toFixed(0)} bytes each), ${(gzipSync(json).length / 1024).toFixed(1)} KB gzipped`,
  );
  const agree = answers.every((answer) => answer === json);
  const compared = largest.map((contestant) => contestant.label).join(", ");
  if (largest.length > 1) print(`  ${agree ? `the same portfolio, byte for byte, from ${compared}` : `DIFFERENT PORTFOLIOS from ${compared}`}`);

  if (EXPLAIN) {
    print();
    print("EXPLAIN ANALYZE of the facts statement (each column's correlated subquery, run once per organization):");
    const postgres = largest.find((contestant) => contestant.engine === "postgres");
    if (postgres) {
      const settings = await postgres.raw("select name, setting from pg_settings where name in ('jit', 'jit_above_cost', 'jit_inline_above_cost', 'jit_optimize_above_cost') order by name", []);
      print(`  PostgreSQL's settings: ${settings.map((setting) => `${String(setting.name)} = ${String(setting.setting)}`).join(", ")}`);
    }
    for (const contestant of largest) await explainFacts(contestant);
  }
  print();
  print(`total ${seconds(started)}`);
  if (!agree) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  process.stderr.write(`benchmark failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
} finally {
  await runCleanups();
}
