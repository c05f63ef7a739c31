import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Queryable, Transaction } from "#server/db/database";
import { content, memberMissions, profiles, users } from "#server/db/schema/index";
import { personNameSql } from "#server/queries/person-name.queries";

// The library's rows as every feature presents them (the library itself, attachments): one
// shape, the uploader's name and a folder's child count included.

export interface ContentItemRow {
  id: string;
  organizationId: string;
  missionId: string;
  parentId: string | null;
  isFolder: boolean;
  title: string;
  description: string | null;
  filePath: string | null;
  fileName: string | null;
  fileSize: number | null;
  contentType: string | null;
  uploadedById: string | null;
  uploadedByName: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** Folders only: the files and folders directly inside. */
  childCount: number | null;
}

const contentItemColumns = {
  id: content.id,
  organizationId: content.organizationId,
  missionId: content.missionId,
  parentId: content.parentId,
  isFolder: content.isFolder,
  title: content.title,
  description: content.description,
  filePath: content.filePath,
  fileName: content.fileName,
  fileSize: content.fileSize,
  contentType: content.contentType,
  uploadedById: content.uploadedBy,
  // A person is shown by their profile's full name, else the account's name, else the email.
  uploadedByName: personNameSql(),
  createdAt: content.createdAt,
  updatedAt: content.updatedAt,
  // Qualified by hand: Drizzle may leave the outer table's columns unqualified.
  childCount: sql<number | null>`case when ${content.isFolder} then (select count(*)::int from content as children where children.parent_id = content.id) end`,
};

/**
 * The select every presentation of library rows starts from; callers add their filter (always
 * the organization's), order and limit.
 */
export function selectContentItemsQuery(db: Queryable) {
  return db
    .select(contentItemColumns)
    .from(content)
    .leftJoin(users, eq(users.id, content.uploadedBy))
    .leftJoin(profiles, eq(profiles.id, content.uploadedBy))
    .$dynamic();
}

/** The organization's rows among `ids`, in no particular order; other organizations' ids are skipped. */
export async function selectContentItemRows(db: Queryable, organizationId: string, ids: string[]): Promise<ContentItemRow[]> {
  if (ids.length === 0) return [];
  return selectContentItemsQuery(db).where(and(eq(content.organizationId, organizationId), inArray(content.id, ids)));
}

/** The organization's current mission (end_date null), or null before its first file. */
export async function selectCurrentMissionId(db: Queryable, organizationId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: memberMissions.id })
    .from(memberMissions)
    .where(and(eq(memberMissions.organizationId, organizationId), isNull(memberMissions.endDate)));
  return row?.id ?? null;
}

/** Namespace of the per-organization library lock (with the organization's hash as the second key). */
const CONTENT_LOCK_NAMESPACE = 72_710_030;

/**
 * Serialises the organization's library writes (uploads' quota checks, moves' cycle checks,
 * deletes, attaching, a new mission), held until the transaction ends.
 */
export async function lockContentForWrite(tx: Transaction, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CONTENT_LOCK_NAMESPACE}, hashtext(${organizationId}))`);
}
