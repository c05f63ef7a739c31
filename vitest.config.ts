import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Two projects: `unit` (pure rules and web components) and `integration` (the server called
// in-process on a real database: PGlite by default, PostgreSQL with TEST_DB_ENGINE=postgres).
export default defineConfig({
  plugins: [react()],
  test: {
    setupFiles: ["./tests/setup/fail-on-console-error.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["common/**/*.test.ts", "web/**/*.test.{ts,tsx}", "tests/lint/**/*.test.ts"],
          environment: "jsdom",
          setupFiles: ["./tests/setup/cleanup-dom.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["server/**/*.test.ts", "tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["./tests/setup/prepare-test-database.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // PGlite instances are per file; two cores, so two workers.
          maxWorkers: 2,
        },
      },
    ],
  },
});
