import { readFileSync, readdirSync } from "node:fs";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Five projects:
// - `unit`: web components and hooks, in jsdom, the files of a worker sharing one DOM and the
//   loaded modules (setting up jsdom and importing React and Radix anew for each file took more
//   time than the tests); the setup file resets the DOM, storage and address between files;
// - `unit-isolated`: the web tests that mock a module of their own (vi.mock of anything but
//   sonner, which every component test gets from the setup file) or test a module's first load,
//   each file in a fresh module graph so that its stand-ins never reach another file;
// - `unit-node`: pure rules in common/, server code that needs no database (files named
//   *.unit.test.ts), the lint tests and the build's plugins, in Node;
// - `integration`: the server called in-process on a real database: PGlite by default, PostgreSQL
//   with TEST_DB_ENGINE=postgres, so each of its files runs once per engine;
// - `standalone`: tests that open their own databases whatever the engine (the CLI, on the
//   embedded database and, when TEST_DATABASE_URL is set, on PostgreSQL; the data-folder lock;
//   the portal restarted after SIGKILL; the fault tests in tests/faults, which start portals and
//   a PostgreSQL of their own), so they run once, beside the PGlite run.
const STANDALONE = ["server/cli/**/*.test.ts", "server/db/data-dir-lock.test.ts", "server/db/restart-after-kill.test.ts", "tests/faults/**/*.test.ts"];

const WEB_TESTS = "web/**/*.test.{ts,tsx}";
/**
 * Web test files that need a module graph of their own: those that replace a module (vi.mock,
 * vi.doMock) or load modules anew (vi.resetModules), which with shared modules would reach the
 * worker's other files, and those listed here, which test what a module does when it is first
 * loaded.
 */
const FIRST_LOAD_WEB_TESTS = ["web/lib/zod-jitless.test.ts"];
const ISOLATED_WEB_TESTS = readdirSync(new URL("web", import.meta.url), { recursive: true, encoding: "utf8" })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `web/${file.replaceAll("\\", "/")}`)
  .filter((file) => {
    if (FIRST_LOAD_WEB_TESTS.includes(file)) return true;
    const source = readFileSync(new URL(file, import.meta.url), "utf8");
    // vi.resetModules would load modules anew for the rest of the worker's files (with a toast
    // recorder of their own); vi.mock and vi.doMock replace a module for every file of the worker.
    return source.includes("vi.resetModules(") || [...source.matchAll(/vi\.(?:do)?[mM]ock\(\s*"([^"]+)"/g)].some(([, module]) => module !== "sonner");
  });

export default defineConfig({
  plugins: [react()],
  test: {
    // `npm test` collects each project's counts for its closing table (tests/reporters/).
    reporters: process.env.TEST_COUNTS_FILE ? ["default", "./tests/reporters/vitest-counts.ts"] : ["default"],
    setupFiles: ["./tests/setup/fail-on-console-error.ts"],
    // Two cores, two workers in every project (Vitest's default is one fewer than the cores).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [WEB_TESTS],
          exclude: [...ISOLATED_WEB_TESTS, "**/node_modules/**"],
          environment: "jsdom",
          isolate: false,
          // Whole user flows (a wizard typed through) take about a second alone, several on a
          // shared machine under load: 5 s failed them there though nothing was wrong.
          testTimeout: 15_000,
          setupFiles: ["./tests/setup/cleanup-dom.ts", "./tests/setup/reset-shared-modules.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "unit-isolated",
          include: ISOLATED_WEB_TESTS,
          environment: "jsdom",
          testTimeout: 15_000,
          setupFiles: ["./tests/setup/cleanup-dom.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "unit-node",
          include: ["common/**/*.test.ts", "server/**/*.unit.test.ts", "tests/lint/**/*.test.ts", "vite-plugins/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["server/**/*.test.ts", "tests/integration/**/*.test.ts"],
          exclude: ["**/*.unit.test.ts", ...STANDALONE, "**/node_modules/**"],
          environment: "node",
          globalSetup: ["./tests/setup/prepare-test-database.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file builds its own runtimes and organizations, so the files of one worker can
          // share the loaded modules: importing the server once per worker instead of once per
          // file takes about 40% off the suite's CPU time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "standalone",
          include: STANDALONE,
          environment: "node",
          // The portal processes these tests start run from the server's build (decision 035).
          // The CLI tests copy an embedded DATA_DIR migrated once instead of migrating their own.
          globalSetup: ["./tests/setup/build-server.ts", "./tests/setup/prepare-embedded-template.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
