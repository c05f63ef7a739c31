/**
 * The staging part of `bench/migration-validation.ts`: a whole portal in a child process of its
 * own (started with --expose-gc) stages the benchmark's customers file through the upload route,
 * `BENCH_STAGING_UPLOADS` times (the second and later ones replace the staged rows), and reports
 * the process's memory before, at its peak, right after each answer and after each upload once
 * collected (a forced GC, a short wait, another GC). On PGlite it also reports the size of the
 * database's WebAssembly memory, which can grow but never shrink.
 */
import { fork } from "node:child_process";
import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { DatabaseHandle } from "#server/db/database";
import { wrapPglite } from "#server/db/open-pglite";
import { openPostgresDatabase } from "#server/db/open-postgres";
import { buildConfig, parseEnv } from "#server/env";
import { createOrganization } from "#server/features/organizations/organizations.service";
import { createUser } from "#server/features/users/users.service";
import { createLogger } from "#server/lib/logger";
import { createRuntime } from "#server/runtime";
import { createPostgresDatabase } from "./temporary-databases.ts";

export type StagingEngine = "pglite" | "postgres";

export interface MemoryPoint {
  label: string;
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** PGlite's WebAssembly.Memory buffer, bytes; null on PostgreSQL. */
  wasm: number | null;
}

export interface StagingMeasurement {
  engine: StagingEngine;
  /** Wall time of each upload, ms. */
  uploadMs: number[];
  points: MemoryPoint[];
}

const ORIGIN = "http://bench.test";
const PASSWORD = "bench-staging-password";
const SAMPLE_EVERY_MS = 5;
/** How long "after" waits between its two forced collections. */
const SETTLE_MS = 1_000;

/** PGlite's WebAssembly memory: emscripten keeps its views on the instance's (untyped) `mod`. */
function wasmBytesOf(client: PGlite | undefined): number | null {
  if (!client) return null;
  const mod = (client as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod;
  return mod?.HEAPU8?.buffer.byteLength ?? null;
}

async function openEngine(engine: StagingEngine, scratch: string) {
  if (engine === "postgres") {
    const temporary = await createPostgresDatabase();
    const url = temporary.env.DATABASE_URL ?? "";
    const database = openPostgresDatabase(url, 10, createLogger("silent"));
    return { database, client: undefined, drop: () => temporary.drop() };
  }
  // The server's embedded engine on a data folder, opened directly to reach its memory.
  const client = await PGlite.create(join(scratch, "data"));
  return { database: wrapPglite(client) as DatabaseHandle, client, drop: async () => {} };
}

async function stageInThisProcess(engine: StagingEngine, file: string, uploads: number): Promise<StagingMeasurement> {
  const scratch = await mkdtemp(join(tmpdir(), `portal-bench-staging-${engine}-`));
  const { database, client, drop } = await openEngine(engine, scratch);
  try {
    await database.migrate();
    const env = { NODE_ENV: "production", LOG_LEVEL: "silent", PUBLIC_URL: ORIGIN, TRUST_PROXY: "true", STORAGE_DIR: join(scratch, "files") };
    const runtime = await createRuntime(buildConfig(parseEnv(env)), database, createLogger("silent"));
    try {
      const headers = await signInMember(runtime);
      const points: MemoryPoint[] = [];
      const measure = (label: string): MemoryPoint => {
        const usage = process.memoryUsage();
        return { label, rss: usage.rss, heapUsed: usage.heapUsed, external: usage.external, arrayBuffers: usage.arrayBuffers, wasm: wasmBytesOf(client) };
      };
      const settle = async (label: string) => {
        globalThis.gc?.();
        await sleep(SETTLE_MS);
        globalThis.gc?.();
        points.push(measure(label));
      };
      await settle("before");
      const peak = measure("peak");
      const sample = () => {
        const now = measure("peak");
        for (const key of ["rss", "heapUsed", "external", "arrayBuffers"] as const) peak[key] = Math.max(peak[key], now[key]);
        if (now.wasm !== null) peak.wasm = Math.max(peak.wasm ?? 0, now.wasm);
      };
      const uploadMs: number[] = [];
      for (let upload = 1; upload <= uploads; upload += 1) {
        const timer = setInterval(sample, SAMPLE_EVERY_MS);
        const started = performance.now();
        const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
        const init: RequestInit & { duplex: "half" } = { method: "POST", headers: { ...headers, "content-type": "text/csv" }, body, duplex: "half" };
        const response = await runtime.app.request("/api/data-migration/customers/upload?file_name=customers.csv", init);
        const answer = await response.text();
        uploadMs.push(performance.now() - started);
        clearInterval(timer);
        sample();
        if (response.status !== 200) throw new Error(`upload ${upload} answered ${response.status}: ${answer.slice(0, 300)}`);
        points.push(measure(`upload ${upload}: answered`));
        await settle(`upload ${upload}: collected`);
      }
      points.splice(1, 0, peak);
      return { engine, uploadMs, points };
    } finally {
      await runtime.close();
    }
  } finally {
    await drop().catch(() => {});
    await rm(scratch, { recursive: true, force: true });
  }
}

/** A member of a new organization, signed in and past the NDA (the workbench needs it); its request headers. */
async function signInMember(runtime: Awaited<ReturnType<typeof createRuntime>>): Promise<Record<string, string>> {
  const organization = await createOrganization(runtime.database.db, `Staging bench ${Date.now()}`);
  const email = `staging-${Date.now()}@bench.test`;
  await createUser(runtime.auth, runtime.database.db, { email, password: PASSWORD, organizationId: organization.id, isEmployee: false, fullName: "Bench Member", companyRole: null });
  const base = { origin: ORIGIN, "x-forwarded-for": "10.20.30.40" };
  const json = { ...base, "content-type": "application/json" };
  const signIn = await runtime.app.request("/api/auth/sign-in/email", { method: "POST", headers: json, body: JSON.stringify({ email, password: PASSWORD }) });
  const cookie = signIn.headers.getSetCookie().map((line) => line.split(";")[0] ?? "").find((line) => line.includes("session_token"));
  if (!cookie) throw new Error(`sign-in answered ${signIn.status} without a session`);
  const nda = await runtime.app.request("/api/nda/sign", { method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ full_name: "Bench Member", title: "CFO", agreed: true }) });
  if (nda.status !== 201) throw new Error(`signing the NDA answered ${nda.status}`);
  return { ...base, cookie };
}

