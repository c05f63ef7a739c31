import { expect } from "vitest";
import type { Runtime } from "#server/runtime";
import { insertNda } from "#tests/access-test-kit";
import { type TestUser, buildUser, call } from "#tests/factories";
import type { Expected, MatrixEntry, RouteCall, World } from "#tests/tenant-matrix-rows";
import { fixture } from "#tests/tenant-matrix-fixture";
import { uniqueSuffix } from "#tests/test-runtime";

/**
 * Tenant-matrix rows of GET /api/access and the menu-version administration, merged into the
 * matrix by tests/tenant-matrix-rows.ts. Types only come from there, so neither module needs the
 * other at load time.
 *
 * The administration routes are the provider administrator's alone: the matrix runtime names
 * MATRIX_ADMIN_EMAIL as PROVIDER_ADMIN_EMAIL, and these rows' setup makes an employee with that
 * address the world's employee. Member A and member B are refused (403) like anyone else.
 */
export const MATRIX_ADMIN_EMAIL = `matrix-admin-${uniqueSuffix()}@provider.test`;

const ORGANIZATION: Expected = { anonymous: 401, memberA: 200, employeeNamingA: 200, memberBNamingA: 404 };
const ADMINISTRATOR: Expected = { anonymous: 401, memberA: 403, employeeNamingA: 200, memberBNamingA: 403 };

let administrator: Promise<TestUser> | undefined;

/** The one provider administrator of the matrix (the address is unique), made on first use; rows of any module share it. */
export function matrixAdministrator(runtime: Runtime): Promise<TestUser> {
  administrator ??= buildUser(runtime, { isEmployee: true, email: MATRIX_ADMIN_EMAIL });
  return administrator;
}

export function accessMatrixRows(runtime: () => Runtime): Record<string, MatrixEntry> {
  /** The administrator stands in as the world's employee. */
  async function asAdministrator(world: World): Promise<void> {
    world.employee = await matrixAdministrator(runtime());
  }

  async function createVersion(world: World, name: string, excludeItems: string[] = []): Promise<{ id: string; version_name: string }> {
    const body = { version_name: name, menu_config: { excludeItems } };
    const response = await call(runtime(), "/api/admin/menu-versions", { method: "POST", as: world.employee, body });
    expect(response.status).toBe(201);
    return response.json();
  }

  /** The administrator with a menu version of the world's own. */
  async function prepareVersion(world: World): Promise<void> {
    await asAdministrator(world);
    const version = await createVersion(world, `Matrix ${world.tag}`, ["content"]);
    Object.assign(world.fixtures, { versionId: version.id, versionName: version.version_name });
  }

  async function accessOfMemberA(world: World): Promise<{ menu_version: string; items: Record<string, { state: string }> }> {
    const response = await call(runtime(), "/api/access", { as: world.memberA });
    expect(response.status).toBe(200);
    return response.json();
  }

  const adminGet = (path: (world: World) => string) => (_caller: unknown, world: World): RouteCall => ({ method: "GET", path: path(world) });

  return {
    getAccess: {
      // A's NDA is signed, B's is not: whoever reads A's facts must see it signed.
      setup: (world) => insertNda(runtime(), world.orgA.id, "signed-by-prospect"),
      call: () => ({ method: "GET", path: "/api/access" }),
      expect: ORGANIZATION,
      check: (_caller, body) => expect(body).toMatchObject({ nda_signed: true, items: { tasks: { state: "visible" } } }),
    },
    listMenuVersions: {
      setup: prepareVersion,
      call: adminGet(() => "/api/admin/menu-versions"),
      expect: ADMINISTRATOR,
      check: (_caller, body, world) => expect(body).toContainEqual(expect.objectContaining({ id: fixture(world, "versionId") })),
    },
    createMenuVersion: {
      setup: asAdministrator,
      call: (caller, world) => ({
        method: "POST",
        path: "/api/admin/menu-versions",
        body: { version_name: `Created by ${caller} ${world.tag}`, menu_config: { excludeItems: ["risks"] } },
      }),
      expect: { ...ADMINISTRATOR, employeeNamingA: 201 },
      check: (_caller, body, world) => expect(body).toMatchObject({ version_name: `Created by employeeNamingA ${world.tag}` }),
      verify: async (world) => {
        const list: { version_name: string }[] = await (await call(runtime(), "/api/admin/menu-versions", { as: world.employee })).json();
        expect(list.map((entry) => entry.version_name).filter((name) => name.endsWith(world.tag))).toEqual([`Created by employeeNamingA ${world.tag}`]);
      },
    },
    updateMenuVersion: {
      setup: prepareVersion,
      call: (caller, world) => ({
        method: "PATCH",
        path: `/api/admin/menu-versions/${fixture(world, "versionId")}`,
        body: { version_name: `Renamed by ${caller} ${world.tag}` },
      }),
      expect: ADMINISTRATOR,
      check: (_caller, body, world) => expect(body).toMatchObject({ version_name: `Renamed by employeeNamingA ${world.tag}` }),
    },
    getOrganizationMenu: {
      // Member A's exclusions list their email: A's data, which only the administrator may read.
      setup: async (world) => {
        await asAdministrator(world);
        const path = `/api/admin/users/${world.memberA.id}/menu-exclusions`;
        expect((await call(runtime(), path, { method: "PUT", as: world.employee, body: { items: ["team"] } })).status).toBe(200);
      },
      call: adminGet((world) => `/api/admin/organizations/${world.orgA.id}/menu-version`),
      expect: ADMINISTRATOR,
      check: (_caller, body, world) =>
        expect(body).toMatchObject({ organization_id: world.orgA.id, user_exclusions: [{ user_id: world.memberA.id, email: world.memberA.email }] }),
    },
    assignMenuVersion: {
      setup: prepareVersion,
      call: (_caller, world) => ({
        method: "PUT",
        path: `/api/admin/organizations/${world.orgA.id}/menu-version`,
        body: { menu_version: fixture(world, "versionName") },
      }),
      expect: ADMINISTRATOR,
      check: (_caller, body, world) => expect(body).toMatchObject({ organization_id: world.orgA.id, effective_version: fixture(world, "versionName") }),
      verify: async (world) => {
        const access = await accessOfMemberA(world);
        expect(access.menu_version).toBe(fixture(world, "versionName"));
        expect(access.items.content).toMatchObject({ state: "hidden" });
      },
    },
    setUserMenuExclusions: {
      setup: asAdministrator,
      call: (_caller, world) => ({ method: "PUT", path: `/api/admin/users/${world.memberA.id}/menu-exclusions`, body: { items: ["team"] } }),
      expect: ADMINISTRATOR,
      check: (_caller, body, world) => expect(body).toEqual({ user_id: world.memberA.id, items: ["team"] }),
      verify: async (world) => expect((await accessOfMemberA(world)).items.team).toMatchObject({ state: "hidden" }),
    },
  };
}
