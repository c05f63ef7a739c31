import { and, asc, eq, gt } from "drizzle-orm";
import { expect } from "vitest";
import { realtimeEvents } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, call } from "./factories.ts";
import { uniqueSuffix } from "./test-runtime.ts";

/** Renames the member's organization through the API: one organizationUpdated event. */
export async function renameOrganization(runtime: Runtime, member: TestUser): Promise<void> {
  const body = { organization_name: `Renamed ${uniqueSuffix()}` };
  expect((await call(runtime, "/api/organization", { method: "PATCH", as: member, body })).status).toBe(200);
}

/** The events logged for the organization after `afterId`, oldest first: one read for every helper below. */
export async function loggedEventsAfter(runtime: Runtime, organizationId: string, afterId = 0) {
  return runtime.database.db
    .select({ id: realtimeEvents.id, type: realtimeEvents.type, payload: realtimeEvents.payload })
    .from(realtimeEvents)
    .where(and(eq(realtimeEvents.organizationId, organizationId), gt(realtimeEvents.id, afterId)))
    .orderBy(asc(realtimeEvents.id));
}

/** The event ids logged for the organization after `afterId`, oldest first. */
export async function loggedEventIds(runtime: Runtime, organizationId: string, afterId = 0): Promise<number[]> {
  return (await loggedEventsAfter(runtime, organizationId, afterId)).map((row) => row.id);
}

/** The types of the organization's events logged after `afterId`, oldest first. */
export async function eventTypesAfter(runtime: Runtime, organizationId: string, afterId: number): Promise<string[]> {
  return (await loggedEventsAfter(runtime, organizationId, afterId)).map((row) => row.type);
}

/** The organization's events logged after `afterId`, oldest first, as published. */
export async function eventsAfter(runtime: Runtime, organizationId: string, afterId: number): Promise<unknown[]> {
  return (await loggedEventsAfter(runtime, organizationId, afterId)).map((row) => row.payload);
}
