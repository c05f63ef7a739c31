import { eq, inArray } from "drizzle-orm";
import { expect } from "vitest";
import type { ActionLogDetail, ActionLogEntry, ActionLogList } from "#common/contracts/action-log";
import { actionLogs } from "#server/db/schema/index";
import type { ActionLogActivity, ActivityNotifier } from "#server/lib/activity-notifier";
import type { Runtime } from "#server/runtime";
import { insertNda } from "./access-test-kit.ts";
import { type TestUser, buildMemberOrganization, call } from "./factories.ts";
import { eventsAfter } from "./realtime-test-kit.ts";

/** Organizations, entries and help requests made through the API, for the action log's tests. */

/** A new organization with one member and its NDA signed, so every typed page is open. */
export async function buildActionLogOrganization(runtime: Runtime): Promise<{ organizationId: string; member: TestUser }> {
  const { organization, member } = await buildMemberOrganization(runtime);
  await insertNda(runtime, organization.id, "signed-by-prospect");
  return { organizationId: organization.id, member };
}

export const entryPath = (actionLogId: string) => `/api/action-logs/${actionLogId}`;

export function createEntry(runtime: Runtime, as: TestUser, body: unknown, org?: string): Promise<Response> {
  return call(runtime, "/api/action-logs", { method: "POST", as, org, body });
}

export async function createEntryOk(runtime: Runtime, as: TestUser, body: Record<string, unknown>, org?: string): Promise<ActionLogEntry> {
  const response = await createEntry(runtime, as, body, org);
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
}

export function updateEntry(runtime: Runtime, as: TestUser, actionLogId: string, body: unknown, org?: string): Promise<Response> {
  return call(runtime, entryPath(actionLogId), { method: "PATCH", as, org, body });
}

export async function updateEntryOk(runtime: Runtime, as: TestUser, actionLogId: string, body: Record<string, unknown>, org?: string): Promise<ActionLogEntry> {
  const response = await updateEntry(runtime, as, actionLogId, body, org);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

export async function getEntryOk(runtime: Runtime, as: TestUser, actionLogId: string, org?: string): Promise<ActionLogDetail> {
  const response = await call(runtime, entryPath(actionLogId), { as, org });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

/** The list with the query (`page=risks&q=…`); expects 200. */
export async function listEntriesOk(runtime: Runtime, as: TestUser, query = "", org?: string): Promise<ActionLogList> {
  const response = await call(runtime, `/api/action-logs${query ? `?${query}` : ""}`, { as, org });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

export function createHelpRequest(runtime: Runtime, as: TestUser, body: unknown, org?: string): Promise<Response> {
  return call(runtime, "/api/help-requests", { method: "POST", as, org, body });
}

/** The organization's action log and attachment events after `afterId`, as published (the notifier's own events are its business). */
export async function actionLogEventsAfter(runtime: Runtime, organizationId: string, afterId: number): Promise<unknown[]> {
  const events = await eventsAfter(runtime, organizationId, afterId);
  return events.filter((event) => ["actionLogsChanged", "attachmentsChanged"].includes((event as { type: string }).type));
}

/** Moves the entries' creation back in time (the help inbox lists oldest first, across every organization of the database). */
export async function backdateEntries(runtime: Runtime, actionLogIds: readonly string[], startAt: Date): Promise<void> {
  for (const [index, id] of actionLogIds.entries()) {
    await runtime.database.db
      .update(actionLogs)
      .set({ createdAt: new Date(startAt.getTime() + index * 60_000) })
      .where(eq(actionLogs.id, id));
  }
}

/** Closes the entries behind the test's back, so they leave the help inbox of later runs on a shared database. */
export async function closeEntries(runtime: Runtime, actionLogIds: readonly string[]): Promise<void> {
  if (actionLogIds.length === 0) return;
  await runtime.database.db.update(actionLogs).set({ status: "Closed" }).where(inArray(actionLogs.id, [...actionLogIds]));
}

export type NotifierCall =
  | { kind: "entryAssigned"; activity: ActionLogActivity }
  | { kind: "commentAdded"; activity: ActionLogActivity; comment: string }
  | { kind: "helpRequestRaised"; activity: ActionLogActivity }
  | { kind: "helpStatusChanged"; activity: ActionLogActivity; status: string }
  | { kind: "afterCommit" };

/** A notifier that records what it is told, in order. */
export function createRecordingNotifier(): ActivityNotifier & { calls: NotifierCall[] } {
  const calls: NotifierCall[] = [];
  return {
    calls,
    entryAssigned: async (_tx, activity) => void calls.push({ kind: "entryAssigned", activity }),
    commentAdded: async (_tx, activity, comment) => void calls.push({ kind: "commentAdded", activity, comment }),
    helpRequestRaised: async (_tx, activity) => void calls.push({ kind: "helpRequestRaised", activity }),
    helpStatusChanged: async (_tx, activity, status) => void calls.push({ kind: "helpStatusChanged", activity, status }),
    afterCommit: async () => void calls.push({ kind: "afterCommit" }),
  };
}