/** Stages `file` in a child process of its own on `engine`. */
export function measureStagingInChild(engine: StagingEngine, file: string, uploads: number): Promise<StagingMeasurement> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ["--import", "tsx", "--expose-gc"],
    env: { ...process.env, BENCH_STAGING_ASSIGNMENT: JSON.stringify({ engine, file, uploads }) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    let result: StagingMeasurement | undefined;
    child.once("message", (message: StagingMeasurement | { failed: string }) => {
      if ("failed" in message) reject(new Error(`staging on ${engine} failed: ${message.failed}`));
      else result = message;
    });
    child.once("error", reject);
    child.once("exit", (code) => (result ? resolve(result) : reject(new Error(`staging on ${engine} ended with code ${code} before answering`))));
  });
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** The measurement as table rows (MB), the first row the header; deltas are against "before". */
export function stagingTable(measurement: StagingMeasurement): string[][] {
  const before = measurement.points[0];
  const withDelta = (value: number, base: number | undefined) => (base === undefined || value === base ? mb(value) : `${mb(value)} (${value > base ? "+" : ""}${mb(value - base)})`);
  const rows = [["", "RSS", "heapUsed", "external", "arrayBuffers", ...(measurement.engine === "pglite" ? ["WASM memory"] : [])]];
  for (const point of measurement.points) {
    rows.push([
      point.label,
      withDelta(point.rss, before?.rss),
      withDelta(point.heapUsed, before?.heapUsed),
      withDelta(point.external, before?.external),
      withDelta(point.arrayBuffers, before?.arrayBuffers),
      ...(point.wasm === null ? [] : [withDelta(point.wasm, before?.wasm ?? undefined)]),
    ]);
  }
  return rows;
}

const assignment = process.env.BENCH_STAGING_ASSIGNMENT;
if (assignment && process.send && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { engine, file, uploads } = JSON.parse(assignment) as { engine: StagingEngine; file: string; uploads: number };
  try {
    process.send(await stageInThisProcess(engine, file, uploads));
  } catch (error) {
    process.send({ failed: error instanceof Error ? error.message : String(error) });
  }
  process.disconnect();
}
