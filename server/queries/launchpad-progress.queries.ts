import { asc, eq, not, sql } from "drizzle-orm";
import type { LaunchpadPageId } from "#common/domain/launchpad";
import type { Queryable } from "#server/db/database";
import { launchpadProgress } from "#server/db/schema/index";

export type LaunchpadProgressRow = typeof launchpadProgress.$inferSelect;

/** The organization's saved pages, by page id (spec §7); the launchpad and the dashboard read them. */
export function selectLaunchpadProgress(db: Queryable, organizationId: string): Promise<LaunchpadProgressRow[]> {
  return db.select().from(launchpadProgress).where(eq(launchpadProgress.organizationId, organizationId)).orderBy(asc(launchpadProgress.pageId));
}

/**
 * Marks a launchpad page complete from the feature whose action completes it (saving an estimate
 * completes "subscription-price", creating a data connection "data-setup"); the launchpad itself
 * refuses to complete such pages. The first completion time is kept. True when this changed the
 * page (it was not complete yet).
 */
export async function upsertPageCompletedElsewhere(
  db: Queryable,
  organizationId: string,
  pageId: LaunchpadPageId,
  completedAt: Date,
): Promise<boolean> {
  const rows = await db
    .insert(launchpadProgress)
    .values({ organizationId, pageId, isCompleted: true, completedAt, updatedAt: completedAt })
    .onConflictDoUpdate({
      target: [launchpadProgress.organizationId, launchpadProgress.pageId],
      set: { isCompleted: true, completedAt: sql`coalesce(${launchpadProgress.completedAt}, excluded.completed_at)`, updatedAt: completedAt },
      setWhere: not(launchpadProgress.isCompleted),
    })
    .returning({ pageId: launchpadProgress.pageId });
  return rows.length > 0;
}
