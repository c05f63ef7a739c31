import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORGANIZATION_HEADER } from "#common/contracts/http";
import { MAX_JSON_DEPTH } from "#server/lib/text-checks";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildUser, randomIp } from "#tests/factories";
import { nestedJson } from "#tests/nested-json";
import { TEST_ORIGIN, createTestRuntime } from "#tests/test-runtime";

/** JSON bodies nested past the limit are refused with a 400 before anything walks them. */

let runtime: Runtime;
let member: TestUser;
let employee: TestUser;
beforeAll(async () => {
  runtime = await createTestRuntime();
  member = (await buildMemberOrganization(runtime)).member;
  employee = await buildUser(runtime, { isEmployee: true });
});
afterAll(async () => {
  await runtime.close();
});

type Caller = "anonymous" | "member" | "employee";

function post(method: string, path: string, body: string, caller: Caller): Promise<Response> {
  const user = caller === "member" ? member : caller === "employee" ? employee : null;
  const headers: Record<string, string> = { origin: TEST_ORIGIN, "content-type": "application/json", "x-forwarded-for": user?.ip ?? randomIp() };
  if (user) headers.cookie = user.cookie;
  if (caller === "member" && member.organizationId) headers[ORGANIZATION_HEADER] = member.organizationId;
  return Promise.resolve(runtime.app.request(path, { method, headers, body }));
}

const ROUTES: Array<[string, string, Caller]> = [
  ["PATCH", "/api/me/profile", "member"],
  ["PATCH", "/api/organization", "member"],
  ["POST", "/api/team/invitations", "member"],
  ["POST", "/api/invitations/accept", "anonymous"],
  ["POST", "/api/employee/organizations", "employee"],
  ["POST", "/api/auth/sign-in/email", "anonymous"],
];
const TOO_DEEP = { error: { code: "bad_request", message: `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels of arrays and objects)` } };

describe("deeply nested JSON bodies", () => {
  describe.each(ROUTES)("%s %s as %s", (method, path, caller) => {
    it.each(["array", "object"] as const)("100,000 levels of %s answer 400 with the error body", async (shape) => {
      const response = await post(method, path, nestedJson(100_000, shape), caller);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(TOO_DEEP);
    });

    it.each(["array", "object"] as const)("one level past the limit (%s) answers 400, at the limit the body is read", async (shape) => {
      const past = await post(method, path, nestedJson(MAX_JSON_DEPTH + 1, shape), caller);
      expect(past.status).toBe(400);
      expect(await past.json()).toEqual(TOO_DEEP);

      const atLimit = await post(method, path, nestedJson(MAX_JSON_DEPTH, shape), caller);
      expect(atLimit.status).toBeGreaterThanOrEqual(400);
      expect(atLimit.status).toBeLessThan(500);
      expect(await atLimit.json()).not.toEqual(TOO_DEEP);
    });
  });
});
