import { eq } from "drizzle-orm";
import { LAUNCHPAD_PAGE_IDS } from "#common/domain/launchpad";
import { launchpadProgress, milestones } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";

/** Marks every launchpad page complete, which opens the Launch Plan (its item needs 100 %). */
export async function completeLaunchpad(runtime: Runtime, organizationId: string): Promise<void> {
  const completedAt = new Date();
  await runtime.database.db
    .insert(launchpadProgress)
    .values(LAUNCHPAD_PAGE_IDS.map((pageId) => ({ organizationId, pageId, isCompleted: true, completedAt })))
    .onConflictDoNothing();
}

/** The id of a default-curriculum milestone by its key. */
export async function milestoneIdOf(runtime: Runtime, key: string): Promise<string> {
  const [row] = await runtime.database.db.select({ id: milestones.id }).from(milestones).where(eq(milestones.key, key));
  if (!row) throw new Error(`no milestone with the key ${key}`);
  return row.id;
}
