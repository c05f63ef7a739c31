import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoredEvent } from "#server/realtime/publish-event";
import type { Runtime } from "#server/runtime";
import { buildMemberOrganization, buildOrganization, buildUser, call } from "#tests/factories";
import { createTestRuntime } from "#tests/test-runtime";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

/** Resolves with the next event the hub fans out for the organization. */
function nextEvent(organizationId: string): Promise<StoredEvent> {
  return new Promise((resolve) => {
    const unsubscribe = runtime.hub.subscribe(organizationId, (stored) => {
      unsubscribe();
      resolve(stored);
    });
  });
}

describe("GET /api/organization", () => {
  it("answers a member's own organization", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const response = await call(runtime, "/api/organization", { as: member });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: organization.id,
      organization_name: organization.organization_name,
      display_name: organization.organization_name,
      time_zone: "UTC",
      reminder_hour: 8,
    });
  });

  it("answers the organization an employee names", async () => {
    const organization = await buildOrganization(runtime);
    const employee = await buildUser(runtime, { isEmployee: true });
    const response = await call(runtime, "/api/organization", { as: employee, org: organization.id });
    expect(response.status).toBe(200);
    expect((await response.json()).id).toBe(organization.id);
  });

  it("asks an employee who names no organization to select one", async () => {
    const employee = await buildUser(runtime, { isEmployee: true });
    const response = await call(runtime, "/api/organization", { as: employee });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/Select an organization/);
  });

  it("answers 404 for an employee naming an organization that does not exist", async () => {
    const employee = await buildUser(runtime, { isEmployee: true });
    for (const org of ["8f0c2a4e-1111-4a4a-9a9a-000000000000", "not-a-uuid"]) {
      const response = await call(runtime, "/api/organization", { as: employee, org });
      expect(response.status).toBe(404);
    }
  });

  it("answers 404 when a member names another organization", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const other = await buildOrganization(runtime);
    const response = await call(runtime, "/api/organization", { as: member, org: other.id });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: "Organization not found" } });
  });

  it("tells a user without an organization so", async () => {
    const loner = await buildUser(runtime, { organizationId: null });
    const response = await call(runtime, "/api/organization", { as: loner });
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("no_organization");
  });
});

describe("PATCH /api/organization", () => {
  it("renames with the name trimmed and announces the change after commit", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const announced = nextEvent(organization.id);
    const newName = `  Renamed ${organization.id.slice(0, 6)}  `;
    const response = await call(runtime, "/api/organization", { method: "PATCH", as: member, body: { organization_name: newName } });
    expect(response.status).toBe(200);
    expect((await response.json()).organization_name).toBe(newName.trim());
    const stored = await announced;
    expect(stored.event).toEqual({ type: "organizationUpdated", organizationId: organization.id });
    const reread = await call(runtime, "/api/organization", { as: member });
    expect((await reread.json()).display_name).toBe(newName.trim());
  });

  it.each([
    ["an empty name", { organization_name: "   " }, "Organization name is required"],
    ["a name over 200 characters", { organization_name: "x".repeat(201) }, "at most 200 characters"],
    ["a missing name", {}, "Organization name is required"],
    ["a name that is not text", { organization_name: 42 }, "Organization name is required"],
  ])("refuses %s with a field error", async (_label, body, message) => {
    const { member } = await buildMemberOrganization(runtime);
    const response = await call(runtime, "/api/organization", { method: "PATCH", as: member, body });
    expect(response.status).toBe(400);
    const json = await response.json();
    expect(json.error.code).toBe("validation_failed");
    expect(json.error.details[0]).toMatchObject({ path: "organization_name" });
    expect(json.error.message).toContain(message);
  });

  it("accepts exactly 200 characters", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const name = `${member.id.slice(0, 8)}${"y".repeat(192)}`;
    const response = await call(runtime, "/api/organization", { method: "PATCH", as: member, body: { organization_name: name } });
    expect(response.status).toBe(200);
  });

  it("refuses another organization's name, whatever its case, and changes nothing", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const other = await buildOrganization(runtime);
    const response = await call(runtime, "/api/organization", {
      method: "PATCH",
      as: member,
      body: { organization_name: other.organization_name.toUpperCase() },
    });
    expect(response.status).toBe(409);
    expect((await response.json()).error.message).toBe("An organization with this name already exists");
    const reread = await call(runtime, "/api/organization", { as: member });
    expect((await reread.json()).organization_name).toBe(organization.organization_name);
  });

  it("refuses a name holding a right-to-left override or a zero-width character, and changes nothing", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    for (const name of ["Acme \u202Egnp.exe", "Ac\u200Bme"]) {
      const response = await call(runtime, "/api/organization", { method: "PATCH", as: member, body: { organization_name: name } });
      expect(response.status).toBe(400);
      const json = await response.json();
      expect(json.error.details[0]).toMatchObject({ path: "organization_name" });
      expect(json.error.message).toContain("Organization name cannot contain invisible formatting characters");
    }
    const reread = await call(runtime, "/api/organization", { as: member });
    expect((await reread.json()).organization_name).toBe(organization.organization_name);
  });

  it("refuses a body that is not JSON", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const response = await call(runtime, "/api/organization", {
      method: "PATCH",
      as: member,
      headers: { "content-type": "text/plain" },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("bad_request");
  });
});
