import { expect } from "vitest";
import type { RouteContract } from "#common/contracts/http";
import {
  activateExtensionRoute,
  deactivateExtensionRoute,
  declineExtensionRoute,
  requestExtensionRoute,
  withdrawExtensionRequestRoute,
} from "#common/contracts/extensions";
import type { Runtime } from "#server/runtime";
import { buildApiPath } from "#web/lib/api-client.ts";
import { changeExtensionOk, openExtensionsToMembers } from "#tests/extensions-test-kit";
import type { Expected, MatrixEntry, RouteCall, World } from "#tests/tenant-matrix-rows";

/**
 * Tenant-matrix rows of the extensions routes, merged by tests/tenant-matrix-rows.ts. Each world
 * opens A's Extensions section to its members (a menu version with `always_visible`); member B,
 * naming A, is answered as if A did not exist.
 */

const ORGANIZATION: Expected = { anonymous: 401, memberA: 200, employeeNamingA: 200, memberBNamingA: 404 };
const EMPLOYEE_ORGANIZATION: Expected = { anonymous: 401, memberA: 403, employeeNamingA: 200, memberBNamingA: 403 };

const EXTENSION = "ap-automation";

function callOf(route: RouteContract, body?: unknown): () => RouteCall {
  return () => ({ method: route.method.toUpperCase() as RouteCall["method"], path: buildApiPath(route.path, { extensionId: EXTENSION }), body });
}

const stateOf = (body: unknown) => (body as { extension: { id: string; state: string } }).extension;

export function extensionMatrixRows(runtime: () => Runtime): Record<string, MatrixEntry> {
  const open = (world: World) => openExtensionsToMembers(runtime(), world.orgA.id);
  const requestedByA = async (world: World) => {
    await open(world);
    await changeExtensionOk(runtime(), world.memberA, "request", EXTENSION);
  };
  return {
    getExtensions: {
      setup: open,
      call: () => ({ method: "GET", path: "/api/extensions" }),
      expect: ORGANIZATION,
      check: (_caller, body) => expect((body as { extensions: unknown[] }).extensions).toHaveLength(3),
    },
    // Members request; employees activate instead (403), after member A's request stands.
    requestExtension: {
      setup: open,
      call: callOf(requestExtensionRoute, {}),
      expect: { ...ORGANIZATION, employeeNamingA: 403 },
      check: (_caller, body) => expect(stateOf(body)).toMatchObject({ id: EXTENSION, state: "requested" }),
    },
    // Member A withdraws its own request; employees decline requests instead (403).
    withdrawExtensionRequest: {
      setup: requestedByA,
      call: callOf(withdrawExtensionRequestRoute),
      expect: { ...ORGANIZATION, employeeNamingA: 403 },
      check: (_caller, body) => expect(stateOf(body)).toMatchObject({ id: EXTENSION, state: "available" }),
    },
    activateExtension: {
      setup: requestedByA,
      call: callOf(activateExtensionRoute),
      expect: EMPLOYEE_ORGANIZATION,
      check: (_caller, body) => expect(stateOf(body)).toMatchObject({ id: EXTENSION, state: "active" }),
    },
    declineExtension: {
      setup: requestedByA,
      call: callOf(declineExtensionRoute, { reason: "Not in this edition" }),
      expect: EMPLOYEE_ORGANIZATION,
      check: (_caller, body) => expect(stateOf(body)).toMatchObject({ id: EXTENSION, state: "available" }),
    },
    deactivateExtension: {
      setup: async (world) => {
        await open(world);
        await changeExtensionOk(runtime(), world.employee, "activate", EXTENSION, { org: world.orgA.id });
      },
      call: callOf(deactivateExtensionRoute, {}),
      expect: EMPLOYEE_ORGANIZATION,
      check: (_caller, body) => expect(stateOf(body)).toMatchObject({ id: EXTENSION, state: "available" }),
    },
  };
}
