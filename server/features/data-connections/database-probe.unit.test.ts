import { describe, expect, it } from "vitest";
import { CONNECTION_TEST_MAX_TABLES } from "#common/contracts/data-connections";
import { boundProbe, untilAborted } from "./database-probe.ts";

/** What a test reports stays within bounds whatever the server answered, and ends when it is aborted. */

describe("boundProbe", () => {
  it("lists at most CONNECTION_TEST_MAX_TABLES tables and cuts long names and versions", () => {
    const tables = Array.from({ length: CONNECTION_TEST_MAX_TABLES + 50 }, (_, index) => ({ schema: "s".repeat(500), name: `table_${index}` }));
    const bounded = boundProbe({ serverVersion: `PostgreSQL ${"9".repeat(1_000)}`, tables, tableCount: tables.length });
    expect(bounded.tables).toHaveLength(CONNECTION_TEST_MAX_TABLES);
    expect(bounded.tables[0]).toEqual({ schema: "s".repeat(200), name: "table_0" });
    expect(bounded.serverVersion).toHaveLength(200);
    expect(bounded.tableCount).toBe(CONNECTION_TEST_MAX_TABLES + 50);
  });

  it("counts at least the tables listed when the server's count is nonsense", () => {
    const tables = [{ schema: "public", name: "a" }];
    for (const tableCount of [Number.NaN, -5, 1.5, 2 ** 60]) expect(boundProbe({ serverVersion: "MySQL 8.0.36", tables, tableCount }).tableCount).toBe(1);
    expect(boundProbe({ serverVersion: "MySQL 8.0.36", tables, tableCount: 0 }).tableCount).toBe(1);
  });
});

describe("untilAborted", () => {
  it("answers with the work, or with the abort's reason as soon as it comes", async () => {
    expect(await untilAborted(Promise.resolve("done"), new AbortController().signal)).toBe("done");
    const controller = new AbortController();
    const pending = untilAborted(new Promise<string>(() => undefined), controller.signal);
    controller.abort(new Error("deadline"));
    await expect(pending).rejects.toThrow("deadline");
    // Work that fails after the abort is nobody's concern (and no unhandled rejection).
    const late = Promise.reject(new Error("socket closed"));
    await expect(untilAborted(late, controller.signal)).rejects.toThrow("deadline");
  });
});
