import { and, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { BUSINESS_ASPECTS_QUESTION_ID } from "#common/domain/business-aspects";
import type { NdaStatus } from "#common/domain/nda-status";
import { configurationResponses, launchpadProgress, ndas, realtimeEvents } from "#server/db/schema/index";
import type { Caller } from "#server/lib/app-context";
import type { Runtime } from "#server/runtime";
import type { TestUser } from "./factories.ts";

/**
 * Organization state the access rules read, written straight into the tables (the NDA and
 * launchpad features have their own tests), and the caller as the session reader would see it.
 */

export function callerOf(user: TestUser, options: { isEmployee?: boolean } = {}): Caller {
  return {
    userId: user.id,
    email: user.email,
    sessionId: "test-session",
    isEmployee: options.isEmployee ?? false,
    role: "member_user",
    organizationId: user.organizationId,
    fullName: null,
    companyRole: null,
  };
}

/** An NDA row created `ageSeconds` ago (the newest row is the one that counts). */
export async function insertNda(runtime: Runtime, organizationId: string, status: NdaStatus, ageSeconds = 0): Promise<void> {
  await runtime.database.db.insert(ndas).values({
    organizationId,
    status,
    createdAt: new Date(Date.now() - ageSeconds * 1000),
    templateVersion: 1,
    title: "Mutual NDA",
    body: "The parties agree.",
    memberSignerName: "Ana Member",
    memberSignerTitle: "CEO",
    memberSignerEmail: "ana@example.test",
    memberSignedAt: new Date(),
  });
}

/** Marks the pages complete (or, with `isCompleted: false`, saved but not complete). */
export async function saveLaunchpadPages(
  runtime: Runtime,
  organizationId: string,
  pageIds: readonly string[],
  isCompleted = true,
): Promise<void> {
  if (pageIds.length === 0) return;
  await runtime.database.db
    .insert(launchpadProgress)
    .values(pageIds.map((pageId) => ({ organizationId, pageId, isCompleted, completedAt: isCompleted ? new Date() : null })))
    .onConflictDoUpdate({
      target: [launchpadProgress.organizationId, launchpadProgress.pageId],
      set: { isCompleted: sql`excluded.is_completed`, completedAt: sql`excluded.completed_at` },
    });
}

/** A business-aspects answer; submitted `secondsAgo` in the past (a draft when null). */
export async function answerBusinessAspects(
  runtime: Runtime,
  organizationId: string,
  responseValue: unknown,
  submittedSecondsAgo: number | null = 0,
): Promise<void> {
  const submittedAt = submittedSecondsAgo === null ? null : new Date(Date.now() - submittedSecondsAgo * 1000);
  await runtime.database.db
    .insert(configurationResponses)
    .values({ organizationId, questionId: BUSINESS_ASPECTS_QUESTION_ID, responseValue, submittedAt });
}

/** How many menuChanged events were logged for the organization (tests compare before and after a call). */
export async function countMenuChanged(runtime: Runtime, organizationId: string): Promise<number> {
  const rows = await runtime.database.db
    .select({ payload: realtimeEvents.payload })
    .from(realtimeEvents)
    .where(and(eq(realtimeEvents.organizationId, organizationId), eq(realtimeEvents.type, "menuChanged")));
  for (const row of rows) expect(row.payload).toEqual({ type: "menuChanged", organizationId });
  return rows.length;
}
