import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

// e2e drives the built app in production mode in the system's Chromium; browsers are never
// downloaded. No browser → fail with the way to install one, never skip.
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromiumPath)) {
  throw new Error(
    `Chromium was not found at ${chromiumPath}. Install it (Debian: apt-get update && apt-get install -y chromium) ` +
      "or set CHROMIUM_PATH to a Chromium or Chrome executable.",
  );
}

const port = Number(process.env.E2E_PORT ?? 4173);
const fixturePort = Number(process.env.E2E_FIXTURE_PORT ?? 4174);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "npx tsx tests/e2e/harness/harness-server.ts",
    url: `http://localhost:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_PORT: String(port), E2E_FIXTURE_PORT: String(fixturePort) },
  },
});
