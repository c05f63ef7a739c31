import { expect } from "vitest";
import { DEFAULT_SUPPORT_SETTINGS, type SupportOverview, getSupportOverviewRoute, updateSupportSettingsRoute } from "#common/contracts/support";
import type { Runtime } from "#server/runtime";
import { createHelpRequest } from "#tests/action-log-test-kit";
import type { Expected, MatrixEntry, World } from "#tests/tenant-matrix-rows";

/**
 * Tenant-matrix rows of /support, merged by tests/tenant-matrix-rows.ts. A's help request carries
 * the world's tag and counts as A's data; the settings are the provider's, the same for everyone.
 */

const ORGANIZATION: Expected = { anonymous: 401, memberA: 200, employeeNamingA: 200, memberBNamingA: 404 };
const EMPLOYEE: Expected = { anonymous: 401, memberA: 403, employeeNamingA: 200, memberBNamingA: 403 };

export function supportMatrixRows(runtime: () => Runtime): Record<string, MatrixEntry> {
  async function helpRequestOfA(world: World): Promise<void> {
    const title = `Help request of A ${world.tag}`;
    world.secretsOfA.push(title);
    world.fixtures.helpTitle = title;
    const response = await createHelpRequest(runtime(), world.memberA, { help_type: "question", title });
    expect(response.status).toBe(201);
  }

  return {
    getSupportOverview: {
      setup: helpRequestOfA,
      call: () => ({ method: "GET", path: getSupportOverviewRoute.path }),
      expect: ORGANIZATION,
      check: (_caller, body, world) => {
        expect((body as SupportOverview).help_requests.map((request) => request.title)).toEqual([world.fixtures.helpTitle]);
      },
    },
    updateSupportSettings: {
      call: () => ({ method: "PUT", path: updateSupportSettingsRoute.path, body: DEFAULT_SUPPORT_SETTINGS }),
      expect: EMPLOYEE,
    },
  };
}
