import { describe, expect, it } from "vitest";
import { isDatabaseUnavailableError } from "./database-unavailable.ts";

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/** As Drizzle reports a failed query: its own error, the driver's as the cause. */
function wrapped(cause: unknown): Error {
  return new Error("Failed query: insert into …", { cause });
}

describe("isDatabaseUnavailableError", () => {
  it.each([
    ["a server shutting down (57P01)", wrapped(withCode("terminating connection due to administrator command", "57P01"))],
    ["a server starting up (57P03)", wrapped(withCode("the database system is starting up", "57P03"))],
    ["a connection exception (class 08)", withCode("connection failure", "08006")],
    ["a refused connection", wrapped(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))],
    ["every address refused", new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "")],
    ["a connection ended mid-query", wrapped(new Error("Connection terminated unexpectedly"))],
    ["a pool that could not connect in time", new Error("timeout exceeded when trying to connect")],
  ])("is true for %s", (_, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(true);
  });

  it.each([
    ["a unique violation", wrapped(withCode("duplicate key value", "23505"))],
    ["a syntax error", wrapped(withCode("syntax error at or near", "42601"))],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["nothing", undefined],
  ])("is false for %s", (_, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(false);
  });
});
