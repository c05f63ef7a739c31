import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch, buildApiPath, fieldIssuesOf } from "./api-client.ts";
import { clearSelectedOrganization, resolveEmployeeOrganization } from "./selected-organization.ts";
import { installFakeApi } from "./testing/fake-api.ts";

const ORG = "00000000-0000-4000-8000-00000000000a";

beforeEach(() => {
  clearSelectedOrganization();
  window.localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiFetch", () => {
  it("sends no organization header while none is selected (members)", async () => {
    const api = installFakeApi({ "GET /api/organization": { body: { ok: true } } });
    await expect(apiFetch("/api/organization")).resolves.toEqual({ ok: true });
    expect(api.requests[0]?.headers).not.toHaveProperty("x-organization-id");
  });

  it("names the employee's selected organization on every request", async () => {
    const api = installFakeApi({ "GET /api/team": { body: {} }, "PATCH /api/organization": { body: {} } });
    resolveEmployeeOrganization([{ id: ORG }]);
    await apiFetch("/api/team");
    await apiFetch("/api/organization", { method: "PATCH", body: { organization_name: "Acme" } });
    expect(api.requests.map((request) => request.headers["x-organization-id"])).toEqual([ORG, ORG]);
    expect(api.requests[1]?.headers["content-type"]).toBe("application/json");
  });

  it("throws the server's error with its field issues", async () => {
    installFakeApi({
      "POST /api/team/invitations": {
        status: 409,
        body: { error: { code: "conflict", message: "Already invited", details: [{ path: "email", message: "Already invited" }, { bad: 1 }] } },
      },
    });
    const failure = await apiFetch("/api/team/invitations", { method: "POST", body: {} }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, code: "conflict", message: "Already invited" });
    expect(fieldIssuesOf(failure)).toEqual([{ path: "email", message: "Already invited" }]);
    expect(fieldIssuesOf(new Error("x"))).toEqual([]);
  });
});

describe("buildApiPath", () => {
  it("fills and encodes the path's parameters", () => {
    expect(buildApiPath("/api/team/invitations/:invitationId/resend", { invitationId: "a b" })).toBe("/api/team/invitations/a%20b/resend");
    expect(() => buildApiPath("/api/team/members/:memberId", {})).toThrow(/memberId/);
  });
});
