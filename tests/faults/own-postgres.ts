import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chmod, chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { findFreePort } from "#tests/portal-process";

const run = promisify(execFile);

/**
 * A PostgreSQL server of the test's own, made with the installed server's `initdb` and `pg_ctl`
 * in a throwaway folder on a free port, so a test can restart or stop it without touching the
 * machine's server or other tests. As root (CI), the commands run as the `postgres` user, since
 * PostgreSQL refuses to run as root.
 */
export interface OwnPostgres {
  url: string;
  /** `pg_ctl restart -m <mode> -w`: returns once the server accepts connections again. */
  restart(mode: "fast" | "immediate"): Promise<void>;
  stop(): Promise<void>;
  remove(): Promise<void>;
}

function findPostgresBin(): string {
  const candidates = existsSync("/usr/lib/postgresql")
    ? readdirSync("/usr/lib/postgresql")
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => `/usr/lib/postgresql/${version}/bin`)
    : [];
  const bin = candidates.find((dir) => existsSync(path.join(dir, "initdb")));
  if (!bin) {
    throw new Error("initdb was not found under /usr/lib/postgresql/*/bin: install PostgreSQL (Debian: apt-get install -y postgresql)");
  }
  return bin;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = findPostgresBin();
  const folder = await mkdtemp(path.join(tmpdir(), "portal-own-pg-"));
  const dataDir = path.join(folder, "data");
  const port = await findFreePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: group } = await run("id", ["-g", "postgres"]);
    await chown(folder, Number(stdout.trim()), Number(group.trim()));
  }
  await chmod(folder, 0o700);
  const pg = (tool: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  await pg("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder}`;
  const logFile = path.join(folder, "server.log");
  await pg("pg_ctl", ["-D", dataDir, "-l", logFile, "-o", options, "-w", "start"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async (mode) => {
      await pg("pg_ctl", ["-D", dataDir, "-l", logFile, "-o", options, "-m", mode, "-w", "restart"]);
    },
    stop: async () => {
      await pg("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]).catch(() => {});
    },
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}
