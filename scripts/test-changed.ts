import { spawn, spawnSync } from "node:child_process";

/**
 * `npm run test:changed`: the fast inner loop, for the files changed since the last commit
 * (`npm run test:changed -- main`: since main). An incremental typecheck (only what changed since
 * its last run is checked again) beside the Vitest tests of the change, integration ones on
 * PGlite:
 * - a changed test file runs;
 * - a changed file of a feature (`server/features/<x>/`, `web/features/<x>/`) runs that feature's
 *   tests: every integration test imports the whole server, so "every test that imports it" would
 *   be nearly the whole suite;
 * - any other changed source file (common/, web/lib, the server's plumbing, the test kits) runs the
 *   tests that import it (Vitest's `related`).
 * `npm test` remains the whole suite.
 */

const VITEST_PROJECTS = ["unit", "unit-isolated", "unit-node", "integration"].flatMap((name) => ["--project", name]);
const SOURCE = /\.(ts|tsx)$/;
const TEST_FILE = /\.test\.(ts|tsx)$/;
const FEATURE_FOLDER = /^((?:server|web)\/features\/[^/]+\/)/;

function git(args: string[]): string[] {
  const result = spawnSync("git", args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${result.stderr}`);
  return result.stdout.split("\n").filter(Boolean);
}

const since = process.argv[2] ?? "HEAD";
const changed = [...new Set([...git(["diff", "--name-only", since]), ...git(["ls-files", "--others", "--exclude-standard"])])].filter(
  (file) => SOURCE.test(file) && !file.startsWith("tests/e2e/"),
);

/** Path filters for `vitest run` (a feature's folder, a test file) and files for `vitest related`. */
const filters = new Set<string>();
const related = new Set<string>();
for (const file of changed) {
  const feature = FEATURE_FOLDER.exec(file)?.[1];
  if (TEST_FILE.test(file)) filters.add(file);
  else if (feature) filters.add(feature);
  else related.add(file);
}

interface Check {
  name: string;
  args: string[];
}

const checks: Check[] = [
  { name: "typecheck", args: ["tsc", "--noEmit", "-p", ".", "--incremental", "--tsBuildInfoFile", "node_modules/.cache/test-changed/tsconfig.tsbuildinfo"] },
];
if (filters.size > 0) checks.push({ name: `tests of ${[...filters].join(", ")}`, args: ["vitest", "run", ...filters, ...VITEST_PROJECTS] });
if (related.size > 0) checks.push({ name: `tests importing ${[...related].join(", ")}`, args: ["vitest", "related", "--run", "--passWithNoTests", ...related, ...VITEST_PROJECTS] });

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

if (changed.length === 0) process.stdout.write(`No source file changed since ${since}: the typecheck only.\n`);
const results = await Promise.all(checks.map(run));
for (const result of results) {
  process.stdout.write(`\n--- ${result.name}: ${result.ok ? "passed" : "FAILED"} in ${result.seconds.toFixed(1)} s ---\n${result.output}`);
}
process.exit(results.every((result) => result.ok) ? 0 : 1);
