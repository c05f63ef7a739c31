import { expect } from "vitest";
import type { RouteContract } from "#common/contracts/http";
import {
  type ApAutomationWorkspace,
  type ContainerManagementWorkspace,
  type OpenContainersImportResult,
  discardOpenContainersRoute,
  getApAutomationWorkspaceRoute,
  getContainerManagementWorkspaceRoute,
  importOpenContainersRoute,
  reopenApAutomationWorkspaceRoute,
  reopenContainerManagementWorkspaceRoute,
  saveApAutomationDraftRoute,
  saveContainerManagementDraftRoute,
  submitApAutomationWorkspaceRoute,
  submitContainerManagementWorkspaceRoute,
} from "#common/contracts/extension-workspaces";
import type { WorkspaceExtensionId } from "#common/domain/extension-workspaces";
import type { Runtime } from "#server/runtime";
import {
  COMPLETE_AP_ANSWERS,
  COMPLETE_CONTAINER_ANSWERS,
  OPEN_CONTAINERS_HEADER,
  activateExtension,
  importContainersCsv,
  okJson,
  saveApDraft,
  saveContainerDraft,
} from "#tests/extension-workspaces-test-kit";
import { callContract } from "#tests/factories";
import type { CallerKind, Expected, MatrixEntry, RouteCall, World } from "#tests/tenant-matrix-rows";

/**
 * Tenant-matrix rows of the extension workspaces, merged by tests/tenant-matrix-rows.ts. Each row's
 * setup makes the extension active for A (its section open to members, an employee's activation);
 * A's intake address and file names carry the world's tag and count as A's data. Member A is a
 * plain member: reopening is for admins and employees (403).
 */

const ORGANIZATION: Expected = { anonymous: 401, memberA: 200, employeeNamingA: 200, memberBNamingA: 404 };
const ADMINS_AND_EMPLOYEES: Expected = { ...ORGANIZATION, memberA: 403 };

const callOf = (route: RouteContract, body?: unknown) => (): RouteCall => ({ method: route.method.toUpperCase() as RouteCall["method"], path: route.path, body });

/** An intake address only A may see. */
function secretAddress(world: World, who: string): string {
  const address = `bills-${who.toLowerCase()}-${world.tag}@a.example`;
  world.secretsOfA.push(address);
  return address;
}

const CSV = `${OPEN_CONTAINERS_HEADER}\r\nCSQU3054383,20GP,CNSHA,USLAX,2026-03-01,2026-03-20,In transit,\r\n`;

export function extensionWorkspaceMatrixRows(runtime: () => Runtime): Record<string, MatrixEntry> {
  const activate = (extensionId: WorkspaceExtensionId) => (world: World) => activateExtension(runtime(), world.employee, world.orgA.id, extensionId);

  async function apDraftOfA(world: World): Promise<void> {
    await activate("ap-automation")(world);
    const intake = { ...COMPLETE_AP_ANSWERS.intake, email: secretAddress(world, "setup") };
    await okJson(await saveApDraft(runtime(), world.memberA, { ...COMPLETE_AP_ANSWERS, intake }));
  }

  async function containerDraftOfA(world: World): Promise<void> {
    await activate("container-management")(world);
    await okJson(await saveContainerDraft(runtime(), world.memberA, COMPLETE_CONTAINER_ANSWERS));
  }

  const submittedBy = (route: RouteContract, prepare: (world: World) => Promise<void>) => async (world: World) => {
    await prepare(world);
    await okJson(await callContract(runtime(), route, { as: world.memberA }));
  };

  const importedForA = async (world: World) => {
    await containerDraftOfA(world);
    const fileName = `containers ${world.tag}.csv`;
    world.secretsOfA.push(fileName);
    await okJson(await importContainersCsv(runtime(), world.memberA, CSV, { fileName }));
  };

  const ap = (body: unknown) => body as ApAutomationWorkspace;
  const containers = (body: unknown) => body as ContainerManagementWorkspace;

  return {
    getApAutomationWorkspace: {
      setup: apDraftOfA,
      call: callOf(getApAutomationWorkspaceRoute),
      expect: ORGANIZATION,
      check: (_caller, body, world) => expect(ap(body).answers.intake.email).toBe(`bills-setup-${world.tag}@a.example`),
    },
    saveApAutomationDraft: {
      setup: activate("ap-automation"),
      call: (caller: CallerKind, world) => ({ method: "PUT", path: saveApAutomationDraftRoute.path, body: { intake: { email: secretAddress(world, caller), formats: [] } } }),
      expect: ORGANIZATION,
      check: (caller, body, world) => expect(ap(body).answers.intake.email).toBe(`bills-${caller.toLowerCase()}-${world.tag}@a.example`),
    },
    submitApAutomationWorkspace: {
      setup: apDraftOfA,
      call: callOf(submitApAutomationWorkspaceRoute),
      expect: ORGANIZATION,
      check: (_caller, body) => expect(ap(body).status).toBe("submitted"),
    },
    reopenApAutomationWorkspace: {
      setup: submittedBy(submitApAutomationWorkspaceRoute, apDraftOfA),
      call: callOf(reopenApAutomationWorkspaceRoute, { reason: "Approvers changed" }),
      expect: ADMINS_AND_EMPLOYEES,
      check: (_caller, body) => expect(ap(body)).toMatchObject({ status: "draft", reopened: { reason: "Approvers changed" } }),
    },
    getContainerManagementWorkspace: {
      setup: containerDraftOfA,
      call: callOf(getContainerManagementWorkspaceRoute),
      expect: ORGANIZATION,
      check: (_caller, body) => expect(containers(body).answers.ports.map((port) => port.code)).toEqual(["CNSHA", "USLAX", "NLRTM"]),
    },
    saveContainerManagementDraft: {
      setup: activate("container-management"),
      call: callOf(saveContainerManagementDraftRoute, COMPLETE_CONTAINER_ANSWERS),
      expect: ORGANIZATION,
      check: (_caller, body) => expect(containers(body).can.submit).toBe(true),
    },
    submitContainerManagementWorkspace: {
      setup: containerDraftOfA,
      call: callOf(submitContainerManagementWorkspaceRoute),
      expect: ORGANIZATION,
      check: (_caller, body) => expect(containers(body).status).toBe("submitted"),
    },
    reopenContainerManagementWorkspace: {
      setup: submittedBy(submitContainerManagementWorkspaceRoute, containerDraftOfA),
      call: callOf(reopenContainerManagementWorkspaceRoute, { reason: "New lane" }),
      expect: ADMINS_AND_EMPLOYEES,
      check: (_caller, body) => expect(containers(body).reopened?.reason).toBe("New lane"),
    },
    importOpenContainers: {
      setup: containerDraftOfA,
      call: (_caller, world) => {
        world.secretsOfA.push(`open ${world.tag}.csv`);
        return { method: "POST", path: `${importOpenContainersRoute.path}?file_name=${encodeURIComponent(`open ${world.tag}.csv`)}`, raw: { contentType: "text/csv", text: CSV } };
      },
      expect: ORGANIZATION,
      check: (_caller, body, world) => expect((body as OpenContainersImportResult).workspace.open_containers).toMatchObject({ file_name: `open ${world.tag}.csv`, row_count: 1 }),
    },
    discardOpenContainers: {
      setup: importedForA,
      call: callOf(discardOpenContainersRoute),
      expect: ORGANIZATION,
      check: (_caller, body) => expect(containers(body).open_containers).toBeNull(),
    },
  };
}
