import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, NUL_MESSAGE, TOO_DEEP_MESSAGE, findBodyProblem } from "./text-checks.ts";

/** A value `depth` arrays or objects deep, built without recursion. */
function nested(depth: number, shape: "array" | "object", innermost: unknown = 1): unknown {
  let value = innermost;
  for (let level = 0; level < depth; level += 1) value = shape === "array" ? [value] : { a: value };
  return value;
}

describe("findBodyProblem", () => {
  it.each(["array", "object"] as const)("answers a million levels of %s without overflowing the stack", (shape) => {
    expect(findBodyProblem(nested(1_000_000, shape))).toBe(TOO_DEEP_MESSAGE);
  });

  it.each(["array", "object"] as const)("accepts %s nested up to the limit and refuses one level more", (shape) => {
    expect(findBodyProblem(nested(MAX_JSON_DEPTH, shape))).toBeNull();
    expect(findBodyProblem(nested(MAX_JSON_DEPTH + 1, shape))).toBe(TOO_DEEP_MESSAGE);
  });

  it("finds NUL in a value or a key, at any depth within the limit", () => {
    expect(findBodyProblem({ name: "a\u0000b" })).toBe(NUL_MESSAGE);
    expect(findBodyProblem({ ["k\u0000"]: 1 })).toBe(NUL_MESSAGE);
    expect(findBodyProblem(nested(MAX_JSON_DEPTH - 1, "array", ["x", "\u0000"]))).toBe(NUL_MESSAGE);
  });

  it("passes ordinary bodies, scalars and wide ones", () => {
    for (const body of [null, 0, "text", true, {}, [], { a: [1, { b: "c" }] }, Array.from({ length: 100_000 }, (_, i) => ({ i }))]) {
      expect(findBodyProblem(body)).toBeNull();
    }
  });
});
