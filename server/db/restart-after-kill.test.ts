import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "./seed/demo-accounts.ts";

/**
 * The portal killed with SIGKILL (out of memory, a container stopped hard) leaves its embedded
 * database's lock behind. The next start must see that the lock's owner is gone and start at once,
 * with every write the killed process acknowledged.
 */

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SERVER_ENTRY = path.join(REPO_ROOT, "server/main.ts");
const member = DEMO_ACCOUNTS.find((account) => !account.isEmployee)!;
const employee = DEMO_ACCOUNTS.find((account) => account.isEmployee)!;

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Portal {
  child: ChildProcess;
  exited: Promise<void>;
  stdout: () => string;
  stderr: () => string;
}

function spawnPortal(env: Record<string, string>): Portal {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(inherited)) {
    if (/^(DATABASE_URL|PUBLIC_URL|TRUSTED_ORIGINS|PORTAL_|TEST_DATABASE_URL|DATA_DIR|STORAGE_DIR|WEB_DIST_DIR|METRICS_TOKEN|HOST$|PORT$)/.test(name)) {
      delete inherited[name];
    }
  }
  const child = spawn(process.execPath, ["--import", "tsx", SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...inherited, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

/** Polls /readyz until it answers 200; the milliseconds from `startedAt`. */
async function waitUntilReady(portal: Portal, baseUrl: string, startedAt: number, limitMs: number): Promise<number> {
  while (performance.now() - startedAt < limitMs) {
    if (portal.child.exitCode !== null || portal.child.signalCode !== null) {
      throw new Error(`the portal exited (${portal.child.exitCode ?? portal.child.signalCode}): ${portal.stderr()}`);
    }
    const ready = await fetch(`${baseUrl}/readyz`).then((response) => response.status === 200, () => false);
    if (ready) return performance.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the portal was not ready within ${limitMs} ms: ${portal.stderr()}`);
}

async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((line) => line.includes("session_token="));
  return cookie!.split(";")[0]!;
}

async function send(baseUrl: string, cookie: string, method: string, pathname: string, body?: unknown): Promise<Response> {
  return fetch(`${baseUrl}${pathname}`, {
    method,
    headers: { cookie, origin: baseUrl, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

let root: string;
let portal: Portal | undefined;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "portal-restart-"));
});
afterAll(async () => {
  if (portal && portal.child.exitCode === null && portal.child.signalCode === null) {
    portal.child.kill("SIGTERM");
    await portal.exited;
  }
  await rm(root, { recursive: true, force: true });
});

describe("a portal killed with SIGKILL", () => {
  // The first start migrates and seeds a new database: slow on a busy machine.
  it("starts again at once on the same embedded database, with every acknowledged write", { timeout: 300_000 }, async () => {
    const port = await findFreePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      DATA_DIR: path.join(root, "data"),
      STORAGE_DIR: path.join(root, "storage"),
      // No web build: the API and /readyz must not need one.
      WEB_DIST_DIR: path.join(root, "no-web-build"),
    };

    portal = spawnPortal(env);
    await waitUntilReady(portal, baseUrl, performance.now(), 240_000);

    const memberCookie = await signIn(baseUrl, member.email, member.password);
    const renamed = await send(baseUrl, memberCookie, "PATCH", "/api/organization", { organization_name: "Renamed Before The Kill" });
    expect(renamed.status).toBe(200);
    const profile = await send(baseUrl, memberCookie, "PATCH", "/api/me/profile", { full_name: "Dana Kept", company_role: null });
    expect(profile.status).toBe(200);
    const employeeCookie = await signIn(baseUrl, employee.email, employee.password);
    const created: string[] = [];
    for (const name of ["Acknowledged One", "Acknowledged Two", "Acknowledged Three"]) {
      const response = await send(baseUrl, employeeCookie, "POST", "/api/employee/organizations", { organization_name: name });
      expect(response.status).toBe(201);
      created.push(name);
    }

    const killedPid = portal.child.pid;
    portal.child.kill("SIGKILL");
    await portal.exited;

    const restartedAt = performance.now();
    portal = spawnPortal(env);
    const readyMs = await waitUntilReady(portal, baseUrl, restartedAt, 30_000);
    console.info(`restart after SIGKILL: ready in ${Math.round(readyMs)} ms`);
    // Taken over because its owner is gone, not because it aged: no wait however busy the machine.
    const logLines = portal.stdout().split("\n").filter((line) => line.startsWith("{"));
    const takeover = logLines.map((line) => JSON.parse(line) as { msg: string; previousOwner?: { pid: number } }).find((entry) => entry.msg.includes("taken over"));
    expect(takeover?.previousOwner?.pid).toBe(killedPid);

    // The sessions themselves were writes: both still sign their holders in.
    const organization = await send(baseUrl, memberCookie, "GET", "/api/organization");
    expect(organization.status).toBe(200);
    expect(await organization.json()).toMatchObject({ organization_name: "Renamed Before The Kill" });
    const me = await send(baseUrl, memberCookie, "GET", "/api/me");
    expect(await me.json()).toMatchObject({ full_name: "Dana Kept" });
    const listed = await send(baseUrl, employeeCookie, "GET", "/api/employee/organizations");
    expect(listed.status).toBe(200);
    const names = ((await listed.json()) as { organization_name: string }[]).map((entry) => entry.organization_name);
    expect(names).toEqual(expect.arrayContaining(created));
  });
});
