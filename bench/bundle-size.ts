import { spawnSync } from "node:child_process";
import path from "node:path";
import { eagerPages, formatPageWeights, measurePages, readManifest } from "./bundle-budget.ts";

/**
 * Initial JavaScript per page against the 150 KB gzip budget (performance bar 4), from a fresh
 * build so the figures are those of the sources as they are. Only prints; `npm test` enforces the
 * budget on its own build (scripts/check-bundle-budget.ts).
 */
const distDir = path.resolve("dist/web");

const build = spawnSync("npx", ["vite", "build", "--logLevel", "error"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const manifest = readManifest(distDir);
const weights = measurePages(distDir, manifest);
console.log(formatPageWeights(weights));
const eager = eagerPages(manifest);
if (eager.length > 0) console.log(`Pages the entry loads eagerly (each should be lazy): ${eager.join(", ")}`);
