import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MenuVersion } from "#common/contracts/menu-versions";
import type { Runtime } from "#server/runtime";
import { countMenuChanged } from "#tests/access-test-kit";
import { type TestUser, buildMemberOrganization, buildOrganization, buildUser, call } from "#tests/factories";
import { createTestRuntime, testEngine, uniqueSuffix } from "#tests/test-runtime";
import { selectOrganizationIdsOnFallback } from "./menu-versions.queries.ts";

const ADMIN_EMAIL = `menu-admin-${uniqueSuffix()}@provider.test`;

let runtime: Runtime;
let admin: TestUser;
beforeAll(async () => {
  runtime = await createTestRuntime({ PROVIDER_ADMIN_EMAIL: ADMIN_EMAIL });
  // Neither an employee nor in an organization: the address alone makes the administrator.
  admin = await buildUser(runtime, { email: ADMIN_EMAIL });
});
afterAll(async () => {
  await runtime.close();
});

const uniqueName = () => `menu ${uniqueSuffix()}`;

async function createVersion(body: Record<string, unknown>): Promise<MenuVersion> {
  const response = await call(runtime, "/api/admin/menu-versions", { method: "POST", as: admin, body });
  expect(response.status).toBe(201);
  return response.json();
}

async function assign(organizationId: string, menuVersion: string | null): Promise<void> {
  const path = `/api/admin/organizations/${organizationId}/menu-version`;
  expect((await call(runtime, path, { method: "PUT", as: admin, body: { menu_version: menuVersion } })).status).toBe(200);
}

describe("who may administer menu versions", () => {
  it("refuses everyone but the provider administrator", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const memberAdmin = await buildUser(runtime, { organizationId: organization.id, role: "member_admin" });
    const employee = await buildUser(runtime, { isEmployee: true });
    const version = await createVersion({ version_name: uniqueName(), menu_config: {} });
    const requests = [
      { method: "GET", path: "/api/admin/menu-versions" },
      { method: "POST", path: "/api/admin/menu-versions", body: { version_name: uniqueName(), menu_config: {} } },
      { method: "PATCH", path: `/api/admin/menu-versions/${version.id}`, body: { is_active: false } },
      { method: "GET", path: `/api/admin/organizations/${organization.id}/menu-version` },
      { method: "PUT", path: `/api/admin/organizations/${organization.id}/menu-version`, body: { menu_version: version.version_name } },
      { method: "PUT", path: `/api/admin/users/${member.id}/menu-exclusions`, body: { items: ["team"] } },
    ];
    for (const request of requests) {
      expect((await call(runtime, request.path, { ...request })).status, `${request.method} ${request.path} anonymous`).toBe(401);
      for (const as of [member, memberAdmin, employee]) {
        const response = await call(runtime, request.path, { ...request, as, org: organization.id });
        expect(response.status, `${request.method} ${request.path}`).toBe(403);
        expect((await response.json()).error.message).toBe("Only the provider administrator can manage menu versions");
      }
    }
    const list: MenuVersion[] = await (await call(runtime, "/api/admin/menu-versions", { as: admin })).json();
    expect(list.find((entry) => entry.id === version.id)).toMatchObject({ is_active: true, organization_count: 0 });
    expect(await countMenuChanged(runtime, organization.id)).toBe(0);
  });

  it("refuses everyone when no administrator is configured", async () => {
    const unconfigured = await createTestRuntime();
    try {
      const user = await buildUser(unconfigured, { email: `menu-admin-${uniqueSuffix()}@provider.test` });
      expect((await call(unconfigured, "/api/admin/menu-versions", { as: user })).status).toBe(403);
    } finally {
      await unconfigured.close();
    }
  });
});

