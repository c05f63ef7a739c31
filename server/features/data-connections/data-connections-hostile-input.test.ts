import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeConnectionFields } from "#common/domain/data-source-fields";
import { DATA_SOURCES } from "#common/domain/data-sources";
import type { Runtime } from "#server/runtime";
import { buildSignedOrganization, createConnection, hostedConfig, updateConnection } from "#tests/data-connection-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/**
 * Every field of every source, given values that break naive code: the answer is a validation
 * error or a success, never a server error (the fuzz test stops at the NDA gate, this one does not).
 * Testing shares its checks with changing, so it is not called again here.
 */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const HOSTILE: unknown[] = ["half \udfff", "x".repeat(5_000), "", " ", null, -1, 70_000, 1.5, true, ["a"], { nested: "value" }, "\u202eevil", "👩‍👩‍👧‍👦"];

/** Valid details of a source; databases point at a private address, refused before any connection. */
function baseConfig(sourceId: (typeof DATA_SOURCES)[number]["id"]): Record<string, unknown> {
  if (sourceId === "postgresql" || sourceId === "mysql") return { host: "127.0.0.1", database: "erp", username: "reader", password: "pw" };
  if (sourceId === "csv-files") return {};
  return hostedConfig(sourceId);
}

describe("hostile connection details", () => {
  it.each(DATA_SOURCES.map((source) => [source.id, source] as const))("of %s are answered with 400 or accepted, when created or changed", async (_id, source) => {
    const { member } = await buildSignedOrganization(runtime);
    const saved = await createConnection(runtime, member, { data_source_id: source.id, name: source.name, connection_config: baseConfig(source.id) });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const savedId: string = (await saved.json()).connection.id;
    const statuses = new Set<number>();
    for (const name of [...describeConnectionFields(source).map((field) => field.name), "__proto__", "unknown_field"]) {
      for (const value of HOSTILE) {
        const config = { ...baseConfig(source.id), [name]: value };
        const requests = [
          createConnection(runtime, member, { data_source_id: source.id, name: "Hostile", connection_config: config }),
          updateConnection(runtime, member, savedId, { name: "Hostile", connection_config: config }),
        ];
        for (const answer of await Promise.all(requests)) {
          statuses.add(answer.status);
          expect([200, 201, 400], `${name} = ${JSON.stringify(value)?.slice(0, 40)}: ${await answer.clone().text()}`).toContain(answer.status);
          if (answer.status === 400) expect((await answer.json()).error.code).toBe("validation_failed");
        }
      }
    }
    // Each source both refused and accepted some of them: the values reached the checks.
    expect([...statuses].sort()).toEqual([200, 400]);
  });
});
