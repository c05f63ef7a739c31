/**
 * `npx tsx bench/migration-validation.ts`: the time and memory to validate a 50,000-row customers
 * CSV, streamed from disk through the workbench's real validator versus a baseline that reads the
 * whole file, parses it at once (csv-parse/sync) and runs the same checks. Each contestant runs in
 * a child process of its own, so neither inherits the other's heap; the rounds alternate their
 * order and the figures are medians. It only prints; it exits non-zero only when the contestants'
 * counts differ or a contestant fails.
 *
 * Then it stages the same file through a whole portal (bench/migration-staging.ts) on PGlite and,
 * when BENCH_DATABASE_URL is set, on PostgreSQL, and prints the memory before, at the peak and
 * after each upload.
 *
 * Settings (environment): BENCH_ROUNDS (3), BENCH_MIGRATION_ROWS (50000), BENCH_STAGING_UPLOADS (2),
 * BENCH_DATABASE_URL.
 */
import { fork } from "node:child_process";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";
import { requireMigrationEntity } from "#common/domain/migration-entities";
import type { CheckTally } from "#server/lib/csv-checks/migration-checker";
import { startMigrationValidation, validateMigrationStream } from "#server/lib/csv-checks/migration-validation";
import { type StagingEngine, measureStagingInChild, stagingTable } from "./migration-staging.ts";

type Contestant = "streaming" | "baseline";
const CONTESTANTS: readonly Contestant[] = ["streaming", "baseline"];
const SAMPLE_EVERY_MS = 2;

interface Measurement {
  contestant: Contestant;
  wallMs: number;
  /** Peak minus start, bytes. */
  peakRss: number;
  peakHeap: number;
  counts: Pick<CheckTally, "totalRows" | "errorRows" | "issueCount"> & { accepted: number };
}

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

// ---- The contestants (run in a child process each) ----

/**
 * Samples RSS and heap every few milliseconds and at the checkpoints a contestant marks. A
 * synchronous parse blocks the timer, so RSS also takes the process's high-water mark from the OS.
 */
function startMemorySampler() {
  globalThis.gc?.();
  const start = process.memoryUsage();
  const highWaterAtStart = process.resourceUsage().maxRSS * 1024;
  let peakRss = start.rss;
  let peakHeap = start.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  return {
    checkpoint: sample,
    stop: () => {
      clearInterval(timer);
      sample();
      // The high-water mark counts only when this run raised it (start-up may have set it).
      const highWater = process.resourceUsage().maxRSS * 1024;
      const rss = highWater > highWaterAtStart ? Math.max(peakRss, highWater) : peakRss;
      return { peakRss: rss - start.rss, peakHeap: peakHeap - start.heapUsed };
    },
  };
}

async function countLines(path: string): Promise<number> {
  let lines = 0;
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) if (line !== "") lines += 1;
  return lines;
}

async function runContestant(contestant: Contestant, file: string, scratch: string): Promise<Measurement> {
  const entity = requireMigrationEntity("customers");
  const sampler = startMemorySampler();
  const started = performance.now();
  const rowsPath = join(scratch, "accepted-rows.ndjson");
  let tally: CheckTally;
  let accepted: number | undefined;
  if (contestant === "streaming") {
    tally = await validateMigrationStream(createReadStream(file), entity, new Map(), rowsPath);
  } else {
    const text = await readFile(file);
    sampler.checkpoint();
    const validation = startMigrationValidation(entity, new Map());
    let failure: unknown;
    let lines: string[] = [];
    try {
      lines = parse(text, validation.parserOptions) as unknown as string[];
    } catch (error) {
      failure = error;
    }
    sampler.checkpoint();
    tally = validation.finish(failure);
    accepted = lines.length;
  }
  const wallMs = performance.now() - started;
  const memory = sampler.stop();
  // The streaming contestant's accepted rows are counted in its file, after the measurement.
  accepted ??= await countLines(rowsPath);
  return { contestant, wallMs, ...memory, counts: { totalRows: tally.totalRows, errorRows: tally.errorRows, issueCount: tally.issueCount, accepted } };
}

// ---- The parent: the file, the rounds, the printout ----

/** A realistic customers file: every column, varied lengths, a quoted comma now and then. */
async function writeCustomersFile(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  await write("customer_id,customer_name,email,phone,address_line1,city,state,postal_code,country,currency,payment_terms,credit_limit\r\n");
  const cities = ["Springfield", "Riverside", "Fairview", "Madison", "Georgetown"];
  for (let index = 1; index <= rows; index += 1) {
    const name = index % 7 === 0 ? `"Northwind Traders, Branch ${index}"` : `Customer ${index} Holdings`;
    const city = cities[index % cities.length];
    const limit = index % 3 === 0 ? "" : `${(index % 500) * 100}.00`;
    await write(`CUST-${String(index).padStart(6, "0")},${name},ap${index}@customer${index % 97}.example,+1 555 ${String(index % 10_000).padStart(4, "0")},${index} Main Street,${city},IL,${String(60_000 + (index % 999))},US,USD,Net 30,${limit}\r\n`);
  }
  out.end();
  await once(out, "finish");
}

