import { expect } from "vitest";
import {
  activateExtensionRoute,
  deactivateExtensionRoute,
  declineExtensionRoute,
  type ExtensionChange,
  type ExtensionsOverview,
  getExtensionsRoute,
  requestExtensionRoute,
  withdrawExtensionRequestRoute,
} from "#common/contracts/extensions";
import { ALWAYS_VISIBLE_PERMISSION } from "#common/domain/menu-config";
import { menuVersions, organizationSettings } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, callContract } from "./factories.ts";
import { uniqueSuffix } from "./test-runtime.ts";

/** Extensions: opening the section to members, and its calls through their contracts. */

/** Gives the organization a menu version whose Extensions section is `always_visible` (spec §6). */
export async function openExtensionsToMembers(runtime: Runtime, organizationId: string): Promise<void> {
  const versionName = `extensions-${uniqueSuffix()}`;
  const db = runtime.database.db;
  await db.insert(menuVersions).values({ versionName, menuConfig: { excludeItems: [], customPermissions: { extensions: ALWAYS_VISIBLE_PERMISSION } } });
  await db
    .insert(organizationSettings)
    .values({ organizationId, menuVersion: versionName })
    .onConflictDoUpdate({ target: organizationSettings.organizationId, set: { menuVersion: versionName } });
}

export async function readExtensionsOk(runtime: Runtime, as: TestUser, org?: string): Promise<ExtensionsOverview> {
  const response = await callContract(runtime, getExtensionsRoute, { as, org });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

const ACTION_ROUTES = {
  request: requestExtensionRoute,
  withdraw: withdrawExtensionRequestRoute,
  activate: activateExtensionRoute,
  decline: declineExtensionRoute,
  deactivate: deactivateExtensionRoute,
} as const;
export type ExtensionAction = keyof typeof ACTION_ROUTES;

export function changeExtension(runtime: Runtime, as: TestUser, action: ExtensionAction, extensionId: string, options: { body?: unknown; org?: string } = {}): Promise<Response> {
  const route = ACTION_ROUTES[action];
  const body = options.body ?? (action === "withdraw" || action === "activate" ? undefined : {});
  return callContract(runtime, route, { as, org: options.org, params: { extensionId }, body });
}

export async function changeExtensionOk(runtime: Runtime, as: TestUser, action: ExtensionAction, extensionId: string, options: { body?: unknown; org?: string } = {}): Promise<ExtensionChange> {
  const response = await changeExtension(runtime, as, action, extensionId, options);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}
