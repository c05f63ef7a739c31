import type { Mission } from "#common/contracts/content";
import type { Database, Transaction } from "#server/db/database";
import { lockContentForWrite, selectCurrentMissionId } from "#server/queries/content-items.queries";
import { publishEvent } from "#server/realtime/publish-event";
import { type MissionRow, insertCurrentMissionIfNone, insertMission, updateCurrentMissionEnded } from "./content-missions.queries.ts";

export function presentMission(row: MissionRow): Mission {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    end_date: row.endDate?.toISOString() ?? null,
    file_count: row.fileCount,
  };
}

/** The current mission, made with the organization's first file or folder. */
export async function ensureCurrentMission(tx: Transaction, organizationId: string, userId: string): Promise<string> {
  await insertCurrentMissionIfNone(tx, organizationId, userId);
  const missionId = await selectCurrentMissionId(tx, organizationId);
  if (!missionId) throw new Error("no current mission after making one");
  return missionId;
}

/**
 * Starts a new mission (employees): the current one ends and stays readable, the library starts
 * empty. With no current mission, the new one simply begins.
 */
export async function startMission(db: Database, organizationId: string, userId: string): Promise<Mission> {
  const row = await db.transaction(async (tx) => {
    await lockContentForWrite(tx, organizationId);
    const at = new Date();
    await updateCurrentMissionEnded(tx, organizationId, at);
    const created = await insertMission(tx, organizationId, userId, at);
    await publishEvent(tx, organizationId, { type: "contentChanged", organizationId });
    return created;
  });
  return presentMission(row);
}
