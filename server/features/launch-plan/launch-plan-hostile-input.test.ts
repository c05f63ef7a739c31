import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#server/runtime";
import { buildMemberOrganization, buildUser, call } from "#tests/factories";
import { completeLaunchpad, milestoneIdOf } from "#tests/launch-plan-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/**
 * Ids and bodies that break naive code, with the Launch Plan open (the fuzz test's organizations
 * stop at the launchpad gate): the answer is a refusal or a success, never a server error.
 */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const SEGMENTS = ["%ZZ", "..", "%2e%2e%2f", "%00", "__proto__", "x".repeat(3_000), "%F0%9F%91%A9", "00000000-0000-0000-0000-000000000000", "%ED%A0%80", "1%20or%201=1"];
const BODIES: unknown[] = [null, "complete", [], {}, { status: "done" }, { status: null }, { status: ["complete"] }, { status: "complete\u0000" }, { override: "maybe" }, { override: 1 }];

describe("hostile input to the launch plan", () => {
  it("answers hostile ids with 404 and hostile bodies with 400, on every route", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    await completeLaunchpad(runtime, organization.id);
    const employee = await buildUser(runtime, { isEmployee: true });
    for (const segment of SEGMENTS) {
      for (const path of [`courses/${segment}`, `lessons/${segment}`, `topics/${segment}`]) {
        const response = await call(runtime, `/api/launch-plan/${path}`, { as: member });
        expect([400, 404], `${path.slice(0, 40)}: ${await response.clone().text()}`).toContain(response.status);
      }
      for (const action of ["start", "complete"]) {
        const response = await call(runtime, `/api/launch-plan/milestones/${segment}/${action}`, { method: "POST", as: member });
        expect([400, 404], `${action} ${segment.slice(0, 30)}`).toContain(response.status);
      }
      const progress = await call(runtime, `/api/launch-plan/topics/${segment}/progress`, { method: "PUT", as: member, body: { status: "complete" } });
      expect([400, 404]).toContain(progress.status);
    }
    const discovery = await milestoneIdOf(runtime, "discovery");
    for (const body of BODIES) {
      const override = await call(runtime, `/api/launch-plan/milestones/${discovery}/override`, { method: "PUT", as: employee, org: organization.id, body });
      expect(override.status, JSON.stringify(body)).toBe(400);
      const progress = await call(runtime, `/api/launch-plan/topics/00000000-0000-4000-8000-000000000000/progress`, { method: "PUT", as: member, body });
      expect(progress.status, JSON.stringify(body)).toBe(400);
    }
  });
});
