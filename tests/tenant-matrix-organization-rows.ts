import { expect } from "vitest";
import type { Runtime } from "#server/runtime";
import { LOGO_PATH, PROFILE_PATH, TINY_PNG, profileBody, putProfile, readProfile, uploadLogo } from "#tests/organization-profile-test-kit";
import type { Expected, MatrixEntry, RouteCall, World } from "#tests/tenant-matrix-rows";

/**
 * Tenant-matrix rows of the organization profile (/organization) and its logo, merged into the
 * matrix by tests/tenant-matrix-rows.ts.
 */

const ORGANIZATION: Expected = { anonymous: 401, memberA: 200, employeeNamingA: 200, memberBNamingA: 404 };
/** Changing the profile is for member admins and employees: member A is a member user. */
const EDIT_PROFILE: Expected = { anonymous: 401, memberA: 403, employeeNamingA: 200, memberBNamingA: 404 };

const get = (path: string) => (): RouteCall => ({ method: "GET", path });

export function organizationMatrixRows(runtime: () => Runtime): Record<string, MatrixEntry> {
  /** A's profile, saved by the employee; its legal name is A's data. */
  async function saveProfileOfA(world: World): Promise<void> {
    const legalName = `Legal name of A ${world.tag}`;
    world.secretsOfA.push(legalName);
    const response = await putProfile(runtime(), world.employee, profileBody({ legal_name: legalName }), world.orgA.id);
    expect(response.status).toBe(200);
  }

  async function uploadLogoOfA(world: World): Promise<void> {
    expect((await uploadLogo(runtime(), world.employee, TINY_PNG, { org: world.orgA.id })).status).toBe(200);
  }

  const isProfileOfA = (_caller: unknown, body: unknown, world: World) => expect(body).toMatchObject({ organization_id: world.orgA.id });

  return {
    getOrganizationProfile: {
      setup: saveProfileOfA,
      call: get(PROFILE_PATH),
      expect: ORGANIZATION,
      check: (caller, body, world) => {
        isProfileOfA(caller, body, world);
        expect(body).toMatchObject({ legal_name: `Legal name of A ${world.tag}` });
      },
    },
    updateOrganizationProfile: {
      call: (caller, world) => {
        const legalName = `A's legal name by ${caller} ${world.tag}`;
        world.secretsOfA.push(legalName);
        return { method: "PUT", path: PROFILE_PATH, body: profileBody({ legal_name: legalName }) };
      },
      expect: EDIT_PROFILE,
      check: isProfileOfA,
      verify: async (world) => {
        expect((await readProfile(runtime(), world.memberA)).legal_name).toBe(`A's legal name by employeeNamingA ${world.tag}`);
      },
    },
    uploadOrganizationLogo: {
      call: () => ({ method: "PUT", path: LOGO_PATH, raw: { contentType: "application/octet-stream", bytes: TINY_PNG } }),
      expect: EDIT_PROFILE,
      check: isProfileOfA,
      verify: async (world) => {
        expect((await readProfile(runtime(), world.memberA)).logo).toMatchObject({ content_type: "image/png" });
      },
    },
    deleteOrganizationLogo: {
      setup: uploadLogoOfA,
      call: () => ({ method: "DELETE", path: LOGO_PATH }),
      expect: EDIT_PROFILE,
      check: isProfileOfA,
      verify: async (world) => {
        expect((await readProfile(runtime(), world.memberA)).logo).toBeNull();
      },
    },
    getOrganizationLogo: {
      setup: uploadLogoOfA,
      call: get(LOGO_PATH),
      expect: ORGANIZATION,
    },
  };
}
