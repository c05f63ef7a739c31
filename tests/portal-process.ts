import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The portal as its own process, started as `npm start` runs it (the server's build, without the
 * build step: the suite builds it first), for tests of what only a process shows: starting with
 * no settings, surviving its database's restart, dying and starting again.
 */

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
/** `npm start` runs the server's build (decision 035); `scripts/build-server.ts` makes it. */
const SERVER_ENTRY = path.join(REPO_ROOT, "dist", "server", "main.js");

// Settings of the shell running the tests must not leak into a portal that names its own.
const INHERITED_SETTINGS = /^(DATABASE_URL|PUBLIC_URL|TRUSTED_ORIGINS|PORTAL_|E2E_|TEST_|DATA_DIR|STORAGE_DIR|WEB_DIST_DIR|METRICS_TOKEN|LOG_LEVEL|HOST$|PORT$)/;

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
  exited: Promise<void>;
  /** What the process wrote so far: its JSON log lines on stdout, start-up failures on stderr. */
  stdout: () => string;
  stderr: () => string;
  /** SIGTERM, and waits for the exit. */
  stop: () => Promise<void>;
}

/** Starts the portal with only `settings` (NODE_ENV production, LOG_LEVEL warn unless given), on `port`. */
export function spawnPortalProcess(settings: Record<string, string>, port: number): PortalProcess {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: build the server first (npx tsx scripts/build-server.ts)`);
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (INHERITED_SETTINGS.test(name)) delete env[name];
  const child = spawn(process.execPath, ["--enable-source-maps", SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...env, NODE_ENV: "production", LOG_LEVEL: "warn", ...settings, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Polls /readyz until it answers 200; the milliseconds from `startedAt` (performance.now()). */
export async function waitUntilReady(portal: PortalProcess, startedAt: number, limitMs: number): Promise<number> {
  while (performance.now() - startedAt < limitMs) {
    if (portal.child.exitCode !== null || portal.child.signalCode !== null) {
      throw new Error(`the portal exited (${portal.child.exitCode ?? portal.child.signalCode}): ${portal.stderr()}`);
    }
    const ready = await fetch(`${portal.url}/readyz`).then((response) => response.status === 200, () => false);
    if (ready) return performance.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the portal was not ready within ${limitMs} ms: ${portal.stderr()}`);
}

/** Spawns the portal on a free port and waits for /readyz. */
export async function startPortalProcess(settings: Record<string, string>, readyWithinMs = 60_000): Promise<PortalProcess> {
  const portal = spawnPortalProcess(settings, await findFreePort());
  try {
    await waitUntilReady(portal, performance.now(), readyWithinMs);
  } catch (error) {
    await portal.stop();
    throw error;
  }
  return portal;
}

/** Signs the demo seed's member in on a portal with demo data; answers the session cookie ("name=value"). */
export async function signInDemoMember(portalUrl: string): Promise<string> {
  const signedIn = await fetch(`${portalUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: portalUrl },
    body: JSON.stringify({ email: "member@demo.example", password: "demo-member-2026" }),
  });
  const cookie = signedIn.headers.getSetCookie().find((line) => line.includes("session_token="))?.split(";")[0];
  if (!cookie) throw new Error(`sign-in answered ${signedIn.status}`);
  return cookie;
}
