import path from "node:path";
import { BUDGET_KB, eagerPages, formatPageWeights, measurePages, readManifest } from "../bench/bundle-budget.ts";

/**
 * `npm test` stage: fails when a budgeted page's initial JavaScript grows past its ceiling (the
 * 150 KB budget, or a page's size on main while it is still over the budget; bench/bundle-budget.ts)
 * or a page is no longer a lazy chunk. Reads the build the previous stage made; it does not build.
 */
const distDir = path.resolve("dist/web");
const manifest = readManifest(distDir);
const weights = measurePages(distDir, manifest);
console.log(formatPageWeights(weights));

const problems = weights
  .filter((weight) => weight.kb > weight.ceilingKb)
  .map((weight) => `${weight.label} loads ${weight.kb.toFixed(1)} KB gzip first, over its ceiling of ${weight.ceilingKb} KB (budget ${BUDGET_KB} KB)`);
const eager = eagerPages(manifest);
if (eager.length > 0) problems.push(`the entry loads pages eagerly: ${eager.join(", ")}`);
for (const problem of problems) console.error(`Bundle budget: ${problem}`);
for (const weight of weights) {
  if (weight.kb > BUDGET_KB && weight.kb <= weight.ceilingKb) console.log(`${weight.label} is within its ceiling of ${weight.ceilingKb} KB but still over the ${BUDGET_KB} KB budget.`);
  if (weight.ceilingKb > BUDGET_KB && weight.ceilingKb - weight.kb >= 2) console.log(`${weight.label} is ${(weight.ceilingKb - weight.kb).toFixed(1)} KB under its ceiling: lower it in bench/bundle-budget.ts.`);
}
process.exit(problems.length > 0 ? 1 : 0);