function measureInChild(contestant: Contestant, file: string, scratch: string): Promise<Measurement> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ["--import", "tsx", "--expose-gc"],
    env: { ...process.env, BENCH_MIGRATION_CONTESTANT: JSON.stringify({ contestant, file, scratch }) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    let result: Measurement | undefined;
    child.once("message", (message: Measurement | { failed: string }) => {
      if ("failed" in message) reject(new Error(`${contestant} failed: ${message.failed}`));
      else result = message;
    });
    child.once("error", reject);
    child.once("exit", (code) => (result ? resolve(result) : reject(new Error(`${contestant} ended with code ${code} before answering`))));
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const print = (line = "") => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

function table(rows: string[][]): string[] {
  const widths = (rows[0] ?? []).map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join("  "));
}

/** Stages the file through the portal on each engine and prints its memory (MB; deltas against "before"). */
async function runStaging(file: string, rowCount: number): Promise<void> {
  const uploads = positiveInteger("BENCH_STAGING_UPLOADS", 2);
  const engines: StagingEngine[] = process.env.BENCH_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
  for (const engine of engines) {
    print();
    print(`Staging the ${rowCount.toLocaleString("en-US")} rows through the upload route on ${engine}, ${uploads} uploads (each replaces the last), memory in MB:`);
    const measured = await measureStagingInChild(engine, file, uploads);
    for (const line of table(stagingTable(measured))) print(line);
    print(`upload time: ${measured.uploadMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(", ")}`);
  }
  if (engines.length === 1) print("(set BENCH_DATABASE_URL to stage on PostgreSQL too)");
}

async function runBenchmark(): Promise<void> {
  const rounds = positiveInteger("BENCH_ROUNDS", 3);
  const rowCount = positiveInteger("BENCH_MIGRATION_ROWS", 50_000);
  const scratch = await mkdtemp(join(tmpdir(), "portal-bench-migration-"));
  try {
    const file = join(scratch, "customers.csv");
    await writeCustomersFile(file, rowCount);
    const size = (await stat(file)).size;
    print(`Migration validation: a customers CSV of ${rowCount.toLocaleString("en-US")} rows, ${mb(size)} MB, ${rounds} rounds`);
    print("streaming: the workbench's validator fed from a file stream; baseline: the whole file read and parsed at once (csv-parse/sync), same checks");
    print();

    const results: Record<Contestant, Measurement[]> = { streaming: [], baseline: [] };
    const rows: string[][] = [["round", "contestant", "time ms", "peak RSS MB", "peak heap MB", "rows", "accepted"]];
    for (let round = 1; round <= rounds; round += 1) {
      const order = round % 2 === 1 ? CONTESTANTS : [...CONTESTANTS].reverse();
      for (const contestant of order) {
        const measured = await measureInChild(contestant, file, scratch);
        results[contestant].push(measured);
        rows.push([String(round), contestant, measured.wallMs.toFixed(0), mb(measured.peakRss), mb(measured.peakHeap), String(measured.counts.totalRows), String(measured.counts.accepted)]);
      }
    }
    const medianOf = (contestant: Contestant, key: "wallMs" | "peakRss" | "peakHeap") => median(results[contestant].map((result) => result[key]));
    for (const contestant of CONTESTANTS) {
      rows.push(["median", contestant, medianOf(contestant, "wallMs").toFixed(0), mb(medianOf(contestant, "peakRss")), mb(medianOf(contestant, "peakHeap")), "", ""]);
    }
    for (const line of table(rows)) print(line);
    print();
    const ratio = (key: "wallMs" | "peakRss" | "peakHeap") => (medianOf("streaming", key) / medianOf("baseline", key)).toFixed(2);
    print(`streaming ÷ baseline (medians): time ${ratio("wallMs")}×, peak RSS ${ratio("peakRss")}×, peak heap ${ratio("peakHeap")}×`);

    const all = [...results.streaming, ...results.baseline];
    const expected = JSON.stringify(all[0]?.counts);
    const differing = all.filter((result) => JSON.stringify(result.counts) !== expected);
    const clean = all[0]?.counts;
    if (differing.length > 0 || !clean || clean.totalRows !== rowCount || clean.accepted !== rowCount || clean.issueCount !== 0) {
      print(`The contestants disagree or refused the file: ${all.map((result) => `${result.contestant} ${JSON.stringify(result.counts)}`).join("; ")}`);
      process.exitCode = 1;
    }
    await runStaging(file, rowCount);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

const assignment = process.env.BENCH_MIGRATION_CONTESTANT;
if (assignment && process.send) {
  const { contestant, file, scratch } = JSON.parse(assignment) as { contestant: Contestant; file: string; scratch: string };
  const contestantScratch = await mkdtemp(join(scratch, `${contestant}-`));
  try {
    process.send(await runContestant(contestant, file, contestantScratch));
  } catch (error) {
    process.send({ failed: error instanceof Error ? error.message : String(error) });
  } finally {
    await rm(contestantScratch, { recursive: true, force: true });
  }
  process.disconnect();
} else {
  await runBenchmark();
}
