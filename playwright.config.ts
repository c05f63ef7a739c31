import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import type { PortalOptions } from "./tests/e2e/harness/portal-fixtures.ts";

// e2e drives the built app in production mode in the system's Chromium; browsers are never
// downloaded. No browser → fail with the way to install one, never skip.
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromiumPath)) {
  throw new Error(
    `Chromium was not found at ${chromiumPath}. Install it (Debian: apt-get update && apt-get install -y chromium) ` +
      "or set CHROMIUM_PATH to a Chromium or Chrome executable.",
  );
}
// Chromium's headless shell (Debian's chromium-headless-shell, the same engine without the
// browser's interface) renders the pages at about half the CPU of the whole browser; the screen
// capture specs launch the whole browser, whose share prompt they need. Without the shell every
// spec runs in the whole browser.
const headlessShellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
const pagesBrowserPath = existsSync(headlessShellPath) ? headlessShellPath : chromiumPath;

const port = Number(process.env.E2E_PORT ?? 4173);
const fixturePort = Number(process.env.E2E_FIXTURE_PORT ?? 4174);

interface Engine {
  name: "pglite" | "postgres";
  port: number;
  fixturePort: number;
  databaseUrl?: string;
}

// The whole suite runs on the embedded PGlite; when TEST_DATABASE_URL names a test database (as in
// CI), the tests tagged @realtime run again on PostgreSQL, each engine against its own harness:
// what one browser sees of another's change travels by the engine's own LISTEN (decision 032).
const engines: Engine[] = [{ name: "pglite", port, fixturePort }];
if (process.env.TEST_DATABASE_URL) {
  engines.push({ name: "postgres", port: port + 2, fixturePort: fixturePort + 2, databaseUrl: process.env.TEST_DATABASE_URL });
}

export default defineConfig<PortalOptions>({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Two workers: each test is light enough (the headless shell, no trace, the test hasher, set-up
  // through the API) that one worker left a core idle while it waited on the page (1.3 cores
  // busy); two finish the suite in about two thirds of the time.
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
    // `npm test` collects the counts per engine for its closing table (tests/reporters/).
    ...(process.env.TEST_COUNTS_FILE ? [["./tests/reporters/playwright-counts.ts"] as const] : []),
  ],
  use: {
    // A trace records every action's DOM and a screencast: about a quarter of the suite's CPU.
    // Failures keep a screenshot; E2E_TRACE=1 records traces again, kept for the failures.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    // Toasts and dialogs appear at once, as for a user who asked for less motion (the app honours
    // it): axe then never measures a toast's colours halfway through its fade-in, and the
    // renderer paints no animation frames.
    contextOptions: { reducedMotion: "reduce" },
    launchOptions: {
      executablePath: pagesBrowserPath,
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
  projects: engines.map((engine) => ({
    name: engine.name,
    grep: engine.name === "pglite" ? undefined : /@realtime/,
    use: { browserName: "chromium", baseURL: `http://localhost:${engine.port}`, fixturePort: engine.fixturePort },
  })),
  webServer: engines.map((engine) => ({
    command: "npx tsx tests/e2e/harness/harness-server.ts",
    // The fixture endpoint listens last, once the app, the SMTP server and the OIDC provider are up.
    url: `http://127.0.0.1:${engine.fixturePort}/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      E2E_PORT: String(engine.port),
      E2E_FIXTURE_PORT: String(engine.fixturePort),
      E2E_DATABASE_URL: engine.databaseUrl ?? "",
    },
  })),
});
