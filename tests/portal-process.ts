import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The portal as its own process, started by the production entry (`server/main.ts`, as
 * `npm start` runs it without its build step), for tests of what only a process shows: starting
 * with no settings, surviving its database's restart, dying and starting again.
 */

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const SERVER_ENTRY = path.join(REPO_ROOT, "server/main.ts");

// Settings of the shell running the tests must not leak into a portal that names its own.
const INHERITED_SETTINGS = /^(DATABASE_URL|PUBLIC_URL|TRUSTED_ORIGINS|PORTAL_|E2E_|TEST_|DATA_DIR|STORAGE_DIR|WEB_DIST_DIR|LOG_LEVEL|HOST$|PORT$)/;

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface PortalProcess {
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  child: ChildProcess;
  /** What the process wrote to standard error so far. */
  stderr: () => string;
  /** SIGTERM, and waits for the exit. */
  stop: () => Promise<void>;
}

/** Starts the portal with only `settings` (NODE_ENV production unless given) and waits for /readyz. */
export async function startPortalProcess(settings: Record<string, string>, readyWithinMs = 60_000): Promise<PortalProcess> {
  const port = await findFreePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (INHERITED_SETTINGS.test(name)) delete env[name];
  const child = spawn(process.execPath, ["--import", "tsx", SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...env, NODE_ENV: "production", LOG_LEVEL: "warn", PORT: String(port), ...settings },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const portal: PortalProcess = {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}: ${stderr}`);
    const ready = await fetch(`${portal.url}/readyz`).then((response) => response.ok, () => false);
    if (ready) return portal;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await portal.stop();
  throw new Error(`the portal was not ready within ${readyWithinMs} ms: ${stderr}`);
}
