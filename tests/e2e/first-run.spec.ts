import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_ACCOUNTS } from "../../server/db/seed/demo-accounts.ts";
import { expect, signInThroughForm, test } from "./harness/portal-fixtures.ts";

/**
 * A new user's first run, as the README has it: the portal started with no settings on a fresh
 * embedded database (the production entry, demo accounts on), opened at another loopback name
 * than the one it announces. It starts portals of its own, so it does not depend on the engine
 * of the shared harness and runs in the embedded engine's project only (playwright.config.ts).
 */

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SERVER_ENTRY = path.join(REPO_ROOT, "server/main.ts");
const member = DEMO_ACCOUNTS.find((account) => !account.isEmployee)!;

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

interface StartedPortal {
  port: number;
  stop: () => Promise<void>;
}

/** `npm start` without its build step (the suite built the web already), with only `settings` set. */
async function startPortal(dataDir: string, settings: Record<string, string> = {}): Promise<StartedPortal> {
  const port = await findFreePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The machine's or the suite's settings must not leak in: this is a portal with none.
  for (const name of Object.keys(env)) {
    if (/^(DATABASE_URL|PUBLIC_URL|TRUSTED_ORIGINS|PORTAL_|E2E_|TEST_DATABASE_URL|DATA_DIR|STORAGE_DIR|HOST$|PORT$)/.test(name)) delete env[name];
  }
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...env, NODE_ENV: "production", LOG_LEVEL: "warn", PORT: String(port), DATA_DIR: dataDir, ...settings },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}: ${stderr}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.ok, () => false);
    if (ready) return { port, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the portal was not ready within 60 s: ${stderr}`);
}

test.describe("the first run: the portal started with no settings", () => {
  test.describe.configure({ timeout: 180_000 });

  test("signs the demo member in at http://127.0.0.1:<port>, and with a PUBLIC_URL of another address the form names the address to use", async ({ page }) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "portal-first-run-"));
    try {
      const plain = await startPortal(dataDir);
      try {
        await page.goto(`http://127.0.0.1:${plain.port}/auth`);
        await signInThroughForm(page, member);
        await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${plain.port}/dashboard$`));
        await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
      } finally {
        await plain.stop();
      }

      await page.context().clearCookies();
      const elsewhere = await startPortal(dataDir, { PUBLIC_URL: "http://portal.example.test" });
      try {
        const opened = `http://127.0.0.1:${elsewhere.port}`;
        await page.goto(`${opened}/auth`);
        await signInThroughForm(page, member);
        await expect(page.getByRole("alert")).toHaveText(
          `This portal does not accept requests from ${opened}. Open it at http://portal.example.test, or ask the operator to add ${opened} to TRUSTED_ORIGINS (or set PUBLIC_URL).`,
        );
        await expect(page.getByRole("alert")).not.toContainText("Invalid email or password");
        await expect(page).toHaveURL(`${opened}/auth`);
      } finally {
        await elsewhere.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
