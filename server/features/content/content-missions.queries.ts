import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Queryable, Transaction } from "#server/db/database";
import { content, memberMissions } from "#server/db/schema/index";

/** Statements of the organization's missions; every one is scoped to the organization. */

export interface MissionRow {
  id: string;
  createdAt: Date;
  endDate: Date | null;
  fileCount: number;
}

// Written out qualified: Drizzle leaves a lone table's columns unqualified, and the subquery's own
// table would capture them.
const missionColumns = {
  id: memberMissions.id,
  createdAt: memberMissions.createdAt,
  endDate: memberMissions.endDate,
  fileCount: sql<number>`(select count(*)::int from content as files where files.mission_id = member_missions.id and not files.is_folder)`,
};

/**
 * Makes the current mission unless there is one. The partial unique index decides between two
 * requests at once: the loser's insert does nothing.
 */
export async function insertCurrentMissionIfNone(tx: Transaction, organizationId: string, createdBy: string | null): Promise<void> {
  await tx
    .insert(memberMissions)
    .values({ organizationId, createdBy })
    .onConflictDoNothing({ target: memberMissions.organizationId, where: sql`${memberMissions.endDate} is null` });
}

/** The organization's missions, newest first, each with its number of files. */
export async function selectMissions(db: Queryable, organizationId: string): Promise<MissionRow[]> {
  return db
    .select(missionColumns)
    .from(memberMissions)
    .where(eq(memberMissions.organizationId, organizationId))
    .orderBy(desc(memberMissions.createdAt), desc(memberMissions.id));
}

/** Ends the current mission, if any. */
export async function updateCurrentMissionEnded(tx: Transaction, organizationId: string, at: Date): Promise<void> {
  await tx
    .update(memberMissions)
    .set({ endDate: at })
    .where(and(eq(memberMissions.organizationId, organizationId), isNull(memberMissions.endDate)));
}

export async function insertMission(tx: Transaction, organizationId: string, createdBy: string, at: Date): Promise<MissionRow> {
  const [row] = await tx.insert(memberMissions).values({ organizationId, createdBy, createdAt: at }).returning({
    id: memberMissions.id,
    createdAt: memberMissions.createdAt,
    endDate: memberMissions.endDate,
  });
  if (!row) throw new Error("insert into member_missions returned no row");
  return { ...row, fileCount: 0 };
}

/** Bytes the organization's files take, every mission counted. */
export async function selectUsedBytes(db: Queryable, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${content.fileSize}), 0)::bigint` })
    .from(content)
    .where(eq(content.organizationId, organizationId));
  return Number(row?.used ?? 0);
}
