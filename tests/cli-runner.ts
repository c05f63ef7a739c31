import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Runs `npm run portal -- …` as its own process in the tests (server/cli). */

const CLI_PATH = fileURLToPath(new URL("../server/cli/portal-cli.ts", import.meta.url));
const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI as its own process, as an operator would; async so a lock held here keeps
 * refreshing. `input` is piped to its standard input (which is closed either way).
 */
export function runCli(args: string[], env: Record<string, string>, input = ""): Promise<CliResult> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  // The target decides the database; settings of the shell running the tests must not leak in.
  for (const name of ["DATABASE_URL", "DATA_DIR", "LOG_LEVEL", "BETTER_AUTH_SECRET", "INIT_CWD"]) {
    if (!(name in env)) delete childEnv[name];
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CLI_PATH, ...args], { cwd: REPO_ROOT, env: childEnv });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

export function uniqueCliSuffix(): string {
  return randomBytes(6).toString("hex");
}

export interface CliTarget {
  name: string;
  /** Prepared in beforeAll: the environment selecting this target's database. */
  env: Record<string, string>;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
}

/** A new embedded database in a temporary DATA_DIR of its own. */
export function embeddedCliTarget(): CliTarget {
  const target: CliTarget = {
    name: "embedded database (PGlite in DATA_DIR)",
    env: {},
    async setUp() {
      target.env = { DATA_DIR: await mkdtemp(path.join(tmpdir(), "portal-cli-")) };
    },
    async tearDown() {
      if (target.env.DATA_DIR) await rm(target.env.DATA_DIR, { recursive: true, force: true });
    },
  };
  return target;
}

function postgresTarget(url: string): CliTarget {
  return { name: "PostgreSQL (TEST_DATABASE_URL)", env: { DATABASE_URL: url }, setUp: async () => {}, tearDown: async () => {} };
}

/** A fresh embedded database, and the PostgreSQL test database when TEST_DATABASE_URL is set. */
export function cliTargets(): CliTarget[] {
  return [embeddedCliTarget(), ...(process.env.TEST_DATABASE_URL ? [postgresTarget(process.env.TEST_DATABASE_URL)] : [])];
}
