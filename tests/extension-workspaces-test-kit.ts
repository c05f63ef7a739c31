import { expect } from "vitest";
import { ORGANIZATION_HEADER } from "#common/contracts/http";
import {
  type ApAutomationAnswersInput,
  type ContainerManagementAnswersInput,
  getApAutomationWorkspaceRoute,
  getContainerManagementWorkspaceRoute,
  importOpenContainersRoute,
  saveApAutomationDraftRoute,
  saveContainerManagementDraftRoute,
} from "#common/contracts/extension-workspaces";
import type { WorkspaceExtensionId } from "#common/domain/extension-workspaces";
import type { Runtime } from "#server/runtime";
import { changeExtensionOk, openExtensionsToMembers } from "./extensions-test-kit.ts";
import { type TestUser, buildOrganization, buildUser, callContract } from "./factories.ts";
import { TEST_ORIGIN } from "./test-runtime.ts";

/** Extension workspaces: an organization with the extension active, complete answers, and the CSV import's call. */

/** Opens the Extensions section to the organization's members and has `employee` activate the extension. */
export async function activateExtension(runtime: Runtime, employee: TestUser, organizationId: string, extensionId: WorkspaceExtensionId): Promise<void> {
  await openExtensionsToMembers(runtime, organizationId);
  await changeExtensionOk(runtime, employee, "activate", extensionId, { org: organizationId });
}

/** An organization with both extensions active, a plain member and an admin. */
export async function buildWorkspaceOrganization(runtime: Runtime, employee: TestUser) {
  const organization = await buildOrganization(runtime);
  const member = await buildUser(runtime, { organizationId: organization.id, fullName: "Mia Member" });
  const admin = await buildUser(runtime, { organizationId: organization.id, role: "member_admin", fullName: "Ada Admin" });
  await activateExtension(runtime, employee, organization.id, "ap-automation");
  await changeExtensionOk(runtime, employee, "activate", "container-management", { org: organization.id });
  return { organizationId: organization.id, member, admin };
}

export const COMPLETE_AP_ANSWERS = {
  approval_rules: [
    { min_amount: "0", max_amount: "5,000", approver_role: "ap_manager", approvals_required: 1 },
    { min_amount: "5000", max_amount: null, approver_role: "cfo", approvals_required: 2 },
  ],
  matching: { mode: "three_way", price_tolerance_percent: 2, quantity_tolerance_percent: 5 },
  intake: { email: "bills@acme.example", formats: ["pdf", "e_invoice_xml"] },
  payment_runs: { frequency: "weekly", weekday: "thursday", day_of_month: 12, methods: ["ach", "check"], release_role: "controller", cutoff_time: "14:30" },
} satisfies ApAutomationAnswersInput;

export const COMPLETE_CONTAINER_ANSWERS = {
  container_types: [
    { code: "20GP", description: "20' standard", length_cm: 590, width_cm: 235, height_cm: 239, max_payload_kg: 28_180, tare_kg: 2_300, volume_m3: 33.2 },
    { code: "40HC", description: "40' high cube", length_cm: 1203, width_cm: 235, height_cm: 269, max_payload_kg: 26_540, tare_kg: 3_940, volume_m3: 76.4 },
  ],
  ports: [
    { code: "CNSHA", name: "Shanghai", country: "CN" },
    { code: "USLAX", name: "Los Angeles", country: "US" },
    { code: "NLRTM", name: "Rotterdam", country: "NL" },
  ],
  lanes: [{ origin: "CNSHA", destination: "USLAX", transit_days: 18, carrier: "Maersk" }],
  landed_costs: { method: "by_value", cost_kinds: ["freight", "duty"] },
} satisfies ContainerManagementAnswersInput;

export function saveApDraft(runtime: Runtime, as: TestUser, body: unknown, org?: string): Promise<Response> {
  return callContract(runtime, saveApAutomationDraftRoute, { as, body, org });
}

export function saveContainerDraft(runtime: Runtime, as: TestUser, body: unknown, org?: string): Promise<Response> {
  return callContract(runtime, saveContainerManagementDraftRoute, { as, body, org });
}

export async function okJson<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json() as Promise<T>;
}

export const readApWorkspace = (runtime: Runtime, as: TestUser, org?: string) => callContract(runtime, getApAutomationWorkspaceRoute, { as, org });
export const readContainerWorkspace = (runtime: Runtime, as: TestUser, org?: string) => callContract(runtime, getContainerManagementWorkspaceRoute, { as, org });

/** POSTs a CSV body to the open-containers import as `as`, like the browser does. */
export function importContainersCsv(
  runtime: Runtime,
  as: TestUser,
  body: string | Uint8Array,
  options: { fileName?: string; contentType?: string; org?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, cookie: as.cookie, "x-forwarded-for": as.ip, "content-type": options.contentType ?? "text/csv" };
  if (options.org) headers[ORGANIZATION_HEADER] = options.org;
  const path = `${importOpenContainersRoute.path}?file_name=${encodeURIComponent(options.fileName ?? "open-containers.csv")}`;
  return Promise.resolve(runtime.app.request(path, { method: "POST", headers, body: body as BodyInit }));
}

export const OPEN_CONTAINERS_HEADER = "container_number,type_code,origin_port,destination_port,etd,eta,status,bill_of_lading";
