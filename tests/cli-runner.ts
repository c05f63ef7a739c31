import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { runPortalCli } from "#server/cli/run-portal-cli";

/**
 * Runs the operator's commands in the tests (server/cli): in this process, as `npm run portal --`
 * would with that environment and standard input (a process costs a second or two to start), or
 * as a process of its own for the entry point's own behaviour (exit codes, the lock held by
 * another process).
 */

const CLI_PATH = fileURLToPath(new URL("../server/cli/portal-cli.ts", import.meta.url));
const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The command's environment: the target decides the database; the test shell's settings must not leak in. */
function commandEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const commandEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const name of ["DATABASE_URL", "DATA_DIR", "LOG_LEVEL", "BETTER_AUTH_SECRET", "INIT_CWD"]) {
    if (!(name in env)) delete commandEnv[name];
  }
  return commandEnv;
}

/** Runs a command in this process with its own environment and streams; `input` is its piped standard input. */
export async function runCli(args: string[], env: Record<string, string>, input = ""): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const code = await runPortalCli(args, {
    env: commandEnv(env),
    writeStdout: (text) => void (stdout += text),
    writeStderr: (text) => void (stderr += text),
    readStdin: async () => input,
  });
  return { code, stdout, stderr };
}

/**
 * Runs the CLI as its own process, as an operator would; async so a lock held here keeps
 * refreshing. `input` is piped to its standard input (which is closed either way).
 */
export function runCliProcess(args: string[], env: Record<string, string>, input = ""): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CLI_PATH, ...args], { cwd: REPO_ROOT, env: commandEnv(env) });
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

/**
 * A new embedded database in a temporary DATA_DIR of its own: a copy of the folder the standalone
 * project migrated once (tests/setup/prepare-embedded-template.ts), or with `fresh` an empty
 * folder the first command migrates, as on an operator's first run.
 */
export function embeddedCliTarget(options: { fresh?: boolean } = {}): CliTarget {
  const target: CliTarget = {
    name: "embedded database (PGlite in DATA_DIR)",
    env: {},
    async setUp() {
      const dataDir = await mkdtemp(path.join(tmpdir(), "portal-cli-"));
      if (!options.fresh) await cp(inject("embeddedDataDirTemplate"), dataDir, { recursive: true });
      target.env = { DATA_DIR: dataDir };
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
