import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/** Where the benchmark's PostgreSQL lives; the database name in it, if any, is ignored. */
export const DEFAULT_BENCH_DATABASE_URL = "postgres://postgres@127.0.0.1:5432";

export interface TemporaryDatabase {
  /** Settings for the server: DATABASE_URL for PostgreSQL, DATA_DIR for PGlite. */
  env: { DATABASE_URL?: string; DATA_DIR?: string };
  /** Where it is, for the printout (no password). */
  description: string;
  drop(): Promise<void>;
}

function withDatabase(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

function describe(url: string): string {
  const shown = new URL(url);
  shown.password = "";
  return shown.toString();
}

/** Runs one statement on the server's maintenance database `postgres`, on a connection of its own. */
async function administer(base: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(base, "postgres"), connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database for this run (the server migrates it), dropped at the end. */
export async function createPostgresDatabase(base = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL) {
  const name = `portal_bench_${randomBytes(6).toString("hex")}`;
  try {
    await administer(base, `create database "${name}"`);
  } catch (error) {
    throw new Error(
      `cannot create a PostgreSQL database at ${describe(base)} (${(error as Error).message}). ` +
        "Set BENCH_DATABASE_URL, or BENCH_ENGINES=pglite to skip PostgreSQL.",
      { cause: error },
    );
  }
  const url = withDatabase(base, name);
  return {
    env: { DATABASE_URL: url },
    description: describe(url),
    // WITH (FORCE) ends connections a crashed server process may have left behind (PostgreSQL 13+).
    drop: () => administer(base, `drop database if exists "${name}" with (force)`),
  } satisfies TemporaryDatabase;
}

/** A fresh, empty DATA_DIR for the embedded database, removed at the end. */
export async function createPgliteDirectory(): Promise<TemporaryDatabase> {
  const dir = await mkdtemp(join(tmpdir(), "portal-bench-pglite-"));
  return {
    env: { DATA_DIR: dir },
    description: dir,
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}
