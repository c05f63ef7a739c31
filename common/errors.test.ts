import { describe, expect, it } from "vitest";
import { errorBodySchema, readErrorBody } from "./errors.ts";

const PAYLOADS: unknown[] = [
  { error: { code: "not_found", message: "Estimate not found" } },
  { error: { code: "validation_failed", message: "Check the fields", details: [{ path: "name", message: "Required" }] } },
  { error: { code: "conflict", message: "Taken", details: null } },
  { error: { code: "x", message: "" }, extra: true },
  { error: { code: 404, message: "Not found" } },
  { error: { code: "not_found" } },
  { error: { message: "no code" } },
  { error: "not_found" },
  { error: null },
  { message: "plain" },
  "error",
  null,
  undefined,
  [],
  42,
];

describe("readErrorBody", () => {
  it.each(PAYLOADS.map((payload) => [JSON.stringify(payload) ?? "undefined", payload]))("reads %s as errorBodySchema does", (_label, payload) => {
    const parsed = errorBodySchema.safeParse(payload);
    expect(readErrorBody(payload)).toEqual(parsed.success ? parsed.data : null);
  });
});
