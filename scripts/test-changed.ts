import { spawn } from "node:child_process";

/**
 * `npm run test:changed`: the fast inner loop. The typecheck (incremental: only what changed since
 * the last run is checked again) beside the Vitest tests that import a file changed since the last
 * commit (Vitest's --changed), the integration ones on PGlite. `npm test` remains the whole suite.
 * An argument names the commit to compare with instead: `npm run test:changed -- main` tests
 * what changed since main.
 */

interface Check {
  name: string;
  args: string[];
}

const since = process.argv[2];
const checks: Check[] = [
  { name: "typecheck", args: ["tsc", "--noEmit", "-p", ".", "--incremental", "--tsBuildInfoFile", "node_modules/.cache/test-changed/tsconfig.tsbuildinfo"] },
  {
    name: "tests of the changed files",
    args: ["vitest", "run", since ? `--changed=${since}` : "--changed", "--passWithNoTests", "--project", "unit", "--project", "unit-isolated", "--project", "unit-node", "--project", "integration"],
  },
];

function run(check: Check): Promise<{ name: string; ok: boolean; seconds: number; output: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npx", check.args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => resolve({ name: check.name, ok: code === 0, seconds: (performance.now() - started) / 1000, output }));
  });
}

const results = await Promise.all(checks.map(run));
for (const result of results) {
  process.stdout.write(`\n--- ${result.name}: ${result.ok ? "passed" : "FAILED"} in ${result.seconds.toFixed(1)} s ---\n${result.output}`);
}
process.exit(results.every((result) => result.ok) ? 0 : 1);
