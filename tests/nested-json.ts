import { MAX_JSON_DEPTH } from "#server/lib/text-checks";
import type { Rng } from "./seeded-random.ts";

/** JSON text nested `depth` levels deep: arrays (`[[[…]]]`) or objects (`{"a":{"a":…}}`). */
export function nestedJson(depth: number, shape: "array" | "object"): string {
  return shape === "array" ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}

/** Depths on both sides of the limit, and far past it (100,000 levels still fit in the body limit). */
const DEPTHS = [MAX_JSON_DEPTH - 1, MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1, 1_000, 100_000];

export function randomNestedJson(rng: Rng): string {
  return nestedJson(rng.pick(DEPTHS), rng.chance(0.5) ? "array" : "object");
}
