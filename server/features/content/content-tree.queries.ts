import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "#server/db/database";
import { content, entityAttachments } from "#server/db/schema/index";

/**
 * Statements that walk the library's folders. The recursive parts use `union`, which drops rows
 * already seen, so even a cycle (which the moves prevent) could not make them run forever.
 */

export interface FolderStepRow {
  id: string;
  parentId: string | null;
  title: string;
}

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** Every folder above the given items, each once, in no order; the caller chains them through parentId. */
export async function selectAncestorFolders(db: Queryable, organizationId: string, ids: string[]): Promise<FolderStepRow[]> {
  if (ids.length === 0) return [];
  const ancestors = sql`(
    with recursive up(id) as (
      select parent_id from content where organization_id = ${organizationId} and id in (${idList(ids)}) and parent_id is not null
      union
      select folder.parent_id from content as folder join up on folder.id = up.id where folder.parent_id is not null
    ) select id from up)`;
  return db
    .select({ id: content.id, parentId: content.parentId, title: content.title })
    .from(content)
    .where(and(eq(content.organizationId, organizationId), sql`${content.id} in ${ancestors}`));
}

export interface SubtreeRow {
  id: string;
  isFolder: boolean;
  filePath: string | null;
  fileSize: number | null;
}

/** The ids of the item and everything inside it at any depth, as a subquery. */
const subtreeIds = (contentId: string) => sql`(
    with recursive down(id) as (
      select ${contentId}::uuid
      union
      select child.id from content as child join down on child.parent_id = down.id
    ) select id from down)`;

/** The item and, for a folder, everything inside it at any depth. */
export async function selectSubtree(db: Queryable, organizationId: string, contentId: string): Promise<SubtreeRow[]> {
  return db
    .select({ id: content.id, isFolder: content.isFolder, filePath: content.filePath, fileSize: content.fileSize })
    .from(content)
    .where(and(eq(content.organizationId, organizationId), sql`${content.id} in ${subtreeIds(contentId)}`));
}

export interface AttachedEntityRow {
  entityType: string;
  entityId: string;
}

/** The entities the item, or anything inside it, is attached to, each once. */
export async function selectAttachedEntities(db: Queryable, organizationId: string, contentId: string): Promise<AttachedEntityRow[]> {
  return db
    .selectDistinct({ entityType: entityAttachments.entityType, entityId: entityAttachments.entityId })
    .from(entityAttachments)
    .where(and(eq(entityAttachments.organizationId, organizationId), sql`${entityAttachments.contentId} in ${subtreeIds(contentId)}`));
}
