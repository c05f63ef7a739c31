import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#server/runtime";
import { givePlan, moduleAction, saveAnswers } from "#tests/configuration-test-kit";
import { buildSignedOrganization } from "#tests/data-connection-test-kit";
import { buildUser, call } from "#tests/factories";
import { createTestRuntime } from "#tests/test-runtime";

/**
 * Answers, module names and reasons that break naive code: the answer is a validation error, a
 * refusal or a success, never a server error (the fuzz test stops at the NDA gate, this one does not).
 */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const HOSTILE: unknown[] = [
  "half \udfff", "nul\u0000byte", "x".repeat(50_000), "", " ", "\u202eevil", "👩‍👩‍👧‍👦", "' OR 1=1 --", "2030-02-30", "1e309",
  null, -1, 1e308, -0, 1.5, Number.MAX_SAFE_INTEGER + 2, true, false, [], ["a"], ["a", "a"], [1, 2], [null], { nested: "value" }, { __proto__: { x: 1 } },
];
const KEYS = ["gen-uat-open-critical-defects", "fin-number-of-companies", "fin-branches", "fin-multi-currency", "gen-golive-confirmed-date", "fin-coa-approach", "fin-subaccount-segments", "fin-base-currency"];
const SEGMENTS = ["%ZZ", "..", "%2e%2e%2f", "%00", "__proto__", "constructor", "x".repeat(3_000), "%F0%9F%91%A9", "Financials%00", "%ED%A0%80", "General%20"];

describe("hostile input", () => {
  it("answers every hostile value of every kind with 200 or 400", async () => {
    const { member } = await buildSignedOrganization(runtime);
    await givePlan(runtime, member);
    const statuses = new Set<number>();
    for (const key of KEYS) {
      for (const value of HOSTILE) {
        const answer = await saveAnswers(runtime, member, [{ question_key: key, value }]);
        statuses.add(answer.status);
        expect([200, 400], `${key} = ${JSON.stringify(value)?.slice(0, 40)}: ${await answer.clone().text()}`).toContain(answer.status);
      }
    }
    expect([...statuses].sort()).toEqual([200, 400]);
    for (const questionKey of [null, 1, "", "x".repeat(101), "a--b", "\u0000", "fin-branches\n", ["fin-branches"]]) {
      expect((await saveAnswers(runtime, member, [{ question_key: questionKey, value: null }])).status).toBe(400);
    }
  });

  it("answers hostile module names with 404 or 400, and hostile reasons with 400 or 409", async () => {
    const { organization, member } = await buildSignedOrganization(runtime);
    await givePlan(runtime, member);
    const employee = await buildUser(runtime, { isEmployee: true });
    for (const segment of SEGMENTS) {
      for (const action of ["submit", "reopen"] as const) {
        const response = await call(runtime, `/api/configuration/modules/${segment}/${action}`, {
          method: "POST",
          as: action === "submit" ? member : employee,
          org: action === "submit" ? undefined : organization.id,
          body: action === "reopen" ? { reason: "A good reason" } : undefined,
        });
        expect([400, 404], `${action} ${segment.slice(0, 30)}: ${await response.clone().text()}`).toContain(response.status);
      }
    }
    for (const reason of HOSTILE) {
      const response = await moduleAction(runtime, employee, "Financials", "reopen", { reason }, organization.id);
      expect([400, 409], `${JSON.stringify(reason)?.slice(0, 40)}`).toContain(response.status);
    }
  });
});
