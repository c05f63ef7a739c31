import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Logger } from "pino";
import { inject } from "vitest";
import type { DatabaseHandle } from "#server/db/database";
import { openMemoryPglite } from "#server/db/open-pglite";
import { openPostgresDatabase } from "#server/db/open-postgres";
import { ensureDefaultCurriculum } from "#server/features/curriculum/curriculum-seed";
import { ensureDefaultCatalog } from "#server/features/pricing-catalog/catalog-seed";
import { buildConfig, parseEnv } from "#server/env";
import { createLogger } from "#server/lib/logger";
import type { Mailer } from "#server/mail/mailer";
import { createRuntime, type Runtime } from "#server/runtime";
import { testPasswordHasher } from "./test-password-hasher.ts";

export const TEST_ORIGIN = "http://portal.test";
/** The data-connection encryption key of every test runtime (64 hex characters). */
export const TEST_ENCRYPTION_KEY = "7e3f1a9c5b2d4e6f80a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6b";

export type TestEngine = "pglite" | "postgres";

export function testEngine(): TestEngine {
  return process.env.TEST_DB_ENGINE === "postgres" ? "postgres" : "pglite";
}

/**
 * A PGlite loaded from the migrated snapshot. The worker loads one on first use; the files of a worker
 * share it as every file shares the one PostgreSQL test database: each test makes its own
 * organizations and users (loading a PGlite takes about a second and a quarter of CPU; there were
 * a hundred of them a run).
 */
let workerPglite: Promise<DatabaseHandle> | undefined;

async function loadSnapshotPglite(): Promise<DatabaseHandle> {
  const snapshot = await readFile(inject("pgliteSnapshotPath"));
  return openMemoryPglite(new Blob([snapshot]));
}

/**
 * A handle on the test database: PostgreSQL (a pool of its own), or this worker's PGlite, whose
 * handle leaves it open when a runtime closes (the worker's exit ends it).
 */
export async function openTestDatabase(options: { fresh?: boolean } = {}): Promise<DatabaseHandle> {
  const logger = createLogger("silent");
  if (testEngine() === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL");
    return openPostgresDatabase(url, 4, logger);
  }
  // A test of what the whole database holds (PGlite only) gets one of its own, closed with its runtime.
  if (options.fresh) return loadSnapshotPglite();
  workerPglite ??= loadSnapshotPglite();
  const shared = await workerPglite;
  return { ...shared, close: async () => {} };
}

/**
 * A whole portal (app, auth, realtime) on the test database, called in-process. Mail goes to the
 * outbox (the mail_outbox table) unless a mailer is given; files to a temp folder of the run.
 */
export async function createTestRuntime(
  overrides: Record<string, string> = {},
  options: { mailer?: Mailer; logger?: Logger; freshDatabase?: boolean } = {},
): Promise<Runtime> {
  const env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PUBLIC_URL: TEST_ORIGIN,
    // Tests name their client address in X-Forwarded-For so rate limits do not collide.
    TRUST_PROXY: "true",
    STORAGE_DIR: inject("testStorageDir"),
    DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    ...overrides,
  });
  const database = await openTestDatabase({ fresh: options.freshDatabase });
  // Loaded into the snapshot already (tests/setup); a database without them gets them here.
  await ensureDefaultCatalog(database.db);
  await ensureDefaultCurriculum(database.db);
  return createRuntime(buildConfig(env), database, options.logger ?? createTestLogger(), { mailer: options.mailer, passwordHasher: testPasswordHasher });
}

/** Server errors (a 500, a failed background job) reach console.error and so fail the test. */
export function createTestLogger() {
  return createLogger("error", { write: (line: string) => console.error(line.trimEnd()) });
}

/** A value no other test uses, for names and emails. */
export function uniqueSuffix(): string {
  return randomUUID().slice(0, 8);
}
