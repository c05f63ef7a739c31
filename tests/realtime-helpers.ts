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

/** The event ids logged for the organization after `afterId`, oldest first. */
export async function loggedEventIds(runtime: Runtime, organizationId: string, afterId = 0): Promise<number[]> {
  const rows = await runtime.database.db
    .select({ id: realtimeEvents.id })
    .from(realtimeEvents)
    .where(and(eq(realtimeEvents.organizationId, organizationId), gt(realtimeEvents.id, afterId)))
    .orderBy(asc(realtimeEvents.id));
  return rows.map((row) => row.id);
}
