import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Access } from "#common/contracts/access";
import type { MenuVersion, OrganizationMenu } from "#common/contracts/menu-versions";
import { NOT_AVAILABLE_REASON } from "#common/domain/access";
import { extensionNotActiveReason } from "#common/domain/extensions";
import { requireItemAccess } from "#server/auth/access-facts";
import type { StoredEvent } from "#server/realtime/publish-event";
import type { Runtime } from "#server/runtime";
import { callerOf, countMenuChanged } from "#tests/access-test-kit";
import { type TestUser, buildMemberOrganization, buildOrganization, buildUser, call } from "#tests/factories";
import { createTestRuntime, uniqueSuffix } from "#tests/test-runtime";

const ADMIN_EMAIL = `menu-admin-${uniqueSuffix()}@provider.test`;

let runtime: Runtime;
let admin: TestUser;
beforeAll(async () => {
  runtime = await createTestRuntime({ PROVIDER_ADMIN_EMAIL: ADMIN_EMAIL });
  admin = await buildUser(runtime, { email: ADMIN_EMAIL, isEmployee: true });
});
afterAll(async () => {
  await runtime.close();
});

async function createVersion(menuConfig: Record<string, unknown>, isActive = true): Promise<MenuVersion> {
  const body = { version_name: `menu ${uniqueSuffix()}`, is_active: isActive, menu_config: menuConfig };
  const response = await call(runtime, "/api/admin/menu-versions", { method: "POST", as: admin, body });
  expect(response.status).toBe(201);
  return response.json();
}

function assign(organizationId: string, menuVersion: unknown): Promise<Response> {
  return call(runtime, `/api/admin/organizations/${organizationId}/menu-version`, { method: "PUT", as: admin, body: { menu_version: menuVersion } });
}

function setExclusions(userId: string, items: unknown): Promise<Response> {
  return call(runtime, `/api/admin/users/${userId}/menu-exclusions`, { method: "PUT", as: admin, body: { items } });
}

async function readAccess(as: TestUser, org?: string): Promise<Access> {
  const response = await call(runtime, "/api/access", { as, org });
  expect(response.status).toBe(200);
  return response.json();
}

/** Resolves with the next event the hub fans out for the organization. */
function nextEvent(organizationId: string): Promise<StoredEvent> {
  return new Promise((resolve) => {
    const unsubscribe = runtime.hub.subscribe(organizationId, (stored) => {
      unsubscribe();
      resolve(stored);
    });
  });
}

describe("assigning a menu version to an organization", () => {
  it("stores the version as spelled, tells the organization's sessions, and reads back what it uses", async () => {
    const version = await createVersion({ excludeItems: ["content"] });
    const { organization, member } = await buildMemberOrganization(runtime);
    const announced = nextEvent(organization.id);
    const response = await assign(organization.id, ` ${version.version_name.toUpperCase()} `);
    expect(response.status).toBe(200);
    const expected: OrganizationMenu = {
      organization_id: organization.id,
      menu_version: version.version_name,
      effective_version: version.version_name,
      menu_config: { excludeItems: ["content"], customPermissions: {} },
      user_exclusions: [],
    };
    expect(await response.json()).toEqual(expected);
    expect((await announced).event).toEqual({ type: "menuChanged", organizationId: organization.id });
    expect(await (await call(runtime, `/api/admin/organizations/${organization.id}/menu-version`, { as: admin })).json()).toEqual(expected);
    expect((await readAccess(member)).menu_version).toBe(version.version_name);
  });

  it("clears the assignment with null or a blank name: the fallback v1 applies", async () => {
    const version = await createVersion({ excludeItems: ["content"] });
    const organization = await buildOrganization(runtime);
    await assign(organization.id, version.version_name);
    for (const cleared of [null, "  "]) {
      const response = await assign(organization.id, cleared);
      expect(await response.json()).toMatchObject({ menu_version: null, effective_version: "v1", menu_config: { excludeItems: [] } });
    }
  });

  it("refuses an unknown version (400 on the field) and an unknown organization (404)", async () => {
    const organization = await buildOrganization(runtime);
    const unknown = await assign(organization.id, `missing ${uniqueSuffix()}`);
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.details).toEqual([{ path: "menu_version", message: expect.stringMatching(/^There is no menu version named/) }]);
    expect(await countMenuChanged(runtime, organization.id)).toBe(0);
    const version = await createVersion({});
    for (const id of ["8f0c2a4e-1111-4a4a-9a9a-000000000000", "not-an-id"]) {
      expect((await assign(id, version.version_name)).status).toBe(404);
      expect((await call(runtime, `/api/admin/organizations/${id}/menu-version`, { as: admin })).status).toBe(404);
    }
  });

  it("falls back to v1 with no exclusions while the assigned version is inactive", async () => {
    const version = await createVersion({ excludeItems: ["team"] }, false);
    const { organization, member } = await buildMemberOrganization(runtime);
    await assign(organization.id, version.version_name);
    const access = await readAccess(member);
    expect(access.menu_version).toBe("v1");
    expect(access.items.team).toEqual({ state: "visible" });
    const read: OrganizationMenu = await (await call(runtime, `/api/admin/organizations/${organization.id}/menu-version`, { as: admin })).json();
    expect(read).toMatchObject({ menu_version: version.version_name, effective_version: "v1" });
  });
});

