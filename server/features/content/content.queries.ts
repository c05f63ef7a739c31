import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Queryable, Transaction } from "#server/db/database";
import { content, memberMissions } from "#server/db/schema/index";
import { type ContentItemRow, selectContentItemsQuery } from "#server/queries/content-items.queries";

/** Statements of single library items; every one is scoped to the organization. */

/** What the service needs to decide on an item: where it sits, and whether its mission is current. */
export interface ContentNodeRow {
  id: string;
  missionId: string;
  missionIsCurrent: boolean;
  parentId: string | null;
  isFolder: boolean;
  title: string;
  filePath: string | null;
  fileName: string | null;
  contentType: string | null;
}

export async function selectContentNode(db: Queryable, organizationId: string, contentId: string): Promise<ContentNodeRow | undefined> {
  const [row] = await db
    .select({
      id: content.id,
      missionId: content.missionId,
      missionIsCurrent: sql<boolean>`${memberMissions.endDate} is null`,
      parentId: content.parentId,
      isFolder: content.isFolder,
      title: content.title,
      filePath: content.filePath,
      fileName: content.fileName,
      contentType: content.contentType,
    })
    .from(content)
    .innerJoin(memberMissions, eq(memberMissions.id, content.missionId))
    .where(and(eq(content.organizationId, organizationId), eq(content.id, contentId)));
  return row;
}

const NO_PARENT = "00000000-0000-0000-0000-000000000000";

/** Whether the folder (null: the top) already holds the title, compared as the unique index does. */
export async function selectTitleTaken(
  db: Queryable,
  organizationId: string,
  place: { missionId: string; parentId: string | null },
  title: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: content.id })
    .from(content)
    .where(
      and(
        eq(content.organizationId, organizationId),
        eq(content.missionId, place.missionId),
        sql`coalesce(${content.parentId}, ${NO_PARENT}::uuid) = coalesce(${place.parentId}::uuid, ${NO_PARENT}::uuid)`,
        sql`lower(${content.title}) = lower(${title})`,
        exceptId ? ne(content.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface NewContentRow {
  organizationId: string;
  missionId: string;
  parentId: string | null;
  title: string;
  description: string | null;
  uploadedBy: string;
}

export interface NewFileRow extends NewContentRow {
  filePath: string;
  fileName: string;
  fileSize: number;
  contentType: string;
}

export async function insertFolder(tx: Transaction, row: NewContentRow): Promise<string> {
  const [inserted] = await tx.insert(content).values({ ...row, isFolder: true }).returning({ id: content.id });
  if (!inserted) throw new Error("insert into content returned no row");
  return inserted.id;
}

export async function insertFile(tx: Transaction, row: NewFileRow): Promise<string> {
  const [inserted] = await tx.insert(content).values({ ...row, isFolder: false }).returning({ id: content.id });
  if (!inserted) throw new Error("insert into content returned no row");
  return inserted.id;
}

export async function updateContentText(
  tx: Transaction,
  organizationId: string,
  contentId: string,
  text: { title: string; description: string | null },
): Promise<void> {
  await tx
    .update(content)
    .set({ ...text, updatedAt: new Date() })
    .where(and(eq(content.organizationId, organizationId), eq(content.id, contentId)));
}

export async function updateContentParent(tx: Transaction, organizationId: string, contentId: string, parentId: string | null): Promise<void> {
  await tx
    .update(content)
    .set({ parentId, updatedAt: new Date() })
    .where(and(eq(content.organizationId, organizationId), eq(content.id, contentId)));
}

/** Deletes the item; its folder's contents and every attachment of them go by cascade. */
export async function deleteContentItem(tx: Transaction, organizationId: string, contentId: string): Promise<void> {
  await tx.delete(content).where(and(eq(content.organizationId, organizationId), eq(content.id, contentId)));
}

/** Folders first, then newest; `limit` rows at most. */
export async function selectFolderItems(
  db: Queryable,
  organizationId: string,
  place: { missionId: string; parentId: string | null },
  limit: number,
): Promise<ContentItemRow[]> {
  return selectContentItemsQuery(db)
    .where(
      and(
        eq(content.organizationId, organizationId),
        eq(content.missionId, place.missionId),
        place.parentId === null ? sql`${content.parentId} is null` : eq(content.parentId, place.parentId),
      ),
    )
    .orderBy(desc(content.isFolder), desc(content.createdAt), desc(content.id))
    .limit(limit);
}

/** `%` and `_` in the search text are matched as themselves. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Items of the mission, in any folder, whose title contains the text (any case); folders first, then newest. */
export async function selectItemsByTitle(db: Queryable, organizationId: string, missionId: string, text: string, limit: number): Promise<ContentItemRow[]> {
  return selectContentItemsQuery(db)
    .where(
      and(
        eq(content.organizationId, organizationId),
        eq(content.missionId, missionId),
        sql`${content.title} ilike ${containsPattern(text)} escape '\\'`,
      ),
    )
    .orderBy(desc(content.isFolder), desc(content.createdAt), desc(content.id))
    .limit(limit);
}
