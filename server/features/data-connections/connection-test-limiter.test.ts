import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#server/runtime";
import { buildSignedOrganization, testConnectionDetails } from "#tests/data-connection-test-kit";
import { startSilentServer } from "#tests/connection-test-servers";
import { errorOf } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";
import { AppError } from "#server/lib/app-error";
import { CONNECTION_TEST_LIMITS, TOO_MANY_ORGANIZATION_TESTS, TOO_MANY_TESTS, createConnectionTestLimiter } from "./connection-test-limiter.ts";

/** At most four database connection tests at once, two per organization; the rest are told to try again. */

/** Work that runs until the test lets it finish or fail. */
function heldWork() {
  let finish: (value: string) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const promise = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { work: () => promise, finish, fail };
}

const refusal = (message: string) => new AppError("rate_limited", message);

describe("the limiter", () => {
  it("refuses a third test of one organization and a fifth of the process", async () => {
    const limiter = createConnectionTestLimiter({ total: 4, perOrganization: 2 });
    const held = Array.from({ length: 4 }, heldWork);
    const running = [limiter.run("a", held[0]!.work), limiter.run("a", held[1]!.work), limiter.run("b", held[2]!.work), limiter.run("c", held[3]!.work)];
    expect(limiter.running()).toBe(4);
    await expect(limiter.run("a", () => Promise.resolve("x"))).rejects.toEqual(refusal(TOO_MANY_ORGANIZATION_TESTS));
    await expect(limiter.run("d", () => Promise.resolve("x"))).rejects.toEqual(refusal(TOO_MANY_TESTS));
    held.forEach((entry, index) => entry.finish(`done ${index}`));
    expect(await Promise.all(running)).toEqual(["done 0", "done 1", "done 2", "done 3"]);
    expect(limiter.running()).toBe(0);
  });

  it("frees the slot when a test completes or fails", async () => {
    const limiter = createConnectionTestLimiter({ total: 4, perOrganization: 1 });
    const first = heldWork();
    const completed = limiter.run("a", first.work);
    await expect(limiter.run("a", () => Promise.resolve("x"))).rejects.toEqual(refusal(TOO_MANY_ORGANIZATION_TESTS));
    first.finish("ok");
    expect(await completed).toBe("ok");

    const second = heldWork();
    const failed = limiter.run("a", second.work);
    second.fail(new Error("driver gave up"));
    await expect(failed).rejects.toThrow("driver gave up");
    expect(await limiter.run("a", () => Promise.resolve("again"))).toBe("again");
    expect(limiter.running()).toBe(0);
  });

  it("has the limits the product states", () => {
    expect(CONNECTION_TEST_LIMITS).toEqual({ total: 4, perOrganization: 2 });
  });
});

describe("POST /api/data-connections/test under load", () => {
  let runtime: Runtime;
  beforeAll(async () => {
    runtime = await createTestRuntime({ DATA_CONNECTION_ALLOW_PRIVATE_NETWORKS: "1" });
  });
  afterAll(async () => {
    await runtime.close();
  });

  it("answers 429 beyond two tests of an organization or four in all, and takes tests again once they end", async () => {
    const server = await startSilentServer();
    const details = { data_source_id: "postgresql", connection_config: { host: "127.0.0.1", port: server.port, database: "erp", username: "reader" } };
    try {
      const [a, b, c] = [await buildSignedOrganization(runtime), await buildSignedOrganization(runtime), await buildSignedOrganization(runtime)];
      // Four tests hang on the silent server: two of A, two of B.
      const hanging = [a, a, b, b].map((organization) => testConnectionDetails(runtime, organization.member, details));
      await server.accepted(4);

      const third = await testConnectionDetails(runtime, a.member, details);
      expect(third.status).toBe(429);
      expect(await errorOf(third)).toEqual({ code: "rate_limited", message: TOO_MANY_ORGANIZATION_TESTS });
      const fifth = await testConnectionDetails(runtime, c.member, details);
      expect(fifth.status).toBe(429);
      expect(await errorOf(fifth)).toEqual({ code: "rate_limited", message: TOO_MANY_TESTS });
      // A hosted source's test connects nowhere and takes no slot.
      const hosted = await testConnectionDetails(runtime, c.member, { data_source_id: "csv-files", connection_config: {} });
      expect(hosted.status).toBe(200);

      // The server hangs up: the four end as failures, and their slots are free again.
      server.dropConnections();
      for (const response of await Promise.all(hanging)) expect(await response.json()).toMatchObject({ outcome: "failed" });
      const again = testConnectionDetails(runtime, a.member, details);
      await server.accepted(5);
      server.dropConnections();
      expect((await again).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