describe("what a menu version changes", () => {
  it("hides an excluded item for the organizations using the version, and only for them", async () => {
    const version = await createVersion({ excludeItems: ["content", "tools"] });
    const { organization, member } = await buildMemberOrganization(runtime);
    const { organization: other, member: otherMember } = await buildMemberOrganization(runtime);
    await assign(organization.id, version.version_name);

    const access = await readAccess(member);
    expect(access.items.content).toEqual({ state: "hidden", reason: NOT_AVAILABLE_REASON });
    expect(access.items.issues).toEqual({ state: "hidden", reason: NOT_AVAILABLE_REASON });
    await expect(requireItemAccess(runtime.database.db, callerOf(member), organization.id, "content", runtime.config.access)).rejects.toMatchObject({
      code: "forbidden",
      message: NOT_AVAILABLE_REASON,
    });
    expect((await readAccess(otherMember)).items.content).toEqual({ state: "visible" });
    await expect(requireItemAccess(runtime.database.db, callerOf(otherMember), other.id, "content", runtime.config.access)).resolves.toBeDefined();
  });

  it("opens the Extensions section to members with the always_visible permission", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    expect((await readAccess(member)).items.extensions).toMatchObject({ state: "hidden" });
    const version = await createVersion({ customPermissions: { extensions: "always_visible" } });
    await assign(organization.id, version.version_name);
    const access = await readAccess(member);
    expect(access.items.extensions).toEqual({ state: "visible" });
    // Each extension's own page waits for the extension to be active (the extension guard).
    expect(access.items["ap-automation"]).toEqual({ state: "hidden", reason: extensionNotActiveReason("ap-automation") });
  });
});

describe("a user's menu exclusions", () => {
  it("hide items for that user alone, and tell their organization's sessions", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const colleague = await buildUser(runtime, { organizationId: organization.id });
    const response = await setExclusions(member.id, [" Team ", "risks", "team"]);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user_id: member.id, items: ["risks", "team"] });
    expect(await countMenuChanged(runtime, organization.id)).toBe(1);

    expect((await readAccess(member)).items.team).toEqual({ state: "hidden", reason: NOT_AVAILABLE_REASON });
    expect((await readAccess(colleague)).items.team).toEqual({ state: "visible" });
    await expect(requireItemAccess(runtime.database.db, callerOf(member), organization.id, "team", runtime.config.access)).rejects.toMatchObject({
      message: NOT_AVAILABLE_REASON,
    });
    const read: OrganizationMenu = await (await call(runtime, `/api/admin/organizations/${organization.id}/menu-version`, { as: admin })).json();
    expect(read.user_exclusions).toEqual([{ user_id: member.id, email: member.email, items: ["risks", "team"] }]);

    expect(await (await setExclusions(member.id, [])).json()).toEqual({ user_id: member.id, items: [] });
    expect((await readAccess(member)).items.team).toEqual({ state: "visible" });
    expect(await countMenuChanged(runtime, organization.id)).toBe(2);
  });

  it("follow an employee into every organization they act for", async () => {
    const employee = await buildUser(runtime, { isEmployee: true });
    const [first, second] = [await buildOrganization(runtime), await buildOrganization(runtime)];
    expect((await setExclusions(employee.id, ["etl-admin"])).status).toBe(200);
    for (const organization of [first, second]) {
      expect((await readAccess(employee, organization.id)).items["etl-admin"]).toMatchObject({ state: "hidden" });
      expect(await countMenuChanged(runtime, organization.id)).toBe(0);
    }
  });

  it("refuses unknown items (400) and unknown users (404)", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const unknownItem = await setExclusions(member.id, ["team", "everything"]);
    expect(unknownItem.status).toBe(400);
    expect((await unknownItem.json()).error.details).toEqual([{ path: "items.1", message: 'Unknown navigation item "everything"' }]);
    expect((await setExclusions(member.id, "team")).status).toBe(400);
    for (const id of ["nobody-with-this-id", "bad%20id"]) expect((await setExclusions(id, ["team"])).status).toBe(404);
  });
});

describe("routes gated by an item", () => {
  it("answer 403 with the rule's reason where the item is excluded, and work elsewhere", async () => {
    const excluded = await buildMemberOrganization(runtime);
    const other = await buildMemberOrganization(runtime);
    const version = await createVersion({ excludeItems: ["team", "dashboard"] });
    expect((await assign(excluded.organization.id, version.version_name)).status).toBe(200);

    for (const path of ["/api/team", "/api/dashboard"]) {
      const refused = await call(runtime, path, { as: excluded.member });
      expect(refused.status, path).toBe(403);
      expect(await refused.json()).toEqual({ error: { code: "forbidden", message: NOT_AVAILABLE_REASON } });
      expect((await call(runtime, path, { as: other.member })).status, path).toBe(200);
    }
    const invite = await call(runtime, "/api/team/invitations", {
      method: "POST",
      as: admin,
      org: excluded.organization.id,
      body: { email: `gated-${uniqueSuffix()}@example.test`, role: "member_user" },
    });
    expect(invite.status).toBe(403);
    // The trial status page is not excluded: it still answers.
    expect((await call(runtime, "/api/trial-status", { as: excluded.member })).status).toBe(200);
  });

  it("follow a user's own exclusions too", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const colleague = await buildUser(runtime, { organizationId: organization.id });
    expect((await setExclusions(member.id, ["trial-status"])).status).toBe(200);
    expect((await call(runtime, "/api/trial-status", { as: member })).status).toBe(403);
    expect((await call(runtime, "/api/trial-status", { as: colleague })).status).toBe(200);
  });
});
