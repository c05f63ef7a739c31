import path from "node:path";
import { BUDGET_KB, eagerPages, formatPageWeights, measurePages, readManifest } from "../bench/bundle-budget.ts";

/**
 * `npm test` stage: fails when a budgeted page's initial JavaScript passes 150 KB gzip or a page is
 * no longer a lazy chunk. Reads the build the previous stage made; it does not build.
 */
const distDir = path.resolve("dist/web");
const manifest = readManifest(distDir);
const weights = measurePages(distDir, manifest);
console.log(formatPageWeights(weights));

const problems = weights.filter((weight) => weight.kb > BUDGET_KB).map((weight) => `${weight.label} loads ${weight.kb.toFixed(1)} KB gzip first, over ${BUDGET_KB} KB`);
const eager = eagerPages(manifest);
if (eager.length > 0) problems.push(`the entry loads pages eagerly: ${eager.join(", ")}`);
for (const problem of problems) console.error(`Bundle budget: ${problem}`);
process.exit(problems.length > 0 ? 1 : 0);