describe("creating and listing menu versions", () => {
  it("stores the configuration normalized and lists versions by name", async () => {
    const name = uniqueName();
    const created = await createVersion({
      version_name: `  ${name}  `,
      menu_config: { excludeItems: [" Content ", "content", "TASKS"], customPermissions: { Extensions: "always_visible" } },
    });
    expect(created).toMatchObject({
      version_name: name,
      is_active: true,
      organization_count: 0,
      menu_config: { excludeItems: ["content", "tasks"], customPermissions: { extensions: "always_visible" } },
    });
    const list: MenuVersion[] = await (await call(runtime, "/api/admin/menu-versions", { as: admin })).json();
    expect(list).toContainEqual(created);
    const names = list.map((entry) => entry.version_name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it("refuses a name that exists regardless of case, on create and on rename", async () => {
    const name = uniqueName();
    await createVersion({ version_name: name, menu_config: {} });
    const duplicate = await call(runtime, "/api/admin/menu-versions", {
      method: "POST",
      as: admin,
      body: { version_name: name.toUpperCase(), menu_config: {} },
    });
    expect(duplicate.status).toBe(409);
    expect((await duplicate.json()).error).toMatchObject({
      code: "conflict",
      details: [{ path: "version_name", message: "A menu version with this name already exists" }],
    });
    const other = await createVersion({ version_name: uniqueName(), menu_config: {} });
    const rename = await call(runtime, `/api/admin/menu-versions/${other.id}`, { method: "PATCH", as: admin, body: { version_name: name } });
    expect(rename.status).toBe(409);
  });

  it.each([
    ["an unknown item", { menu_config: { excludeItems: ["team", "secret-page"] } }, "menu_config.excludeItems.1", 'Unknown navigation item "secret-page"'],
    ["an unknown permission", { menu_config: { customPermissions: { extensions: "always" } } }, "menu_config.customPermissions.extensions", "Permissions can be: always_visible"],
    ["a permission for an unknown item", { menu_config: { customPermissions: { nope: "always_visible" } } }, "menu_config.customPermissions.nope", 'Unknown navigation item "nope"'],
    ["an unknown configuration key", { menu_config: { excludedItems: [] } }, "menu_config", "menu_config holds excludeItems and customPermissions only"],
    ["a blank name", { version_name: "  ", menu_config: {} }, "version_name", "Version name is required"],
    ["a name with odd characters", { version_name: "v<script>", menu_config: {} }, "version_name", "Version name may hold"],
    ["no configuration", { menu_config: undefined }, "menu_config", "menu_config is an object with excludeItems and customPermissions"],
  ])("refuses %s with a field error", async (_label, patch, path, message) => {
    const body: Record<string, unknown> = Object.assign({ version_name: uniqueName(), menu_config: {} }, patch);
    const response = await call(runtime, "/api/admin/menu-versions", { method: "POST", as: admin, body });
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe("validation_failed");
    expect(error.details).toContainEqual({ path, message: expect.stringContaining(message) });
  });
});

describe("updating menu versions", () => {
  it("answers 404 for an unknown or malformed id and 400 for an empty change", async () => {
    for (const id of ["8f0c2a4e-1111-4a4a-9a9a-000000000000", "not-an-id"]) {
      const response = await call(runtime, `/api/admin/menu-versions/${id}`, { method: "PATCH", as: admin, body: { is_active: false } });
      expect(response.status).toBe(404);
    }
    const version = await createVersion({ version_name: uniqueName(), menu_config: {} });
    const empty = await call(runtime, `/api/admin/menu-versions/${version.id}`, { method: "PATCH", as: admin, body: {} });
    expect(empty.status).toBe(400);
  });

  it("reconfigures a version and tells every organization naming it, and only those", async () => {
    const version = await createVersion({ version_name: uniqueName(), menu_config: {} });
    const [first, second, bystander] = [await buildOrganization(runtime), await buildOrganization(runtime), await buildOrganization(runtime)];
    await assign(first.id, version.version_name);
    await assign(second.id, version.version_name.toUpperCase());
    const before = await Promise.all([first, second, bystander].map((org) => countMenuChanged(runtime, org.id)));
    expect(before).toEqual([1, 1, 0]);

    const response = await call(runtime, `/api/admin/menu-versions/${version.id}`, {
      method: "PATCH",
      as: admin,
      body: { menu_config: { excludeItems: ["risks"] }, is_active: false },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ is_active: false, organization_count: 2, menu_config: { excludeItems: ["risks"] } });
    const after = await Promise.all([first, second, bystander].map((org) => countMenuChanged(runtime, org.id)));
    expect(after).toEqual([2, 2, 0]);
  });

  it("keeps a renamed version's organizations", async () => {
    const version = await createVersion({ version_name: uniqueName(), menu_config: { excludeItems: ["content"] } });
    const organization = await buildOrganization(runtime);
    await assign(organization.id, version.version_name);
    const newName = uniqueName();
    const response = await call(runtime, `/api/admin/menu-versions/${version.id}`, { method: "PATCH", as: admin, body: { version_name: newName } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ version_name: newName, organization_count: 1 });
    const read = await call(runtime, `/api/admin/organizations/${organization.id}/menu-version`, { as: admin });
    expect(await read.json()).toMatchObject({ menu_version: newName, effective_version: newName, menu_config: { excludeItems: ["content"] } });
    expect(await countMenuChanged(runtime, organization.id)).toBe(2);
  });

  it("counts organizations naming no active version besides v1 as on the fallback", async () => {
    const inactive = await createVersion({ version_name: uniqueName(), is_active: false, menu_config: {} });
    const active = await createVersion({ version_name: uniqueName(), menu_config: {} });
    const [onFallback, onInactive, onOwn] = [await buildOrganization(runtime), await buildOrganization(runtime), await buildOrganization(runtime)];
    await assign(onInactive.id, inactive.version_name);
    await assign(onOwn.id, active.version_name);
    const ids = await selectOrganizationIdsOnFallback(runtime.database.db);
    expect([onFallback.id, onInactive.id, onOwn.id].map((id) => ids.includes(id))).toEqual([true, true, false]);
  });

  // A change to v1 tells every organization on the fallback: on the PostgreSQL run, whose database
  // the test files share, that would put events into other files' organizations mid-test.
  it.runIf(testEngine() === "pglite")("tells the organizations on the fallback when v1 changes", async () => {
    const list: MenuVersion[] = await (await call(runtime, "/api/admin/menu-versions", { as: admin })).json();
    const v1 = list.find((entry) => entry.version_name.toLowerCase() === "v1") ?? (await createVersion({ version_name: "v1", menu_config: {} }));
    const active = await createVersion({ version_name: uniqueName(), menu_config: {} });
    const [onFallback, onOwn] = [await buildOrganization(runtime), await buildOrganization(runtime)];
    await assign(onOwn.id, active.version_name);
    const before = await Promise.all([onFallback, onOwn].map((org) => countMenuChanged(runtime, org.id)));
    const response = await call(runtime, `/api/admin/menu-versions/${v1.id}`, { method: "PATCH", as: admin, body: { is_active: v1.is_active } });
    expect(response.status).toBe(200);
    const after = await Promise.all([onFallback, onOwn].map((org) => countMenuChanged(runtime, org.id)));
    expect(after.map((count, index) => count - (before[index] ?? 0))).toEqual([1, 0]);
  });
});
