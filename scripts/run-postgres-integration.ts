import { spawnSync } from "node:child_process";

// The integration files again, on PostgreSQL, when TEST_DATABASE_URL names a database for them.
const url = process.env.TEST_DATABASE_URL;
if (!url) {
  process.stdout.write(
    "TEST_DATABASE_URL is not set: the integration tests ran on PGlite only. " +
      "Set it (e.g. postgres://postgres@127.0.0.1:5432/portal_test) to run them on PostgreSQL too.\n",
  );
  process.exit(0);
}
const result = spawnSync("npx", ["vitest", "run", "--project", "integration"], {
  stdio: "inherit",
  env: { ...process.env, TEST_DB_ENGINE: "postgres" },
});
process.exit(result.status ?? 1);
